package walletapi;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * The one (unchecked) exception type of the client; each kind of failure is a subclass:
 * {@link ApiException}, {@link InvalidResponseException}, {@link NetworkException},
 * {@link TimeoutException}, {@link AbortedException}, {@link SigningException},
 * {@link ConfigurationException}.
 *
 * <p>Its message, {@code toString()}, stack trace and a Jackson serialisation never contain the
 * API key, the signing secret, a signature or what the request carried in a protected field
 * (password, account number, address, …), even when the provider echoes them: those are masked
 * (docs/privacy.md). {@link #apiMessage()} and {@link #retryAfter()} hold what the provider sent,
 * unmasked: print the exception, not them. No cause is chained (a transport's message may quote
 * what the provider sent); {@link NetworkException#rawCause()} returns it.
 */
public abstract class WalletApiException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String operation;
  private final int httpStatus;
  private final transient String apiMessage;
  private final transient String retryAfter;

  WalletApiException(String message, String operation, int httpStatus, String apiMessage, String retryAfter) {
    // No suppression and a stack trace of the caller's: a plain unchecked exception.
    super(message, null, true, true);
    this.operation = operation;
    this.httpStatus = httpStatus;
    this.apiMessage = apiMessage;
    this.retryAfter = retryAfter;
  }

  /** The kind of failure, as the conformance kit and the other clients name it ({@code "api"}, {@code "timeout"}, …). */
  public abstract String kind();

  /** {@code "METHOD /path/template"} of the call ({@code "POST /api/v1/swaps"}); empty for an error of the client's builder. */
  public String operation() {
    return operation == null ? "" : operation;
  }

  /** The answer's HTTP status, when an answer arrived. */
  public OptionalInt httpStatus() {
    return httpStatus == 0 ? OptionalInt.empty() : OptionalInt.of(httpStatus);
  }

  /** The error envelope's message exactly as the provider sent it (unmasked: never log it). */
  public Optional<String> apiMessage() {
    return Optional.ofNullable(apiMessage);
  }

  /** The answer's {@code Retry-After} header exactly as sent, when it had one (unmasked). */
  public Optional<String> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
