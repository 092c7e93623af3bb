package walletapi;

/**
 * The client's operations returning the answer as received ({@link
 * WalletApiClient#withRawResponse()}): status, headers and body bytes, with the data parsed.
 * A failed call throws the same {@link WalletApiException} as the blocking methods.
 */
public final class RawWalletApiClient extends RawOperations {
  private final Engine engine;

  RawWalletApiClient(Engine engine) {
    this.engine = engine;
  }

  @Override
  <T> RawResponse<T> execute(Operation<T> operation, RequestParts parts, RequestOptions options) {
    return engine.call(operation, parts, options);
  }

  @Override
  public String toString() {
    return "RawWalletApiClient[environment=" + engine.settings.environment().wireName() + ", baseUrl=" + engine.settings.baseUrl() + "]";
  }
}
