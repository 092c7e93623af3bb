package walletapi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A loopback server writing given bytes as each answer (the last repeats), recording the requests as received. */
final class RawServer implements AutoCloseable {
  // The body as received, compared by the tests, never as a key of a collection.
  @SuppressWarnings("ArrayRecordComponent")
  record Request(String method, String target, Map<String, String> headers, byte[] body) {
    String header(String name) {
      return headers.getOrDefault(name, "");
    }
  }

  private final ServerSocket listener;
  private final List<byte[]> answers;
  private final long delayMs;
  private final List<Request> requests = new ArrayList<>();

  RawServer(long delayMs, byte[]... answers) throws IOException {
    this.answers = List.of(answers);
    this.delayMs = delayMs;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "raw-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** An answer: status line, headers, Content-Length, Connection: close, body. */
  static byte[] answer(int status, String headers, byte[] body) {
    String head = "HTTP/1.1 " + status + " X\r\n" + headers + "content-length: " + body.length + "\r\nconnection: close\r\n\r\n";
    byte[] start = head.getBytes(StandardCharsets.ISO_8859_1);
    byte[] all = new byte[start.length + body.length];
    System.arraycopy(start, 0, all, 0, start.length);
    System.arraycopy(body, 0, all, start.length, body.length);
    return all;
  }

  static byte[] json(int status, String headers, String body) {
    return answer(status, "content-type: application/json\r\n" + headers, body.getBytes(StandardCharsets.UTF_8));
  }

  String url() {
    return "http://127.0.0.1:" + listener.getLocalPort();
  }

  synchronized List<Request> requests() {
    return new ArrayList<>(requests);
  }

  WalletApiClient.Builder client() {
    return WalletApiClient.builder().environment(Environment.CUSTOM).baseUrl(url()).apiKey("test-api-key-123").signer(Signer.hmacSha256("test-signing-secret"));
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket socket = listener.accept();
        Thread serving = new Thread(() -> serve(socket), "raw-serve");
        serving.setDaemon(true);
        serving.start();
      } catch (IOException closed) {
        return;
      }
    }
  }

  // Request lines from a test's own client: the split's edge cases do not arise.
  @SuppressWarnings("StringSplitter")
  private void serve(Socket socket) {
    try (socket) {
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
        int b = in.read();
        if (b < 0) {
          return;
        }
        head.write(b);
      }
      String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
      Map<String, String> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
      }
      byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
      int index;
      synchronized (this) {
        index = requests.size();
        requests.add(new Request(lines[0].split(" ")[0], lines[0].split(" ")[1], headers, body));
      }
      if (delayMs > 0) {
        Thread.sleep(delayMs);
      }
      socket.getOutputStream().write(answers.get(Math.min(index, answers.size() - 1)));
      socket.getOutputStream().flush();
    } catch (IOException | InterruptedException gone) {
      // The client went away: nothing more to answer.
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
  }
}
