package walletapi_test

// What a call costs next to raw net/http with hand-written signing, on loopback and against
// a server answering after 20 ms. Figures, not assertions:
//
//	go test -short -run '^$' -bench . -benchmem -benchtime 1000x -count 3
//
// Benchmark{Loopback,Server20ms}/{sdk,raw} print ns, bytes and allocations per call side by
// side; Benchmark{Loopback,Server20ms}Ratio alternates blocks of the two (so both see the
// same machine load) and reports raw ÷ SDK in wall time and in CPU time: 1.00 means as
// fast as raw net/http.

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
	"syscall"
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
	c, err := walletapi.NewClient(walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: srv.URL, APIKey: testKey, Signer: walletapi.HMACSHA256(testSecret)})
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
	c, err := walletapi.NewClient(walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: srv.URL, APIKey: testKey, Signer: walletapi.HMACSHA256(testSecret)})
	if err != nil {
		b.Fatal(err)
	}
	defer c.CloseIdleConnections()
	hc := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	defer hc.CloseIdleConnections()
	// Blocks of calls, the SDK's and raw's taking turns (each first every other block), timed
	// by the wall clock and by the process's CPU time (server and client share the process;
	// the server's work is the same for both, so the difference is the client's).
	const block = 50
	var sdk, raw, sdkCPU, rawCPU time.Duration
	timed := func(call func() error, n int) (time.Duration, time.Duration) {
		cpu := cpuTime()
		start := time.Now()
		for j := 0; j < n; j++ {
			if err := call(); err != nil {
				b.Fatal(err)
			}
		}
		return time.Since(start), cpuTime() - cpu
	}
	sdkCall := func() error { _, err := c.ListMarkets(ctx); return err }
	rawOne := func() error { _, err := rawCall(ctx, hc, srv.URL); return err }
	for done, turn := 0, 0; done < b.N; turn++ {
		n := min(block, b.N-done)
		runSDK := func() { w, c := timed(sdkCall, n); sdk, sdkCPU = sdk+w, sdkCPU+c }
		runRaw := func() { w, c := timed(rawOne, n); raw, rawCPU = raw+w, rawCPU+c }
		if turn%2 == 0 {
			runSDK()
			runRaw()
		} else {
			runRaw()
			runSDK()
		}
		done += n
	}
	b.ReportMetric(float64(sdk.Nanoseconds())/float64(b.N), "sdk-ns/call")
	b.ReportMetric(float64(raw.Nanoseconds())/float64(b.N), "raw-ns/call")
	b.ReportMetric(float64(raw)/float64(sdk), "raw/sdk")
	b.ReportMetric(float64(sdkCPU.Nanoseconds())/float64(b.N), "sdk-cpu-ns/call")
	b.ReportMetric(float64(rawCPU.Nanoseconds())/float64(b.N), "raw-cpu-ns/call")
	b.ReportMetric(float64(rawCPU)/float64(sdkCPU), "raw-cpu/sdk-cpu")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var usage syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &usage)
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}

func BenchmarkLoopback(b *testing.B)        { benchPair(b, 0) }
func BenchmarkServer20ms(b *testing.B)      { benchPair(b, 20*time.Millisecond) }
func BenchmarkLoopbackRatio(b *testing.B)   { benchRatio(b, 0) }
func BenchmarkServer20msRatio(b *testing.B) { benchRatio(b, 20*time.Millisecond) }
