// Create a swap (pending) once the user has accepted the quote; confirm or cancel it next.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"strconv"

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
	if len(os.Args) != 4 {
		log.Fatal("usage: createSwap <from> <to> <amount>")
	}
	amount, err := strconv.ParseFloat(os.Args[3], 64)
	if err != nil {
		log.Fatal("amount is not a number")
	}
	// The customer's authorization value, from your backend's authorization flow.
	password := os.Getenv("CUSTOMER_AUTHORIZATION")
	if password == "" {
		log.Fatal("CUSTOMER_AUTHORIZATION is not set")
	}
	// Never retried: a POST moves value and the API has no idempotency key.
	swap, err := client.CreateSwap(ctx, walletapi.CreateSwapRequest{From: os.Args[1], To: os.Args[2], Amount: amount, Password: password})
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(swap, "", "  ")
	fmt.Println(string(out))
}
