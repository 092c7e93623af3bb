// Create a wallet for a supported asset reference (discovered, not hard-coded), with an optional name.
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
	if len(os.Args) < 2 || len(os.Args) > 3 {
		log.Fatal("usage: createWallet <token> [name]")
	}
	request := walletapi.CreateWalletRequest{Token: os.Args[1]}
	if len(os.Args) > 2 {
		request.Name = walletapi.Ptr(os.Args[2]) // at most 80 characters
	}
	wallet, err := client.CreateWallet(ctx, request)
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(wallet, "", "  ")
	fmt.Println(string(out))
}
