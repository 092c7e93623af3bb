// Read the rates, a source of supported assets. Their shape is not published: the data is JSON.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

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
	rates, err := client.GetRates(ctx)
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(rates, "", "  ")
	fmt.Println(string(out))
}
