// Looks up a deposit address for a coin on one of its networks; its shape is not published, so the data is JSON.
// Run: java -cp <the client and its jars> examples/operations/getDepositAddress.java
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.List;
import walletapi.GetDepositAddressParams;
import walletapi.ListCoinNetworksParams;
import walletapi.WalletApiClient;
import walletapi.models.Network;

/** Looks up a deposit address for a coin on one of its networks; its shape is not published, so the data is JSON. */
class GetDepositAddress {
  public static void main(String[] args) throws Exception {
    // Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
    // production with the https address issued at onboarding, or custom for the local sandbox),
    // WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
    WalletApiClient client = WalletApiClient.fromEnv();
    if (args.length != 1) {
      System.err.println("usage: getDepositAddress <coin>");
      System.exit(2);
    }
    String coin = args[0];
    List<Network> networks = client.listCoinNetworks(ListCoinNetworksParams.builder().coin(coin).build());
    if (networks.isEmpty()) {
      System.err.println(coin + " has no network in this environment");
      System.exit(1);
    }
    JsonNode address = client.getDepositAddress(GetDepositAddressParams.builder().coin(coin).chain(networks.get(0).reference()).build());
    ObjectMapper json = JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(address));
  }
}
