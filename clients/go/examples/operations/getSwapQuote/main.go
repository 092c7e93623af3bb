// Quote a swap; show it to the end user, and create the swap only if they accept.
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
		log.Fatal("usage: getSwapQuote <from> <to> <amount>")
	}
	amount, err := strconv.ParseFloat(os.Args[3], 64)
	if err != nil {
		log.Fatal("amount is not a number")
	}
	quote, err := client.GetSwapQuote(ctx, walletapi.GetSwapQuoteParams{From: &os.Args[1], To: &os.Args[2], Amount: &amount})
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(quote, "", "  ")
	fmt.Println(string(out))
}
