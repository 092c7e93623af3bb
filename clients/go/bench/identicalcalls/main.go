// Command identicalcalls makes the same signed call many times in a row with one client
// and prints how many were answered: against a sandbox that refuses replays
// (SANDBOX_REJECT_REPLAYS=1 npm run sandbox), a request signed alike twice is refused 401.
//
//	SANDBOX_REJECT_REPLAYS=1 npm run sandbox &
//	go run -C clients/go ./bench/identicalcalls [-url http://127.0.0.1:4020] [-calls 200]
//
// WALLET_API_KEY and WALLET_API_SIGNING_SECRET name the credentials (else the sandbox's
// demo ones).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"wallet-api.invalid/walletapi"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:4020", "the sandbox's address")
	calls := flag.Int("calls", 200, "how many identical ListMarkets calls to make")
	flag.Parse()
	apiKey, secret := os.Getenv("WALLET_API_KEY"), os.Getenv("WALLET_API_SIGNING_SECRET")
	if apiKey == "" {
		apiKey, secret = "sandbox-demo-key", "sandbox-demo-secret"
	}
	client, err := walletapi.NewClient(walletapi.Options{
		Environment: walletapi.EnvironmentCustom, BaseURL: *url, APIKey: apiKey, Signer: walletapi.HMACSHA256(secret),
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer client.CloseIdleConnections()
	answered, refused, other := 0, 0, 0
	for range *calls {
		_, err := client.ListMarkets(context.Background())
		var e *walletapi.Error
		switch {
		case err == nil:
			answered++
		case errors.As(err, &e) && e.HTTPStatus == 401:
			refused++
		default:
			other++
			if other == 1 {
				fmt.Fprintln(os.Stderr, "first other failure:", err)
			}
		}
	}
	fmt.Printf("identical ListMarkets calls: %d, answered %d, refused 401 %d, other failures %d\n", *calls, answered, refused, other)
}
