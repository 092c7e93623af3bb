// Reads one page of the transaction history, then walks every page with the auto-pager.
// Run: java -cp <the client and its jars> examples/operations/listTransactions.java
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.HashSet;
import java.util.Set;
import walletapi.ListTransactionsParams;
import walletapi.WalletApiClient;
import walletapi.models.Transaction;
import walletapi.models.TransactionPage;

/** Reads one page of the transaction history, then walks every page with the auto-pager. */
class ListTransactions {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    // One page: page, pages, limit, total and its records.
    TransactionPage page = client.listTransactions(ListTransactionsParams.builder().limit(50).build());
    // Every record, page after page; a record created meanwhile may come twice: skip by id.
    Set<String> walked = new HashSet<>();
    for (Transaction transaction : client.autoPager(ListTransactionsParams.builder().limit(50).build())) {
      walked.add(transaction.id());
    }
    System.err.println("walked " + walked.size() + " of " + page.total() + " transactions");
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(page));
  }
}
