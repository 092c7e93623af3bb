package walletapi.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Answers each request of an exchange case with the case's bytes, written straight to the TCP
 * connection (status line, headers, framing, faults), so the client's real transport reads them.
 * It records what arrived.
 */
final class ReplayServer implements AutoCloseable {
  /** One request as it arrived. */
  record Received(String method, String target, Map<String, String> headers, byte[] body, long arrivedNanos) {
    String header(String name) {
      return headers.getOrDefault(name.toLowerCase(Locale.ROOT), "");
    }
  }

  private final ServerSocket listener;
  private final JsonNode answers;
  private final List<Received> requests = new ArrayList<>();
  private final Map<Integer, Long> answeredAt = new HashMap<>();
  private final List<Socket> open = new ArrayList<>();
  private final CountDownLatch closed = new CountDownLatch(1);
  private final Thread acceptor;

  ReplayServer(JsonNode answers) throws IOException {
    this.answers = answers;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.acceptor = new Thread(this::accept, "replay-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String url() {
    return "http://127.0.0.1:" + listener.getLocalPort();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket socket = listener.accept();
        synchronized (this) {
          open.add(socket);
        }
        Thread serving = new Thread(() -> serve(socket), "replay-serve");
        serving.setDaemon(true);
        serving.start();
      } catch (IOException stopped) {
        return;
      }
    }
  }

  private void serve(Socket socket) {
    try (socket) {
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int matched = 0;
      while (matched < 4) {
        int b = in.read();
        if (b < 0) {
          return;
        }
        head.write(b);
        matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3)) ? matched + 1 : b == '\r' ? 1 : 0;
      }
      long arrived = System.nanoTime();
      String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
      String[] requestLine = lines[0].split(" ");
      Map<String, String> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
      }
      int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
      byte[] body = in.readNBytes(length);
      int index;
      synchronized (this) {
        index = requests.size();
        requests.add(new Received(requestLine[0], requestLine[1], headers, body, arrived));
      }
      JsonNode answer = answers.get(Math.min(index, answers.size() - 1));
      if (write(socket, answer, headers, body)) {
        synchronized (this) {
          answeredAt.put(index, System.nanoTime());
        }
      }
    } catch (IOException | InterruptedException ended) {
      // The client went away, or the server was closed: nothing more to answer.
    }
  }

  private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT);

  /** Writes one answer; true once it ended as the case says (written whole, or reset). */
  private boolean write(Socket socket, JsonNode a, Map<String, String> requestHeaders, byte[] requestBody) throws IOException, InterruptedException {
    long delay = a.path("delayMs").asLong(0);
    if (delay > 0 && closed.await(delay, TimeUnit.MILLISECONDS)) {
      return false;
    }
    String fault = a.path("fault").asText("");
    if (fault.equals("reset-before-headers")) {
      reset(socket);
      return true;
    }
    boolean echo = a.path("echo").asBoolean(false);
    JsonNode bodySpec = a.get("body");
    byte[] body = bodyBytes(bodySpec);
    if (echo && (bodySpec == null || !bodySpec.has("base64"))) {
      body = echoed(new String(body, StandardCharsets.UTF_8), requestHeaders, requestBody).getBytes(StandardCharsets.UTF_8);
    }
    int status = a.path("status").asInt();
    String reason = a.has("reason") ? a.get("reason").asText() : reasonOf(status);
    StringBuilder head = new StringBuilder("HTTP/1.1 " + status + " " + reason + "\r\n");
    for (JsonNode pair : a.path("headers")) {
      String name = pair.get(0).asText();
      String value = pair.get(1).asText();
      if (echo) {
        name = echoed(name, requestHeaders, requestBody);
        value = echoed(value, requestHeaders, requestBody);
      }
      head.append(name).append(": ").append(value).append("\r\n");
    }
    if (a.has("retryAfterInSeconds")) {
      ZonedDateTime at = ZonedDateTime.now(ZoneOffset.UTC).plusNanos((long) (a.get("retryAfterInSeconds").asDouble() * 1e9));
      head.append("retry-after: ").append(HTTP_DATE.format(at)).append("\r\n");
    }
    String framing = a.path("framing").asText("content-length");
    if (fault.equals("reset-after-headers")) {
      head.append("content-length: ").append(body.length + 64).append("\r\n");
    } else if (framing.equals("content-length")) {
      head.append("content-length: ").append(body.length).append("\r\n");
    } else if (framing.equals("chunked")) {
      head.append("transfer-encoding: chunked\r\n");
    }
    head.append("connection: close\r\n\r\n");
    OutputStream out = socket.getOutputStream();
    // Header values are written as their UTF-8 bytes, as the other runners write them.
    out.write(head.toString().getBytes(StandardCharsets.UTF_8));
    if (fault.equals("reset-after-headers")) {
      out.write(body, 0, body.length / 2);
      out.flush();
      Thread.sleep(20);
      reset(socket);
      return true;
    }
    if (framing.equals("chunked")) {
      for (int offset = 0; offset < body.length; offset += 16 * 1024) {
        int size = Math.min(16 * 1024, body.length - offset);
        out.write((Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body, offset, size);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
      }
      out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    } else {
      out.write(body);
    }
    out.flush();
    return true;
  }

  private static void reset(Socket socket) throws IOException {
    socket.setSoLinger(true, 0);
    socket.close();
  }

  private static String reasonOf(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 204 -> "No Content";
      case 301 -> "Moved Permanently";
      case 302 -> "Found";
      case 307 -> "Temporary Redirect";
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 402 -> "Payment Required";
      case 404 -> "Not Found";
      case 422 -> "Unprocessable Entity";
      case 429 -> "Too Many Requests";
      case 500 -> "Internal Server Error";
      case 502 -> "Bad Gateway";
      case 503 -> "Service Unavailable";
      case 504 -> "Gateway Timeout";
      default -> "Unknown";
    };
  }

  private static final Pattern ECHO = Pattern.compile("\\{\\{(header|field):([^}]+)\\}\\}");

  /** {@code {{header:NAME}}} and {@code {{field:NAME}}} replaced by what the request carried. */
  static String echoed(String text, Map<String, String> headers, byte[] body) {
    JsonNode fields;
    try {
      fields = body.length == 0 ? null : Json.MAPPER.readTree(body);
    } catch (IOException notJson) {
      fields = null;
    }
    Matcher m = ECHO.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String replacement;
      if (m.group(1).equals("header")) {
        replacement = headers.getOrDefault(m.group(2).toLowerCase(Locale.ROOT), "");
      } else {
        JsonNode v = fields == null ? null : fields.get(m.group(2));
        replacement = v == null || v.isNull() ? "" : v.isValueNode() ? v.asText() : v.toString();
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  static byte[] bodyBytes(JsonNode b) throws IOException {
    if (b == null || b.isNull()) {
      return new byte[0];
    }
    if (b.has("json")) {
      return Json.MAPPER.writeValueAsBytes(b.get("json"));
    }
    if (b.has("utf8")) {
      return b.get("utf8").asText().getBytes(StandardCharsets.UTF_8);
    }
    if (b.has("base64")) {
      return Base64.getDecoder().decode(b.get("base64").asText());
    }
    return new byte[0];
  }

  synchronized List<Received> requests() {
    return new ArrayList<>(requests);
  }

  synchronized Map<Integer, Long> answeredAt() {
    return new HashMap<>(answeredAt);
  }

  @Override
  public void close() throws IOException {
    closed.countDown();
    listener.close();
    synchronized (this) {
      for (Socket socket : open) {
        socket.close();
      }
    }
  }
}
