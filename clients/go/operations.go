package walletapi

import (
	"context"
	"encoding/json"
	"net/http"

	"wallet-api.invalid/walletapi/oapi"
)

// One method per operation of the spec, named after its operationId. Each takes the context,
// then one struct of the operation's inputs when it has any (its request body, e.g.
// CreateSwapRequest, or its path and query parameters, e.g. ListCoinNetworksParams), then
// CallOptions. Each builds its request with the generated layer, then signs, sends and
// checks it (see Client.call), and returns the success envelope's data: nil (or an empty
// value) when the provider sent data null.

// PreviewWithdrawal calls POST /api/v1/wallets/preview-withdraw. Previews a crypto withdrawal (pending, with a transactionId); submit only after the end user confirms.
func (c *Client) PreviewWithdrawal(ctx context.Context, body PreviewWithdrawalRequest, opts ...CallOption) (*WithdrawalPreview, error) {
	var out *WithdrawalPreview
	if err := c.call(ctx, "POST /api/v1/wallets/preview-withdraw", func(server string) (*http.Request, error) { return oapi.NewPreviewWithdrawalRequest(server, body) }, []field{{"receiverAddress", body.ReceiverAddress}}, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// PreviewLocalPayout calls POST /api/v1/wallets/preview-withdraw-local-transfer. Previews an NGN bank payout (pending, with a transactionId).
func (c *Client) PreviewLocalPayout(ctx context.Context, body PreviewLocalPayoutRequest, opts ...CallOption) (*PayoutPreview, error) {
	var out *PayoutPreview
	if err := c.call(ctx, "POST /api/v1/wallets/preview-withdraw-local-transfer", func(server string) (*http.Request, error) { return oapi.NewPreviewLocalPayoutRequest(server, body) }, []field{{"accountNumber", deref(body.AccountNumber)}, {"bankCode", deref(body.BankCode)}}, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ListWallets calls GET /api/v1/wallets. Lists the wallets of the integration.
func (c *Client) ListWallets(ctx context.Context, opts ...CallOption) ([]Wallet, error) {
	var out []Wallet
	if err := c.call(ctx, "GET /api/v1/wallets", func(server string) (*http.Request, error) { return oapi.NewListWalletsRequest(server) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// CreateWallet calls POST /api/v1/wallets/generate-wallet. Creates a wallet for a supported asset reference (discovered, not hard-coded).
func (c *Client) CreateWallet(ctx context.Context, body CreateWalletRequest, opts ...CallOption) (*CreatedWallet, error) {
	var out *CreatedWallet
	if err := c.call(ctx, "POST /api/v1/wallets/generate-wallet", func(server string) (*http.Request, error) { return oapi.NewCreateWalletRequest(server, body) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetDepositAddress calls GET /api/v1/wallets/deposit-address. Looks up a deposit address. Its shape is not published: the data is returned as JSON.
func (c *Client) GetDepositAddress(ctx context.Context, params GetDepositAddressParams, opts ...CallOption) (json.RawMessage, error) {
	var out json.RawMessage
	if err := c.call(ctx, "GET /api/v1/wallets/deposit-address", func(server string) (*http.Request, error) { return oapi.NewGetDepositAddressRequest(server, &params) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ListMarkets calls GET /api/v1/wallets/markets. Lists the market tickers, keyed by market name.
func (c *Client) ListMarkets(ctx context.Context, opts ...CallOption) (MarketTickers, error) {
	var out MarketTickers
	if err := c.call(ctx, "GET /api/v1/wallets/markets", func(server string) (*http.Request, error) { return oapi.NewListMarketsRequest(server) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetMinimumWithdrawalAmount calls GET /api/v1/wallets/minimum-withdrawal-amount. Reads the minimum withdrawal amount of a coin.
func (c *Client) GetMinimumWithdrawalAmount(ctx context.Context, params GetMinimumWithdrawalAmountParams, opts ...CallOption) (*MinimumWithdrawal, error) {
	var out *MinimumWithdrawal
	if err := c.call(ctx, "GET /api/v1/wallets/minimum-withdrawal-amount", func(server string) (*http.Request, error) {
		return oapi.NewGetMinimumWithdrawalAmountRequest(server, &params)
	}, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ListCoinNetworks calls GET /api/v1/utils/{coin}/networks. Lists the networks a coin can use.
func (c *Client) ListCoinNetworks(ctx context.Context, params ListCoinNetworksParams, opts ...CallOption) ([]Network, error) {
	if params.Coin == "" {
		return nil, missing("GET /api/v1/utils/{coin}/networks", "params.Coin")
	}
	var out []Network
	if err := c.call(ctx, "GET /api/v1/utils/{coin}/networks", func(server string) (*http.Request, error) {
		return oapi.NewListCoinNetworksRequest(server, params.Coin)
	}, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetRates calls GET /api/v1/utils/rates. Reads the rates. Their shape is not published: the data is returned as JSON.
func (c *Client) GetRates(ctx context.Context, opts ...CallOption) (json.RawMessage, error) {
	var out json.RawMessage
	if err := c.call(ctx, "GET /api/v1/utils/rates", func(server string) (*http.Request, error) { return oapi.NewGetRatesRequest(server) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetSwapQuote calls GET /api/v1/swaps/quotes. Quotes a swap; create it only after the end user accepts the quote.
func (c *Client) GetSwapQuote(ctx context.Context, params GetSwapQuoteParams, opts ...CallOption) (*SwapQuote, error) {
	var out *SwapQuote
	if err := c.call(ctx, "GET /api/v1/swaps/quotes", func(server string) (*http.Request, error) { return oapi.NewGetSwapQuoteRequest(server, &params) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetSwapMarket calls GET /api/v1/swaps/market. Reads the swap market. Its shape is not published: the data is returned as JSON.
func (c *Client) GetSwapMarket(ctx context.Context, opts ...CallOption) (json.RawMessage, error) {
	var out json.RawMessage
	if err := c.call(ctx, "GET /api/v1/swaps/market", func(server string) (*http.Request, error) { return oapi.NewGetSwapMarketRequest(server) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// CreateSwap calls POST /api/v1/swaps. Creates a swap (pending). Never retried: it moves value.
func (c *Client) CreateSwap(ctx context.Context, body CreateSwapRequest, opts ...CallOption) (*Swap, error) {
	if body.Password == "" {
		return nil, missing("POST /api/v1/swaps", "body.Password (the customer's authorization value)")
	}
	var out *Swap
	if err := c.call(ctx, "POST /api/v1/swaps", func(server string) (*http.Request, error) { return oapi.NewCreateSwapRequest(server, body) }, []field{{"password", body.Password}}, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ConfirmSwap calls POST /api/v1/swaps/{id}/confirm. Confirms a pending swap. Never retried.
func (c *Client) ConfirmSwap(ctx context.Context, params ConfirmSwapParams, opts ...CallOption) (*SwapStateChange, error) {
	if params.ID == "" {
		return nil, missing("POST /api/v1/swaps/{id}/confirm", "params.ID")
	}
	var out *SwapStateChange
	if err := c.call(ctx, "POST /api/v1/swaps/{id}/confirm", func(server string) (*http.Request, error) { return oapi.NewConfirmSwapRequest(server, params.ID) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// CancelSwap calls POST /api/v1/swaps/{id}/cancel. Cancels a pending swap. Never retried.
func (c *Client) CancelSwap(ctx context.Context, params CancelSwapParams, opts ...CallOption) (*SwapStateChange, error) {
	if params.ID == "" {
		return nil, missing("POST /api/v1/swaps/{id}/cancel", "params.ID")
	}
	var out *SwapStateChange
	if err := c.call(ctx, "POST /api/v1/swaps/{id}/cancel", func(server string) (*http.Request, error) { return oapi.NewCancelSwapRequest(server, params.ID) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ListTransactions calls GET /api/v1/transactions. Reads one page of the transaction history; AllTransactions and TransactionPages walk every page.
func (c *Client) ListTransactions(ctx context.Context, params ListTransactionsParams, opts ...CallOption) (*TransactionPage, error) {
	var out *TransactionPage
	if err := c.call(ctx, "GET /api/v1/transactions", func(server string) (*http.Request, error) { return oapi.NewListTransactionsRequest(server, &params) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetTransaction calls GET /api/v1/transactions/{id}. Reads one transaction. Its shape is not published: the data is returned as JSON.
func (c *Client) GetTransaction(ctx context.Context, params GetTransactionParams, opts ...CallOption) (json.RawMessage, error) {
	if params.ID == "" {
		return nil, missing("GET /api/v1/transactions/{id}", "params.ID")
	}
	var out json.RawMessage
	if err := c.call(ctx, "GET /api/v1/transactions/{id}", func(server string) (*http.Request, error) { return oapi.NewGetTransactionRequest(server, params.ID) }, nil, opts, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// missing is the configuration error of a required argument left empty: nothing is sent.
func missing(operation, argument string) error {
	return newError(KindConfiguration, operation, 0, operation+" was not sent: "+argument+" is required", nil)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
