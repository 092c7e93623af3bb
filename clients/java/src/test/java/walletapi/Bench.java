package walletapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Per-call cost of the client against a raw {@code HttpClient} with hand-written signing and a
 * Jackson parse of the envelope, on loopback (an in-process server answering at once) and with a
 * server that answers after 20 ms, after a warm-up. Prints, per mode: wall time per call of each,
 * their ratio (raw ÷ client: 1.00 is parity, the goal at 20 ms is ≥ 0.95), and per call the
 * process's CPU time and the bytes allocated by every thread (the in-process server's share is
 * the same for both). Run by scripts/bench/java-client.sh.
 */
final class Bench {
  private static final String KEY = "bench-key";
  private static final String SECRET = "bench-signing-secret";
  private static final byte[] ANSWER = "{\"status\":\"success\",\"message\":\"OK\",\"data\":{\"usdtngn\":{\"at\":1767225600,\"ticker\":{\"buy\":\"1545.5\",\"sell\":\"1539.0\",\"last\":\"1542.25\"}},\"btcngn\":{\"at\":1767225600,\"ticker\":{\"buy\":\"152000000\",\"sell\":\"151000000\",\"last\":\"151500000\"}}}}".getBytes(StandardCharsets.UTF_8);
  private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private Bench() {}

  /** One way of making the call. */
  private interface Call {
    void run() throws Exception;
  }

  private record Figures(double wallMicros, double cpuMicros, double bytes) {}

  public static void main(String[] args) throws Exception {
    // The JDK's server writes headers and body apart: without TCP_NODELAY, Nagle's algorithm and
    // the client's delayed ACK add about 40 ms to every answer, to both ways of calling.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    int loopbackCalls = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
    int slowCalls = args.length > 1 ? Integer.parseInt(args[1]) : 150;
    System.out.printf(Locale.ROOT, "bench:java-client on %s, %d cores%n", System.getProperty("java.vm.version"), Runtime.getRuntime().availableProcessors());
    mode("loopback", 0, loopbackCalls);
    mode("20 ms server", 20, slowCalls);
  }

  private static void mode(String name, long delayMs, int calls) throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
    server.setExecutor(Executors.newFixedThreadPool(2));
    server.createContext("/", exchange -> {
      exchange.getRequestBody().readAllBytes();
      if (delayMs > 0) {
        try {
          TimeUnit.MILLISECONDS.sleep(delayMs);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
        }
      }
      exchange.getResponseHeaders().add("content-type", "application/json");
      exchange.sendResponseHeaders(200, ANSWER.length);
      exchange.getResponseBody().write(ANSWER);
      exchange.close();
    });
    server.start();
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    try {
      WalletApiClient client = WalletApiClient.builder().environment(Environment.CUSTOM).baseUrl(base).apiKey(KEY).signer(Signer.hmacSha256(SECRET)).build();
      Call sdk = client::listMarkets;
      Call raw = rawCall(base);
      int warmUp = Math.max(calls / 2, 50);
      measure(sdk, warmUp);
      measure(raw, warmUp);
      // Alternating halves, so that a change of the machine's load falls on both.
      Figures s1 = measure(sdk, calls / 2);
      Figures r1 = measure(raw, calls / 2);
      Figures s2 = measure(sdk, calls / 2);
      Figures r2 = measure(raw, calls / 2);
      Figures s = new Figures((s1.wallMicros + s2.wallMicros) / 2, (s1.cpuMicros + s2.cpuMicros) / 2, (s1.bytes + s2.bytes) / 2);
      Figures r = new Figures((r1.wallMicros + r2.wallMicros) / 2, (r1.cpuMicros + r2.cpuMicros) / 2, (r1.bytes + r2.bytes) / 2);
      System.out.printf(Locale.ROOT, "%-13s %5d calls each: client %8.1f µs/call, raw %8.1f µs/call, ratio raw/client %.3f%n", name, calls, s.wallMicros, r.wallMicros, r.wallMicros / s.wallMicros);
      System.out.printf(Locale.ROOT, "%-13s CPU per call: client %7.1f µs, raw %7.1f µs; allocated per call: client %8.0f B, raw %8.0f B%n", name, s.cpuMicros, r.cpuMicros, s.bytes, r.bytes);
    } finally {
      server.stop(0);
      ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
  }

  /** The same call by hand: HMAC-SHA256 signing, a distinct timestamp, HttpClient, a Jackson parse and the two status checks. */
  private static Call rawCall(String base) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER).build();
    ObjectMapper mapper = new ObjectMapper();
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    AtomicLong last = new AtomicLong();
    URI uri = URI.create(base + "/api/v1/wallets/markets");
    return () -> {
      long now = System.currentTimeMillis();
      String timestamp = TIMESTAMP.format(Instant.ofEpochMilli(last.updateAndGet(l -> Math.max(now, l + 1))));
      String signature = HexFormat.of().formatHex(mac.doFinal((timestamp + "\nGET\n/api/v1/wallets/markets\n").getBytes(StandardCharsets.UTF_8)));
      HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(uri).header("x-api-key", KEY).header("x-timestamp", timestamp).header("x-signature", signature).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
      JsonNode envelope = mapper.readTree(response.body());
      if (response.statusCode() != 200 || !"success".equals(envelope.path("status").asText()) || envelope.get("data") == null) {
        throw new IllegalStateException("the raw call failed");
      }
    };
  }

  private static Figures measure(Call call, int calls) throws Exception {
    com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    java.util.Map<Long, Long> bytesBefore = allocated(threads);
    long cpuBefore = os.getProcessCpuTime();
    long started = System.nanoTime();
    for (int i = 0; i < calls; i++) {
      call.run();
    }
    long wall = System.nanoTime() - started;
    long cpu = os.getProcessCpuTime() - cpuBefore;
    long bytes = allocatedBetween(bytesBefore, allocated(threads));
    return new Figures(wall / 1000.0 / calls, cpu / 1000.0 / calls, (double) bytes / calls);
  }

  /** Bytes allocated so far by each live thread (those of the client, the server and this one), by thread id. */
  private static java.util.Map<Long, Long> allocated(com.sun.management.ThreadMXBean threads) {
    long[] ids = threads.getAllThreadIds();
    long[] bytes = threads.getThreadAllocatedBytes(ids);
    java.util.Map<Long, Long> byThread = new java.util.HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      if (bytes[i] > 0) {
        byThread.put(ids[i], bytes[i]);
      }
    }
    return byThread;
  }

  /** What the threads allocated between two readings: a thread that ended in between is counted to its last reading only. */
  private static long allocatedBetween(java.util.Map<Long, Long> before, java.util.Map<Long, Long> after) {
    long sum = 0;
    for (java.util.Map.Entry<Long, Long> thread : after.entrySet()) {
      sum += thread.getValue() - before.getOrDefault(thread.getKey(), 0L);
    }
    return sum;
  }
}
