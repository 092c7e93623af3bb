// Preview an NGN bank payout to a beneficiary account.
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
		log.Fatal("usage: previewLocalPayout <amount> <accountNumber> <bankCode>")
	}
	amount, err := strconv.ParseFloat(os.Args[1], 64)
	if err != nil {
		log.Fatal("amount is not a number")
	}
	preview, err := client.PreviewLocalPayout(ctx, walletapi.PreviewLocalPayoutRequest{
		Coin: "ngn", Amount: amount, AccountNumber: &os.Args[2], BankCode: &os.Args[3],
	})
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(preview, "", "  ")
	fmt.Println(string(out))
}
