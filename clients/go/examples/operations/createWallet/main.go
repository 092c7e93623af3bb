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
	// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT (staging or
	// production with the https address issued at onboarding, or custom for the local
	// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
	client, err := walletapi.NewClientFromEnv(walletapi.Options{})
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
