package walletapi_test

// What a call costs next to raw net/http with hand-written signing, on loopback and against
// a server answering after 20 ms. Figures, not assertions:
//
//	go test -run '^$' -bench . -benchmem -benchtime 300x
//
// Benchmark{Loopback,Server20ms}/{sdk,raw} print ns, bytes and allocations per call side by
// side; Benchmark{Loopback,Server20ms}Ratio alternates the two in one loop (so both see the
// same machine load) and reports raw-ns/sdk-ns: 1.00 means as fast as raw net/http.

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"wallet-api.invalid/walletapi"
)

func benchServer(b *testing.B, delay time.Duration) *httptest.Server {
	b.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if delay > 0 {
			time.Sleep(delay)
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, marketsOK)
	}))
	b.Cleanup(srv.Close)
	return srv
}

// rawCall is what an integrator would write by hand: sign, send, check both statuses, decode.
func rawCall(ctx context.Context, hc *http.Client, baseURL string) (walletapi.MarketTickers, error) {
	const path = "/api/v1/wallets/markets"
	timestamp := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	mac := hmac.New(sha256.New, []byte(testSecret))
	mac.Write([]byte(timestamp + "\nGET\n" + path + "\n"))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, baseURL+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("x-api-key", testKey)
	req.Header.Set("x-timestamp", timestamp)
	req.Header.Set("x-signature", hex.EncodeToString(mac.Sum(nil)))
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var envelope struct {
		Status string                  `json:"status"`
		Data   walletapi.MarketTickers `json:"data"`
	}
	if err := json.Unmarshal(body, &envelope); err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 || envelope.Status != "success" {
		return nil, errors.New("not a success")
	}
	return envelope.Data, nil
}

func benchPair(b *testing.B, delay time.Duration) {
	srv := benchServer(b, delay)
	ctx := context.Background()
	c, err := walletapi.NewClient(walletapi.Options{Environment: walletapi.Custom, BaseURL: srv.URL, APIKey: testKey, Signer: walletapi.HMACSHA256(testSecret)})
	if err != nil {
		b.Fatal(err)
	}
	defer c.CloseIdleConnections()
	hc := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	defer hc.CloseIdleConnections()
	b.Run("sdk", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := c.ListMarkets(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("raw", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := rawCall(ctx, hc, srv.URL); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func benchRatio(b *testing.B, delay time.Duration) {
	srv := benchServer(b, delay)
	ctx := context.Background()
	c, err := walletapi.NewClient(walletapi.Options{Environment: walletapi.Custom, BaseURL: srv.URL, APIKey: testKey, Signer: walletapi.HMACSHA256(testSecret)})
	if err != nil {
		b.Fatal(err)
	}
	defer c.CloseIdleConnections()
	hc := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	defer hc.CloseIdleConnections()
	var sdk, raw time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := c.ListMarkets(ctx); err != nil {
			b.Fatal(err)
		}
		middle := time.Now()
		if _, err := rawCall(ctx, hc, srv.URL); err != nil {
			b.Fatal(err)
		}
		sdk += middle.Sub(start)
		raw += time.Since(middle)
	}
	b.ReportMetric(float64(sdk.Nanoseconds())/float64(b.N), "sdk-ns/call")
	b.ReportMetric(float64(raw.Nanoseconds())/float64(b.N), "raw-ns/call")
	b.ReportMetric(float64(raw)/float64(sdk), "raw/sdk")
}

func BenchmarkLoopback(b *testing.B)        { benchPair(b, 0) }
func BenchmarkServer20ms(b *testing.B)      { benchPair(b, 20*time.Millisecond) }
func BenchmarkLoopbackRatio(b *testing.B)   { benchRatio(b, 0) }
func BenchmarkServer20msRatio(b *testing.B) { benchRatio(b, 20*time.Millisecond) }
