// Quotes a swap; every value of the quote is a decimal string, kept as sent.
// Run: java -cp <the client and its jars> examples/operations/getSwapQuote.java
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import walletapi.GetSwapQuoteParams;
import walletapi.WalletApiClient;
import walletapi.models.SwapQuote;

/** Quotes a swap; every value of the quote is a decimal string, kept as sent. */
class GetSwapQuote {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    if (args.length != 3) {
      System.err.println("usage: getSwapQuote <from> <to> <amount>");
      System.exit(2);
    }
    SwapQuote quote = client.getSwapQuote(GetSwapQuoteParams.builder().from(args[0]).to(args[1]).amount(args[2]).build());
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(quote));
  }
}
