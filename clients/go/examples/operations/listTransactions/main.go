// Read the first page of the transaction history, then walk every page.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"

	"wallet-api.invalid/walletapi"
)

func main() {
	// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is staging or
	// production with the https address issued at onboarding, or custom for the local sandbox.
	environment := os.Getenv("WALLET_API_ENVIRONMENT")
	if environment == "" {
		environment = "custom"
	}
	client, err := walletapi.NewClient(walletapi.Options{
		Environment: walletapi.Environment(environment),
		BaseURL:     os.Getenv("WALLET_API_BASE_URL"),
		APIKey:      os.Getenv("WALLET_API_KEY"),
		Signer:      walletapi.HMACSHA256(os.Getenv("WALLET_API_SIGNING_SECRET")),
	})
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	// One page: page, pages, limit, total and its records.
	page, err := client.ListTransactions(ctx, walletapi.ListTransactionsParams{Limit: walletapi.Ptr(50)})
	if err != nil {
		log.Fatal(err)
	}
	// Every record, page after page; a record created meanwhile may come twice: skip by id.
	walked := map[string]bool{}
	for transaction, err := range client.AllTransactions(ctx, walletapi.ListTransactionsParams{Limit: walletapi.Ptr(50)}) {
		if err != nil {
			log.Fatal(err)
		}
		walked[transaction.ID] = true
	}
	fmt.Fprintf(os.Stderr, "walked %d of %d transactions\n", len(walked), page.Total)
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(page, "", "  ")
	fmt.Println(string(out))
}
