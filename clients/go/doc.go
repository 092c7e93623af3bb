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
// credentials sandbox-demo-key and sandbox-demo-secret), set the four variables every
// client of this API reads (WALLET_API_ENVIRONMENT=custom, WALLET_API_BASE_URL,
// WALLET_API_KEY, WALLET_API_SIGNING_SECRET), then:
//
//	client, err := walletapi.NewClientFromEnv(walletapi.Options{})
//	if err != nil {
//		log.Fatal(err) // a configuration error naming the variable or option
//	}
//	markets, err := client.ListMarkets(ctx)
//	networks, err := client.ListCoinNetworks(ctx, walletapi.ListCoinNetworksParams{Coin: "usdt"})
//	swap, err := client.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 100, Password: customerAuthorization})
//
// # Configuration
//
// NewClient takes every option from its Options and reads no environment variable.
// NewClientFromEnv takes Environment, BaseURL, APIKey and the HMACSHA256 signer's secret,
// when not given, from WALLET_API_ENVIRONMENT, WALLET_API_BASE_URL, WALLET_API_KEY and
// WALLET_API_SIGNING_SECRET: one .env drives every language. Options given win, one by one.
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
