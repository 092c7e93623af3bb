// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The spec's operations: method, path template and the type of the data each answers. */
final class Operations {
  private Operations() {}

  static final Operation<walletapi.models.WithdrawalPreview> PREVIEW_WITHDRAWAL =
      new Operation<>("previewWithdrawal", "POST", "/api/v1/wallets/preview-withdraw", new com.fasterxml.jackson.core.type.TypeReference<walletapi.models.WithdrawalPreview>() {});

  static final Operation<walletapi.models.PayoutPreview> PREVIEW_LOCAL_PAYOUT =
      new Operation<>("previewLocalPayout", "POST", "/api/v1/wallets/preview-withdraw-local-transfer", new com.fasterxml.jackson.core.type.TypeReference<walletapi.models.PayoutPreview>() {});

  static final Operation<java.util.List<walletapi.models.Wallet>> LIST_WALLETS =
      new Operation<>("listWallets", "GET", "/api/v1/wallets", new com.fasterxml.jackson.core.type.TypeReference<java.util.List<walletapi.models.Wallet>>() {});

  static final Operation<walletapi.models.CreatedWallet> CREATE_WALLET =
      new Operation<>("createWallet", "POST", "/api/v1/wallets/generate-wallet", new com.fasterxml.jackson.core.type.TypeReference<walletapi.models.CreatedWallet>() {});

  static final Operation<com.fasterxml.jackson.databind.JsonNode> GET_DEPOSIT_ADDRESS =
      new Operation<>("getDepositAddress", "GET", "/api/v1/wallets/deposit-address", new com.fasterxml.jackson.core.type.TypeReference<com.fasterxml.jackson.databind.JsonNode>() {});

  static final Operation<java.util.Map<String, walletapi.models.MarketTicker>> LIST_MARKETS =
      new Operation<>("listMarkets", "GET", "/api/v1/wallets/markets", new com.fasterxml.jackson.core.type.TypeReference<java.util.Map<String, walletapi.models.MarketTicker>>() {});

  static final Operation<walletapi.models.MinimumWithdrawal> GET_MINIMUM_WITHDRAWAL_AMOUNT =
      new Operation<>("getMinimumWithdrawalAmount", "GET", "/api/v1/wallets/minimum-withdrawal-amount", new com.fasterxml.jackson.core.type.TypeReference<walletapi.models.MinimumWithdrawal>() {});

  static final Operation<java.util.List<walletapi.models.Network>> LIST_COIN_NETWORKS =
      new Operation<>("listCoinNetworks", "GET", "/api/v1/utils/{coin}/networks", new com.fasterxml.jackson.core.type.TypeReference<java.util.List<walletapi.models.Network>>() {});

  static final Operation<com.fasterxml.jackson.databind.JsonNode> GET_RATES =
      new Operation<>("getRates", "GET", "/api/v1/utils/rates", new com.fasterxml.jackson.core.type.TypeReference<com.fasterxml.jackson.databind.JsonNode>() {});

  static final Operation<walletapi.models.SwapQuote> GET_SWAP_QUOTE =
      new Operation<>("getSwapQuote", "GET", "/api/v1/swaps/quotes", new com.fasterxml.jackson.core.type.TypeReference<walletapi.models.SwapQuote>() {});

  static final Operation<com.fasterxml.jackson.databind.JsonNode> GET_SWAP_MARKET =
      new Operation<>("getSwapMarket", "GET", "/api/v1/swaps/market", new com.fasterxml.jackson.core.type.TypeReference<com.fasterxml.jackson.databind.JsonNode>() {});

  static final Operation<walletapi.models.Swap> CREATE_SWAP =
      new Operation<>("createSwap", "POST", "/api/v1/swaps", new com.fasterxml.jackson.core.type.TypeReference<walletapi.models.Swap>() {});

  static final Operation<walletapi.models.SwapStateChange> CONFIRM_SWAP =
      new Operation<>("confirmSwap", "POST", "/api/v1/swaps/{id}/confirm", new com.fasterxml.jackson.core.type.TypeReference<walletapi.models.SwapStateChange>() {});

  static final Operation<walletapi.models.SwapStateChange> CANCEL_SWAP =
      new Operation<>("cancelSwap", "POST", "/api/v1/swaps/{id}/cancel", new com.fasterxml.jackson.core.type.TypeReference<walletapi.models.SwapStateChange>() {});

  static final Operation<walletapi.models.TransactionPage> LIST_TRANSACTIONS =
      new Operation<>("listTransactions", "GET", "/api/v1/transactions", new com.fasterxml.jackson.core.type.TypeReference<walletapi.models.TransactionPage>() {});

  static final Operation<com.fasterxml.jackson.databind.JsonNode> GET_TRANSACTION =
      new Operation<>("getTransaction", "GET", "/api/v1/transactions/{id}", new com.fasterxml.jackson.core.type.TypeReference<com.fasterxml.jackson.databind.JsonNode>() {});

}
