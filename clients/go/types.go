package walletapi

import "wallet-api.invalid/walletapi/oapi"

// The schema types of the API, generated from the spec into package oapi and named here so
// that callers import one package. Their fields and comments are the spec's.
type (
	PreviewWithdrawalRequest         = oapi.PreviewWithdrawalRequest
	WithdrawalPreview                = oapi.WithdrawalPreview
	PreviewLocalPayoutRequest        = oapi.PreviewLocalPayoutRequest
	PayoutPreview                    = oapi.PayoutPreview
	Wallet                           = oapi.Wallet
	CreateWalletRequest              = oapi.CreateWalletRequest
	CreatedWallet                    = oapi.CreatedWallet
	GetDepositAddressParams          = oapi.GetDepositAddressParams
	MarketTicker                     = oapi.MarketTicker
	MarketTickers                    = oapi.MarketTickers
	GetMinimumWithdrawalAmountParams = oapi.GetMinimumWithdrawalAmountParams
	MinimumWithdrawal                = oapi.MinimumWithdrawal
	Network                          = oapi.Network
	GetSwapQuoteParams               = oapi.GetSwapQuoteParams
	SwapQuote                        = oapi.SwapQuote
	CreateSwapRequest                = oapi.CreateSwapRequest
	Swap                             = oapi.Swap
	SwapStateChange                  = oapi.SwapStateChange
	SwapStatus                       = oapi.SwapStatus
	ListTransactionsParams           = oapi.ListTransactionsParams
	Transaction                      = oapi.Transaction
	TransactionPage                  = oapi.TransactionPage
	ErrorEnvelope                    = oapi.ErrorEnvelope
)

// The path parameters of the operations that have them, as a struct like every other
// operation's inputs (the generated layer takes them as arguments).
type (
	// ListCoinNetworksParams are ListCoinNetworks' inputs.
	ListCoinNetworksParams struct {
		// Coin is the coin whose networks are listed (required).
		Coin string `json:"coin"`
	}
	// ConfirmSwapParams are ConfirmSwap's inputs.
	ConfirmSwapParams struct {
		// ID is the pending swap's ID, from CreateSwap (required).
		ID string `json:"id"`
	}
	// CancelSwapParams are CancelSwap's inputs.
	CancelSwapParams struct {
		// ID is the pending swap's ID, from CreateSwap (required).
		ID string `json:"id"`
	}
	// GetTransactionParams are GetTransaction's inputs.
	GetTransactionParams struct {
		// ID is the transaction's ID (a transactionId or a record's ID) (required).
		ID string `json:"id"`
	}
)

// Ptr returns a pointer to v: optional fields and parameters are pointers, nil when not sent.
func Ptr[T any](v T) *T { return &v }
