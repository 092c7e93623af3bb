package walletapi;

/**
 * An option of the client's builder, of a call, or a required parameter is wrong or missing;
 * nothing was sent. The message names the option, never a secret's value.
 */
public final class ConfigurationException extends WalletApiException {
  private static final long serialVersionUID = 1L;

  ConfigurationException(String message) {
    super(message, null, 0, null, null);
  }

  ConfigurationException(String message, String operation) {
    super(message, operation, 0, null, null);
  }

  @Override
  public String kind() {
    return "configuration";
  }
}
