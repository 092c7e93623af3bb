package walletapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"os"
	"sort"
	"time"

	"wallet-api.invalid/walletapi"
)

// Every example runs against the local sandbox (go test starts one): localSandboxClient is
// walletapi.NewClient with the sandbox's address and demo credentials, as in ExampleNewClient.

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

func ExampleNewClientFromEnv() {
	// WALLET_API_ENVIRONMENT, WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET
	// come from the deployment (a .env file, the platform's secrets): here, the local sandbox's.
	defer setLocalSandboxEnvironment()()

	client, err := walletapi.NewClientFromEnv(walletapi.Options{
		Timeout: 10 * time.Second, // options given win over the environment, one by one
	})
	if err != nil {
		log.Fatal(err) // a configuration error naming the variable, never its value
	}
	defer client.CloseIdleConnections()
	markets, err := client.ListMarkets(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(markets), "markets")
	// Output: 4 markets
}

func ExampleNewClientFromEnv_notSet() {
	defer setLocalSandboxEnvironment()()
	os.Unsetenv("WALLET_API_BASE_URL")

	_, err := walletapi.NewClientFromEnv(walletapi.Options{})
	fmt.Println(err)
	// Output: walletapi: WALLET_API_BASE_URL is not set and no BaseURL was given
}

func ExampleNewClient_configurationError() {
	_, err := walletapi.NewClient(walletapi.Options{
		Environment: walletapi.EnvironmentProduction,
		BaseURL:     "http://api.example.invalid",
		APIKey:      "key",
		Signer:      walletapi.HMACSHA256("secret"),
	})
	var e *walletapi.Error
	if errors.As(err, &e) {
		fmt.Println(e.Kind, "|", e)
	}
	// Output: configuration | walletapi: BaseURL of the production environment must use https
}

func ExampleClient_ListMarkets() {
	client := localSandboxClient()
	markets, err := client.ListMarkets(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	names := make([]string, 0, len(markets))
	for name := range markets {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Println(names)
	// Output: [btcngn btcusdt ethusdt usdtngn]
}

func ExampleClient_ListCoinNetworks() {
	client := localSandboxClient()
	networks, err := client.ListCoinNetworks(context.Background(), walletapi.ListCoinNetworksParams{Coin: "usdt"})
	if err != nil {
		log.Fatal(err)
	}
	for _, n := range networks {
		fmt.Println(n.Name, n.Reference) // the reference is the chain of other calls
	}
	// Output:
	// ERC20 ethereum
	// BEP20 binance
	// Polygon polygon
}

func ExampleClient_GetMinimumWithdrawalAmount() {
	client := localSandboxClient()
	minimum, err := client.GetMinimumWithdrawalAmount(context.Background(), walletapi.GetMinimumWithdrawalAmountParams{Coin: "usdt"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(minimum.MinimumAmount)
	// Output: 10
}

func ExampleClient_GetRates() {
	client := localSandboxClient()
	raw, err := client.GetRates(context.Background()) // JSON: the shape is not published
	if err != nil {
		log.Fatal(err)
	}
	var rates map[string]struct {
		Name string            `json:"name"`
		Last map[string]string `json:"last"`
	}
	if err := json.Unmarshal(raw, &rates); err != nil {
		log.Fatal(err)
	}
	fmt.Println(rates["usdt"].Name, rates["usdt"].Last["ngn"])
	// Output: Tether USD 1542.25
}

func ExampleClient_GetSwapMarket() {
	client := localSandboxClient()
	raw, err := client.GetSwapMarket(context.Background()) // JSON: the shape is not published
	if err != nil {
		log.Fatal(err)
	}
	var market struct {
		Pairs []struct{ From, To, Market string } `json:"pairs"`
	}
	if err := json.Unmarshal(raw, &market); err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(market.Pairs), "pairs; the first:", market.Pairs[0].From, "to", market.Pairs[0].To)
	// Output: 8 pairs; the first: btc to usdt
}

func ExampleClient_GetSwapQuote() {
	client := localSandboxClient()
	quote, err := client.GetSwapQuote(context.Background(), walletapi.GetSwapQuoteParams{
		From: walletapi.Ptr("usdt"), To: walletapi.Ptr("ngn"), Amount: walletapi.Ptr(100.0),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("you receive", quote.ToAmount, quote.QuotedCurrency, "after a fee of", quote.Fee)
	// Output: you receive 153130.5 NGN after a fee of 769.5
}

func ExampleClient_GetDepositAddress() {
	client := localSandboxClient()
	raw, err := client.GetDepositAddress(context.Background(), walletapi.GetDepositAddressParams{
		Coin: walletapi.Ptr("usdt"), Chain: walletapi.Ptr("ethereum"),
	})
	if err != nil {
		log.Fatal(err)
	}
	var address struct{ Coin, Chain, Address string } // JSON: the shape is not published
	if err := json.Unmarshal(raw, &address); err != nil {
		log.Fatal(err)
	}
	fmt.Println(address.Coin, address.Chain, len(address.Address) == 42)
	// Output: usdt ethereum true
}

func ExampleClient_CreateWallet() {
	client := localSandboxClient()
	wallet, err := client.CreateWallet(context.Background(), walletapi.CreateWalletRequest{Token: "usdt"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(wallet.Token, wallet.Status)
	// Output: usdt active
}

func ExampleClient_ListWallets() {
	client := localSandboxClient()
	ctx := context.Background()
	created, err := client.CreateWallet(ctx, walletapi.CreateWalletRequest{Token: "usdt"})
	if err != nil {
		log.Fatal(err)
	}
	wallets, err := client.ListWallets(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, w := range wallets {
		if w.ID == created.ID {
			fmt.Println(w.ChainType, w.Status)
		}
	}
	// Output: evm active
}

func ExampleClient_PreviewWithdrawal() {
	client := localSandboxClient()
	preview, err := client.PreviewWithdrawal(context.Background(), walletapi.PreviewWithdrawalRequest{
		Coin: "usdt", Chain: "ethereum", Amount: 10, ReceiverAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
	})
	if err != nil {
		log.Fatal(err)
	}
	// preview.TransactionID names the pending transaction: submit only after the end user confirms.
	fmt.Println(preview.Status, preview.Amount, preview.Coin, "fee", preview.Fee)
	// Output: pending 10 usdt fee 1
}

func ExampleClient_PreviewLocalPayout() {
	client := localSandboxClient()
	preview, err := client.PreviewLocalPayout(context.Background(), walletapi.PreviewLocalPayoutRequest{
		Coin: "ngn", Amount: 1000, AccountNumber: walletapi.Ptr("0123456789"), BankCode: walletapi.Ptr("058"),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(preview.Status, preview.Amount, preview.Coin, "fee", preview.Fee)
	// Output: pending 1000 ngn fee 50
}

func ExampleClient_CreateSwap() {
	client := localSandboxClient()
	ctx := context.Background()
	// Once the end user has accepted a quote (GetSwapQuote):
	swap, err := client.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 100, Password: "customer-authorization-value"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(swap.From, "to", swap.To, swap.Status)
	// Output: usdt to ngn pending
}

func ExampleClient_ConfirmSwap() {
	client := localSandboxClient()
	ctx := context.Background()
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
	// Output: confirmed
}

func ExampleClient_CancelSwap() {
	client := localSandboxClient()
	ctx := context.Background()
	swap, err := client.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 100, Password: "customer-authorization-value"})
	if err != nil {
		log.Fatal(err)
	}
	cancelled, err := client.CancelSwap(ctx, walletapi.CancelSwapParams{ID: swap.ID})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(cancelled.Status)
	// Output: cancelled
}

func ExampleClient_ListTransactions() {
	client := localSandboxClient()
	page, err := client.ListTransactions(context.Background(), walletapi.ListTransactionsParams{Limit: walletapi.Ptr(5)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("page", page.Page, "of", max(page.Pages, 1), "at most", page.Limit, "records:", len(page.Data) <= 5)
	// Output: page 1 of 1 at most 5 records: true
}

func ExampleClient_GetTransaction() {
	client := localSandboxClient()
	ctx := context.Background()
	preview, err := client.PreviewWithdrawal(ctx, walletapi.PreviewWithdrawalRequest{
		Coin: "usdt", Chain: "ethereum", Amount: 10, ReceiverAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
	})
	if err != nil {
		log.Fatal(err)
	}
	raw, err := client.GetTransaction(ctx, walletapi.GetTransactionParams{ID: preview.TransactionID})
	if err != nil {
		log.Fatal(err)
	}
	var transaction struct{ Type, Status string } // JSON: the shape is not published
	if err := json.Unmarshal(raw, &transaction); err != nil {
		log.Fatal(err)
	}
	fmt.Println(transaction.Type, transaction.Status)
	// Output: CRYPTO_WITHDRAWAL pending
}

func ExampleClient_AllTransactions() {
	client := localSandboxClient()
	ctx := context.Background()
	preview, err := client.PreviewLocalPayout(ctx, walletapi.PreviewLocalPayoutRequest{Coin: "ngn", Amount: 1000, AccountNumber: walletapi.Ptr("0123456789"), BankCode: walletapi.Ptr("058")})
	if err != nil {
		log.Fatal(err)
	}
	seen := map[string]bool{}
	for tx, err := range client.AllTransactions(ctx, walletapi.ListTransactionsParams{Limit: walletapi.Ptr(50)}) {
		if err != nil {
			log.Fatal(err)
		}
		if seen[tx.ID] { // a record created during the walk may come twice
			continue
		}
		seen[tx.ID] = true
		if tx.ID == preview.TransactionID {
			fmt.Println(tx.Type, tx.Amount, tx.Coin, tx.Status)
		}
	}
	// Output: LOCAL_PAYOUT 1000 ngn pending
}

func ExampleClient_TransactionPages() {
	client := localSandboxClient()
	pages := 0
	for page, err := range client.TransactionPages(context.Background(), walletapi.ListTransactionsParams{Limit: walletapi.Ptr(2)}) {
		if err != nil {
			log.Fatal(err)
		}
		pages++
		if page.Page != pages {
			log.Fatalf("page %d came as page %d", pages, page.Page)
		}
	}
	fmt.Println(pages > 0)
	// Output: true
}

func ExampleWithRawResponse() {
	client := localSandboxClient()
	var raw walletapi.RawResponse
	markets, err := client.ListMarkets(context.Background(), walletapi.WithRawResponse(&raw), walletapi.WithTimeout(5*time.Second))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(markets), "markets;", raw.StatusCode, raw.Header.Get("Content-Type"))
	// Output: 4 markets; 200 application/json; charset=utf-8
}

func ExampleError() {
	client := localSandboxClient()
	_, err := client.ConfirmSwap(context.Background(), walletapi.ConfirmSwapParams{ID: "no-such-swap"})
	var e *walletapi.Error
	if errors.As(err, &e) {
		fmt.Println(e.Kind, e.HTTPStatus, e.Operation)
	}
	// Output: api 404 POST /api/v1/swaps/{id}/confirm
}

func ExampleClient_CloseIdleConnections() {
	client := localSandboxClient()
	defer client.CloseIdleConnections() // once the client is no longer used: its keep-alive connections close
	if _, err := client.ListMarkets(context.Background()); err != nil {
		log.Fatal(err)
	}
	fmt.Println("done")
	// Output: done
}

func ExampleClient_Format() {
	client, err := walletapi.NewClient(walletapi.Options{
		Environment: walletapi.EnvironmentCustom, BaseURL: "http://127.0.0.1:4020",
		APIKey: "sandbox-demo-key", Signer: walletapi.HMACSHA256("sandbox-demo-secret"),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", client) // every verb leaves the credentials out
	// Output: walletapi.Client{Environment:"custom", BaseURL:"http://127.0.0.1:4020"}
}
