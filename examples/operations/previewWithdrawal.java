// Previews a crypto withdrawal (pending, with a transactionId) on the coin's first network, after checking the minimum.
// Run: java -cp <the client and its jars> examples/operations/previewWithdrawal.java
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.math.BigDecimal;
import java.util.List;
import walletapi.GetMinimumWithdrawalAmountParams;
import walletapi.ListCoinNetworksParams;
import walletapi.PreviewWithdrawalParams;
import walletapi.WalletApiClient;
import walletapi.models.MinimumWithdrawal;
import walletapi.models.Network;
import walletapi.models.WithdrawalPreview;

/** Previews a crypto withdrawal (pending, with a transactionId) on the coin's first network, after checking the minimum. */
class PreviewWithdrawal {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    if (args.length != 3) {
      System.err.println("usage: previewWithdrawal <coin> <amount> <receiverAddress>");
      System.exit(2);
    }
    String coin = args[0];
    BigDecimal amount = new BigDecimal(args[1]);
    List<Network> networks = client.listCoinNetworks(ListCoinNetworksParams.builder().coin(coin).build());
    if (networks.isEmpty()) {
      System.err.println(coin + " has no network in this environment");
      System.exit(1);
    }
    MinimumWithdrawal minimum = client.getMinimumWithdrawalAmount(GetMinimumWithdrawalAmountParams.builder().coin(coin).build());
    if (amount.compareTo(minimum.minimumAmount()) < 0) {
      System.err.println("the minimum withdrawal of " + coin + " is " + minimum.minimumAmount());
      System.exit(1);
    }
    // preview.transactionId() names the pending transaction: getTransaction follows it.
    WithdrawalPreview preview = client.previewWithdrawal(PreviewWithdrawalParams.builder().coin(coin).chain(networks.get(0).reference()).amount(amount).receiverAddress(args[2]).build());
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(preview));
  }
}
