// Preview a crypto withdrawal: the network is discovered, the amount checked against the minimum.
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
		log.Fatal("usage: previewWithdrawal <coin> <amount> <receiverAddress>")
	}
	coin, receiverAddress := os.Args[1], os.Args[3]
	amount, err := strconv.ParseFloat(os.Args[2], 64)
	if err != nil {
		log.Fatal("amount is not a number")
	}
	networks, err := client.ListCoinNetworks(ctx, walletapi.ListCoinNetworksParams{Coin: coin})
	if err != nil {
		log.Fatal(err)
	}
	if len(networks) == 0 {
		log.Fatalf("%s has no network in this environment", coin)
	}
	minimum, err := client.GetMinimumWithdrawalAmount(ctx, walletapi.GetMinimumWithdrawalAmountParams{Coin: coin})
	if err != nil {
		log.Fatal(err)
	}
	if amount < minimum.MinimumAmount {
		log.Fatalf("the minimum withdrawal of %s is %v", coin, minimum.MinimumAmount)
	}
	// preview.TransactionID names the pending transaction: GetTransaction follows it.
	preview, err := client.PreviewWithdrawal(ctx, walletapi.PreviewWithdrawalRequest{
		Coin: coin, Chain: networks[0].Reference, Amount: amount, ReceiverAddress: receiverAddress,
	})
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(preview, "", "  ")
	fmt.Println(string(out))
}
