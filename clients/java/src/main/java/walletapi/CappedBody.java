package walletapi;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Reads an answer's body into bytes, at most the client's limit: a body declared larger is not
 * read at all, and one that grows past the limit stops being read; both give {@link #OVER}. A
 * body not complete by the attempt's deadline ends with an {@link HttpTimeoutException} (the
 * request's own timeout covers the wait for the headers only). Notes the status when the headers
 * arrive, so that a failure after them is told apart: an answer that had begun is never retried.
 */
final class CappedBody implements HttpResponse.BodyHandler<byte[]> {
  /** The body of an answer over the limit (compared by identity). */
  static final byte[] OVER = new byte[0];

  /** Ends the reading of a body at its deadline: one daemon thread shared by every client. */
  private static final ScheduledExecutorService DEADLINES;

  static {
    ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(1, runnable -> {
      Thread thread = new Thread(runnable, "walletapi-deadlines");
      thread.setDaemon(true);
      return thread;
    });
    deadlines.setRemoveOnCancelPolicy(true);
    DEADLINES = deadlines;
  }

  private final long limit;
  private final long deadline;
  /** The answer's status once its headers arrived; 0 before. */
  volatile int status;
  /** Whether the body was cut off at the deadline. */
  volatile boolean timedOut;

  CappedBody(long limit, long deadlineNanos) {
    this.limit = limit;
    this.deadline = deadlineNanos;
  }

  @Override
  public HttpResponse.BodySubscriber<byte[]> apply(HttpResponse.ResponseInfo info) {
    status = info.statusCode();
    boolean declaredOver = info.headers().firstValueAsLong("content-length").orElse(-1) > limit;
    return new Subscriber(declaredOver);
  }

  private final class Subscriber implements HttpResponse.BodySubscriber<byte[]> {
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final boolean declaredOver;
    private volatile Flow.Subscription subscription;
    private ScheduledFuture<?> watchdog;
    private long size;

    Subscriber(boolean declaredOver) {
      this.declaredOver = declaredOver;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      this.subscription = subscription;
      if (declaredOver) {
        subscription.cancel();
        result.complete(OVER);
        return;
      }
      watchdog = DEADLINES.schedule(this::late, Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      subscription.request(Long.MAX_VALUE);
    }

    private void late() {
      if (!result.isDone()) {
        timedOut = true;
        subscription.cancel();
        result.completeExceptionally(new HttpTimeoutException("the body did not arrive before the deadline"));
      }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
      if (result.isDone()) {
        return;
      }
      for (ByteBuffer item : items) {
        size += item.remaining();
        if (size > limit) {
          subscription.cancel();
          finish(OVER);
          return;
        }
        if (item.hasArray()) {
          bytes.write(item.array(), item.arrayOffset() + item.position(), item.remaining());
        } else {
          byte[] copy = new byte[item.remaining()];
          item.get(copy);
          bytes.write(copy, 0, copy.length);
        }
      }
    }

    private void finish(byte[] body) {
      if (watchdog != null) {
        watchdog.cancel(false);
      }
      result.complete(body);
    }

    @Override
    public void onError(Throwable failure) {
      if (watchdog != null) {
        watchdog.cancel(false);
      }
      result.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
      finish(bytes.toByteArray());
    }

    @Override
    public CompletionStage<byte[]> getBody() {
      return result;
    }
  }
}
