package walletapi;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Retries of GETs (never POSTs: they move value and the API has no idempotency key) after a
 * failure before the answer's headers, a timeout, or one of the listed statuses, with
 * exponential backoff and jitter in [50 %, 100 %] of min(maxDelay, initialDelay × 2^(n−1)), or
 * the {@code Retry-After} of a 429 or 503 (whole seconds or an HTTP date) capped by maxDelay.
 * Every attempt is signed anew, with a new timestamp. Immutable; made by {@link #builder()}.
 */
public final class RetryPolicy {
  /** The statuses retried when none are given. */
  public static final Set<Integer> DEFAULT_STATUSES = Set.of(429, 502, 503, 504);
  /** The first backoff step when none is given. */
  public static final Duration DEFAULT_INITIAL_DELAY = Duration.ofMillis(100);
  /** The cap of every wait when none is given. */
  public static final Duration DEFAULT_MAX_DELAY = Duration.ofSeconds(2);

  private final int attempts;
  private final Duration initialDelay;
  private final Duration maxDelay;
  private final Set<Integer> statuses;

  private RetryPolicy(Builder b) {
    this.attempts = b.attempts;
    this.initialDelay = b.initialDelay;
    this.maxDelay = b.maxDelay;
    this.statuses = b.statuses;
  }

  /** A builder: attempts is required. */
  public static Builder builder() {
    return new Builder();
  }

  /** The most requests one call sends, the first included. */
  public int attempts() {
    return attempts;
  }

  /** The first backoff step (zero: no wait). */
  public Duration initialDelay() {
    return initialDelay;
  }

  /** The cap of every wait, Retry-After included. */
  public Duration maxDelay() {
    return maxDelay;
  }

  /** The statuses retried. */
  public Set<Integer> statuses() {
    return statuses;
  }

  @Override
  public String toString() {
    return "RetryPolicy[attempts=" + attempts + ", initialDelay=" + initialDelay.toMillis() + " ms, maxDelay=" + maxDelay.toMillis() + " ms, statuses=" + new TreeSet<>(statuses) + "]";
  }

  /** Builds a {@link RetryPolicy}. */
  public static final class Builder {
    private int attempts;
    private Duration initialDelay = DEFAULT_INITIAL_DELAY;
    private Duration maxDelay = DEFAULT_MAX_DELAY;
    private Set<Integer> statuses = DEFAULT_STATUSES;

    private Builder() {}

    /** The most requests one call sends, the first included (at least 1). */
    public Builder attempts(int attempts) {
      this.attempts = attempts;
      return this;
    }

    /** The first backoff step (default 100 ms; zero means waits of zero). */
    public Builder initialDelay(Duration initialDelay) {
      this.initialDelay = initialDelay;
      return this;
    }

    /** The cap of every wait (default 2 s). */
    public Builder maxDelay(Duration maxDelay) {
      this.maxDelay = maxDelay;
      return this;
    }

    /** The statuses retried (default 429, 502, 503, 504). */
    public Builder statuses(Integer... statuses) {
      this.statuses = statuses == null ? null : Set.copyOf(List.of(statuses));
      return this;
    }

    /** The policy, or a {@link ConfigurationException} naming the setting that is wrong. */
    public RetryPolicy build() {
      if (attempts < 1) {
        throw new ConfigurationException("retry.attempts must be a whole number of at least 1");
      }
      if (initialDelay == null || initialDelay.isNegative()) {
        throw new ConfigurationException("retry.initialDelay must be zero or positive");
      }
      if (maxDelay == null || maxDelay.isNegative()) {
        throw new ConfigurationException("retry.maxDelay must be zero or positive");
      }
      if (initialDelay.compareTo(maxDelay) > 0) {
        throw new ConfigurationException("retry.initialDelay must not exceed retry.maxDelay");
      }
      if (statuses == null) {
        throw new ConfigurationException("retry.statuses must be HTTP statuses (100 to 599)");
      }
      for (Integer s : statuses) {
        if (s == null || s < 100 || s > 599) {
          throw new ConfigurationException("retry.statuses must be HTTP statuses (100 to 599)");
        }
      }
      return new RetryPolicy(this);
    }
  }
}
