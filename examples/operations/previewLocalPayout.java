// Previews an NGN bank payout (pending, with a transactionId); show it to the end user and submit only after they confirm.
// Run: java -cp <the client and its jars> examples/operations/previewLocalPayout.java
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import walletapi.PreviewLocalPayoutParams;
import walletapi.WalletApiClient;
import walletapi.models.PayoutPreview;

/** Previews an NGN bank payout (pending, with a transactionId); show it to the end user and submit only after they confirm. */
class PreviewLocalPayout {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    if (args.length != 3) {
      System.err.println("usage: previewLocalPayout <amount> <accountNumber> <bankCode>");
      System.exit(2);
    }
    // The account number and bank code are masked in every error and toString(); the call sends them as given.
    PayoutPreview preview = client.previewLocalPayout(PreviewLocalPayoutParams.builder().coin("ngn").amount(args[0]).accountNumber(args[1]).bankCode(args[2]).build());
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(preview));
  }
}
