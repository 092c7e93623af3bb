package walletapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import walletapi.models.Swap;

/** The client's transport rules, against a loopback server writing exact bytes. */
class TransportTest {
  private static final String MARKETS = "{\"status\":\"success\",\"message\":\"OK\",\"data\":{\"usdtngn\":{\"at\":1767225600,\"ticker\":{\"buy\":\"1545.5\",\"sell\":\"1539.0\",\"last\":\"1542.25\",\"vol\":\"12\"},\"newField\":true}}}";
  private static final String SWAP = "{\"status\":\"success\",\"message\":\"OK\",\"data\":{\"id\":\"s1\",\"from\":\"usdt\",\"to\":\"ngn\",\"status\":\"pending\",\"rate\":\"1e-7\"}}";

  private static String hmac(String secret, String text, byte[] body) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    mac.update(text.getBytes(StandardCharsets.UTF_8));
    mac.update(body);
    return HexFormat.of().formatHex(mac.doFinal());
  }

  @Test
  void signsTheExactBytesSentWithADistinctTimestampEachTime() throws Exception {
    try (RawServer server = new RawServer(0, RawServer.json(200, "", SWAP))) {
      // A clock that never moves: the timestamps must still differ, one millisecond apart at least.
      WalletApiClient client = server.client().clock(java.time.Clock.fixed(java.time.Instant.now(), java.time.ZoneOffset.UTC)).build();
      for (int i = 0; i < 30; i++) {
        client.createSwap(CreateSwapParams.builder().from("usdt").to("ngn").amount("100.50").password("pässword €").build());
      }
      Set<String> timestamps = new HashSet<>();
      for (RawServer.Request r : server.requests()) {
        assertTrue(timestamps.add(r.header("x-timestamp")), "a timestamp came twice");
        assertTrue(r.header("x-timestamp").matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z"));
        String expected = hmac("test-signing-secret", r.header("x-timestamp") + "\nPOST\n" + r.target() + "\n", r.body());
        assertEquals(expected, r.header("x-signature"));
        assertEquals("test-api-key-123", r.header("x-api-key"));
        assertEquals("{\"from\":\"usdt\",\"to\":\"ngn\",\"amount\":100.50,\"password\":\"pässword €\"}", new String(r.body(), StandardCharsets.UTF_8));
        assertTrue(r.header("user-agent").matches("wallet-api-sdk-java/" + java.util.regex.Pattern.quote(Version.VERSION) + " java/[0-9][^ ]*"), r.header("user-agent"));
      }
    }
  }

  @Test
  void keepsFieldsTheSpecDoesNotListAndDecimalStringsAsStrings() throws Exception {
    try (RawServer server = new RawServer(0, RawServer.json(200, "", MARKETS), RawServer.json(200, "", SWAP))) {
      WalletApiClient client = server.client().build();
      var ticker = client.listMarkets().get("usdtngn");
      assertEquals("1539.0", ticker.ticker().sell());
      assertEquals("\"12\"", ticker.ticker().additionalProperties().get("vol").toString());
      assertTrue(ticker.additionalProperties().get("newField").booleanValue());
      Swap swap = client.createSwap(CreateSwapParams.builder().from("usdt").to("ngn").amount(1).password("p").build());
      assertEquals("1e-7", swap.additionalProperties().get("rate").asText());
    }
  }

  @Test
  void retriesAGetOnlyWithRetryAfterAndNeverAPost() throws Exception {
    byte[] busy = RawServer.json(503, "retry-after: 0\r\n", "{\"status\":\"error\",\"message\":\"busy\",\"data\":null}");
    RetryPolicy retry = RetryPolicy.builder().attempts(3).initialDelay(Duration.ZERO).maxDelay(Duration.ZERO).build();
    try (RawServer server = new RawServer(0, busy, busy, RawServer.json(200, "", MARKETS))) {
      WalletApiClient client = server.client().retry(retry).build();
      assertFalse(client.listMarkets().isEmpty());
      List<RawServer.Request> sent = server.requests();
      assertEquals(3, sent.size());
      assertEquals(3, sent.stream().map(r -> r.header("x-signature")).distinct().count(), "each retry is signed anew");
    }
    try (RawServer server = new RawServer(0, busy, RawServer.json(200, "", SWAP))) {
      WalletApiClient client = server.client().retry(retry).build();
      ApiException refused = assertThrows(ApiException.class, () -> client.createSwap(CreateSwapParams.builder().from("a").to("b").amount(1).password("p").build()));
      assertEquals(503, refused.httpStatus().getAsInt());
      assertEquals("0", refused.retryAfter().orElseThrow());
      assertEquals(1, server.requests().size());
    }
  }

  @Test
  void aRetryAfterThatIsNeitherDigitsNorADateFallsBackToBackoff() throws Exception {
    for (String value : List.of("1.5", "-1", "abc", "\u00b2")) {
      byte[] busy = RawServer.json(503, "retry-after: " + value + "\r\n", "{\"status\":\"error\",\"message\":\"busy\",\"data\":null}");
      try (RawServer server = new RawServer(0, busy, RawServer.json(200, "", MARKETS))) {
        WalletApiClient client = server.client().retry(RetryPolicy.builder().attempts(2).initialDelay(Duration.ZERO).maxDelay(Duration.ofSeconds(5)).build()).build();
        long started = System.nanoTime();
        assertFalse(client.listMarkets().isEmpty(), value);
        assertEquals(2, server.requests().size(), value);
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(4), "a zero initial delay waited for " + value);
      }
    }
  }

  @Test
  void neverFollowsARedirectAndRefusesAClientThatWould() throws Exception {
    try (RawServer server = new RawServer(0, RawServer.answer(302, "location: http://127.0.0.1:1/elsewhere\r\n", new byte[0]))) {
      InvalidResponseException refused = assertThrows(InvalidResponseException.class, () -> server.client().build().listMarkets());
      assertTrue(refused.getMessage().contains("redirect"));
      assertEquals(1, server.requests().size());
      ConfigurationException wrong = assertThrows(ConfigurationException.class, () -> server.client().httpClient(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build()).build());
      assertTrue(wrong.getMessage().startsWith("httpClient"));
    }
  }

  @Test
  void theSizeCapHoldsAfterDecompression() throws Exception {
    ByteArrayOutputStream zipped = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
      gzip.write(("{\"status\":\"success\",\"message\":\"OK\",\"data\":\"" + "a".repeat(100_000) + "\"}").getBytes(StandardCharsets.UTF_8));
    }
    assertTrue(zipped.size() < 2000);
    try (RawServer server = new RawServer(0, RawServer.answer(200, "content-type: application/json\r\ncontent-encoding: gzip\r\n", zipped.toByteArray()))) {
      InvalidResponseException over = assertThrows(InvalidResponseException.class, () -> server.client().maxResponseBytes(10_000).build().getRates());
      assertTrue(over.getMessage().contains("maxResponseBytes"));
      assertEquals("a".repeat(100_000), server.client().build().getRates().asText());
    }
  }

  @Test
  void aCallsOwnTimeoutEndsIt() throws Exception {
    try (RawServer server = new RawServer(2000, RawServer.json(200, "", MARKETS))) {
      WalletApiClient client = server.client().build();
      TimeoutException late = assertThrows(TimeoutException.class, () -> client.listMarkets(RequestOptions.builder().timeout(Duration.ofMillis(150)).build()));
      assertTrue(late.getMessage().contains("150 ms"));
    }
  }

  @Test
  void cancellingTheFutureAbortsTheCall() throws Exception {
    try (RawServer server = new RawServer(3000, RawServer.json(200, "", MARKETS))) {
      CompletableFuture<?> pending = server.client().build().async().listMarkets();
      TimeUnit.MILLISECONDS.sleep(100);
      assertTrue(pending.cancel(true));
      assertThrows(CancellationException.class, pending::get);
    }
    try (RawServer server = new RawServer(3000, RawServer.json(200, "", MARKETS))) {
      WalletApiClient client = server.client().build();
      Thread caller = Thread.currentThread();
      Thread interrupter = new Thread(() -> {
        try {
          TimeUnit.MILLISECONDS.sleep(100);
        } catch (InterruptedException ignored) {
          return;
        }
        caller.interrupt();
      });
      interrupter.start();
      assertThrows(AbortedException.class, client::listMarkets);
      assertTrue(Thread.interrupted(), "the interrupt flag is set again");
    }
  }

  @Test
  void aFailedAsyncCallCompletesWithTheSameException() throws Exception {
    try (RawServer server = new RawServer(0, RawServer.json(400, "", "{\"status\":\"error\",\"message\":\"bad\",\"data\":null}"))) {
      ExecutionException failed = assertThrows(ExecutionException.class, () -> server.client().build().async().listMarkets().get());
      assertInstanceOf(ApiException.class, failed.getCause());
    }
  }

  @Test
  void aMissingRequiredParameterFailsAtBuildBeforeAnythingIsSent() throws Exception {
    try (RawServer server = new RawServer(0, RawServer.json(200, "", SWAP))) {
      ConfigurationException missing = assertThrows(ConfigurationException.class, () -> CreateSwapParams.builder().from("usdt").to("ngn").amount(1).build());
      assertEquals("CreateSwapParams.password is required: set it on the builder before build()", missing.getMessage());
      assertThrows(ConfigurationException.class, () -> server.client().build().createSwap(null));
      assertEquals(0, server.requests().size());
    }
  }

  @Test
  void wrongOptionsAreNamedNeverQuoted() {
    ConfigurationException https = assertThrows(ConfigurationException.class, () -> WalletApiClient.builder().environment(Environment.PRODUCTION).baseUrl("http://api.example.com").apiKey("k").signer(Signer.hmacSha256("s")).build());
    assertTrue(https.getMessage().contains("baseUrl"));
    ConfigurationException key = assertThrows(ConfigurationException.class, () -> WalletApiClient.builder().environment(Environment.CUSTOM).baseUrl("http://127.0.0.1:1").apiKey("sk_line\nbreak").signer(Signer.hmacSha256("s")).build());
    assertTrue(key.getMessage().contains("apiKey"));
    assertFalse(key.getMessage().contains("sk_line"));
    assertThrows(ConfigurationException.class, () -> RetryPolicy.builder().attempts(0).build());
  }

  @Test
  void noRenderingOfAnErrorShowsWhatTheCallCarried() throws Exception {
    String echo = "{\"status\":\"error\",\"message\":\"key test-api-key-123 password hunter2-customer-pass as %s and account 123456789\",\"data\":null}";
    try (RawServer server = new RawServer(0, RawServer.json(422, "", String.format(echo, "aHVudGVyMi1jdXN0b21lci1wYXNz")))) {
      WalletApiClient client = server.client().build();
      ApiException error = assertThrows(ApiException.class, () -> client.previewLocalPayout(PreviewLocalPayoutParams.builder().amount(1).coin("ngn").accountNumber("0123456789").build()));
      StringWriter trace = new StringWriter();
      error.printStackTrace(new PrintWriter(trace));
      List<String> renderings = List.of(error.getMessage(), error.toString(), trace.toString(), new ObjectMapper().writeValueAsString(error));
      for (String text : renderings) {
        for (String secret : List.of("test-api-key-123", "test-signing-secret", "123456789", server.requests().get(0).header("x-signature"))) {
          assertFalse(text.contains(secret), text);
        }
      }
      assertTrue(error.apiMessage().orElseThrow().contains("test-api-key-123"), "the raw accessor stays raw");
    }
    try (RawServer server = new RawServer(0, RawServer.json(400, "", String.format(echo, "aHVudGVyMi1jdXN0b21lci1wYXNz")))) {
      ApiException error = assertThrows(ApiException.class, () -> server.client().build().createSwap(CreateSwapParams.builder().from("a").to("b").amount(1).password("hunter2-customer-pass").build()));
      assertFalse(error.getMessage().contains("hunter2-customer-pass"));
      assertFalse(error.getMessage().contains("aHVudGVyMi1jdXN0b21lci1wYXNz"), "the base64 of the password");
    }
  }

  @Test
  void noObjectTheClientHandsOutPrintsASecret() throws Exception {
    try (RawServer server = new RawServer(0, RawServer.json(200, "", SWAP))) {
      WalletApiClient client = server.client().build();
      CreateSwapParams params = CreateSwapParams.builder().from("a").to("b").amount(1).password("hunter2-customer-pass").build();
      for (Object o : List.of(client, client.async(), client.withRawResponse(), params, Signer.hmacSha256("test-signing-secret"), server.client(), new SignatureInput("POST", "/x", "{\"password\":\"hunter2-customer-pass\"}".getBytes(StandardCharsets.UTF_8), "t", "test-api-key-123"))) {
        String shown = o.toString();
        for (String secret : List.of("test-api-key-123", "test-signing-secret", "hunter2-customer-pass")) {
          assertFalse(shown.contains(secret), shown);
        }
      }
    }
  }
}
