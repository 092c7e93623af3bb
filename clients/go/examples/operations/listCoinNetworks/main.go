// List the networks a coin can use: their reference is the chain value of other calls.
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
		log.Fatal("usage: listCoinNetworks <coin>")
	}
	networks, err := client.ListCoinNetworks(ctx, walletapi.ListCoinNetworksParams{Coin: os.Args[1]})
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(networks, "", "  ")
	fmt.Println(string(out))
}
