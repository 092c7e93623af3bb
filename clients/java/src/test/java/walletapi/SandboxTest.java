package walletapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import walletapi.models.MarketTicker;
import walletapi.models.Swap;
import walletapi.models.SwapQuote;
import walletapi.models.SwapStateChange;
import walletapi.models.Transaction;
import walletapi.models.TransactionPage;
import walletapi.models.WithdrawalPreview;

/** The client against the sandbox (one per run, replay guard on): the flows an integrator writes. */
class SandboxTest {
  private WalletApiClient client;

  @BeforeEach
  void reset() throws Exception {
    client = Sandbox.client();
    String timestamp = Timestamps.next(Clock.systemUTC());
    String signature = Signer.hmacSha256(Sandbox.SECRET).sign(new SignatureInput("POST", "/sandbox/reset", new byte[0], timestamp, Sandbox.API_KEY));
    HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(Sandbox.url() + "/sandbox/reset"))
        .header("x-api-key", Sandbox.API_KEY).header("x-timestamp", timestamp).header("x-signature", signature)
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    assertEquals(200, answer.statusCode(), answer.body());
  }

  @Test
  void discoversQuotesCreatesAndConfirmsASwap() {
    Map<String, MarketTicker> markets = client.listMarkets();
    assertFalse(markets.isEmpty());
    String market = markets.keySet().iterator().next();
    assertNotNull(markets.get(market).ticker().sell());
    SwapQuote quote = client.getSwapQuote(GetSwapQuoteParams.builder().from("usdt").to("ngn").amount(100).build());
    assertEquals("NGN", quote.quotedCurrency());
    Swap swap = client.createSwap(CreateSwapParams.builder().from("usdt").to("ngn").amount("100").password("customer-authorization-value").build());
    assertEquals("pending", swap.status());
    SwapStateChange confirmed = client.confirmSwap(ConfirmSwapParams.builder().id(swap.id()).build());
    assertEquals("confirmed", confirmed.status());
    assertEquals(swap.id(), confirmed.id());
  }

  @Test
  void twoHundredIdenticalGetsAreEachSignedAnew() throws Exception {
    // The sandbox refuses a replayed signature with 401: every call must carry its own timestamp,
    // even from a clock that does not move between them.
    WalletApiClient still = WalletApiClient.builder().environment(Environment.CUSTOM).baseUrl(Sandbox.url()).apiKey(Sandbox.API_KEY).signer(Signer.hmacSha256(Sandbox.SECRET)).clock(Clock.fixed(java.time.Instant.now(), java.time.ZoneOffset.UTC)).build();
    for (int i = 0; i < 200; i++) {
      still.listMarkets();
    }
  }

  @Test
  void autoPagerWalksEveryPageOnce() {
    for (int i = 0; i < 5; i++) {
      WithdrawalPreview preview = client.previewWithdrawal(PreviewWithdrawalParams.builder().chain("ethereum").amount(25).coin("usdt").receiverAddress("0x8ba1f109551bD432803012645Ac136ddd64DBA72").build());
      assertEquals("pending", preview.status());
    }
    TransactionPager pager = client.autoPager(ListTransactionsParams.builder().limit(2).build());
    List<TransactionPage> pages = pager.pageStream().collect(Collectors.toList());
    assertEquals(3, pages.size());
    List<Transaction> all = pager.stream().collect(Collectors.toList());
    assertEquals(5, all.size());
    Set<String> ids = new HashSet<>();
    for (Transaction t : pager) {
      ids.add(t.id());
    }
    assertEquals(5, ids.size());
  }

  @Test
  void asyncAndRawGiveTheSameData() throws Exception {
    RawResponse<Map<String, MarketTicker>> raw = client.withRawResponse().listMarkets();
    Map<String, MarketTicker> async = client.async().listMarkets().get();
    assertEquals(200, raw.statusCode());
    assertTrue(raw.headers().firstValue("content-type").orElse("").startsWith("application/json"));
    // The same markets and prices; each ticker's `at` is the sandbox's current second, so the
    // later call may carry the next one, never an earlier one.
    assertEquals(raw.data().keySet(), async.keySet());
    for (Map.Entry<String, MarketTicker> market : raw.data().entrySet()) {
      MarketTicker later = async.get(market.getKey());
      assertEquals(market.getValue().ticker(), later.ticker(), market.getKey());
      assertEquals(market.getValue().additionalProperties(), later.additionalProperties(), market.getKey());
      assertTrue(later.at() >= market.getValue().at(), market.getKey() + ": at went back from " + market.getValue().at() + " to " + later.at());
    }
  }

  @Test
  void aWrongSignatureIsTheProvidersRefusal() throws Exception {
    WalletApiClient wrong = WalletApiClient.builder().environment(Environment.CUSTOM).baseUrl(Sandbox.url()).apiKey(Sandbox.API_KEY).signer(Signer.hmacSha256("another-secret")).build();
    ApiException refused = assertThrows(ApiException.class, wrong::listMarkets);
    assertEquals(401, refused.httpStatus().getAsInt());
    assertTrue(refused.apiMessage().isPresent());
  }

  @Test
  void fromEnvReadsTheFourVariables() throws Exception {
    WalletApiClient fromEnv = WalletApiClient.builder().fromEnv(Map.of("WALLET_API_ENVIRONMENT", "custom", "WALLET_API_BASE_URL", Sandbox.url(), "WALLET_API_KEY", Sandbox.API_KEY, "WALLET_API_SIGNING_SECRET", Sandbox.SECRET)).build();
    assertFalse(fromEnv.listMarkets().isEmpty());
    ConfigurationException missing = assertThrows(ConfigurationException.class, () -> WalletApiClient.builder().fromEnv(Map.of("WALLET_API_ENVIRONMENT", "custom", "WALLET_API_BASE_URL", "http://127.0.0.1:1", "WALLET_API_KEY", "k")).build());
    assertTrue(missing.getMessage().contains("WALLET_API_SIGNING_SECRET"));
  }
}
