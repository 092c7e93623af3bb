package walletapi;

/** The signer failed or returned no valid signature; nothing was sent. What the signer threw is not kept: it may quote secrets. */
public final class SigningException extends WalletApiException {
  private static final long serialVersionUID = 1L;

  SigningException(String message, String operation, int httpStatus, String apiMessage, String retryAfter) {
    super(message, operation, httpStatus, apiMessage, retryAfter);
  }

  @Override
  public String kind() {
    return "signing";
  }
}
