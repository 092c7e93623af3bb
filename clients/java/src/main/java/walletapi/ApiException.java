package walletapi;

/** The provider answered with the error envelope (any status but a redirect, a 200 with status {@code error} included): {@link #httpStatus()}, {@link #apiMessage()}, {@link #retryAfter()}. */
public final class ApiException extends WalletApiException {
  private static final long serialVersionUID = 1L;

  ApiException(String message, String operation, int httpStatus, String apiMessage, String retryAfter) {
    super(message, operation, httpStatus, apiMessage, retryAfter);
  }

  @Override
  public String kind() {
    return "api";
  }
}
