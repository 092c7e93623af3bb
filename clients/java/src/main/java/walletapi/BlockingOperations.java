// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The API's operations, one method per operationId; each returns the answer's {@code data}, or throws a {@link WalletApiException}. */
public abstract class BlockingOperations {
  BlockingOperations() {}

  abstract <T> T execute(Operation<T> operation, RequestParts parts, RequestOptions options);

  /** POST /api/v1/wallets/preview-withdraw. Preview a crypto withdrawal Previews a crypto withdrawal. Coin and chain are discovered values. The minimum withdrawal amount depends on the coin and is read from {@code GET /api/v1/wallets/minimum-withdrawal-amount}. The preview is {@code pending} with a {@code transactionId}: show it to the end user and submit only after they confirm. */
  public final walletapi.models.WithdrawalPreview previewWithdrawal(PreviewWithdrawalParams params) {
    return execute(Operations.PREVIEW_WITHDRAWAL, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** POST /api/v1/wallets/preview-withdraw. Preview a crypto withdrawal Previews a crypto withdrawal. Coin and chain are discovered values. The minimum withdrawal amount depends on the coin and is read from {@code GET /api/v1/wallets/minimum-withdrawal-amount}. The preview is {@code pending} with a {@code transactionId}: show it to the end user and submit only after they confirm. */
  public final walletapi.models.WithdrawalPreview previewWithdrawal(PreviewWithdrawalParams params, RequestOptions options) {
    return execute(Operations.PREVIEW_WITHDRAWAL, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** POST /api/v1/wallets/preview-withdraw-local-transfer. Preview an NGN bank payout Previews an NGN bank payout (coin {@code ngn}). The preview is {@code pending} with a {@code transactionId}: show it to the end user and submit only after they confirm. {@code bankCode} comes from the integrator's approved payout bank-code source. */
  public final walletapi.models.PayoutPreview previewLocalPayout(PreviewLocalPayoutParams params) {
    return execute(Operations.PREVIEW_LOCAL_PAYOUT, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** POST /api/v1/wallets/preview-withdraw-local-transfer. Preview an NGN bank payout Previews an NGN bank payout (coin {@code ngn}). The preview is {@code pending} with a {@code transactionId}: show it to the end user and submit only after they confirm. {@code bankCode} comes from the integrator's approved payout bank-code source. */
  public final walletapi.models.PayoutPreview previewLocalPayout(PreviewLocalPayoutParams params, RequestOptions options) {
    return execute(Operations.PREVIEW_LOCAL_PAYOUT, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** GET /api/v1/wallets. List wallets Lists the wallets of the integration. No parameters. */
  public final java.util.List<walletapi.models.Wallet> listWallets() {
    return execute(Operations.LIST_WALLETS, new RequestParts(), RequestOptions.none());
  }

  /** GET /api/v1/wallets. List wallets Lists the wallets of the integration. No parameters. */
  public final java.util.List<walletapi.models.Wallet> listWallets(RequestOptions options) {
    return execute(Operations.LIST_WALLETS, new RequestParts(), RequestOptions.orNone(options));
  }

  /** POST /api/v1/wallets/generate-wallet. Create a wallet Creates a wallet for a supported asset reference (discovered, not hard-coded). The name is at most 80 characters. */
  public final walletapi.models.CreatedWallet createWallet(CreateWalletParams params) {
    return execute(Operations.CREATE_WALLET, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** POST /api/v1/wallets/generate-wallet. Create a wallet Creates a wallet for a supported asset reference (discovered, not hard-coded). The name is at most 80 characters. */
  public final walletapi.models.CreatedWallet createWallet(CreateWalletParams params, RequestOptions options) {
    return execute(Operations.CREATE_WALLET, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** GET /api/v1/wallets/deposit-address. Get a deposit address Looks up the deposit address for a coin on a chain taken from the network list. */
  public final com.fasterxml.jackson.databind.JsonNode getDepositAddress(GetDepositAddressParams params) {
    return execute(Operations.GET_DEPOSIT_ADDRESS, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** GET /api/v1/wallets/deposit-address. Get a deposit address Looks up the deposit address for a coin on a chain taken from the network list. */
  public final com.fasterxml.jackson.databind.JsonNode getDepositAddress(GetDepositAddressParams params, RequestOptions options) {
    return execute(Operations.GET_DEPOSIT_ADDRESS, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** GET /api/v1/wallets/markets. List markets Market tickers keyed by market name, for market display and rate checks. No parameters. */
  public final java.util.Map<String, walletapi.models.MarketTicker> listMarkets() {
    return execute(Operations.LIST_MARKETS, new RequestParts(), RequestOptions.none());
  }

  /** GET /api/v1/wallets/markets. List markets Market tickers keyed by market name, for market display and rate checks. No parameters. */
  public final java.util.Map<String, walletapi.models.MarketTicker> listMarkets(RequestOptions options) {
    return execute(Operations.LIST_MARKETS, new RequestParts(), RequestOptions.orNone(options));
  }

  /** GET /api/v1/wallets/minimum-withdrawal-amount. Get the minimum withdrawal amount The minimum withdrawal amount depends on the coin and is read here before a withdrawal preview. */
  public final walletapi.models.MinimumWithdrawal getMinimumWithdrawalAmount(GetMinimumWithdrawalAmountParams params) {
    return execute(Operations.GET_MINIMUM_WITHDRAWAL_AMOUNT, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** GET /api/v1/wallets/minimum-withdrawal-amount. Get the minimum withdrawal amount The minimum withdrawal amount depends on the coin and is read here before a withdrawal preview. */
  public final walletapi.models.MinimumWithdrawal getMinimumWithdrawalAmount(GetMinimumWithdrawalAmountParams params, RequestOptions options) {
    return execute(Operations.GET_MINIMUM_WITHDRAWAL_AMOUNT, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** GET /api/v1/utils/{coin}/networks. List the networks of a coin The networks of a coin. Each {@code reference} is the chain value used for crypto deposit addresses. */
  public final java.util.List<walletapi.models.Network> listCoinNetworks(ListCoinNetworksParams params) {
    return execute(Operations.LIST_COIN_NETWORKS, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** GET /api/v1/utils/{coin}/networks. List the networks of a coin The networks of a coin. Each {@code reference} is the chain value used for crypto deposit addresses. */
  public final java.util.List<walletapi.models.Network> listCoinNetworks(ListCoinNetworksParams params, RequestOptions options) {
    return execute(Operations.LIST_COIN_NETWORKS, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** GET /api/v1/utils/rates. Get rates Referred to as a source of supported assets. */
  public final com.fasterxml.jackson.databind.JsonNode getRates() {
    return execute(Operations.GET_RATES, new RequestParts(), RequestOptions.none());
  }

  /** GET /api/v1/utils/rates. Get rates Referred to as a source of supported assets. */
  public final com.fasterxml.jackson.databind.JsonNode getRates(RequestOptions options) {
    return execute(Operations.GET_RATES, new RequestParts(), RequestOptions.orNone(options));
  }

  /** GET /api/v1/swaps/quotes. Get a swap quote Quotes a swap between two supported assets. Show the quote to the end user and create the swap only after they confirm it. */
  public final walletapi.models.SwapQuote getSwapQuote(GetSwapQuoteParams params) {
    return execute(Operations.GET_SWAP_QUOTE, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** GET /api/v1/swaps/quotes. Get a swap quote Quotes a swap between two supported assets. Show the quote to the end user and create the swap only after they confirm it. */
  public final walletapi.models.SwapQuote getSwapQuote(GetSwapQuoteParams params, RequestOptions options) {
    return execute(Operations.GET_SWAP_QUOTE, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** GET /api/v1/swaps/market. Get the swap market Listed as a swap endpoint. */
  public final com.fasterxml.jackson.databind.JsonNode getSwapMarket() {
    return execute(Operations.GET_SWAP_MARKET, new RequestParts(), RequestOptions.none());
  }

  /** GET /api/v1/swaps/market. Get the swap market Listed as a swap endpoint. */
  public final com.fasterxml.jackson.databind.JsonNode getSwapMarket(RequestOptions options) {
    return execute(Operations.GET_SWAP_MARKET, new RequestParts(), RequestOptions.orNone(options));
  }

  /** POST /api/v1/swaps. Create a swap Creates a swap after the end user has confirmed the quote. The swap is {@code pending}; its {@code id} is used to confirm or cancel it. Not retried automatically: it moves value and the interface has no idempotency key. */
  public final walletapi.models.Swap createSwap(CreateSwapParams params) {
    return execute(Operations.CREATE_SWAP, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** POST /api/v1/swaps. Create a swap Creates a swap after the end user has confirmed the quote. The swap is {@code pending}; its {@code id} is used to confirm or cancel it. Not retried automatically: it moves value and the interface has no idempotency key. */
  public final walletapi.models.Swap createSwap(CreateSwapParams params, RequestOptions options) {
    return execute(Operations.CREATE_SWAP, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** POST /api/v1/swaps/{id}/confirm. Confirm a swap Moves a pending swap of the caller to {@code confirmed}. No body. The response carries the id and status. */
  public final walletapi.models.SwapStateChange confirmSwap(ConfirmSwapParams params) {
    return execute(Operations.CONFIRM_SWAP, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** POST /api/v1/swaps/{id}/confirm. Confirm a swap Moves a pending swap of the caller to {@code confirmed}. No body. The response carries the id and status. */
  public final walletapi.models.SwapStateChange confirmSwap(ConfirmSwapParams params, RequestOptions options) {
    return execute(Operations.CONFIRM_SWAP, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** POST /api/v1/swaps/{id}/cancel. Cancel a swap Moves a pending swap of the caller to {@code cancelled}. No body. The response carries the id and status. */
  public final walletapi.models.SwapStateChange cancelSwap(CancelSwapParams params) {
    return execute(Operations.CANCEL_SWAP, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** POST /api/v1/swaps/{id}/cancel. Cancel a swap Moves a pending swap of the caller to {@code cancelled}. No body. The response carries the id and status. */
  public final walletapi.models.SwapStateChange cancelSwap(CancelSwapParams params, RequestOptions options) {
    return execute(Operations.CANCEL_SWAP, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** GET /api/v1/transactions. List transactions Lists activity for the user context supplied by the backend, one page at a time. */
  public final walletapi.models.TransactionPage listTransactions(ListTransactionsParams params) {
    return execute(Operations.LIST_TRANSACTIONS, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** GET /api/v1/transactions. List transactions Lists activity for the user context supplied by the backend, one page at a time. */
  public final walletapi.models.TransactionPage listTransactions(ListTransactionsParams params, RequestOptions options) {
    return execute(Operations.LIST_TRANSACTIONS, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

  /** GET /api/v1/transactions/{id}. Get a transaction Reads one transaction by id. */
  public final com.fasterxml.jackson.databind.JsonNode getTransaction(GetTransactionParams params) {
    return execute(Operations.GET_TRANSACTION, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.none());
  }

  /** GET /api/v1/transactions/{id}. Get a transaction Reads one transaction by id. */
  public final com.fasterxml.jackson.databind.JsonNode getTransaction(GetTransactionParams params, RequestOptions options) {
    return execute(Operations.GET_TRANSACTION, RequestParts.of("params", params == null ? null : params.requestParts()), RequestOptions.orNone(options));
  }

}
