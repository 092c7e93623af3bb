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
