package walletapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"wallet-api.invalid/walletapi"
)

// A careless provider echoes what a call carried: the API key, the signature, the
// customer's password (with spaces and a +) and an account number with a leading zero,
// raw, URL-encoded in every way and as a JSON number, in its message, its headers and an
// HTML page, on a 400 and a 500. Every rendering of the error a Go team logs is searched
// for every form of every canary; the figures are printed (go test -run CarelessProvider -v).
const (
	carelessPassword = "Canary pass word+plus 7"
	carelessAccount  = "0123456789"
)

// carelessEcho is every form the provider repeats the call's values in: the credentials,
// and the password or the account number the call carried.
func carelessEcho(r *http.Request) string {
	signature := r.Header.Get("x-signature")
	signatureBytes, _ := hex.DecodeString(signature)
	echo := []string{
		"key " + r.Header.Get("x-api-key"),
		"sig " + signature, "sig64 " + base64.StdEncoding.EncodeToString(signatureBytes),
	}
	if strings.HasSuffix(r.URL.Path, "/swaps") {
		echo = append(echo, "password="+carelessPassword, `"password":"`+carelessPassword+`"`,
			"pw "+url.QueryEscape(carelessPassword), "pw "+url.PathEscape(carelessPassword),
			"pw "+strings.ReplaceAll(url.QueryEscape(carelessPassword), "+", "%20"))
	} else {
		echo = append(echo, "account "+carelessAccount, "account "+url.QueryEscape(carelessAccount),
			`"accountRef":123456789`, "account no. 123456789.", "accountNumber="+carelessAccount)
	}
	return strings.Join(echo, " | ")
}

// canaryForms are the forms searched for in the renderings, named for the report.
func canaryForms(signatures []string) map[string]string {
	forms := map[string]string{
		"apiKey":                testKey,
		"password":              carelessPassword,
		"password's tail":       "word+plus 7",
		"password %20":          strings.ReplaceAll(url.QueryEscape(carelessPassword), "+", "%20"),
		"password +":            url.QueryEscape(carelessPassword),
		"account":               carelessAccount,
		"account as a number":   "123456789",
		"account URL-encoded":   url.QueryEscape(carelessAccount),
		"password's tail (%2B)": "word%2Bplus",
	}
	for i, s := range signatures {
		b, _ := hex.DecodeString(s)
		forms[fmt.Sprintf("signature %d", i+1)] = s
		forms[fmt.Sprintf("signature %d base64", i+1)] = base64.StdEncoding.EncodeToString(b)
	}
	return forms
}

// onlyForms keeps the forms whose names start with one of prefixes.
func onlyForms(forms map[string]string, prefixes ...string) map[string]string {
	kept := map[string]string{}
	for name, value := range forms {
		for _, p := range prefixes {
			if strings.HasPrefix(name, p) {
				kept[name] = value
			}
		}
	}
	return kept
}

// goRenderings renders err every way a Go team logs it, with the client's own log records.
func goRenderings(err error, clientLog *bytes.Buffer) map[string]string {
	var jsonLog, textLog, stdLog bytes.Buffer
	slog.New(slog.NewJSONHandler(&jsonLog, &slog.HandlerOptions{Level: slog.LevelDebug})).Error("call failed", "error", err)
	slog.New(slog.NewTextHandler(&textLog, &slog.HandlerOptions{Level: slog.LevelDebug})).Error("call failed", "error", err)
	log.New(&stdLog, "", 0).Printf("call failed: %v", err)
	marshalled, marshalErr := json.Marshal(err)
	if marshalErr != nil {
		marshalled = []byte(marshalErr.Error())
	}
	return map[string]string{
		"Error()": err.Error(), "%v": fmt.Sprintf("%v", err), "%+v": fmt.Sprintf("%+v", err),
		"%#v": fmt.Sprintf("%#v", err), "%q": fmt.Sprintf("%q", err), "%s": fmt.Sprintf("%s", err),
		"slog JSON": jsonLog.String(), "slog text": textLog.String(), "log.Printf": stdLog.String(),
		"json.Marshal": string(marshalled), "client's log": clientLog.String(),
	}
}

func TestACarelessProviderFindsNoCanaryInAnyRendering(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		echo := carelessEcho(r)
		quoted, _ := json.Marshal(echo)
		if n%2 == 1 { // 400: the envelope's message echoes
			envelope(w, 400, `{"status":"error","message":`+string(quoted)+`,"data":null}`)
			return
		}
		// 500: headers and an HTML page echo
		w.Header().Set("Retry-After", echo)
		w.Header().Set("X-Echo-"+r.Header.Get("x-api-key"), echo)
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(500)
		_, _ = fmt.Fprintf(w, "<html><body><h1>Internal error</h1><pre>%s</pre></body></html>", echo)
	})
	ctx := context.Background()
	type call struct {
		name string
		do   func(*walletapi.Client) error
	}
	swap := func(c *walletapi.Client) error {
		_, err := c.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 1, Password: carelessPassword})
		return err
	}
	payout := func(c *walletapi.Client) error {
		_, err := c.PreviewLocalPayout(ctx, walletapi.PreviewLocalPayoutRequest{Coin: "ngn", Amount: 1, AccountNumber: walletapi.Ptr(carelessAccount), BankCode: walletapi.Ptr("058")})
		return err
	}
	calls := []call{{"createSwap 400", swap}, {"createSwap 500", swap}, {"previewLocalPayout 400", payout}, {"previewLocalPayout 500", payout}}
	counts := map[string]int{} // rendering → canaries found
	total := 0
	for i, call := range calls {
		var clientLog bytes.Buffer
		c := newClient(t, srv.URL, func(o *walletapi.Options) {
			o.Logger = slog.New(slog.NewJSONHandler(&clientLog, &slog.HandlerOptions{Level: slog.LevelDebug}))
		})
		err := call.do(c)
		if err == nil {
			t.Fatalf("%s succeeded", call.name)
		}
		forms := canaryForms([]string{srv.request(i).header.Get("x-signature")})
		if strings.HasPrefix(call.name, "createSwap") {
			forms = onlyForms(forms, "apiKey", "signature", "password")
		} else {
			forms = onlyForms(forms, "apiKey", "signature", "account")
		}
		for rendering, text := range goRenderings(err, &clientLog) {
			lower := strings.ToLower(text)
			for form, value := range forms {
				if n := strings.Count(lower, strings.ToLower(value)); n > 0 {
					counts[rendering]++
					total++
					t.Errorf("%s: %s shows the %s", call.name, rendering, form)
				}
			}
		}
	}
	names := []string{"Error()", "%v", "%+v", "%#v", "%q", "%s", "slog JSON", "slog text", "log.Printf", "json.Marshal", "client's log"}
	var report strings.Builder
	for _, name := range names {
		fmt.Fprintf(&report, "%s %d, ", name, counts[name])
	}
	t.Logf("canaries found over %d calls: %s total %d", len(calls), strings.TrimSuffix(report.String(), ", "), total)
}
