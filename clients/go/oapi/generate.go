// Package oapi is the generated layer of the Wallet, Payout and Swap API client: the
// schema types and the low-level request builders, written by oapi-codegen from the
// bundled spec (generated/openapi.yaml). Use package walletapi; it re-exports the types.
package oapi

//go:generate go tool -modfile=../tools/go.mod oapi-codegen -config config.yaml -o oapi.gen.go ../../../generated/openapi.yaml
