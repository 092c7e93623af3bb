package walletapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"wallet-api.invalid/walletapi/internal/redact"
)

// field is a protected field of a request body, by its name in the spec: its value is
// masked, as redact.FieldKind says, in whatever the provider answers.
type field struct{ name, value string }

// operation is one call's request, built by the generated layer.
type operation struct {
	name string // "POST /api/v1/swaps"
	req  *http.Request
	body []byte
}

// errClientTimeout is the cause of the context the client's own timeout cancels.
var errClientTimeout = errors.New("walletapi: the call's timeout passed")

// call sends op and decodes the success envelope's data into out.
func (c *Client) call(ctx context.Context, name string, build func(server string) (*http.Request, error), protected []field, opts []CallOption, out any) error {
	settings := callSettings{timeout: c.timeout}
	for _, o := range opts {
		o(&settings)
	}
	m := &redact.Masker{}
	m.Add(redact.Secret, c.apiKey, c.secret)
	for _, f := range protected {
		kind, _ := redact.FieldKind(f.name)
		m.Add(kind, f.value)
	}
	if settings.badValue != "" {
		return newError(KindConfiguration, name, 0, name+" was not sent: "+settings.badValue, m)
	}
	retry := c.retry
	if settings.retry != nil {
		r, err := resolveRetry(settings.retry)
		if err != nil {
			e := err.(*Error)
			e.Operation = name
			return e
		}
		retry = r
	} else if settings.noRetry {
		retry = nil
	}
	req, err := build(c.server)
	if err != nil {
		return newError(KindConfiguration, name, 0, name+" was not sent: its request could not be built ("+m.Text(err.Error())+")", m)
	}
	// The body is copied once: every attempt sends, and is signed over, these bytes.
	body, err := bodyOf(req)
	if err != nil {
		return newError(KindConfiguration, name, 0, name+" was not sent: its body could not be read ("+m.Text(err.Error())+")", m)
	}
	if req.Method != http.MethodGet {
		retry = nil
	}
	op := &operation{name: name, req: req, body: body}
	err = c.receive(ctx, op, retry, m, settings, out)
	if err != nil && c.logger != nil {
		c.logger.LogAttrs(ctx, slog.LevelDebug, "walletapi call failed", slog.String("operation", name), slog.Any("error", err))
	}
	return err
}

// bodyOf reads a copy of the request's body; nil when it has none.
func bodyOf(req *http.Request) ([]byte, error) {
	if req.GetBody == nil {
		return nil, nil
	}
	rc, err := req.GetBody()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// receive sends op and decodes the success envelope's data into out.
func (c *Client) receive(ctx context.Context, op *operation, retry *resolvedRetry, m *redact.Masker, settings callSettings, out any) error {
	status, data, err := c.send(ctx, op, retry, m, settings)
	if err != nil {
		return err
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return newError(KindInvalidResponse, op.name, status, fmt.Sprintf("%s answered HTTP %d with data that is not the %s the spec describes", op.name, status, typeName(out)), m)
		}
	}
	return nil
}

func typeName(out any) string {
	return strings.TrimLeft(strings.ReplaceAll(fmt.Sprintf("%T", out), "oapi.", ""), "*")
}

// send runs the attempts of one call and returns the success envelope's data. The client's
// timeout bounds each attempt (signing and reading the body included); the caller's
// context bounds the whole call.
func (c *Client) send(parent context.Context, op *operation, retry *resolvedRetry, m *redact.Masker, settings callSettings) (int, json.RawMessage, error) {
	pathWithQuery := op.req.URL.RequestURI()
	attempts := 1
	if retry != nil {
		attempts = retry.attempts
	}
	for attempt := 1; ; attempt++ {
		// Every attempt, a retry included, is signed at an instant no other request of the
		// process (or of the client, with a clock of its own) was signed at.
		signedAt := c.instants.next(c.now())
		input := SignatureInput{Method: op.req.Method, PathWithQuery: pathWithQuery, Body: op.body, Timestamp: signedAt.Format(timestampLayout), APIKey: c.apiKey}
		ctx, cancel := context.WithTimeoutCause(parent, settings.timeout, errClientTimeout)
		status, data, wait, reason, err := c.attempt(parent, ctx, op, input, attempt, attempts, retry, m, settings)
		cancel()
		if reason == "" {
			return status, data, err
		}
		if err := c.pause(parent, op.name, wait, attempt, reason, m, settings); err != nil {
			return 0, nil, err
		}
	}
}

// attempt sends the request once. A non-empty reason asks for another attempt after wait.
func (c *Client) attempt(parent, ctx context.Context, op *operation, input SignatureInput, attempt, attempts int, retry *resolvedRetry, m *redact.Masker, settings callSettings) (status int, data json.RawMessage, wait time.Duration, reason string, err error) {
	signature, err := c.sign(parent, ctx, op, input, m, settings)
	if err != nil {
		return 0, nil, 0, "", err
	}
	m.Add(redact.Secret, signature)
	// The first attempt sends the request the generated layer built; a later one a copy, as
	// an earlier attempt's request belongs to the transport until its answer is closed.
	req := op.req.WithContext(ctx)
	if attempt > 1 {
		req = op.req.Clone(ctx)
	}
	if op.body != nil {
		req.Body = io.NopCloser(bytes.NewReader(op.body))
	}
	req.Header.Set("x-api-key", c.apiKey)
	req.Header.Set("x-timestamp", input.Timestamp)
	req.Header.Set("x-signature", signature)
	req.Header.Set("User-Agent", c.userAgent)
	started := time.Now()
	resp, doErr := c.httpClient.Do(req)
	if doErr != nil {
		failure := c.classify(parent, ctx, op.name, 0, doErr, m, settings)
		c.logAttempt(parent, op.name, attempt, 0, started, failure)
		if failure.Kind == KindAborted || attempt >= attempts {
			return 0, nil, 0, "", failure
		}
		return 0, nil, backoff(retry, attempt), string(failure.Kind), nil
	}
	c.logAttempt(parent, op.name, attempt, resp.StatusCode, started, nil)
	if attempt < attempts && slices.Contains(retry.statuses, resp.StatusCode) {
		wait, ok := retryAfter(resp, c.now(), retry.max)
		if !ok {
			wait = backoff(retry, attempt)
		}
		// The answer is dropped unread: a retried attempt's body is nobody's data.
		_ = resp.Body.Close()
		return 0, nil, wait, "status " + strconv.Itoa(resp.StatusCode), nil
	}
	status, data, err = c.read(parent, ctx, op.name, resp, m, settings)
	return status, data, 0, "", err
}

// sign calls the signer within the call's deadline and checks what it returns. A signer of
// the caller's runs aside, so one that ignores its context still ends the call on time
// (its late answer is dropped); the HMAC signer runs inline.
func (c *Client) sign(parent, ctx context.Context, op *operation, input SignatureInput, m *redact.Masker, settings callSettings) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", c.classify(parent, ctx, op.name, 0, err, m, settings)
	}
	var signature string
	var err error
	var panicked bool
	if h, ok := c.signer.(*hmacSigner); ok {
		signature, err = h.Sign(ctx, input)
	} else {
		type result struct {
			signature string
			err       error
			panicked  bool
		}
		done := make(chan result, 1)
		go func() {
			var r result
			defer func() {
				if recover() != nil {
					r.panicked = true
				}
				done <- r
			}()
			r.signature, r.err = c.signer.Sign(ctx, input)
		}()
		select {
		case r := <-done:
			signature, err, panicked = r.signature, r.err, r.panicked
		case <-ctx.Done():
			return "", c.classify(parent, ctx, op.name, 0, ctx.Err(), m, settings)
		}
	}
	notSent := op.name + " was not sent: "
	switch {
	case panicked:
		return "", newError(KindSigning, op.name, 0, notSent+"the signer panicked (what it panicked with is withheld because it may contain secrets)", m)
	case err != nil:
		if ctx.Err() != nil {
			return "", c.classify(parent, ctx, op.name, 0, ctx.Err(), m, settings)
		}
		return "", newError(KindSigning, op.name, 0, fmt.Sprintf("%sthe signer returned an error (%T; its message is withheld because it may contain secrets)", notSent, err), m)
	case signature == "":
		return "", newError(KindSigning, op.name, 0, notSent+"the signer returned an empty signature", m)
	case !isHeaderValue(signature):
		return "", newError(KindSigning, op.name, 0, notSent+"the signer returned a signature that is not a valid HTTP header value ("+headerValueRule+"; the value is withheld)", m)
	}
	return signature, nil
}

// read reads the answer's body within the size limit and decides what the call returns.
func (c *Client) read(parent, ctx context.Context, name string, resp *http.Response, m *redact.Masker, settings callSettings) (int, json.RawMessage, error) {
	defer resp.Body.Close()
	status := resp.StatusCode
	limit := c.maxBytes
	retryAfterValue := resp.Header.Get("Retry-After")
	withRetryAfter := func(e *Error) *Error {
		e.RetryAfter = retryAfterValue
		return e
	}
	if resp.ContentLength > limit {
		return status, nil, withRetryAfter(newError(KindInvalidResponse, name, status, fmt.Sprintf("%s answered HTTP %d with a body of %d bytes, over the client's limit of %d bytes (MaxResponseBytes)", name, status, resp.ContentLength, limit), m))
	}
	// Counted after the transport's decompression: a small gzip cannot inflate past the limit.
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		// The answer had begun: never retried.
		return status, nil, withRetryAfter(c.classify(parent, ctx, name, status, err, m, settings))
	}
	if int64(len(body)) > limit {
		return status, nil, withRetryAfter(newError(KindInvalidResponse, name, status, fmt.Sprintf("%s answered HTTP %d with a body of more than %d bytes, over the client's limit (MaxResponseBytes)", name, status, limit), m))
	}
	if settings.raw != nil {
		*settings.raw = RawResponse{StatusCode: status, Header: resp.Header.Clone(), Body: body}
	}
	invalid := func(reason string) (int, json.RawMessage, error) {
		return status, nil, withRetryAfter(newError(KindInvalidResponse, name, status, fmt.Sprintf("%s answered HTTP %d %s", name, status, reason), m))
	}
	// A redirect is never followed (credentials are never replayed elsewhere), and what it
	// says is not the provider's decision on the call, whatever its body looks like.
	if status >= 300 && status < 400 {
		return invalid("(a redirect, which the client never follows)")
	}
	var env struct {
		Status  *string         `json:"status"`
		Message *string         `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	// The envelope is decoded first; why a body is not one is worked out only when it is not.
	if err := json.Unmarshal(body, &env); err != nil || env.Status == nil || env.Message == nil || env.Data == nil {
		switch {
		case len(bytes.TrimSpace(body)) == 0:
			return invalid("with an empty body")
		case !json.Valid(body):
			return invalid("with a body that is not JSON")
		}
		return invalid("with JSON that is not the {status, message, data} envelope")
	}
	if !utf8.Valid(body) {
		// encoding/json replaced those bytes with U+FFFD: the data would not be what was sent.
		return invalid("with a body that is not UTF-8")
	}
	ok := status >= 200 && status < 300
	if ok && *env.Status == "success" {
		return status, env.Data, nil
	}
	if *env.Status != "success" && *env.Status != "error" {
		return invalid("with an unknown envelope status")
	}
	e := newError(KindAPI, name, status, fmt.Sprintf("%s failed with HTTP %d: %s", name, status, m.Text(*env.Message)), m)
	e.APIMessage = *env.Message
	return status, nil, withRetryAfter(e)
}

// classify names a failure to get or read an answer: the caller's cancellation, a timeout,
// or the network.
func (c *Client) classify(parent, ctx context.Context, name string, status int, err error, m *redact.Masker, settings callSettings) *Error {
	if ctx.Err() != nil {
		switch {
		case errors.Is(parent.Err(), context.Canceled):
			e := newError(KindAborted, name, status, name+" was aborted by the caller", m)
			e.cause = parent.Err()
			return e
		case parent.Err() != nil:
			e := newError(KindTimeout, name, status, name+" timed out: the context's deadline passed", m)
			e.cause = context.DeadlineExceeded
			return e
		default:
			e := newError(KindTimeout, name, status, fmt.Sprintf("%s timed out after %d ms", name, settings.timeout.Milliseconds()), m)
			e.cause = context.DeadlineExceeded
			return e
		}
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		// url.Error quotes the method and URL; the cause is what matters.
		err = urlErr.Err
	}
	// A timeout of the transport or of an injected http.Client (its Timeout field) is a
	// timeout too, though no context of the call ended.
	if netErr, ok := err.(net.Error); ok && netErr.Timeout() {
		e := newError(KindTimeout, name, status, name+" timed out: the HTTP client's own timeout passed ("+m.Text(err.Error())+")", m)
		e.cause = context.DeadlineExceeded
		return e
	}
	e := newError(KindNetwork, name, status, name+" failed before an answer arrived: "+m.Text(err.Error()), m)
	e.cause = err
	return e
}

func (c *Client) logAttempt(ctx context.Context, name string, attempt, status int, started time.Time, failure *Error) {
	if c.logger == nil {
		return
	}
	attrs := []slog.Attr{slog.String("operation", name), slog.Int("attempt", attempt), slog.Duration("elapsed", time.Since(started))}
	if failure != nil {
		attrs = append(attrs, slog.String("kind", string(failure.Kind)))
	} else {
		attrs = append(attrs, slog.Int("status", status))
	}
	c.logger.LogAttrs(ctx, slog.LevelDebug, "walletapi attempt", attrs...)
}

// pause waits before the next attempt, ending the call if its context ends first.
func (c *Client) pause(parent context.Context, name string, wait time.Duration, attempt int, reason string, m *redact.Masker, settings callSettings) error {
	if c.logger != nil {
		c.logger.LogAttrs(parent, slog.LevelDebug, "walletapi retry", slog.String("operation", name), slog.Int("attempt", attempt), slog.Duration("wait", wait), slog.String("reason", reason))
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-parent.Done():
		return c.classify(parent, parent, name, 0, parent.Err(), m, settings)
	}
}

// backoff is the exponential step min(max, initial × 2^(attempt−1)) with jitter in [50 %, 100 %];
// an initial delay of 0 waits 0.
func backoff(r *resolvedRetry, attempt int) time.Duration {
	step := r.initial
	for n := 1; n < attempt && step < r.max; n++ {
		step = min(step, r.max/2) * 2 // doubling past the cap is the cap (and cannot overflow)
	}
	step = min(step, r.max)
	return step/2 + time.Duration(rand.Int64N(int64(step/2)+1))
}

// retryAfter reads the Retry-After of a 429 or 503, capped by maxDelay: delay-seconds (ASCII
// digits only) or an HTTP date. ok is false when there is none or it is neither (a "1.5",
// "-1", "²"…), and the backoff applies. Go's header parsing has already dropped the
// whitespace around the value.
func retryAfter(resp *http.Response, now time.Time, maxDelay time.Duration) (time.Duration, bool) {
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
		return 0, false
	}
	value := resp.Header.Get("Retry-After")
	var wait time.Duration
	switch {
	case value == "":
		return 0, false
	case asciiDigits(value):
		seconds, err := strconv.ParseUint(value, 10, 32)
		if err != nil {
			// Too many digits for any wait: the cap applies.
			return maxDelay, true
		}
		wait = time.Duration(seconds) * time.Second
	default:
		at, err := http.ParseTime(value)
		if err != nil {
			return 0, false
		}
		wait = max(0, at.Sub(now))
	}
	return min(wait, maxDelay), true
}

func asciiDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
