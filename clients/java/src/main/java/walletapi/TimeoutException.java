package walletapi;

/** No complete answer within the timeout (the client's or the call's), signing included. */
public final class TimeoutException extends WalletApiException {
  private static final long serialVersionUID = 1L;

  TimeoutException(String message, String operation, int httpStatus, String apiMessage, String retryAfter) {
    super(message, operation, httpStatus, apiMessage, retryAfter);
  }

  @Override
  public String kind() {
    return "timeout";
  }
}
