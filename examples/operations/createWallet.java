// Creates a wallet for a supported asset reference (discovered, not hard-coded).
// Run: java -cp <the client and its jars> examples/operations/createWallet.java
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import walletapi.CreateWalletParams;
import walletapi.WalletApiClient;
import walletapi.models.CreatedWallet;

/** Creates a wallet for a supported asset reference (discovered, not hard-coded). */
class CreateWallet {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: createWallet <token> [name]");
      System.exit(2);
    }
    CreateWalletParams.Builder params = CreateWalletParams.builder().token(args[0]);
    if (args.length > 1) {
      params.name(args[1]); // at most 80 characters
    }
    CreatedWallet wallet = client.createWallet(params.build());
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(wallet));
  }
}
