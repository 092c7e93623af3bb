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
	// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
	// production with the https address issued at onboarding, or custom for the local
	// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
	client, err := walletapi.NewClientFromEnv(walletapi.Options{})
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
