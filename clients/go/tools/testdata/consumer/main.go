// A service of a team that installed the SDK with `go get`, the way its docs say: it reads
// its settings from the environment and quotes a swap.
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"wallet-api.invalid/walletapi"
)

func newClient(baseURL string) (*walletapi.Client, error) {
	return walletapi.NewClient(walletapi.Options{
		Environment: walletapi.EnvironmentCustom,
		BaseURL:     baseURL,
		APIKey:      os.Getenv("WALLET_API_KEY"),
		Signer:      walletapi.HMACSHA256(os.Getenv("WALLET_API_SIGNING_SECRET")),
	})
}

func quote(ctx context.Context, client *walletapi.Client, amount float64) (string, error) {
	q, err := client.GetSwapQuote(ctx, walletapi.GetSwapQuoteParams{From: walletapi.Ptr("usdt"), To: walletapi.Ptr("ngn"), Amount: &amount})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %s", q.ToAmount, q.QuotedCurrency), nil
}

func main() {
	client, err := newClient(os.Getenv("WALLET_API_BASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer client.CloseIdleConnections()
	text, err := quote(context.Background(), client, 100)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(text)
}
