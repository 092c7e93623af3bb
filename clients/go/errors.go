package walletapi

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"

	"wallet-api.invalid/walletapi/internal/redact"
)

// Kind says what went wrong with a call; the values are the TypeScript client's.
type Kind string

const (
	// KindAPI: the provider answered with the error envelope (any HTTP status but a 3xx,
	// a 200 with status "error" included).
	KindAPI Kind = "api"
	// KindInvalidResponse: the answer is not the envelope (not JSON, empty, another
	// shape), a redirect (never followed), or over the response size limit.
	KindInvalidResponse Kind = "invalid-response"
	// KindNetwork: no answer: connection refused or reset, unreadable headers.
	KindNetwork Kind = "network"
	// KindTimeout: no complete answer within the timeout (the client's, the call's or the
	// context's deadline), signing included. errors.Is(err, context.DeadlineExceeded) holds.
	KindTimeout Kind = "timeout"
	// KindAborted: the caller's context was cancelled. errors.Is(err, context.Canceled) holds.
	KindAborted Kind = "aborted"
	// KindSigning: the signer failed or returned no valid signature; nothing was sent.
	KindSigning Kind = "signing"
	// KindConfiguration: an option of NewClient or of a call is wrong; nothing was sent.
	KindConfiguration Kind = "configuration"
)

// Error is the one error type of the client; match it with errors.As.
//
// Its renderings (Error, every fmt verb, slog, log, json.Marshal) never contain the API
// key, the signing secret, a signature or what the request carried in a protected field
// (password, accountNumber, bankCode, receiverAddress), even when the provider echoes them,
// in any form docs/privacy.md names (URL- or JSON-encoded, an account number as a number,
// a secret in base64 or hex…): those are masked as [redacted]. The fields APIMessage and
// RetryAfter hold what the provider sent, unmasked (they are the raw accessors); print the
// error, not them.
type Error struct {
	// Kind is what went wrong.
	Kind Kind
	// Operation is "METHOD /path/template" of the call ("POST /api/v1/swaps"); empty for an
	// error of NewClient.
	Operation string
	// HTTPStatus is the answer's status code, 0 when there was no answer.
	HTTPStatus int
	// APIMessage is the error envelope's message, exactly as the provider sent it (kind api).
	APIMessage string
	// RetryAfter is the answer's Retry-After header, exactly as sent, when it had one.
	RetryAfter string

	message string // what Error returns, already masked
	cause   error  // context.Canceled / context.DeadlineExceeded, or the transport's error
	mask    *redact.Masker
}

// Error returns the masked message.
func (e *Error) Error() string { return e.message }

// Unwrap returns the context's error for aborted and timeout calls (so errors.Is with
// context.Canceled and context.DeadlineExceeded holds) and the transport's error for
// network failures. A signer's error is never kept: it may quote secrets.
func (e *Error) Unwrap() error { return e.cause }

// Format renders the error for every verb without what it must not show: %v and %s give
// the message, %+v adds the fields, %#v a Go-syntax view; all masked.
func (e Error) Format(f fmt.State, verb rune) {
	switch {
	case verb == 'v' && f.Flag('#'):
		_, _ = fmt.Fprint(f, e.GoString())
	case verb == 'v' && f.Flag('+'):
		_, _ = fmt.Fprintf(f, "%s (kind=%s operation=%q httpStatus=%d apiMessage=%q retryAfter=%q)",
			e.message, e.Kind, e.Operation, e.HTTPStatus, e.mask.Text(e.APIMessage), e.mask.Text(e.RetryAfter))
	case verb == 'q':
		_, _ = fmt.Fprint(f, strconv.Quote(e.message))
	default:
		_, _ = fmt.Fprint(f, e.message)
	}
}

// GoString is the masked Go-syntax view.
func (e Error) GoString() string {
	return fmt.Sprintf("&walletapi.Error{Kind:%q, Operation:%q, HTTPStatus:%d, APIMessage:%q, RetryAfter:%q, message:%q}",
		string(e.Kind), e.Operation, e.HTTPStatus, e.mask.Text(e.APIMessage), e.mask.Text(e.RetryAfter), e.message)
}

// LogValue makes slog record the error as masked fields.
func (e Error) LogValue() slog.Value {
	attrs := []slog.Attr{slog.String("kind", string(e.Kind)), slog.String("message", e.message)}
	if e.Operation != "" {
		attrs = append(attrs, slog.String("operation", e.Operation))
	}
	if e.HTTPStatus != 0 {
		attrs = append(attrs, slog.Int("httpStatus", e.HTTPStatus))
	}
	return slog.GroupValue(attrs...)
}

// MarshalJSON encodes the masked fields: the raw APIMessage and RetryAfter never leave
// through json.Marshal(err).
func (e Error) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Kind       Kind   `json:"kind"`
		Operation  string `json:"operation,omitempty"`
		HTTPStatus int    `json:"httpStatus,omitempty"`
		Message    string `json:"message"`
		APIMessage string `json:"apiMessage,omitempty"`
		RetryAfter string `json:"retryAfter,omitempty"`
	}{e.Kind, e.Operation, e.HTTPStatus, e.message, e.mask.Text(e.APIMessage), e.mask.Text(e.RetryAfter)})
}

func newError(kind Kind, operation string, status int, message string, m *redact.Masker) *Error {
	m.Compile()
	return &Error{Kind: kind, Operation: operation, HTTPStatus: status, message: message, mask: m}
}

func configurationError(format string, args ...any) *Error {
	return &Error{Kind: KindConfiguration, message: "walletapi: " + fmt.Sprintf(format, args...)}
}
