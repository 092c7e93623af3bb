// Lists the networks a coin can use; a network's reference is the chain value of other calls.
// Run: java -cp <the client and its jars> examples/operations/listCoinNetworks.java
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.List;
import walletapi.ListCoinNetworksParams;
import walletapi.WalletApiClient;
import walletapi.models.Network;

/** Lists the networks a coin can use; a network's reference is the chain value of other calls. */
class ListCoinNetworks {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    if (args.length != 1) {
      System.err.println("usage: listCoinNetworks <coin>");
      System.exit(2);
    }
    List<Network> networks = client.listCoinNetworks(ListCoinNetworksParams.builder().coin(args[0]).build());
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(networks));
  }
}
