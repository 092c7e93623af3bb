// A Go service's tests against the sandbox through sandboxtest alone: the executable
// (WALLET_API_SANDBOX_BIN or PATH), no Node. The standalone lane runs them with no node on PATH.
package example

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"slices"
	"testing"

	"wallet-api.invalid/walletapi"
	"wallet-api.invalid/walletapi/sandboxtest"
)

var password = "customer-password"

func swapRequest(amount float64) walletapi.CreateSwapRequest {
	return walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: amount, Password: password}
}

func TestNoNodeOnPath(t *testing.T) {
	if os.Getenv("WALLET_API_SANDBOX_PROOF") == "1" {
		if found, err := exec.LookPath("node"); err == nil {
			t.Fatalf("node is on PATH: %s", found)
		}
	}
}

func TestSwapFromQuoteToConfirmed(t *testing.T) {
	ctx := context.Background()
	sb := sandboxtest.Start(t)
	from, to, amount := "usdt", "ngn", 100.0
	quote, err := sb.Client.GetSwapQuote(ctx, walletapi.GetSwapQuoteParams{From: &from, To: &to, Amount: &amount})
	if err != nil || quote.QuotedPrice == "" {
		t.Fatalf("quote: %v %+v", err, quote)
	}
	swap, err := sb.Client.CreateSwap(ctx, swapRequest(100))
	if err != nil || swap.Status != "pending" {
		t.Fatalf("create: %v %+v", err, swap)
	}
	confirmed, err := sb.Client.ConfirmSwap(ctx, walletapi.ConfirmSwapParams{ID: swap.ID})
	if err != nil || confirmed.ID != swap.ID || confirmed.Status != "confirmed" {
		t.Fatalf("confirm: %v %+v", err, confirmed)
	}
	// The sandbox keeps state: a confirmed swap cannot be cancelled.
	var apiErr *walletapi.Error
	if _, err := sb.Client.CancelSwap(ctx, walletapi.CancelSwapParams{ID: swap.ID}); !errors.As(err, &apiErr) || apiErr.HTTPStatus != 409 {
		t.Fatalf("cancel after confirm: %v", err)
	}
}

func TestA503Scenario(t *testing.T) {
	ctx := context.Background()
	sb := sandboxtest.Start(t)
	if _, err := sb.Arm(ctx, map[string]any{"operation": "createSwap", "answer": "throttle", "status": 503, "retryAfterSeconds": 1}); err != nil {
		t.Fatal(err)
	}
	var apiErr *walletapi.Error
	_, err := sb.Client.CreateSwap(ctx, swapRequest(100))
	if !errors.As(err, &apiErr) || apiErr.HTTPStatus != 503 || apiErr.RetryAfter != "1" {
		t.Fatalf("armed 503: %v", err)
	}
	if swap, err := sb.Client.CreateSwap(ctx, swapRequest(100)); err != nil || swap.Status != "pending" {
		t.Fatalf("after the scenario: %v", err)
	}
}

func walletIDs(t *testing.T, sb *sandboxtest.Sandbox) []string {
	t.Helper()
	wallets, err := sb.Client.ListWallets(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, 0, len(wallets))
	for _, wallet := range wallets {
		ids = append(ids, wallet.ID)
	}
	return ids
}

func TestResetForgetsRecordsAndScenarios(t *testing.T) {
	ctx := context.Background()
	sb := sandboxtest.Start(t)
	fresh := walletIDs(t, sb)
	made, err := sb.Client.CreateWallet(ctx, walletapi.CreateWalletRequest{Token: "usdt"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(walletIDs(t, sb), made.ID) {
		t.Fatal("the new wallet is not listed")
	}
	if _, err := sb.Arm(ctx, map[string]any{"operation": "getRates", "answer": "error", "status": 500, "every": true}); err != nil {
		t.Fatal(err)
	}
	if err := sb.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	if got := walletIDs(t, sb); !slices.Equal(got, fresh) {
		t.Fatalf("after Reset: %v, want %v", got, fresh)
	}
	var armed []json.RawMessage
	listed, err := sb.Scenarios(ctx)
	if err != nil || json.Unmarshal(listed, &armed) != nil || len(armed) != 0 {
		t.Fatalf("scenarios after Reset: %s %v", listed, err)
	}
	if _, err := sb.Client.GetRates(ctx); err != nil {
		t.Fatal(err)
	}
}
