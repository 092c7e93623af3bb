package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"wallet-api.invalid/walletapi"
)

// The installed module signs, sends and decodes as documented, from goroutines at once.
func TestTheInstalledClientQuotesConcurrently(t *testing.T) {
	t.Setenv("WALLET_API_KEY", "consumer-key")
	t.Setenv("WALLET_API_SIGNING_SECRET", "consumer-secret")
	var mu sync.Mutex
	timestamps := map[string]bool{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mac := hmac.New(sha256.New, []byte("consumer-secret"))
		mac.Write([]byte(r.Header.Get("x-timestamp") + "\n" + r.Method + "\n" + r.RequestURI + "\n"))
		mac.Write(body)
		mu.Lock()
		repeated := timestamps[r.Header.Get("x-timestamp")]
		timestamps[r.Header.Get("x-timestamp")] = true
		mu.Unlock()
		if repeated || r.Header.Get("x-api-key") != "consumer-key" || r.Header.Get("x-signature") != hex.EncodeToString(mac.Sum(nil)) {
			w.WriteHeader(401)
			_, _ = io.WriteString(w, `{"status":"error","message":"Replay refused or bad signature","data":null}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"status":"success","message":"OK","data":{"fee":"769.5","originalQuotedPrice":"1539","originalToAmount":"153900","quotedCurrency":"NGN","quotedPrice":"1531.305","toAmount":"153130.5"}}`)
	}))
	defer srv.Close()
	client, err := newClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer client.CloseIdleConnections()
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			text, err := quote(context.Background(), client, 100)
			if err != nil || text != "153130.5 NGN" {
				t.Errorf("%q, %v", text, err)
			}
		}()
	}
	wg.Wait()
	// A required argument left empty is a configuration error, nothing sent.
	_, err = client.ConfirmSwap(context.Background(), walletapi.ConfirmSwapParams{})
	var e *walletapi.Error
	if !errors.As(err, &e) || e.Kind != walletapi.KindConfiguration {
		t.Errorf("%v", err)
	}
}
