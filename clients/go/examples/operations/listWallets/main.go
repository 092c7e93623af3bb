// List wallets: the wallets of your backend's user context.
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
	wallets, err := client.ListWallets(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, wallet := range wallets {
		fmt.Fprintln(os.Stderr, wallet.ID, wallet.ChainType, wallet.Address)
	}
	out, _ := json.MarshalIndent(wallets, "", "  ")
	fmt.Println(string(out))
}
