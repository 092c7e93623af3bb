// Reads one transaction; its shape is not published, so the data is JSON.
// Run: java -cp <the client and its jars> examples/operations/getTransaction.java
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import walletapi.GetTransactionParams;
import walletapi.WalletApiClient;

/** Reads one transaction; its shape is not published, so the data is JSON. */
class GetTransaction {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    if (args.length != 1) {
      System.err.println("usage: getTransaction <transactionId>");
      System.exit(2);
    }
    JsonNode transaction = client.getTransaction(GetTransactionParams.builder().id(args[0]).build());
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(transaction));
  }
}
