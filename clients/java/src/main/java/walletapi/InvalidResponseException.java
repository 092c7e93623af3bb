package walletapi;

/** The answer is not the envelope (not JSON, empty, another shape, not UTF-8), not the data the spec describes, a redirect (never followed), or over the size limit (after decompression too). */
public final class InvalidResponseException extends WalletApiException {
  private static final long serialVersionUID = 1L;

  InvalidResponseException(String message, String operation, int httpStatus, String apiMessage, String retryAfter) {
    super(message, operation, httpStatus, apiMessage, retryAfter);
  }

  @Override
  public String kind() {
    return "invalid-response";
  }
}
