package walletapi;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Reads an answer's body into bytes, at most the client's limit: a body declared larger is not
 * read at all, and one that grows past the limit stops being read; both give {@link #OVER}.
 * Notes the status when the headers arrive, so that a failure after them is told apart (an
 * answer that had begun is never retried).
 */
final class CappedBody implements HttpResponse.BodyHandler<byte[]> {
  /** The body of an answer over the limit (compared by identity). */
  static final byte[] OVER = new byte[0];

  private final long limit;
  /** The answer's status once its headers arrived; 0 before. */
  volatile int status;

  CappedBody(long limit) {
    this.limit = limit;
  }

  @Override
  public HttpResponse.BodySubscriber<byte[]> apply(HttpResponse.ResponseInfo info) {
    status = info.statusCode();
    boolean declaredOver = info.headers().firstValueAsLong("content-length").orElse(-1) > limit;
    return new Subscriber(limit, declaredOver);
  }

  private static final class Subscriber implements HttpResponse.BodySubscriber<byte[]> {
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final long limit;
    private final boolean declaredOver;
    private Flow.Subscription subscription;
    private long size;

    Subscriber(long limit, boolean declaredOver) {
      this.limit = limit;
      this.declaredOver = declaredOver;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      this.subscription = subscription;
      if (declaredOver) {
        subscription.cancel();
        result.complete(OVER);
      } else {
        subscription.request(Long.MAX_VALUE);
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
          result.complete(OVER);
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

    @Override
    public void onError(Throwable failure) {
      result.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
      result.complete(bytes.toByteArray());
    }

    @Override
    public CompletionStage<byte[]> getBody() {
      return result;
    }
  }
}
