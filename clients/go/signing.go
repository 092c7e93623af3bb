package walletapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"sync"
)

// SignatureInput is what a signer signs: the request exactly as it is sent.
type SignatureInput struct {
	// Method is the HTTP method, upper case ("POST").
	Method string
	// PathWithQuery is the request target as written on the request line, percent-encoding
	// included ("/api/v1/swaps/quotes?amount=100&from=usdt&to=ngn").
	PathWithQuery string
	// Body is the exact body sent; empty when none.
	Body []byte
	// Timestamp is the x-timestamp header (2026-01-01T00:00:00.000Z).
	Timestamp string
	// APIKey is the x-api-key header.
	APIKey string
}

// Signer computes the x-signature header of a request. It is called once per attempt,
// within the call's timeout; an error it returns is never shown (it may quote secrets).
type Signer interface {
	Sign(ctx context.Context, input SignatureInput) (string, error)
}

// SignerFunc adapts a function to Signer.
type SignerFunc func(ctx context.Context, input SignatureInput) (string, error)

// Sign calls f.
func (f SignerFunc) Sign(ctx context.Context, input SignatureInput) (string, error) {
	return f(ctx, input)
}

// CanonicalString is the string the default scheme signs:
// timestamp + "\n" + METHOD + "\n" + pathWithQuery + "\n" + body.
func CanonicalString(input SignatureInput) string {
	return input.Timestamp + "\n" + input.Method + "\n" + input.PathWithQuery + "\n" + string(input.Body)
}

// HMACSHA256 returns the default signer: HMAC-SHA256 of CanonicalString keyed by secret,
// as lower-case hex. The provider has not published its signature algorithm; this is what
// the local sandbox verifies. Confirm the real scheme before using staging or production.
// An empty secret is refused by NewClient.
func HMACSHA256(secret string) Signer {
	s := &hmacSigner{secret: []byte(secret)}
	s.pool.New = func() any { return &hmacState{mac: hmac.New(sha256.New, s.secret)} }
	return s
}

type hmacSigner struct {
	secret []byte
	pool   sync.Pool // of *hmacState keyed by secret: a call then allocates only the result
}

// hmacState is a keyed HMAC and the buffer the canonical string's head is written into.
type hmacState struct {
	mac  hash.Hash
	head []byte
}

func (s *hmacSigner) Sign(_ context.Context, input SignatureInput) (string, error) {
	state := s.pool.Get().(*hmacState)
	defer s.pool.Put(state)
	state.mac.Reset()
	// timestamp\nMETHOD\npathWithQuery\n in a reused buffer, then the body as it is.
	head := append(state.head[:0], input.Timestamp...)
	head = append(append(append(head, '\n'), input.Method...), '\n')
	head = append(append(head, input.PathWithQuery...), '\n')
	state.head = head
	state.mac.Write(head)
	state.mac.Write(input.Body)
	var sum [sha256.Size]byte
	return hex.EncodeToString(state.mac.Sum(sum[:0])), nil
}

// Format keeps the secret out of every fmt verb.
func (s *hmacSigner) Format(f fmt.State, _ rune) {
	_, _ = fmt.Fprint(f, "walletapi.HMACSHA256([redacted])")
}

// GoString keeps the secret out of %#v.
func (s *hmacSigner) GoString() string { return "walletapi.HMACSHA256([redacted])" }
