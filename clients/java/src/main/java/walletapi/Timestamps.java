package walletapi;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The x-timestamp of every request of the process: ISO 8601 UTC with milliseconds, each one
 * later than the last issued (the last plus 1 ms when the clock has not moved past it), so that
 * no two requests, retries included, carry the same timestamp and signature.
 */
final class Timestamps {
  private static final AtomicLong LAST = new AtomicLong(Long.MIN_VALUE);
  private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private Timestamps() {}

  /** The next timestamp, read from {@code clock}, distinct process-wide. */
  static String next(Clock clock) {
    long now = clock.millis();
    long issued = LAST.updateAndGet(last -> Math.max(now, last + 1));
    return FORMAT.format(Instant.ofEpochMilli(issued));
  }
}
