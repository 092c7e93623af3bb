// Lists the market tickers, keyed by market name: discover markets here, never hard-code them.
// Run: java -cp <the client and its jars> examples/operations/listMarkets.java
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.Map;
import walletapi.WalletApiClient;
import walletapi.models.MarketTicker;

/** Lists the market tickers, keyed by market name: discover markets here, never hard-code them. */
class ListMarkets {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    Map<String, MarketTicker> markets = client.listMarkets();
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(markets));
  }
}
