package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"strings"
	"time"

	"wallet-api.invalid/walletapi"
)

type body struct {
	JSON   json.RawMessage `json:"json"`
	UTF8   *string         `json:"utf8"`
	Base64 *string         `json:"base64"`
}

type answer struct {
	Status              int         `json:"status"`
	Reason              string      `json:"reason"`
	Headers             [][2]string `json:"headers"`
	Body                *body       `json:"body"`
	Framing             string      `json:"framing"`
	DelayMs             int         `json:"delayMs"`
	Fault               string      `json:"fault"`
	RetryAfterInSeconds *float64    `json:"retryAfterInSeconds"`
	Echo                bool        `json:"echo"`
}

type retrySettings struct {
	Attempts       int      `json:"attempts"`
	InitialDelayMs *float64 `json:"initialDelayMs"`
	MaxDelayMs     *float64 `json:"maxDelayMs"`
}

type clientSettings struct {
	TimeoutMs        *float64       `json:"timeoutMs"`
	MaxResponseBytes *int64         `json:"maxResponseBytes"`
	Retry            *retrySettings `json:"retry"`
	Signer           string         `json:"signer"`
	Secret           *string        `json:"secret"`
	// Env, when present, is the whole WALLET_API_* environment the client sees; the client
	// is then made by NewClientFromEnv with only the options Explicit lists given.
	Env      map[string]string `json:"env"`
	Explicit []string          `json:"explicit"`
}

type call struct {
	OperationID  string         `json:"operationId"`
	Params       map[string]any `json:"params"`
	AbortAfterMs *float64       `json:"abortAfterMs"`
	// Repeat makes the same call this many times in a row with one client (default once).
	Repeat int `json:"repeat"`
}

type expectedError struct {
	Kind string `json:"kind"`
	// Names and MustNotContain are checked on a configuration error.
	Names          string   `json:"names"`
	MustNotContain []string `json:"mustNotContain"`
	HTTPStatus     *int     `json:"httpStatus"`
	APIMessage     *string  `json:"apiMessage"`
	RetryAfter     *string  `json:"retryAfter"`
}

// outcome is what a call must give; a present-but-null data is kept as the bytes "null".
type outcome struct {
	Data         json.RawMessage `json:"data"`
	DataIncludes json.RawMessage `json:"dataIncludes"`
	Error        *expectedError  `json:"error"`
	// MustNotContain: values no rendering of a configuration error may show.
	MustNotContain []string `json:"mustNotContain"`
}

func ms(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

func (r *retrySettings) policy() *walletapi.RetryPolicy {
	p := &walletapi.RetryPolicy{Attempts: r.Attempts}
	if r.InitialDelayMs != nil {
		p.InitialDelay = walletapi.Ptr(ms(*r.InitialDelayMs))
	}
	if r.MaxDelayMs != nil {
		p.MaxDelay = walletapi.Ptr(ms(*r.MaxDelayMs))
	}
	return p
}

func signerOf(c *clientSettings, secret string) walletapi.Signer {
	kind := ""
	if c != nil {
		kind = c.Signer
		if c.Secret != nil {
			secret = *c.Secret
		}
	}
	switch kind {
	case "throws":
		return walletapi.SignerFunc(func(context.Context, walletapi.SignatureInput) (string, error) {
			return "", fmt.Errorf("the key store is down (secret %s)", secret)
		})
	case "returns-empty":
		return walletapi.SignerFunc(func(context.Context, walletapi.SignatureInput) (string, error) { return "", nil })
	case "returns-line-break":
		return walletapi.SignerFunc(func(context.Context, walletapi.SignatureInput) (string, error) { return "abc\r\ndef", nil })
	}
	return walletapi.HMACSHA256(secret)
}

func clientFor(baseURL, apiKey, secret string, c *clientSettings, logger *slog.Logger) (*walletapi.Client, error) {
	o := walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: baseURL, APIKey: apiKey, Signer: signerOf(c, secret), Logger: logger}
	if c != nil {
		if c.TimeoutMs != nil {
			o.Timeout = ms(*c.TimeoutMs)
		}
		if c.MaxResponseBytes != nil {
			o.MaxResponseBytes = *c.MaxResponseBytes
		}
		if c.Retry != nil {
			o.Retry = c.Retry.policy()
		}
	}
	if c != nil && c.Env != nil {
		return clientFromEnvironment(o, c, baseURL, apiKey, secret)
	}
	return walletapi.NewClient(o)
}

// clientFromEnvironment makes the client with NewClientFromEnv while the process's
// WALLET_API_* variables are exactly the case's (placeholders filled), giving only the
// options the case lists as explicit, and puts the process's own variables back.
func clientFromEnvironment(o walletapi.Options, c *clientSettings, baseURL, apiKey, secret string) (*walletapi.Client, error) {
	explicit := map[string]bool{}
	for _, name := range c.Explicit {
		explicit[name] = true
	}
	if !explicit["environment"] {
		o.Environment = ""
	}
	if !explicit["baseUrl"] {
		o.BaseURL = ""
	}
	if !explicit["apiKey"] {
		o.APIKey = ""
	}
	if !explicit["secret"] {
		o.Signer = nil
	}
	restore := map[string]*string{}
	for _, pair := range os.Environ() {
		if name, value, _ := strings.Cut(pair, "="); strings.HasPrefix(name, "WALLET_API_") {
			restore[name] = &value
			os.Unsetenv(name)
		}
	}
	for name, value := range c.Env {
		if _, saved := restore[name]; !saved {
			restore[name] = nil
		}
		os.Setenv(name, fillPlaceholders(value, baseURL, apiKey, secret))
	}
	defer func() {
		for name, value := range restore {
			if value == nil {
				os.Unsetenv(name)
			} else {
				os.Setenv(name, *value)
			}
		}
	}()
	return walletapi.NewClientFromEnv(o)
}

// fillPlaceholders puts the runner's answer server, key and secret in a case's value.
func fillPlaceholders(value, baseURL, apiKey, secret string) string {
	return strings.NewReplacer("{{baseUrl}}", baseURL, "{{apiKey}}", apiKey, "{{secret}}", secret).Replace(value)
}

// convert moves the case's flat params into a typed value through JSON: the generated
// bodies and parameters carry the spec's names as JSON tags.
func convert[T any](params map[string]any) (T, error) {
	var v T
	text, err := json.Marshal(params)
	if err == nil {
		err = json.Unmarshal(text, &v)
	}
	return v, err
}

// invoke calls the client's method named after the operationId.
func invoke(ctx context.Context, c *walletapi.Client, op string, p map[string]any, opts ...walletapi.CallOption) (any, error) {
	var err error
	do := func(got any, callErr error) (any, error) {
		if err != nil {
			return nil, fail("the runner could not build the params of %s", op)
		}
		return got, callErr
	}
	switch op {
	case "previewWithdrawal":
		b, e := convert[walletapi.PreviewWithdrawalRequest](p)
		err = e
		return do(c.PreviewWithdrawal(ctx, b, opts...))
	case "previewLocalPayout":
		b, e := convert[walletapi.PreviewLocalPayoutRequest](p)
		err = e
		return do(c.PreviewLocalPayout(ctx, b, opts...))
	case "listWallets":
		return do(c.ListWallets(ctx, opts...))
	case "createWallet":
		b, e := convert[walletapi.CreateWalletRequest](p)
		err = e
		return do(c.CreateWallet(ctx, b, opts...))
	case "getDepositAddress":
		q, e := convert[walletapi.GetDepositAddressParams](p)
		err = e
		return do(c.GetDepositAddress(ctx, q, opts...))
	case "listMarkets":
		return do(c.ListMarkets(ctx, opts...))
	case "getMinimumWithdrawalAmount":
		q, e := convert[walletapi.GetMinimumWithdrawalAmountParams](p)
		err = e
		return do(c.GetMinimumWithdrawalAmount(ctx, q, opts...))
	case "listCoinNetworks":
		q, e := convert[walletapi.ListCoinNetworksParams](p)
		err = e
		return do(c.ListCoinNetworks(ctx, q, opts...))
	case "getRates":
		return do(c.GetRates(ctx, opts...))
	case "getSwapQuote":
		q, e := convert[walletapi.GetSwapQuoteParams](p)
		err = e
		return do(c.GetSwapQuote(ctx, q, opts...))
	case "getSwapMarket":
		return do(c.GetSwapMarket(ctx, opts...))
	case "createSwap":
		b, e := convert[walletapi.CreateSwapRequest](p)
		err = e
		return do(c.CreateSwap(ctx, b, opts...))
	case "confirmSwap":
		q, e := convert[walletapi.ConfirmSwapParams](p)
		err = e
		return do(c.ConfirmSwap(ctx, q, opts...))
	case "cancelSwap":
		q, e := convert[walletapi.CancelSwapParams](p)
		err = e
		return do(c.CancelSwap(ctx, q, opts...))
	case "listTransactions":
		q, e := convert[walletapi.ListTransactionsParams](p)
		err = e
		return do(c.ListTransactions(ctx, q, opts...))
	case "getTransaction":
		q, e := convert[walletapi.GetTransactionParams](p)
		err = e
		return do(c.GetTransaction(ctx, q, opts...))
	}
	return nil, fail("no operation %s in the client", op)
}

type got struct {
	data any
	err  error
}

func describe(g got) string {
	if g.err == nil {
		text, _ := json.Marshal(g.data)
		return "data " + truncate(string(text), 80)
	}
	var e *walletapi.Error
	if !errors.As(g.err, &e) {
		return fmt.Sprintf("a %T that is not a *walletapi.Error", g.err)
	}
	if e.HTTPStatus != 0 {
		return fmt.Sprintf("%s, HTTP %d", e.Kind, e.HTTPStatus)
	}
	return string(e.Kind)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// generic decodes JSON into plain values (maps, slices, float64…), as the case files are read.
func generic(text []byte) (any, error) {
	var v any
	err := json.Unmarshal(text, &v)
	return v, err
}

// normalised is the expected data as the typed value the client returns sees it: decoded
// into that type and encoded again (a date-time written as time.Time writes it, say).
func normalised(expected json.RawMessage, like any) (any, error) {
	t := reflect.TypeOf(like)
	if t == nil {
		return generic(expected)
	}
	v := reflect.New(t)
	if err := json.Unmarshal(expected, v.Interface()); err != nil {
		return nil, err
	}
	text, err := json.Marshal(v.Elem().Interface())
	if err != nil {
		return nil, err
	}
	return generic(text)
}

func checkOutcome(g got, expected outcome) error {
	if expected.Error != nil {
		if g.err == nil {
			return fail("%s, not %s", describe(g), expected.Error.Kind)
		}
		return checkError(g.err, *expected.Error)
	}
	if g.err != nil {
		return fail("%s", describe(g))
	}
	text, err := json.Marshal(g.data)
	if err != nil {
		return fail("data that does not encode as JSON")
	}
	actual, _ := generic(text)
	if expected.Data != nil {
		want, err := normalised(expected.Data, g.data)
		if err != nil {
			return fail("expected data that %T cannot hold: %s", g.data, truncate(string(expected.Data), 80))
		}
		if !reflect.DeepEqual(actual, want) {
			return fail("other data: %s", truncate(string(text), 120))
		}
	}
	if expected.DataIncludes != nil {
		want, _ := generic(expected.DataIncludes)
		if !includes(actual, want) {
			return fail("data without what was expected: %s", truncate(string(text), 120))
		}
	}
	return nil
}

func checkError(err error, expected expectedError) error {
	var e *walletapi.Error
	if !errors.As(err, &e) {
		return fail("%s", describe(got{err: err}))
	}
	if string(e.Kind) != expected.Kind {
		return fail("%s, not %s", describe(got{err: err}), expected.Kind)
	}
	if expected.HTTPStatus != nil && e.HTTPStatus != *expected.HTTPStatus {
		return fail("%s with HTTP %d, not %d", e.Kind, e.HTTPStatus, *expected.HTTPStatus)
	}
	if expected.APIMessage != nil && e.APIMessage != *expected.APIMessage {
		return fail("%s with another provider message", e.Kind)
	}
	if expected.RetryAfter != nil && e.RetryAfter != *expected.RetryAfter {
		return fail("%s without Retry-After %s", e.Kind, *expected.RetryAfter)
	}
	// What errors.Is promises for the two context kinds.
	if e.Kind == walletapi.KindAborted && !errors.Is(err, context.Canceled) {
		return fail("aborted, but errors.Is(err, context.Canceled) does not hold")
	}
	if e.Kind == walletapi.KindTimeout && !errors.Is(err, context.DeadlineExceeded) {
		return fail("timeout, but errors.Is(err, context.DeadlineExceeded) does not hold")
	}
	return nil
}

// includes: every key given is present with a matching value; arrays match item by item.
func includes(actual, expected any) bool {
	switch want := expected.(type) {
	case []any:
		have, ok := actual.([]any)
		if !ok || len(have) != len(want) {
			return false
		}
		for i := range want {
			if !includes(have[i], want[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		have, ok := actual.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range want {
			hv, present := have[k]
			if !present || !includes(hv, v) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(actual, expected)
}

type signingCase struct {
	Input struct {
		Method        string `json:"method"`
		PathWithQuery string `json:"pathWithQuery"`
		Body          struct {
			UTF8 string `json:"utf8"`
		} `json:"body"`
		Timestamp string `json:"timestamp"`
		APIKey    string `json:"apiKey"`
		Secret    string `json:"secret"`
	} `json:"input"`
	Expect struct {
		CanonicalString string `json:"canonicalString"`
		Signature       string `json:"signature"`
	} `json:"expect"`
}

func runSigning(raw json.RawMessage) (string, error) {
	var c signingCase
	if err := json.Unmarshal(raw, &c); err != nil {
		return "", err
	}
	in := walletapi.SignatureInput{Method: c.Input.Method, PathWithQuery: c.Input.PathWithQuery, Body: []byte(c.Input.Body.UTF8), Timestamp: c.Input.Timestamp, APIKey: c.Input.APIKey}
	if walletapi.CanonicalString(in) != c.Expect.CanonicalString {
		return "", fail("another canonical string")
	}
	signature, err := walletapi.HMACSHA256(c.Input.Secret).Sign(context.Background(), in)
	if err != nil || signature != c.Expect.Signature {
		return "", fail("signature %s…", truncate(signature, 12))
	}
	return "signature " + truncate(c.Expect.Signature, 12), nil
}

type exchangeCase struct {
	Client  *clientSettings `json:"client"`
	Call    call            `json:"call"`
	Answers []answer        `json:"answers"`
	Privacy *struct {
		Protected []string `json:"protected"`
	} `json:"privacy"`
	Expect struct {
		outcome
		Requests int `json:"requests"`
		WaitsMs  []struct {
			Min float64 `json:"min"`
			Max float64 `json:"max"`
		} `json:"waitsMs"`
		Request *expectedRequest `json:"request"`
		// DistinctHeaders are headers whose values must differ across every request received.
		DistinctHeaders []string `json:"distinctHeaders"`
	} `json:"expect"`
}

type expectedRequest struct {
	Method           string            `json:"method"`
	PathWithQuery    *string           `json:"pathWithQuery"`
	Path             *string           `json:"path"`
	Query            map[string]string `json:"query"`
	BodyJSON         json.RawMessage   `json:"bodyJson"`
	UserAgentMatches *string           `json:"userAgentMatches"`
}

const (
	replayKey    = "conformance-replay-key"
	replaySecret = "conformance-replay-secret"
)

func runExchange(raw json.RawMessage) (string, error) {
	var c exchangeCase
	if err := json.Unmarshal(raw, &c); err != nil {
		return "", err
	}
	server, err := startReplayServer(c.Answers)
	if err != nil {
		return "", err
	}
	defer server.close()
	// Privacy cases also read the client's own log records, at debug level.
	var logs bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	client, err := clientFor(server.url, replayKey, replaySecret, c.Client, logger)
	if err != nil && c.Expect.Error != nil && c.Expect.Error.Kind == "configuration" {
		if requests, _ := server.snapshot(); len(requests) != c.Expect.Requests {
			return "", fail("%d requests, not %d", len(requests), c.Expect.Requests)
		}
		var mustNotContain []string
		for _, value := range append(c.Expect.MustNotContain, c.Expect.Error.MustNotContain...) {
			mustNotContain = append(mustNotContain, fillPlaceholders(value, server.url, replayKey, replaySecret))
		}
		return checkConfiguration(err, c.Expect.Error.Names, mustNotContain)
	}
	if err != nil {
		return "", fail("the client was refused: %s", err)
	}
	defer client.CloseIdleConnections()
	ctx := context.Background()
	if c.Call.AbortAfterMs != nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		timer := time.AfterFunc(ms(*c.Call.AbortAfterMs), cancel)
		defer timer.Stop()
		defer cancel()
	}
	var data any
	var callErr error
	var g got
	for range max(1, c.Call.Repeat) {
		data, callErr = invoke(ctx, client, c.Call.OperationID, c.Call.Params)
		if m, ok := callErr.(*mismatch); ok {
			return "", m
		}
		g = got{data, callErr}
		if err := checkOutcome(g, c.Expect.outcome); err != nil {
			return "", err
		}
	}
	// Requests still arriving (a retry the client should not make) are counted after a moment.
	time.Sleep(50 * time.Millisecond)
	requests, answeredAt := server.snapshot()
	if len(requests) != c.Expect.Requests {
		return "", fail("%s after %d requests, not %d", describe(g), len(requests), c.Expect.Requests)
	}
	for i, w := range c.Expect.WaitsMs {
		answered, ok := answeredAt[i]
		if !ok || i+1 >= len(requests) {
			return "", fail("no wait %d to measure", i+1)
		}
		waited := float64(requests[i+1].arrivedAt.Sub(answered)) / float64(time.Millisecond)
		// 5 ms below for timer and clock granularity, 300 ms above for scheduling (the kit's rule).
		if waited < w.Min-5 || waited > w.Max+300 {
			return "", fail("waited %.0f ms, not %.0f–%.0f ms", waited, w.Min, w.Max)
		}
	}
	if c.Expect.Request != nil {
		if len(requests) == 0 {
			return "", fail("no request arrived")
		}
		if err := checkRequest(requests[0], *c.Expect.Request); err != nil {
			return "", err
		}
	}
	for _, name := range c.Expect.DistinctHeaders {
		seen := map[string]int{}
		for i, r := range requests {
			value := r.header.Get(name)
			if first, repeated := seen[value]; repeated {
				return "", fail("requests %d and %d carried the same %s", first+1, i+1, name)
			}
			seen[value] = i
		}
	}
	if c.Privacy != nil && callErr != nil {
		if err := checkPrivacy(c.Privacy.Protected, requests, callErr, &logs, logger); err != nil {
			return "", fail("%s, but %s", describe(g), err)
		}
	}
	saw := describe(g)
	if c.Expect.Requests != 1 {
		saw += fmt.Sprintf(" after %d requests", len(requests))
	}
	return saw, nil
}

var timestampPattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$`)

func checkRequest(r received, want expectedRequest) error {
	if r.method != want.Method {
		return fail("method %s", r.method)
	}
	if want.PathWithQuery != nil && r.target != *want.PathWithQuery {
		return fail("request target %s", r.target)
	}
	path, query, _ := strings.Cut(r.target, "?")
	if want.Path != nil && path != *want.Path {
		return fail("path %s", path)
	}
	if want.Query != nil {
		values, err := url.ParseQuery(query)
		have := map[string]string{}
		for k, v := range values {
			have[k] = v[len(v)-1]
		}
		if err != nil || !reflect.DeepEqual(have, want.Query) {
			return fail("query %s", query)
		}
	}
	if want.BodyJSON != nil {
		var have any
		if len(r.body) > 0 {
			if err := json.Unmarshal(r.body, &have); err != nil {
				return fail("a body that is not JSON")
			}
		}
		expected, _ := generic(want.BodyJSON)
		if !reflect.DeepEqual(have, expected) {
			return fail("body %s", truncate(string(r.body), 80))
		}
	}
	if want.UserAgentMatches != nil {
		pattern, err := regexp.Compile(*want.UserAgentMatches)
		if err != nil || !pattern.MatchString(r.header.Get("User-Agent")) {
			return fail("User-Agent %s", r.header.Get("User-Agent"))
		}
	}
	if r.header.Get("x-api-key") != replayKey {
		return fail("another x-api-key")
	}
	timestamp := r.header.Get("x-timestamp")
	if !timestampPattern.MatchString(timestamp) {
		return fail("x-timestamp %s", timestamp)
	}
	// The oracle: crypto/hmac over the bytes that arrived, not the client's signer.
	mac := hmac.New(sha256.New, []byte(replaySecret))
	mac.Write([]byte(timestamp + "\n" + r.method + "\n" + r.target + "\n"))
	mac.Write(r.body)
	if r.header.Get("x-signature") != hex.EncodeToString(mac.Sum(nil)) {
		return fail("x-signature is not the HMAC of the bytes received")
	}
	return nil
}

// renderings are every way a caller or a log may render an error in Go: Error(), the fmt
// verbs (of the pointer and of the value), slog's JSON and text handlers, the log package,
// json.Marshal, and the client's own log records.
func renderings(err error, logs *bytes.Buffer, logger *slog.Logger) []string {
	logger.Debug("call failed", slog.Any("error", err), slog.String("text", err.Error()))
	var jsonLog, textLog, stdLog bytes.Buffer
	slog.New(slog.NewJSONHandler(&jsonLog, &slog.HandlerOptions{Level: slog.LevelDebug})).Error("call failed", "error", err)
	slog.New(slog.NewTextHandler(&textLog, &slog.HandlerOptions{Level: slog.LevelDebug})).Error("call failed", "error", err)
	log.New(&stdLog, "", log.LstdFlags).Printf("call failed: %v", err)
	marshalled, marshalErr := json.Marshal(err)
	if marshalErr != nil {
		marshalled = []byte(marshalErr.Error())
	}
	var e *walletapi.Error
	shown := []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), fmt.Sprintf("%s", err), fmt.Sprintf("%q", err),
		logs.String(), jsonLog.String(), textLog.String(), stdLog.String(), string(marshalled)}
	if errors.As(err, &e) {
		value, _ := json.Marshal(*e)
		shown = append(shown, fmt.Sprintf("%v", *e), fmt.Sprintf("%+v", *e), fmt.Sprintf("%#v", *e), fmt.Sprintf("%q", *e), string(value))
	}
	return shown
}

// shownForms are the forms of a protected value searched for in the renderings (lower
// case): as carried, URL-encoded (a space as + or %20), and an all-digit value also without
// its leading zeros where it stands as a number. The runner's own oracle, not the client's.
func shownForms(value string) []*regexp.Regexp {
	forms := []string{value, url.QueryEscape(value), url.PathEscape(value), strings.ReplaceAll(url.QueryEscape(value), "+", "%20")}
	var patterns []*regexp.Regexp
	for _, f := range forms {
		patterns = append(patterns, regexp.MustCompile("(?i)"+regexp.QuoteMeta(f)))
	}
	if stripped := strings.TrimLeft(value, "0"); stripped != value && stripped != "" && strings.Trim(value, "0123456789") == "" {
		patterns = append(patterns, regexp.MustCompile(`(?:^|[^0-9A-Za-z])`+stripped+`(?:[^0-9A-Za-z]|$)`))
	}
	return patterns
}

func checkPrivacy(protected []string, requests []received, callErr error, logs *bytes.Buffer, logger *slog.Logger) error {
	var fields map[string]any
	var signature string
	if len(requests) > 0 {
		decoder := json.NewDecoder(bytes.NewReader(requests[0].body))
		decoder.UseNumber() // a number as it was sent, not as a float prints it
		_ = decoder.Decode(&fields)
		signature = requests[0].header.Get("x-signature")
	}
	texts := renderings(callErr, logs, logger)
	for _, name := range protected {
		var value string
		switch {
		case name == "apiKey":
			value = replayKey
		case name == "secret":
			value = replaySecret
		case name == "signature":
			value = signature
		case strings.HasPrefix(name, "field:"):
			if v, ok := fields[strings.TrimPrefix(name, "field:")]; ok {
				value = fmt.Sprint(v)
			}
		}
		if value == "" {
			continue
		}
		for _, pattern := range shownForms(value) {
			for _, text := range texts {
				if pattern.MatchString(text) {
					return fail("a rendering of the error shows %s", name)
				}
			}
		}
	}
	return nil
}

type optionsCase struct {
	Options struct {
		Environment *string `json:"environment"`
		BaseURL     *string `json:"baseUrl"`
		APIKey      *string `json:"apiKey"`
		Secret      *string `json:"secret"`
	} `json:"options"`
	Expect struct {
		Error struct {
			Names string `json:"names"`
		} `json:"error"`
		MustNotContain []string `json:"mustNotContain"`
	} `json:"expect"`
}

var notLetterOrDigit = regexp.MustCompile(`[^a-z0-9]`)

func runOptions(raw json.RawMessage) (string, error) {
	var c optionsCase
	if err := json.Unmarshal(raw, &c); err != nil {
		return "", err
	}
	deref := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	secret := "secret"
	if c.Options.Secret != nil {
		secret = *c.Options.Secret
	}
	_, err := walletapi.NewClient(walletapi.Options{
		Environment: walletapi.Environment(deref(c.Options.Environment)),
		BaseURL:     deref(c.Options.BaseURL),
		APIKey:      deref(c.Options.APIKey),
		Signer:      walletapi.HMACSHA256(secret),
	})
	if err == nil {
		return "", fail("the client was created")
	}
	return checkConfiguration(err, c.Expect.Error.Names, c.Expect.MustNotContain)
}

// checkConfiguration checks that err is a configuration error naming names (letters and
// digits, lower case) and that no rendering of it shows a value of mustNotContain.
func checkConfiguration(err error, names string, mustNotContain []string) (string, error) {
	if e := checkError(err, expectedError{Kind: "configuration"}); e != nil {
		return "", e
	}
	if !strings.Contains(notLetterOrDigit.ReplaceAllString(strings.ToLower(err.Error()), ""), names) {
		return "", fail("configuration error naming no %s", names)
	}
	var logs bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for _, text := range renderings(err, &logs, logger) {
		for _, value := range mustNotContain {
			if value != "" && strings.Contains(text, value) {
				return "", fail("configuration error quoting a refused value")
			}
		}
	}
	return "configuration", nil
}
