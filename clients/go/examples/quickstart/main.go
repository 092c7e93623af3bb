// The Go quick start: discover a market, quote a swap, create and confirm it, then walk the
// transaction history. A module of its own, as an integrator's service is, built against
// the SDK in this repository (see go.mod's replace).
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"wallet-api.invalid/walletapi"
)

func main() {
	// WALLET_API_ENVIRONMENT (custom for the local sandbox; staging or production with the
	// https address issued at onboarding), WALLET_API_BASE_URL, WALLET_API_KEY and
	// WALLET_API_SIGNING_SECRET come from the environment; options given here win.
	// The provider has not published its signature algorithm: confirm it before going live.
	client, err := walletapi.NewClientFromEnv(walletapi.Options{
		Timeout: 10 * time.Second,
		Retry:   &walletapi.RetryPolicy{Attempts: 3}, // GETs only; POSTs move value and are never retried
	})
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()

	markets, err := client.ListMarkets(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d markets\n", len(markets))

	quote, err := client.GetSwapQuote(ctx, walletapi.GetSwapQuoteParams{From: walletapi.Ptr("usdt"), To: walletapi.Ptr("ngn"), Amount: walletapi.Ptr(100.0)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("100 usdt → %s %s\n", quote.ToAmount, quote.QuotedCurrency)

	// Once the end user accepts the quote:
	swap, err := client.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 100, Password: "customer-authorization-value"})
	if err != nil {
		log.Fatal(err)
	}
	confirmed, err := client.ConfirmSwap(ctx, walletapi.ConfirmSwapParams{ID: swap.ID})
	var apiErr *walletapi.Error
	if errors.As(err, &apiErr) && apiErr.Kind == walletapi.KindAPI {
		log.Fatalf("the provider refused (HTTP %d): %v", apiErr.HTTPStatus, err)
	} else if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("swap %s %s\n", confirmed.ID, confirmed.Status)

	count := 0
	for _, err := range client.AllTransactions(ctx, walletapi.ListTransactionsParams{Limit: walletapi.Ptr(50)}) {
		if err != nil {
			log.Fatal(err)
		}
		count++
	}
	fmt.Printf("%d transactions\n", count)
}
