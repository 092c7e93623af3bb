package walletapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The docs' Java samples (examples/operations/<operationId>.java): compiled with warnings as errors, each run against the sandbox. */
class SamplesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String classPath() {
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }

  /** One JVM running the compiled samples on request (SampleDriver), with the sandbox's credentials in its environment. */
  private static final class Driver implements AutoCloseable {
    private final Process process;
    private final java.io.BufferedReader out;
    private final java.io.Writer in;

    Driver(Path classes) throws Exception {
      ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classes + File.pathSeparator + classPath(), SampleDriver.class.getName())
          .redirectError(ProcessBuilder.Redirect.INHERIT);
      builder.environment().putAll(Map.of("WALLET_API_ENVIRONMENT", "custom", "WALLET_API_BASE_URL", Sandbox.url(), "WALLET_API_KEY", Sandbox.API_KEY, "WALLET_API_SIGNING_SECRET", Sandbox.SECRET, "CUSTOMER_AUTHORIZATION", "customer-authorization-value"));
      process = builder.start();
      out = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      in = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    JsonNode run(String operationId, String... args) throws Exception {
      in.write(operationId.substring(0, 1).toUpperCase(Locale.ROOT) + operationId.substring(1) + (args.length == 0 ? "" : "\t" + String.join("\t", args)) + "\n");
      in.flush();
      StringBuilder printed = new StringBuilder();
      for (String line = out.readLine(); ; line = out.readLine()) {
        assertNotNull(line, operationId + " ended the samples' JVM (its stack trace is above)");
        if (line.equals(SampleDriver.END)) {
          break;
        }
        printed.append(line).append('\n');
      }
      JsonNode json = JSON.readTree(printed.toString());
      assertNotNull(json, operationId + " printed no JSON");
      return json;
    }

    @Override
    public void close() throws java.io.IOException {
      in.close();
      try {
        process.waitFor();
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Test
  void everySampleCompilesAndRunsAgainstTheSandbox(@TempDir Path classes) throws Exception {
    Path samples = Sandbox.repositoryRoot().resolve("examples/operations");
    List<Path> files;
    try (Stream<Path> listed = Files.list(samples)) {
      files = listed.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
    }
    assertEquals(16, files.size(), "one sample per operation");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> arguments = new ArrayList<>(List.of("-Xlint:all", "-Werror", "-cp", classPath(), "-d", classes.toString()));
    files.forEach(p -> arguments.add(p.toString()));
    assertEquals(0, javac.run(null, null, null, arguments.toArray(new String[0])), "the samples compile without warnings");

    new SandboxTest().reset();
    try (Driver driver = new Driver(classes)) {
      check(driver);
    }
  }

  private static void check(Driver driver) throws Exception {
    for (String id : List.of("listMarkets", "getRates", "getSwapMarket", "listWallets")) {
      driver.run(id);
    }
    driver.run("createWallet", "usdt", "Treasury usdt wallet");
    assertTrue(driver.run("listCoinNetworks", "usdt").isArray());
    driver.run("getDepositAddress", "usdt");
    driver.run("getMinimumWithdrawalAmount", "usdt");
    assertEquals("pending", driver.run("previewLocalPayout", "50000", "0123456789", "058").path("status").asText());
    assertEquals("NGN", driver.run("getSwapQuote", "usdt", "ngn", "100").path("quotedCurrency").asText());
    JsonNode toConfirm = driver.run("createSwap", "usdt", "ngn", "100");
    JsonNode toCancel = driver.run("createSwap", "usdt", "ngn", "50");
    JsonNode confirmed = driver.run("confirmSwap", toConfirm.path("id").asText());
    assertEquals("confirmed", confirmed.path("status").asText());
    assertEquals(toConfirm.path("id"), confirmed.path("id"));
    assertEquals("cancelled", driver.run("cancelSwap", toCancel.path("id").asText()).path("status").asText());
    String transactionId = driver.run("previewWithdrawal", "usdt", "25", "0x8ba1f109551bD432803012645Ac136ddd64DBA72").path("transactionId").asText();
    JsonNode transaction = driver.run("getTransaction", transactionId);
    assertEquals(transactionId, transaction.path("_id").asText());
    assertEquals("pending", transaction.path("status").asText());
    assertEquals(2, driver.run("listTransactions").path("total").asInt());
  }
}
