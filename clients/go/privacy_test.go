package walletapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"wallet-api.invalid/walletapi"
)

// Canaries: values that must never appear in an error or a log record.
const (
	canaryPassword = "Hunter2 Canary/Päss"
	canaryAccount  = "0123456789"
	canaryBank     = "058-canary"
	canaryAddress  = "0x8ba1f109551bD432803012645Ac136ddd64DBA72"
)

// everyRendering is every way a caller or a log may render an error.
func everyRendering(err error, logs *bytes.Buffer) []string {
	slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})).Debug("failed", "error", err, "text", err.Error())
	slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})).Debug("failed", "error", err)
	shown := []string{err.Error(), fmt.Sprint(err), fmt.Sprintf("%v|%+v|%#v|%s|%q", err, err, err, err, err), logs.String()}
	if e, ok := err.(*walletapi.Error); ok {
		shown = append(shown, fmt.Sprintf("%v|%+v|%#v", *e, *e, *e))
	}
	return shown
}

func TestEchoedSecretsAreMaskedInEveryRendering(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		signature := r.Header.Get("x-signature")
		echo := strings.Join([]string{
			r.Header.Get("x-api-key"), strings.ToUpper(signature), testSecret,
			canaryPassword, strings.ToUpper(canaryPassword), url.QueryEscape(canaryPassword), url.PathEscape(canaryPassword),
			canaryAccount, canaryBank, strings.ToUpper(canaryAddress),
			`\"password\":\"something-else\"`, `\"accountNumber\": 42`,
			`bankCode=other-bank&x=1`,
		}, " ")
		w.Header().Set("Retry-After", signature)
		envelope(w, 400, `{"status":"error","message":"refused: `+echo+`","data":null}`)
	})
	ctx := context.Background()
	// A client per call, each with its own log: every record of a call is checked against it.
	logs := map[string]*bytes.Buffer{}
	clientOf := func(name string) *walletapi.Client {
		logs[name] = &bytes.Buffer{}
		return newClient(t, srv.URL, func(o *walletapi.Options) {
			o.Logger = slog.New(slog.NewJSONHandler(logs[name], &slog.HandlerOptions{Level: slog.LevelDebug}))
		})
	}
	// Each call masks what it carried itself (and the credentials): the values of the others
	// are not its to know.
	type outcome struct {
		err     error
		carried []string
	}
	calls := map[string]outcome{}
	_, err := clientOf("createSwap").CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 1, Password: canaryPassword})
	calls["createSwap"] = outcome{err, []string{canaryPassword, url.QueryEscape(canaryPassword), url.PathEscape(canaryPassword)}}
	_, err = clientOf("previewLocalPayout").PreviewLocalPayout(ctx, walletapi.PreviewLocalPayoutRequest{Coin: "ngn", Amount: 1, AccountNumber: walletapi.Ptr(canaryAccount), BankCode: walletapi.Ptr(canaryBank)})
	calls["previewLocalPayout"] = outcome{err, []string{canaryAccount, canaryBank}}
	_, err = clientOf("previewWithdrawal").PreviewWithdrawal(ctx, walletapi.PreviewWithdrawalRequest{Coin: "usdt", Chain: "ethereum", Amount: 1, ReceiverAddress: canaryAddress})
	calls["previewWithdrawal"] = outcome{err, []string{canaryAddress}}
	// Whatever the call, a protected field's value in echoed JSON is masked too.
	forbidden := []string{testKey, testSecret, "something-else", `"accountNumber": 42`, "other-bank"}
	for i := 0; i < srv.count(); i++ {
		forbidden = append(forbidden, srv.request(i).header.Get("x-signature"))
	}
	for name, call := range calls {
		if kindOf(call.err) != walletapi.KindAPI {
			t.Fatalf("%s: %v", name, call.err)
		}
		if !strings.Contains(logs[name].String(), "walletapi call failed") {
			t.Errorf("%s: no record of the failure", name)
		}
		for _, text := range everyRendering(call.err, logs[name]) {
			lower := strings.ToLower(text)
			for _, value := range append(forbidden, call.carried...) {
				if strings.Contains(lower, strings.ToLower(value)) {
					t.Errorf("%s: a rendering shows %q: %s", name, value, text)
				}
			}
		}
		// The message is still useful: the operation, the status and the provider's words.
		if !strings.Contains(call.err.Error(), "failed with HTTP 400: refused: [redacted]") {
			t.Errorf("%s: %s", name, call.err)
		}
	}
	// The fields hold what the provider sent, for a caller that asks for it.
	if e := calls["createSwap"].err.(*walletapi.Error); !strings.Contains(e.APIMessage, canaryPassword) {
		t.Error("APIMessage is not the provider's message")
	}
}

func TestOptionsClientsAndSignersNeverPrintASecret(t *testing.T) {
	options := walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: "http://127.0.0.1:1", APIKey: testKey, Signer: walletapi.HMACSHA256(testSecret)}
	c, err := walletapi.NewClient(options)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{options, &options, options.Signer, c, *c} {
		text := fmt.Sprintf("%v|%+v|%#v|%s", v, v, v, v)
		if strings.Contains(text, testKey) || strings.Contains(text, testSecret) {
			t.Errorf("%T renders a secret: %s", v, text)
		}
	}
}

func TestTheLoggerIsSilentByDefaultAndNeverLogsCredentials(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 1 {
			envelope(w, 503, `{"status":"error","message":"busy","data":null}`)
			return
		}
		envelope(w, 200, marketsOK)
	})
	// Without a Logger nothing is logged, not even to slog's default logger.
	var fallback bytes.Buffer
	previous := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&fallback, &slog.HandlerOptions{Level: slog.LevelDebug})))
	quietServer := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 1 {
			envelope(w, 503, `{"status":"error","message":"busy","data":null}`)
			return
		}
		envelope(w, 200, marketsOK)
	})
	quiet := newClient(t, quietServer.URL, func(o *walletapi.Options) {
		o.Retry = &walletapi.RetryPolicy{Attempts: 2, InitialDelay: walletapi.Ptr(time.Nanosecond)}
	})
	_, quietErr := quiet.ListMarkets(context.Background())
	_, _ = quiet.ConfirmSwap(context.Background(), walletapi.ConfirmSwapParams{ID: "x"})
	slog.SetDefault(previous)
	if quietErr != nil || fallback.Len() != 0 {
		t.Errorf("%v; logged without a Logger: %s", quietErr, fallback.String())
	}

	var logs bytes.Buffer
	c := newClient(t, srv.URL, func(o *walletapi.Options) {
		o.Logger = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		o.Retry = &walletapi.RetryPolicy{Attempts: 2, InitialDelay: walletapi.Ptr(time.Nanosecond)}
	})
	if _, err := c.ListMarkets(context.Background()); err != nil {
		t.Fatal(err)
	}
	text := logs.String()
	if strings.Count(text, `"msg":"walletapi attempt"`) != 2 || strings.Count(text, `"msg":"walletapi retry"`) != 1 {
		t.Errorf("records: %s", text)
	}
	for i := 0; i < srv.count(); i++ {
		if signature := srv.request(i).header.Get("x-signature"); strings.Contains(text, signature) {
			t.Errorf("a record holds a signature: %s", text)
		}
	}
	if strings.Contains(text, testKey) || strings.Contains(text, testSecret) {
		t.Errorf("a record holds a credential: %s", text)
	}
}

func TestRequestBodiesPrintTheirProtectedFieldsRedacted(t *testing.T) {
	for _, body := range []any{
		walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 1, Password: canaryPassword},
		&walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 1, Password: canaryPassword},
		walletapi.PreviewLocalPayoutRequest{Coin: "ngn", Amount: 1, AccountNumber: walletapi.Ptr(canaryAccount), BankCode: walletapi.Ptr(canaryBank)},
		walletapi.PreviewWithdrawalRequest{Coin: "usdt", Chain: "ethereum", Amount: 1, ReceiverAddress: canaryAddress},
	} {
		text := fmt.Sprintf("%v|%+v|%#v|%s", body, body, body, body)
		for _, value := range []string{canaryPassword, canaryAccount, canaryBank, canaryAddress} {
			if strings.Contains(text, value) {
				t.Errorf("%T prints %q: %s", body, value, text)
			}
		}
		if _, ok := body.(walletapi.PreviewWithdrawalRequest); ok && !strings.Contains(text, "[redacted]") || !strings.Contains(text, "ngn") && !strings.Contains(text, "ethereum") {
			t.Errorf("%T prints %s", body, text)
		}
		// What is sent is unchanged.
		sent, _ := json.Marshal(body)
		if !strings.Contains(string(sent), "Hunter2") && !strings.Contains(string(sent), canaryAccount) && !strings.Contains(string(sent), canaryAddress) {
			t.Errorf("%T marshals as %s", body, sent)
		}
	}
}
