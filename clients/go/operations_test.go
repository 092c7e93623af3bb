package walletapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"wallet-api.invalid/walletapi"
)

// sameJSON reports whether the typed value, encoded again, is the data the raw answer
// carried: every field the provider sent reached the caller, with its value.
func sameJSON(t *testing.T, typed any, raw walletapi.RawResponse) {
	t.Helper()
	var envelope struct{ Data json.RawMessage }
	if err := json.Unmarshal(raw.Body, &envelope); err != nil {
		t.Fatalf("raw body: %v", err)
	}
	text, err := json.Marshal(typed)
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	_ = json.Unmarshal(text, &got)
	_ = json.Unmarshal(envelope.Data, &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("typed data %s\nis not the data sent %s", text, envelope.Data)
	}
}

func TestEveryOperationAgainstTheSandbox(t *testing.T) {
	c := sandboxClient(t)
	ctx := context.Background()
	sandboxHelper(t, "POST", "/sandbox/reset")
	var raw walletapi.RawResponse
	into := walletapi.WithRawResponse(&raw)

	markets, err := c.ListMarkets(ctx, into)
	if err != nil || len(markets) == 0 {
		t.Fatalf("ListMarkets: %v, %d markets", err, len(markets))
	}
	sameJSON(t, markets, raw)

	networks, err := c.ListCoinNetworks(ctx, walletapi.ListCoinNetworksParams{Coin: "usdt"}, into)
	if err != nil || len(networks) == 0 {
		t.Fatalf("ListCoinNetworks: %v", err)
	}
	sameJSON(t, networks, raw)

	minimum, err := c.GetMinimumWithdrawalAmount(ctx, walletapi.GetMinimumWithdrawalAmountParams{Coin: "usdt"}, into)
	if err != nil || minimum.MinimumAmount <= 0 {
		t.Fatalf("GetMinimumWithdrawalAmount: %v", err)
	}
	sameJSON(t, minimum, raw)

	for name, op := range map[string]func(...walletapi.CallOption) (json.RawMessage, error){
		"GetRates":      func(o ...walletapi.CallOption) (json.RawMessage, error) { return c.GetRates(ctx, o...) },
		"GetSwapMarket": func(o ...walletapi.CallOption) (json.RawMessage, error) { return c.GetSwapMarket(ctx, o...) },
		"GetDepositAddress": func(o ...walletapi.CallOption) (json.RawMessage, error) {
			return c.GetDepositAddress(ctx, walletapi.GetDepositAddressParams{Coin: walletapi.Ptr("usdt"), Chain: walletapi.Ptr(networks[0].Reference)}, o...)
		},
	} {
		data, err := op(into)
		if err != nil || !json.Valid(data) {
			t.Fatalf("%s: %v", name, err)
		}
		sameJSON(t, data, raw)
	}

	created, err := c.CreateWallet(ctx, walletapi.CreateWalletRequest{Token: "usdt", Name: walletapi.Ptr("Treasury")}, into)
	if err != nil || created.Token != "usdt" {
		t.Fatalf("CreateWallet: %v", err)
	}
	sameJSON(t, created, raw)
	wallets, err := c.ListWallets(ctx, into)
	if err != nil || len(wallets) == 0 {
		t.Fatalf("ListWallets: %v, %d wallets", err, len(wallets))
	}
	sameJSON(t, wallets, raw)

	withdrawal, err := c.PreviewWithdrawal(ctx, walletapi.PreviewWithdrawalRequest{Coin: "usdt", Chain: networks[0].Reference, Amount: minimum.MinimumAmount + 1, ReceiverAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72"}, into)
	if err != nil || withdrawal.Status != "pending" {
		t.Fatalf("PreviewWithdrawal: %v", err)
	}
	sameJSON(t, withdrawal, raw)
	payout, err := c.PreviewLocalPayout(ctx, walletapi.PreviewLocalPayoutRequest{Coin: "ngn", Amount: 50000, AccountNumber: walletapi.Ptr("0123456789"), BankCode: walletapi.Ptr("058")}, into)
	if err != nil || payout.Status != "pending" {
		t.Fatalf("PreviewLocalPayout: %v", err)
	}
	sameJSON(t, payout, raw)

	detail, err := c.GetTransaction(ctx, walletapi.GetTransactionParams{ID: withdrawal.TransactionID}, into)
	if err != nil || !strings.Contains(string(detail), withdrawal.TransactionID) {
		t.Errorf("GetTransaction: %v %s", err, detail)
	}
	page, err := c.ListTransactions(ctx, walletapi.ListTransactionsParams{Limit: walletapi.Ptr(10)}, into)
	if err != nil || page.Total != 2 || len(page.Data) != 2 {
		t.Fatalf("ListTransactions: %v %+v", err, page)
	}

	quote, err := c.GetSwapQuote(ctx, walletapi.GetSwapQuoteParams{From: walletapi.Ptr("usdt"), To: walletapi.Ptr("ngn"), Amount: walletapi.Ptr(100.0)}, into)
	if err != nil || quote.QuotedCurrency != "NGN" {
		t.Fatalf("GetSwapQuote: %v", err)
	}
	sameJSON(t, quote, raw)
	swap, err := c.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 100, Password: "customer-authorization-value"})
	if err != nil || swap.Status != "pending" {
		t.Fatalf("CreateSwap: %v", err)
	}
	confirmed, err := c.ConfirmSwap(ctx, walletapi.ConfirmSwapParams{ID: swap.ID})
	if err != nil || confirmed.Status != "confirmed" || confirmed.ID != swap.ID {
		t.Fatalf("ConfirmSwap: %v %+v", err, confirmed)
	}
	other, err := c.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 5, Password: "customer-authorization-value"})
	if err != nil {
		t.Fatal(err)
	}
	cancelled, err := c.CancelSwap(ctx, walletapi.CancelSwapParams{ID: other.ID})
	if err != nil || cancelled.Status != "cancelled" {
		t.Fatalf("CancelSwap: %v", err)
	}
	// The sandbox's own record of the swaps, read past the client.
	var swaps []struct{ ID, Status string }
	_ = json.Unmarshal(sandboxHelper(t, "GET", "/sandbox/swaps"), &swaps)
	if len(swaps) != 2 || swaps[0].Status != "confirmed" || swaps[1].Status != "cancelled" {
		t.Errorf("the sandbox holds %+v", swaps)
	}
	// A cancelled swap cannot be confirmed: an api error naming the operation.
	_, err = c.ConfirmSwap(ctx, walletapi.ConfirmSwapParams{ID: other.ID})
	var apiErr *walletapi.Error
	if !errors.As(err, &apiErr) || apiErr.Kind != walletapi.KindAPI || apiErr.Operation != "POST /api/v1/swaps/{id}/confirm" || apiErr.HTTPStatus != 409 {
		t.Errorf("confirming a cancelled swap: %#v", err)
	}
}

func TestAWrongSignatureIsRefusedByTheSandbox(t *testing.T) {
	c := sandboxClient(t, func(o *walletapi.Options) { o.Signer = walletapi.HMACSHA256("not-the-secret") })
	_, err := c.ListMarkets(context.Background())
	var e *walletapi.Error
	if !errors.As(err, &e) || e.Kind != walletapi.KindAPI || e.HTTPStatus != 401 || e.APIMessage == "" {
		t.Fatalf("got %#v", err)
	}
}

func TestPagingWalksEveryPage(t *testing.T) {
	c := sandboxClient(t)
	ctx := context.Background()
	sandboxHelper(t, "POST", "/sandbox/reset")
	for i := 0; i < 5; i++ {
		if _, err := c.PreviewWithdrawal(ctx, walletapi.PreviewWithdrawalRequest{Coin: "usdt", Chain: "ethereum", Amount: 25, ReceiverAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72"}); err != nil {
			t.Fatal(err)
		}
	}
	var stored []struct {
		ID string `json:"_id"`
	}
	_ = json.Unmarshal(sandboxHelper(t, "GET", "/sandbox/transactions"), &stored)
	if len(stored) != 5 {
		t.Fatalf("the sandbox stores %d transactions", len(stored))
	}

	var pages []int
	for page, err := range c.TransactionPages(ctx, walletapi.ListTransactionsParams{Limit: walletapi.Ptr(2)}) {
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, page.Page)
	}
	if !reflect.DeepEqual(pages, []int{1, 2, 3}) {
		t.Errorf("pages %v, not 1 2 3", pages)
	}
	seen := map[string]bool{}
	for tx, err := range c.AllTransactions(ctx, walletapi.ListTransactionsParams{Limit: walletapi.Ptr(2)}) {
		if err != nil {
			t.Fatal(err)
		}
		seen[tx.ID] = true
	}
	for _, s := range stored {
		if !seen[s.ID] {
			t.Errorf("the walk missed %s", s.ID)
		}
	}
	if len(seen) != 5 {
		t.Errorf("%d distinct records, not 5", len(seen))
	}
	// Breaking out after the first record asks for no second page.
	n := 0
	for range c.AllTransactions(ctx, walletapi.ListTransactionsParams{Limit: walletapi.Ptr(2)}) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("%d records before break", n)
	}
	// An empty history is one page with no records.
	sandboxHelper(t, "POST", "/sandbox/reset")
	count := 0
	for page, err := range c.TransactionPages(ctx, walletapi.ListTransactionsParams{}) {
		if err != nil || len(page.Data) != 0 {
			t.Fatalf("%v %+v", err, page)
		}
		count++
	}
	if count != 1 {
		t.Errorf("an empty history gave %d pages", count)
	}
}

// Every operation of the spec has its method, named after its operationId: a new operation
// in the spec fails here until the client has it.
func TestEveryOperationOfTheSpecHasAMethod(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(repoRoot, "generated", "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(text, &spec); err != nil {
		t.Fatal(err)
	}
	client := reflect.TypeOf(&walletapi.Client{})
	count := 0
	for path, item := range spec.Paths {
		for method, op := range item {
			if op.OperationID == "" {
				continue
			}
			count++
			name := strings.ToUpper(op.OperationID[:1]) + op.OperationID[1:]
			m, ok := client.MethodByName(name)
			if !ok {
				t.Errorf("%s %s (%s) has no method %s", strings.ToUpper(method), path, op.OperationID, name)
				continue
			}
			// ctx first, options last, an error last among the results.
			if m.Type.NumIn() < 3 || m.Type.In(1) != reflect.TypeOf((*context.Context)(nil)).Elem() || !m.Type.IsVariadic() || m.Type.Out(m.Type.NumOut()-1) != reflect.TypeOf((*error)(nil)).Elem() {
				t.Errorf("%s has the signature %s", name, m.Type)
			}
		}
	}
	if count != 16 {
		t.Errorf("%d operations in the spec", count)
	}
}
