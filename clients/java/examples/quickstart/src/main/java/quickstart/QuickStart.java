package quickstart;

import java.util.Map;
import walletapi.ApiException;
import walletapi.ConfirmSwapParams;
import walletapi.CreateSwapParams;
import walletapi.GetSwapQuoteParams;
import walletapi.WalletApiClient;
import walletapi.WalletApiException;
import walletapi.models.MarketTicker;
import walletapi.models.Swap;
import walletapi.models.SwapQuote;
import walletapi.models.SwapStateChange;

/** The quick start of docs/java.md: discover a market, quote, create and confirm a swap. */
public final class QuickStart {
  private QuickStart() {}

  public static void main(String[] args) {
    // WALLET_API_ENVIRONMENT, WALLET_API_BASE_URL, WALLET_API_KEY, WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    try {
      Map<String, MarketTicker> markets = client.listMarkets();
      System.out.println("markets: " + markets.keySet());
      SwapQuote quote = client.getSwapQuote(GetSwapQuoteParams.builder().from("usdt").to("ngn").amount("100").build());
      System.out.println("quote: " + quote.toAmount() + " " + quote.quotedCurrency());
      // The customer's authorization value, from your backend's authorization flow.
      String password = System.getenv("CUSTOMER_AUTHORIZATION");
      Swap swap = client.createSwap(CreateSwapParams.builder().from("usdt").to("ngn").amount("100").password(password).build());
      SwapStateChange confirmed = client.confirmSwap(ConfirmSwapParams.builder().id(swap.id()).build());
      System.out.println("swap " + confirmed.id() + ": " + confirmed.status());
    } catch (ApiException refused) {
      System.err.println("the provider refused: HTTP " + refused.httpStatus().orElse(0) + " " + refused.getMessage());
      System.exit(1);
    } catch (WalletApiException failed) {
      System.err.println(failed.kind() + ": " + failed.getMessage());
      System.exit(1);
    }
  }
}
