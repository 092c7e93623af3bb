package walletapi;

import java.time.Duration;

/**
 * What changes one call: its timeout (instead of the client's) and its retry policy. Immutable;
 * made by {@link #builder()}.
 */
public final class RequestOptions {
  private static final RequestOptions NONE = new RequestOptions(null, null, false);

  private final Duration timeout;
  private final RetryPolicy retry;
  private final boolean noRetry;

  private RequestOptions(Duration timeout, RetryPolicy retry, boolean noRetry) {
    this.timeout = timeout;
    this.retry = retry;
    this.noRetry = noRetry;
  }

  /** No change: the client's settings. */
  public static RequestOptions none() {
    return NONE;
  }

  static RequestOptions orNone(RequestOptions options) {
    return options == null ? NONE : options;
  }

  /** A builder with nothing changed. */
  public static Builder builder() {
    return new Builder();
  }

  Duration timeout() {
    return timeout;
  }

  RetryPolicy retry() {
    return retry;
  }

  boolean noRetry() {
    return noRetry;
  }

  @Override
  public String toString() {
    return "RequestOptions[timeout=" + timeout + ", retry=" + (noRetry ? "off" : retry) + "]";
  }

  /** Builds {@link RequestOptions}. */
  public static final class Builder {
    private Duration timeout;
    private RetryPolicy retry;
    private boolean noRetry;

    private Builder() {}

    /** This call's timeout per attempt, signing and reading the body included (positive). */
    public Builder timeout(Duration timeout) {
      if (timeout == null || timeout.isZero() || timeout.isNegative()) {
        throw new ConfigurationException("timeout must be a positive duration");
      }
      this.timeout = timeout;
      return this;
    }

    /** This call's retry policy (GETs only); {@code null} turns retries off for it. */
    public Builder retry(RetryPolicy retry) {
      this.retry = retry;
      this.noRetry = retry == null;
      return this;
    }

    /** The options. */
    public RequestOptions build() {
      return new RequestOptions(timeout, retry, noRetry);
    }
  }
}
