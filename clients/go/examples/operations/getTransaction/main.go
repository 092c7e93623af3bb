// Read one transaction. Its shape is not published: the data is JSON.
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
	if len(os.Args) != 2 {
		log.Fatal("usage: getTransaction <transactionId>")
	}
	transaction, err := client.GetTransaction(ctx, walletapi.GetTransactionParams{ID: os.Args[1]})
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(transaction, "", "  ")
	fmt.Println(string(out))
}
