package walletapi.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import walletapi.Environment;
import walletapi.RequestOptions;
import walletapi.SignatureInput;
import walletapi.Signer;
import walletapi.WalletApiClient;
import walletapi.WalletApiException;
import walletapi.conformance.Calls.Got;
import walletapi.conformance.ReplayServer.Received;
import walletapi.conformance.Runner.Mismatch;
import walletapi.internal.Privacy;

/** The in-process cases: signing vectors, answer vectors and decisions, options, privacy vectors. */
final class Cases {
  static final String REPLAY_KEY = "conformance-replay-key";
  static final String REPLAY_SECRET = "conformance-replay-secret";
  private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");

  private Cases() {}

  static String signing(JsonNode c) throws Exception {
    JsonNode in = c.get("input");
    SignatureInput input = new SignatureInput(in.get("method").asText(), in.get("pathWithQuery").asText(), in.path("body").path("utf8").asText("").getBytes(StandardCharsets.UTF_8), in.get("timestamp").asText(), in.get("apiKey").asText());
    if (!input.canonicalString().equals(c.path("expect").path("canonicalString").asText())) {
      throw new Mismatch("another canonical string");
    }
    String signature = Signer.hmacSha256(in.get("secret").asText()).sign(input);
    String expected = c.path("expect").path("signature").asText();
    if (!signature.equals(expected)) {
      throw new Mismatch("signature " + Json.truncate(signature, 12));
    }
    return "signature " + Json.truncate(expected, 12);
  }

  /** Captures the client's System.Logger lines (java.util.logging by default) at every level. */
  static final class LogCapture extends Handler implements AutoCloseable {
    private final StringBuilder lines = new StringBuilder();
    private final Logger logger = Logger.getLogger("walletapi");
    private final Level before;
    private final boolean parents;

    LogCapture() {
      setFormatter(new SimpleFormatter());
      setLevel(Level.ALL);
      before = logger.getLevel();
      parents = logger.getUseParentHandlers();
      logger.setLevel(Level.ALL);
      // The lines go to this capture only, not to the console's stderr.
      logger.setUseParentHandlers(false);
      logger.addHandler(this);
    }

    @Override
    public synchronized void publish(LogRecord record) {
      lines.append(getFormatter().format(record));
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
      logger.removeHandler(this);
      logger.setLevel(before);
      logger.setUseParentHandlers(parents);
    }

    synchronized String text() {
      return lines.toString();
    }
  }

  static String exchange(JsonNode c) throws Exception {
    JsonNode call = c.get("call");
    JsonNode expect = c.path("expect");
    int repeat = call.path("repeat").asInt(1);
    try (ReplayServer server = new ReplayServer(c.get("answers")); LogCapture logs = new LogCapture()) {
      WalletApiClient client = null;
      Got got = null;
      try {
        client = Calls.client(server.url(), REPLAY_KEY, REPLAY_SECRET, c.get("client"));
      } catch (WalletApiException refused) {
        if (!c.path("client").has("env")) {
          throw new Mismatch("the client was refused: " + refused.getMessage());
        }
        // Made from its environment, a client refused while being built is the call's outcome.
        got = new Got(null, null, null, refused);
        Calls.check(got, expect);
      }
      if (client != null && repeat > 1) {
        // As fast as it can: the calls overlap, from several threads of one client.
        java.util.concurrent.ExecutorService callers = java.util.concurrent.Executors.newFixedThreadPool(Math.min(repeat, 8));
        try {
          List<java.util.concurrent.Future<Got>> calls = new ArrayList<>();
          for (int i = 0; i < repeat; i++) {
            WalletApiClient caller = client;
            calls.add(callers.submit(() -> call(caller, call)));
          }
          for (java.util.concurrent.Future<Got> pending : calls) {
            try {
              got = pending.get();
            } catch (java.util.concurrent.ExecutionException failed) {
              if (failed.getCause() instanceof Mismatch mismatch) {
                throw mismatch;
              }
              throw failed;
            }
            Calls.check(got, expect);
          }
        } finally {
          callers.shutdownNow();
        }
      } else if (client != null) {
        got = call(client, call);
        Calls.check(got, expect);
      }
      // Requests still arriving (a retry the client should not make) are counted after a moment.
      TimeUnit.MILLISECONDS.sleep(50);
      List<Received> requests = server.requests();
      int expectedRequests = expect.path("requests").asInt(repeat);
      if (expect.has("requests") && requests.size() != expectedRequests) {
        throw new Mismatch(got.describe() + " after " + requests.size() + " requests, not " + expectedRequests);
      }
      Map<Integer, Long> answeredAt = server.answeredAt();
      JsonNode waits = expect.path("waitsMs");
      for (int i = 0; i < waits.size(); i++) {
        Long answered = answeredAt.get(i);
        if (answered == null || i + 1 >= requests.size()) {
          throw new Mismatch("no wait " + (i + 1) + " to measure");
        }
        double waited = (requests.get(i + 1).arrivedNanos() - answered) / 1e6;
        double min = waits.get(i).path("min").asDouble();
        double max = waits.get(i).path("max").asDouble();
        // 5 ms below for timer and clock granularity, 300 ms above for scheduling (the kit's rule).
        if (waited < min - 5 || waited > max + 300) {
          throw new Mismatch(String.format(Locale.ROOT, "waited %.0f ms, not %.0f–%.0f ms", waited, min, max));
        }
      }
      if (expect.has("request")) {
        if (requests.isEmpty()) {
          throw new Mismatch("no request arrived");
        }
        checkRequest(requests.get(0), expect.get("request"));
      }
      for (JsonNode name : expect.path("distinctHeaders")) {
        Set<String> seen = new HashSet<>();
        for (Received r : requests) {
          if (!seen.add(r.header(name.asText()))) {
            throw new Mismatch("two requests with the same " + name.asText());
          }
        }
      }
      if (c.has("privacy") && got.error() != null) {
        checkPrivacy(c.get("privacy").path("protected"), requests, got.error(), logs);
      }
      if (got.error() != null) {
        checkNamedWithoutValues(got.error(), expect, logs);
      }
      String saw = got.describe();
      if (requests.size() != 1) {
        saw += " after " + requests.size() + " requests";
      }
      return saw;
    }
  }

  /** Makes the case's call; with abortAfterMs, on a thread of its own that is interrupted then. */
  private static Got call(WalletApiClient client, JsonNode call) throws Exception {
    String operationId = call.get("operationId").asText();
    JsonNode params = call.path("params");
    if (!call.has("abortAfterMs")) {
      return Calls.invoke(client, operationId, params, RequestOptions.none());
    }
    Got[] got = new Got[1];
    Exception[] failed = new Exception[1];
    Thread caller = new Thread(() -> {
      try {
        got[0] = Calls.invoke(client, operationId, params, RequestOptions.none());
      } catch (Mismatch | RuntimeException e) {
        failed[0] = e;
      }
    }, "conformance-call");
    caller.start();
    caller.join(Calls.ms(call.get("abortAfterMs")).toMillis());
    caller.interrupt();
    caller.join();
    if (failed[0] != null) {
      throw failed[0];
    }
    return got[0];
  }

  private static void checkRequest(Received r, JsonNode want) throws Exception {
    if (want.has("method") && !r.method().equals(want.get("method").asText())) {
      throw new Mismatch("method " + r.method());
    }
    if (want.has("pathWithQuery") && !r.target().equals(want.get("pathWithQuery").asText())) {
      throw new Mismatch("request target " + r.target());
    }
    int question = r.target().indexOf('?');
    String path = question < 0 ? r.target() : r.target().substring(0, question);
    String query = question < 0 ? "" : r.target().substring(question + 1);
    if (want.has("path") && !path.equals(want.get("path").asText())) {
      throw new Mismatch("path " + path);
    }
    if (want.has("query")) {
      Map<String, String> have = new java.util.TreeMap<>();
      if (!query.isEmpty()) {
        for (String pair : query.split("&", -1)) {
          int eq = pair.indexOf('=');
          String name = java.net.URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
          String value = java.net.URLDecoder.decode(eq < 0 ? "" : pair.substring(eq + 1), StandardCharsets.UTF_8);
          have.put(name, value);
        }
      }
      Map<String, String> expected = new java.util.TreeMap<>();
      for (Map.Entry<String, JsonNode> e : want.get("query").properties()) {
        expected.put(e.getKey(), e.getValue().asText());
      }
      if (!have.equals(expected)) {
        throw new Mismatch("query " + query);
      }
    }
    if (want.has("bodyJson")) {
      JsonNode have = r.body().length == 0 ? null : Json.MAPPER.readTree(r.body());
      JsonNode expected = want.get("bodyJson");
      if (expected.isNull() ? have != null : !Json.equal(have, expected)) {
        throw new Mismatch("body " + Json.truncate(new String(r.body(), StandardCharsets.UTF_8), 80));
      }
    }
    if (want.has("userAgentMatches") && !Pattern.compile(want.get("userAgentMatches").asText()).matcher(r.header("user-agent")).find()) {
      throw new Mismatch("User-Agent " + r.header("user-agent"));
    }
    if (!r.header("x-api-key").equals(REPLAY_KEY)) {
      throw new Mismatch("another x-api-key");
    }
    String timestamp = r.header("x-timestamp");
    if (!TIMESTAMP.matcher(timestamp).matches()) {
      throw new Mismatch("x-timestamp " + timestamp);
    }
    // The oracle: javax.crypto over the bytes that arrived, not the client's signer.
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(REPLAY_SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    mac.update((timestamp + "\n" + r.method() + "\n" + r.target() + "\n").getBytes(StandardCharsets.UTF_8));
    mac.update(r.body());
    if (!r.header("x-signature").equals(java.util.HexFormat.of().formatHex(mac.doFinal()))) {
      throw new Mismatch("x-signature is not the HMAC of the bytes received");
    }
  }

  /** Every way a caller or a log renders an exception in Java. */
  static List<String> renderings(WalletApiException error, LogCapture logs) throws IOException {
    List<String> shown = new ArrayList<>();
    shown.add(String.valueOf(error.getMessage()));
    shown.add(String.valueOf(error.getLocalizedMessage()));
    shown.add(error.toString());
    StringWriter trace = new StringWriter();
    error.printStackTrace(new PrintWriter(trace));
    shown.add(trace.toString());
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    error.printStackTrace(new java.io.PrintStream(printed, true, StandardCharsets.UTF_8));
    shown.add(printed.toString(StandardCharsets.UTF_8));
    shown.add(new ObjectMapper().writeValueAsString(error));
    System.Logger logger = System.getLogger("walletapi");
    logger.log(System.Logger.Level.ERROR, "call failed: " + error, error);
    logger.log(System.Logger.Level.DEBUG, "call failed: {0}", error);
    shown.add(logs.text());
    return shown;
  }

  private static void checkPrivacy(JsonNode protectedNames, List<Received> requests, WalletApiException error, LogCapture logs) throws Exception {
    JsonNode fields = null;
    String signature = "";
    if (!requests.isEmpty()) {
      try {
        fields = requests.get(0).body().length == 0 ? null : Json.MAPPER.readTree(requests.get(0).body());
      } catch (IOException notJson) {
        fields = null;
      }
      signature = requests.get(0).header("x-signature");
    }
    List<String> texts = renderings(error, logs);
    for (JsonNode item : protectedNames) {
      String name = item.asText();
      String value = "";
      if (name.equals("apiKey")) {
        value = REPLAY_KEY;
      } else if (name.equals("secret")) {
        value = REPLAY_SECRET;
      } else if (name.equals("signature")) {
        value = signature;
      } else if (name.startsWith("field:") && fields != null && fields.has(name.substring(6))) {
        value = fields.get(name.substring(6)).asText();
      }
      if (value.isEmpty()) {
        continue;
      }
      for (String text : texts) {
        if (text.contains(value)) {
          throw new Mismatch(error.kind() + ", but a rendering of the error shows " + name);
        }
      }
    }
  }

  private static final Pattern NOT_LETTER_OR_DIGIT = Pattern.compile("[^a-z0-9]");

  static String options(JsonNode c) throws Exception {
    JsonNode o = c.path("options");
    String secret = o.has("secret") ? o.get("secret").asText() : "secret";
    WalletApiException refused;
    try {
      WalletApiClient.Builder builder = WalletApiClient.builder()
          .baseUrl(o.has("baseUrl") ? o.get("baseUrl").asText() : null)
          .apiKey(o.has("apiKey") ? o.get("apiKey").asText() : null)
          .signer(Signer.hmacSha256(secret));
      if (o.has("environment")) {
        builder.environment(Environment.fromName(o.get("environment").asText()));
      }
      builder.build();
      throw new Mismatch("the client was created");
    } catch (WalletApiException e) {
      refused = e;
    }
    Calls.checkError(refused, Json.MAPPER.createObjectNode().put("kind", "configuration"));
    try (LogCapture logs = new LogCapture()) {
      checkNamedWithoutValues(refused, c.path("expect"), logs);
    }
    return "configuration";
  }

  /** {@code expect.error.names}: what the message names (letters and digits, lower case); {@code expect.mustNotContain}: what no rendering shows. */
  private static void checkNamedWithoutValues(WalletApiException error, JsonNode expect, LogCapture logs) throws Exception {
    String names = expect.path("error").path("names").asText("");
    if (!names.isEmpty() && !NOT_LETTER_OR_DIGIT.matcher(error.getMessage().toLowerCase(Locale.ROOT)).replaceAll("").contains(names)) {
      throw new Mismatch(error.kind() + " error naming no " + names);
    }
    if (expect.path("mustNotContain").isEmpty()) {
      return;
    }
    for (String text : renderings(error, logs)) {
      for (JsonNode value : expect.path("mustNotContain")) {
        if (text.contains(value.asText())) {
          throw new Mismatch(error.kind() + " error quoting a refused value");
        }
      }
    }
  }

  /** A privacy vector: the client's own policy, with the carried values, applied to the text. */
  static String mask(JsonNode c) throws Mismatch {
    JsonNode carried = c.path("carried");
    Privacy.Carried values = new Privacy.Carried();
    for (String secret : List.of("apiKey", "secret", "signature")) {
      if (carried.hasNonNull(secret)) {
        values.secret(carried.get(secret).asText());
      }
    }
    for (Map.Entry<String, JsonNode> field : carried.path("fields").properties()) {
      values.field(field.getKey(), field.getValue().asText());
    }
    String masked = values.mask(c.path("text").asText());
    String lower = masked.toLowerCase(Locale.ROOT);
    JsonNode absent = c.path("expect").path("absent");
    for (int i = 0; i < absent.size(); i++) {
      String item = absent.get(i).asText().toLowerCase(Locale.ROOT);
      if (!item.isEmpty() && lower.contains(item)) {
        throw new Mismatch("absent[" + i + "] remained");
      }
    }
    JsonNode kept = c.path("expect").path("kept");
    for (int i = 0; i < kept.size(); i++) {
      if (!masked.contains(kept.get(i).asText())) {
        throw new Mismatch("kept[" + i + "] vanished");
      }
    }
    return "masked: " + absent.size() + " absent, " + kept.size() + " kept";
  }
}
