package walletapi;

/** The caller cancelled the call: the calling thread was interrupted (its interrupt flag is set again), or the future of an async call was cancelled. */
public final class AbortedException extends WalletApiException {
  private static final long serialVersionUID = 1L;

  AbortedException(String message, String operation, int httpStatus, String apiMessage, String retryAfter) {
    super(message, operation, httpStatus, apiMessage, retryAfter);
  }

  @Override
  public String kind() {
    return "aborted";
  }
}
