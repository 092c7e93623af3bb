package walletapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The WALLET_API_* variables (docs/configuration.md): read for the options not given, explicit ones win one by one. */
class EnvironmentVariablesTest {
  private static final String MARKETS = "{\"status\":\"success\",\"message\":\"OK\",\"data\":{\"usdtngn\":{\"at\":1767225600,\"ticker\":{\"buy\":\"1545.5\",\"sell\":\"1539.0\",\"last\":\"1542.25\"}}}}";
  private static final String KEY = "env-test-key";
  private static final String SECRET = "env-test-secret";

  private static Map<String, String> variables(String... pairs) {
    Map<String, String> env = new HashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }

  private static Map<String, String> all(String baseUrl) {
    return variables("WALLET_API_ENVIRONMENT", "custom", "WALLET_API_BASE_URL", baseUrl, "WALLET_API_KEY", KEY, "WALLET_API_SIGNING_SECRET", SECRET);
  }

  /** Asserts the request carries this key and an HMAC-SHA256 with this secret (javax.crypto, not the client's signer). */
  private static void assertSignedWith(RawServer.Request r, String key, String secret) throws Exception {
    assertEquals(key, r.header("x-api-key"));
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    mac.update((r.header("x-timestamp") + "\n" + r.method() + "\n" + r.target() + "\n").getBytes(StandardCharsets.UTF_8));
    mac.update(r.body());
    assertEquals(HexFormat.of().formatHex(mac.doFinal()), r.header("x-signature"));
  }

  private static String rendered(Exception e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    return e.getMessage() + "\n" + e + "\n" + trace;
  }

  private static ConfigurationException refused(Map<String, String> env) {
    return assertThrows(ConfigurationException.class, () -> WalletApiClient.builder().fromEnv(env).build());
  }

  @Test
  void readsAllFourVariablesAndSignsWithThem() throws Exception {
    try (RawServer server = new RawServer(0, RawServer.json(200, "", MARKETS))) {
      WalletApiClient client = WalletApiClient.builder().fromEnv(all(server.url())).build();
      assertEquals("1539.0", client.listMarkets().get("usdtngn").ticker().sell());
      assertSignedWith(server.requests().get(0), KEY, SECRET);
    }
  }

  @Test
  void explicitOptionsWinOneByOneWhicheverIsSetFirst() throws Exception {
    try (RawServer server = new RawServer(0, RawServer.json(200, "", MARKETS))) {
      Map<String, String> env = all(server.url());
      env.put("WALLET_API_KEY", "env-key-not-used");
      env.put("WALLET_API_SIGNING_SECRET", "env-secret-not-used");
      // The key given before fromEnv, the signer after: both win; the base URL comes from the environment.
      WalletApiClient client = WalletApiClient.builder().apiKey(KEY).fromEnv(env).signer(Signer.hmacSha256(SECRET)).build();
      client.listMarkets();
      assertSignedWith(server.requests().get(0), KEY, SECRET);
    }
  }

  @Test
  void anExplicitBaseUrlWinsOverTheVariable() throws Exception {
    try (RawServer server = new RawServer(0, RawServer.json(200, "", MARKETS))) {
      WalletApiClient client = WalletApiClient.builder().baseUrl(server.url()).fromEnv(all("http://127.0.0.1:9/")).build();
      client.listMarkets();
      assertEquals(1, server.requests().size());
    }
  }

  @Test
  void aMissingVariableIsRefusedNamingIt() {
    String[] names = {"WALLET_API_ENVIRONMENT", "WALLET_API_BASE_URL", "WALLET_API_KEY", "WALLET_API_SIGNING_SECRET"};
    for (String name : names) {
      Map<String, String> env = all("http://127.0.0.1:1");
      env.remove(name);
      ConfigurationException missing = refused(env);
      assertTrue(missing.getMessage().contains(name + " is not set"), missing.getMessage());
      for (String value : env.values()) {
        assertFalse(rendered(missing).contains(value), name + ": a rendering quotes a value");
      }
      // An empty variable is not set.
      env.put(name, "");
      assertTrue(refused(env).getMessage().contains(name + " is not set"));
    }
  }

  @Test
  void anInvalidVariableIsRefusedNamingItAndNotQuotingIt() {
    Map<String, String> unknown = all("http://127.0.0.1:1");
    unknown.put("WALLET_API_ENVIRONMENT", "sandbox-env-name");
    ConfigurationException wrongEnvironment = refused(unknown);
    assertTrue(wrongEnvironment.getMessage().contains("WALLET_API_ENVIRONMENT"), wrongEnvironment.getMessage());
    assertFalse(rendered(wrongEnvironment).contains("sandbox-env-name"));

    Map<String, String> overHttp = all("http://wallet-api.invalid");
    overHttp.put("WALLET_API_ENVIRONMENT", "production");
    ConfigurationException http = refused(overHttp);
    assertTrue(http.getMessage().contains("WALLET_API_BASE_URL"), http.getMessage());
    assertFalse(rendered(http).contains("wallet-api.invalid"));

    Map<String, String> badKey = all("http://127.0.0.1:1");
    badKey.put("WALLET_API_KEY", "key\r\nwith-a-line-break");
    ConfigurationException key = refused(badKey);
    assertTrue(key.getMessage().contains("WALLET_API_KEY"), key.getMessage());
    assertFalse(rendered(key).contains("with-a-line-break"));
  }

  @Test
  void anExplicitOptionStillNamesTheOption() {
    // Given in code, a wrong base URL is the option's fault, not the variable's.
    ConfigurationException wrong = assertThrows(ConfigurationException.class,
        () -> WalletApiClient.builder().environment(Environment.PRODUCTION).baseUrl("http://wallet-api.invalid").fromEnv(all("https://wallet-api.invalid")).build());
    assertTrue(wrong.getMessage().startsWith("baseUrl"), wrong.getMessage());
  }

  @Test
  void withoutFromEnvNothingIsRead() {
    ConfigurationException none = assertThrows(ConfigurationException.class, () -> WalletApiClient.builder().build());
    assertFalse(none.getMessage().contains("WALLET_API_"), none.getMessage());
  }
}
