// Creates a swap (pending) once the user has accepted the quote; confirm or cancel it next.
// Run: java -cp <the client and its jars> examples/operations/createSwap.java
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import walletapi.CreateSwapParams;
import walletapi.WalletApiClient;
import walletapi.models.Swap;

/** Creates a swap (pending) once the user has accepted the quote; confirm or cancel it next. */
class CreateSwap {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    if (args.length != 3) {
      System.err.println("usage: createSwap <from> <to> <amount>");
      System.exit(2);
    }
    // The customer's authorization value, from your backend's authorization flow.
    String password = System.getenv("CUSTOMER_AUTHORIZATION");
    if (password == null || password.isEmpty()) {
      System.err.println("CUSTOMER_AUTHORIZATION is not set");
      System.exit(2);
    }
    // Never retried: a POST moves value and the API has no idempotency key.
    Swap swap = client.createSwap(CreateSwapParams.builder().from(args[0]).to(args[1]).amount(args[2]).password(password).build());
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(swap));
  }
}
