package walletapi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One sandbox per test run (npm run sandbox on a free loopback port, replay guard on), started
 * by the first test that asks for it and stopped when the JVM exits.
 */
final class Sandbox {
  static final String API_KEY = "junit-key";
  static final String SECRET = "junit-signing-secret";
  private static final Pattern LISTENING = Pattern.compile("Sandbox listening on (http://\\S+)");
  private static String url;

  private Sandbox() {}

  static Path repositoryRoot() {
    return Path.of(System.getProperty("walletapi.repositoryRoot", "../..")).toAbsolutePath().normalize();
  }

  static synchronized String url() throws IOException {
    if (url != null) {
      return url;
    }
    ProcessBuilder builder = new ProcessBuilder("node", "--import", "tsx", "scripts/sandbox.ts").directory(repositoryRoot().toFile()).redirectErrorStream(true);
    builder.environment().put("PORT", "0");
    builder.environment().put("SANDBOX_API_KEYS", API_KEY + ":" + SECRET);
    builder.environment().put("SANDBOX_REJECT_REPLAYS", "1");
    Process process = builder.start();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      process.destroy();
      try {
        process.waitFor(5, TimeUnit.SECONDS);
      } catch (InterruptedException ignored) {
        Thread.currentThread().interrupt();
      }
    }));
    BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      seen.append(line).append('\n');
      Matcher m = LISTENING.matcher(line);
      if (m.find()) {
        url = m.group(1);
        // The rest of its output is drained, so the sandbox never blocks on a full pipe.
        Thread drain = new Thread(() -> lines.lines().forEach(l -> {}), "sandbox-output");
        drain.setDaemon(true);
        drain.start();
        return url;
      }
    }
    throw new IOException("the sandbox did not start:\n" + seen);
  }

  static WalletApiClient client() throws IOException {
    return WalletApiClient.builder().environment(Environment.CUSTOM).baseUrl(url()).apiKey(API_KEY).signer(Signer.hmacSha256(SECRET)).timeout(Duration.ofSeconds(20)).build();
  }
}
