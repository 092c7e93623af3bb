// Look up a deposit address of a coin on its first discovered network.
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
		log.Fatal("usage: getDepositAddress <coin>")
	}
	coin := os.Args[1]
	networks, err := client.ListCoinNetworks(ctx, walletapi.ListCoinNetworksParams{Coin: coin})
	if err != nil {
		log.Fatal(err)
	}
	if len(networks) == 0 {
		log.Fatalf("%s has no network in this environment", coin)
	}
	address, err := client.GetDepositAddress(ctx, walletapi.GetDepositAddressParams{Coin: &coin, Chain: &networks[0].Reference})
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(address, "", "  ")
	fmt.Println(string(out))
}
