package walletapi;

/**
 * No answer, or an answer cut short: connection refused or reset, unreadable headers. The
 * transport's exception is not chained (its message may quote what the provider sent); {@link
 * #rawCause()} returns it.
 */
public final class NetworkException extends WalletApiException {
  private static final long serialVersionUID = 1L;

  private final transient Throwable rawCause;

  NetworkException(String message, String operation, int httpStatus, Throwable rawCause) {
    super(message, operation, httpStatus, null, null);
    this.rawCause = rawCause;
  }

  @Override
  public String kind() {
    return "network";
  }

  /** What the transport threw, unmasked (never log it): a method, not a property, so that no serialiser reads it. */
  public Throwable rawCause() {
    return rawCause;
  }
}
