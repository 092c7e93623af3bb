package walletapi_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"os"
	"time"

	"wallet-api.invalid/walletapi"
)

func ExampleNewClient() {
	client, err := walletapi.NewClient(walletapi.Options{
		Environment: walletapi.EnvironmentStaging, // the https address issued at onboarding
		BaseURL:     "https://staging.example.invalid",
		APIKey:      os.Getenv("WALLET_API_KEY"),
		// The provider has not published its signature algorithm: confirm it before going live.
		Signer:  walletapi.HMACSHA256(os.Getenv("WALLET_API_SIGNING_SECRET")),
		Timeout: 10 * time.Second,
		Retry:   &walletapi.RetryPolicy{Attempts: 3}, // GETs only
		Logger:  slog.New(slog.NewJSONHandler(os.Stderr, nil)),
	})
	if err != nil {
		log.Fatal(err) // a configuration error naming the option
	}
	_ = client
}

func ExampleClient_CreateSwap() {
	var client *walletapi.Client // from walletapi.NewClient
	ctx := context.Background()
	quote, err := client.GetSwapQuote(ctx, walletapi.GetSwapQuoteParams{From: walletapi.Ptr("usdt"), To: walletapi.Ptr("ngn"), Amount: walletapi.Ptr(100.0)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("you receive", quote.ToAmount, quote.QuotedCurrency)
	// Once the end user accepts the quote:
	swap, err := client.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 100, Password: "customer-authorization-value"})
	if err != nil {
		log.Fatal(err)
	}
	confirmed, err := client.ConfirmSwap(ctx, walletapi.ConfirmSwapParams{ID: swap.ID})
	var apiErr *walletapi.Error
	switch {
	case errors.As(err, &apiErr) && apiErr.Kind == walletapi.KindAPI:
		// The provider refused: cancel the pending swap.
		_, _ = client.CancelSwap(ctx, walletapi.CancelSwapParams{ID: swap.ID})
	case err != nil:
		// No answer (network, timeout): the outcome is unknown; check before doing anything else.
		log.Fatal(err)
	default:
		fmt.Println(confirmed.Status)
	}
}

func ExampleClient_AllTransactions() {
	var client *walletapi.Client // from walletapi.NewClient
	seen := map[string]bool{}
	for tx, err := range client.AllTransactions(context.Background(), walletapi.ListTransactionsParams{Limit: walletapi.Ptr(50)}) {
		if err != nil {
			log.Fatal(err)
		}
		if seen[tx.ID] { // a record created during the walk may come twice
			continue
		}
		seen[tx.ID] = true
		fmt.Println(tx.ID, tx.Amount, tx.Coin, tx.Status)
	}
}

func ExampleWithRawResponse() {
	var client *walletapi.Client // from walletapi.NewClient
	var raw walletapi.RawResponse
	markets, err := client.ListMarkets(context.Background(), walletapi.WithRawResponse(&raw), walletapi.WithTimeout(5*time.Second))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(markets), "markets;", raw.StatusCode, raw.Header.Get("Content-Type"), len(raw.Body), "bytes")
}
