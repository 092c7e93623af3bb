package walletapi;

import java.util.concurrent.CompletableFuture;

/**
 * The client's operations as futures ({@link WalletApiClient#async()}): each call runs on the
 * client's executor and completes its future with the answer's {@code data}, or exceptionally
 * with a {@link WalletApiException}. Cancelling the future aborts the call.
 */
public final class AsyncWalletApiClient extends AsyncOperations {
  private final Engine engine;

  AsyncWalletApiClient(Engine engine) {
    this.engine = engine;
  }

  @Override
  <T> CompletableFuture<T> execute(Operation<T> operation, RequestParts parts, RequestOptions options) {
    CompletableFuture<RawResponse<T>> raw = engine.callAsync(operation, parts, options);
    CompletableFuture<T> data = raw.thenApply(RawResponse::data);
    // Cancelling the future the caller holds cancels the call.
    CompletableFuture<?> unused = data.whenComplete((value, failure) -> {
      if (data.isCancelled()) {
        raw.cancel(true);
      }
    });
    return data;
  }

  @Override
  public String toString() {
    return "AsyncWalletApiClient[environment=" + engine.settings.environment().wireName() + ", baseUrl=" + engine.settings.baseUrl() + "]";
  }
}
