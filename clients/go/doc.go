// Package walletapi is the Go client of the Wallet, Payout and Swap API: one method per
// operation, each signing its request, checking both the HTTP status and the envelope's
// status, and returning the envelope's data as a typed value or an *Error.
//
// # Install
//
//	go get wallet-api.invalid/walletapi@latest
//
// # Quick start
//
// Start the local sandbox (npm run sandbox, at http://127.0.0.1:4020 with the demo
// credentials sandbox-demo-key and sandbox-demo-secret), then:
//
//	client, err := walletapi.NewClient(walletapi.Options{
//		Environment: walletapi.EnvironmentCustom, // EnvironmentStaging or EnvironmentProduction take the https address issued at onboarding
//		BaseURL:     "http://127.0.0.1:4020",
//		APIKey:      os.Getenv("WALLET_API_KEY"),
//		Signer:      walletapi.HMACSHA256(os.Getenv("WALLET_API_SIGNING_SECRET")),
//	})
//	if err != nil {
//		log.Fatal(err) // a configuration error naming the option
//	}
//	markets, err := client.ListMarkets(ctx)
//	networks, err := client.ListCoinNetworks(ctx, walletapi.ListCoinNetworksParams{Coin: "usdt"})
//	swap, err := client.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 100, Password: customerAuthorization})
//
// # Arguments
//
// Every method takes the context, then one struct of the operation's inputs when it has
// any, then CallOptions: the request body (CreateSwapRequest) or the path and query
// parameters (ListCoinNetworksParams, GetSwapQuoteParams). One struct, as stripe-go and
// openai-go take params structs: a parameter the API adds later is a new field, not a new
// signature, and every call reads alike. Required fields are plain values (Password: "…"),
// and one left empty is a configuration error naming it before anything is sent; optional
// ones are pointers, nil when not sent (Ptr makes one).
//
// # Errors
//
// Every failure is an *Error (errors.As) of a Kind: api, invalid-response, network,
// timeout, aborted, signing, configuration. Its renderings (Error, every fmt verb, slog,
// log, json.Marshal) never show a credential, a signature or a protected value the request
// carried, whatever the provider echoes.
//
// # Signing
//
// Every request of the process, retries included, is signed with its own x-timestamp (the
// next millisecond when the clock has not moved), so a provider that refuses replays
// answers identical calls made in a row.
package walletapi
