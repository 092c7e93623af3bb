package walletapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"
	"wallet-api.invalid/walletapi"
)

const (
	testKey    = "test-api-key-7f3c"
	testSecret = "test-signing-secret-91ab"
)

// seen is one request as a test server received it.
type seen struct {
	method, target string
	header         http.Header
	body           []byte
}

// recorder is an httptest server answering with handle and keeping what arrived.
type recorder struct {
	*httptest.Server
	mu       sync.Mutex
	requests []seen
}

func serve(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, n int)) *recorder {
	t.Helper()
	rec := &recorder{}
	rec.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rec.mu.Lock()
		rec.requests = append(rec.requests, seen{r.Method, r.RequestURI, r.Header.Clone(), body})
		n := len(rec.requests)
		rec.mu.Unlock()
		handle(w, r, n)
	}))
	t.Cleanup(rec.Close)
	return rec
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.requests)
}

func (r *recorder) request(i int) seen {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.requests[i]
}

func envelope(w http.ResponseWriter, status int, text string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, text)
}

const marketsOK = `{"status":"success","message":"OK","data":{"usdtngn":{"at":1767225600,"ticker":{"buy":"1545.5","sell":"1539.0","last":"1542.25"}}}}`

func newClient(t *testing.T, url string, change ...func(*walletapi.Options)) *walletapi.Client {
	t.Helper()
	options := walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: url, APIKey: testKey, Signer: walletapi.HMACSHA256(testSecret)}
	for _, f := range change {
		f(&options)
	}
	c, err := walletapi.NewClient(options)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.CloseIdleConnections)
	return c
}

func kindOf(err error) walletapi.Kind {
	var e *walletapi.Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}

// hmacOf is the oracle: crypto/hmac over what the server received.
func hmacOf(s seen) string {
	mac := hmac.New(sha256.New, []byte(testSecret))
	mac.Write([]byte(s.header.Get("x-timestamp") + "\n" + s.method + "\n" + s.target + "\n"))
	mac.Write(s.body)
	return hex.EncodeToString(mac.Sum(nil))
}

func TestRequestsAreSignedOverTheBytesSent(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		envelope(w, 200, `{"status":"success","message":"OK","data":{"id":"s 1/2","from":"usdt","to":"ngn","status":"pending"}}`)
	})
	fixed := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := newClient(t, srv.URL+"/prefix", func(o *walletapi.Options) {
		o.Now = func() time.Time { return fixed }
		o.UserAgent = "acme-payouts/4.2"
	})
	ctx := context.Background()
	if _, err := c.CreateSwap(ctx, walletapi.CreateSwapRequest{From: "usdt", To: "<ngn>&", Amount: 100.5, Password: "pw"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ConfirmSwap(ctx, walletapi.ConfirmSwapParams{ID: "s 1/2"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetSwapQuote(ctx, walletapi.GetSwapQuoteParams{From: walletapi.Ptr("usdt"), To: walletapi.Ptr("ngn"), Amount: walletapi.Ptr(100.0)}); err != nil {
		t.Fatal(err)
	}
	wantTargets := []string{"/prefix/api/v1/swaps", "/prefix/api/v1/swaps/s%201%2F2/confirm", "/prefix/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100"}
	userAgent := regexp.MustCompile(`^wallet-api-sdk-go/` + regexp.QuoteMeta(walletapi.Version) + ` go/\d+\.\d+\S* acme-payouts/4\.2$`)
	for i, want := range wantTargets {
		r := srv.request(i)
		if r.target != want {
			t.Errorf("request %d: target %s, not %s", i, r.target, want)
		}
		// A frozen clock: each request still gets the next millisecond.
		if r.header.Get("x-api-key") != testKey || r.header.Get("x-timestamp") != fmt.Sprintf("2026-01-01T00:00:00.%03dZ", i) {
			t.Errorf("request %d: headers %v", i, r.header)
		}
		if got := r.header.Get("x-signature"); got != hmacOf(r) || !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(got) {
			t.Errorf("request %d: x-signature %s is not the lower-case hex HMAC of the bytes received", i, got)
		}
		if !userAgent.MatchString(r.header.Get("User-Agent")) {
			t.Errorf("User-Agent %q", r.header.Get("User-Agent"))
		}
	}
	if body := string(srv.request(0).body); body != `{"amount":100.5,"from":"usdt","password":"pw","to":"\u003cngn\u003e\u0026"}` {
		t.Errorf("body %s", body)
	}
	if len(srv.request(1).body) != 0 || srv.request(1).method != "POST" {
		t.Errorf("confirm sent a body")
	}
}

func TestGETsAreRetriedAndSignedAgain(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n < 3 {
			w.Header().Set("Retry-After", "0")
			envelope(w, 503, `{"status":"error","message":"busy","data":null}`)
			return
		}
		envelope(w, 200, marketsOK)
	})
	fixed := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := newClient(t, srv.URL, func(o *walletapi.Options) {
		o.Now = func() time.Time { return fixed } // a frozen clock: attempts still differ by 1 ms
		o.Retry = &walletapi.RetryPolicy{Attempts: 3, InitialDelay: walletapi.Ptr(time.Millisecond), MaxDelay: walletapi.Ptr(2 * time.Millisecond)}
	})
	if _, err := c.ListMarkets(context.Background()); err != nil {
		t.Fatal(err)
	}
	if srv.count() != 3 {
		t.Fatalf("%d requests, not 3", srv.count())
	}
	stamps := []string{"2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.001Z", "2026-01-01T00:00:00.002Z"}
	for i, stamp := range stamps {
		r := srv.request(i)
		if r.header.Get("x-timestamp") != stamp || r.header.Get("x-signature") != hmacOf(r) {
			t.Errorf("attempt %d: x-timestamp %s, signature valid %v", i+1, r.header.Get("x-timestamp"), r.header.Get("x-signature") == hmacOf(r))
		}
	}
}

func TestPOSTsAreNeverRetried(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		envelope(w, 503, `{"status":"error","message":"busy","data":null}`)
	})
	c := newClient(t, srv.URL, func(o *walletapi.Options) {
		o.Retry = &walletapi.RetryPolicy{Attempts: 5, InitialDelay: walletapi.Ptr(time.Millisecond)}
	})
	_, err := c.CreateSwap(context.Background(), walletapi.CreateSwapRequest{From: "a", To: "b", Amount: 1, Password: "p"})
	if kindOf(err) != walletapi.KindAPI || srv.count() != 1 {
		t.Fatalf("%v after %d requests", err, srv.count())
	}
	// A per-call policy does not make a POST retried either.
	_, err = c.ConfirmSwap(context.Background(), walletapi.ConfirmSwapParams{ID: "x"}, walletapi.WithRetry(&walletapi.RetryPolicy{Attempts: 5}))
	if kindOf(err) != walletapi.KindAPI || srv.count() != 2 {
		t.Fatalf("%v after %d requests", err, srv.count())
	}
}

func TestARetryAfterIsKeptOnTheError(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		w.Header().Set("Retry-After", "30")
		envelope(w, 429, `{"status":"error","message":"Too many requests","data":null}`)
	})
	c := newClient(t, srv.URL)
	_, err := c.ListMarkets(context.Background())
	var e *walletapi.Error
	if !errors.As(err, &e) || e.Kind != walletapi.KindAPI || e.HTTPStatus != 429 || e.RetryAfter != "30" || e.APIMessage != "Too many requests" || e.Operation != "GET /api/v1/wallets/markets" {
		t.Fatalf("%#v", err)
	}
}

func TestRedirectsAreNeverFollowed(t *testing.T) {
	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		envelope(w, 200, marketsOK)
	}))
	defer other.Close()
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		w.Header().Set("Location", other.URL+"/api/v1/wallets/markets")
		envelope(w, 302, `{"status":"error","message":"moved","data":null}`)
	})
	// Even an injected client whose policy follows redirects.
	injected := &http.Client{}
	c := newClient(t, srv.URL, func(o *walletapi.Options) { o.HTTPClient = injected })
	_, err := c.ListMarkets(context.Background())
	var e *walletapi.Error
	if !errors.As(err, &e) || e.Kind != walletapi.KindInvalidResponse || e.HTTPStatus != 302 || elsewhere.Load() != 0 {
		t.Fatalf("%v; the other server saw %d requests", err, elsewhere.Load())
	}
	if injected.CheckRedirect != nil {
		t.Error("the caller's http.Client was changed")
	}
}

func TestTheResponseSizeLimit(t *testing.T) {
	big := `{"status":"success","message":"OK","data":{"pad":"` + strings.Repeat("x", 5000) + `"}}`
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte(`{"status":"success","message":"OK","data":{"pad":"` + strings.Repeat("x", 1<<20) + `"}}`))
	_ = zw.Close()
	for name, handle := range map[string]func(w http.ResponseWriter){
		"content-length": func(w http.ResponseWriter) { envelope(w, 200, big) },
		"chunked": func(w http.ResponseWriter) {
			w.WriteHeader(200)
			for i := 0; i < 10; i++ {
				_, _ = io.WriteString(w, big[i*len(big)/10:(i+1)*len(big)/10])
				w.(http.Flusher).Flush()
			}
		},
		"gzip inflating past it": func(w http.ResponseWriter) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Length", "")
			_, _ = w.Write(gz.Bytes())
		},
	} {
		t.Run(name, func(t *testing.T) {
			srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) { handle(w) })
			c := newClient(t, srv.URL, func(o *walletapi.Options) { o.MaxResponseBytes = 4096 })
			_, err := c.GetRates(context.Background())
			if kindOf(err) != walletapi.KindInvalidResponse || !strings.Contains(err.Error(), "MaxResponseBytes") {
				t.Fatalf("%v", err)
			}
		})
	}
	if len(gz.Bytes()) > 4096*4 {
		t.Fatalf("the gzip body (%d bytes) is not small", len(gz.Bytes()))
	}
}

func TestTimeoutsAndCancellation(t *testing.T) {
	release := make(chan struct{})
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	defer close(release)
	c := newClient(t, srv.URL, func(o *walletapi.Options) { o.Timeout = 50 * time.Millisecond })

	_, err := c.ListMarkets(context.Background())
	if kindOf(err) != walletapi.KindTimeout || !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		t.Errorf("client timeout: %v", err)
	}
	_, err = c.ListMarkets(context.Background(), walletapi.WithTimeout(20*time.Millisecond))
	if kindOf(err) != walletapi.KindTimeout || !strings.Contains(err.Error(), "20 ms") {
		t.Errorf("call timeout: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	_, err = c.ListMarkets(ctx, walletapi.WithTimeout(time.Hour))
	if kindOf(err) != walletapi.KindTimeout || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("context deadline: %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(10*time.Millisecond, cancel)
	_, err = c.ListMarkets(ctx, walletapi.WithTimeout(time.Hour))
	if kindOf(err) != walletapi.KindAborted || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// An injected http.Client's own Timeout is a timeout as well.
	injected := newClient(t, srv.URL, func(o *walletapi.Options) { o.HTTPClient = &http.Client{Timeout: 20 * time.Millisecond} })
	_, err = injected.ListMarkets(context.Background())
	if kindOf(err) != walletapi.KindTimeout || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("http.Client timeout: %v", err)
	}
	// Cancelled while waiting between two attempts: once the first answer is on its way.
	answered := make(chan struct{}, 1)
	busy := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		envelope(w, 503, `{"status":"error","message":"busy","data":null}`)
		answered <- struct{}{}
	})
	retrying := newClient(t, busy.URL, func(o *walletapi.Options) {
		o.Retry = &walletapi.RetryPolicy{Attempts: 3, InitialDelay: walletapi.Ptr(time.Hour), MaxDelay: walletapi.Ptr(time.Hour)}
	})
	ctx, cancel = context.WithCancel(context.Background())
	go func() {
		<-answered
		cancel()
	}()
	_, err = retrying.ListMarkets(ctx)
	if kindOf(err) != walletapi.KindAborted || !errors.Is(err, context.Canceled) || busy.count() != 1 {
		t.Errorf("cancelled between attempts: %v after %d requests", err, busy.count())
	}
}

func TestSignerFailuresSendNothing(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) { envelope(w, 200, marketsOK) })
	hang := make(chan struct{})
	defer close(hang)
	for name, signer := range map[string]walletapi.SignerFunc{
		"error": func(context.Context, walletapi.SignatureInput) (string, error) {
			return "", errors.New("vault says no to " + testSecret)
		},
		"empty":      func(context.Context, walletapi.SignatureInput) (string, error) { return "", nil },
		"line break": func(context.Context, walletapi.SignatureInput) (string, error) { return "abc\r\ndef", nil },
		"panic":      func(context.Context, walletapi.SignatureInput) (string, error) { panic(testSecret) },
	} {
		c := newClient(t, srv.URL, func(o *walletapi.Options) { o.Signer = signer })
		_, err := c.ListMarkets(context.Background())
		if kindOf(err) != walletapi.KindSigning || strings.Contains(err.Error(), testSecret) || strings.Contains(err.Error(), "abc") {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A signer that ignores its context still ends in the call's timeout.
	stuck := newClient(t, srv.URL, func(o *walletapi.Options) {
		o.Timeout = 20 * time.Millisecond
		o.Signer = walletapi.SignerFunc(func(context.Context, walletapi.SignatureInput) (string, error) {
			<-hang
			return "late", nil
		})
	})
	if _, err := stuck.ListMarkets(context.Background()); kindOf(err) != walletapi.KindTimeout {
		t.Errorf("hung signer: %v", err)
	}
	if srv.count() != 0 {
		t.Errorf("%d requests were sent", srv.count())
	}
}

func TestAFailureWhileTheBodyIsReadIsNotRetried(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		conn, buf, _ := w.(http.Hijacker).Hijack()
		_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n{\"status\":")
		_ = buf.Flush()
		_ = conn.Close()
	})
	c := newClient(t, srv.URL, func(o *walletapi.Options) {
		o.Retry = &walletapi.RetryPolicy{Attempts: 3, InitialDelay: walletapi.Ptr(time.Millisecond)}
	})
	_, err := c.ListMarkets(context.Background())
	if kindOf(err) != walletapi.KindNetwork || srv.count() != 1 {
		t.Fatalf("%v after %d requests", err, srv.count())
	}
}

func TestEnvelopeChecks(t *testing.T) {
	for _, tc := range []struct {
		status int
		body   string
		kind   walletapi.Kind
	}{
		{200, `{"status":"error","message":"Swap could not be created","data":null}`, walletapi.KindAPI},
		{404, `<html>not found</html>`, walletapi.KindInvalidResponse},
		{200, ``, walletapi.KindInvalidResponse},
		{200, `{"status":"success","message":"OK"}`, walletapi.KindInvalidResponse},
		{200, `{"status":"ok","message":"OK","data":{}}`, walletapi.KindInvalidResponse},
		{200, "{\"status\":\"success\",\"message\":\"OK\",\"data\":{\"a\":\"\xff\"}}", walletapi.KindInvalidResponse},
		{200, `{"status":"success","message":"OK","data":[1,2]}`, walletapi.KindInvalidResponse}, // not MarketTickers
		{500, `{"status":"success","message":"OK","data":{}}`, walletapi.KindAPI},
	} {
		srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) { envelope(w, tc.status, tc.body) })
		c := newClient(t, srv.URL)
		_, err := c.ListMarkets(context.Background())
		var e *walletapi.Error
		if !errors.As(err, &e) || e.Kind != tc.kind || e.HTTPStatus != tc.status {
			t.Errorf("HTTP %d %q: %v", tc.status, tc.body, err)
		}
	}
}

func TestNoGoroutineOutlivesACall(t *testing.T) {
	defer goleak.VerifyNone(t)
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		envelope(w, 200, `{"status":"success","message":"OK","data":{"page":1,"pages":3,"limit":1,"total":3,"data":[{"_id":"a"}]}}`)
	})
	c := newClient(t, srv.URL, func(o *walletapi.Options) {
		o.Signer = walletapi.SignerFunc(func(ctx context.Context, in walletapi.SignatureInput) (string, error) {
			return walletapi.HMACSHA256(testSecret).Sign(ctx, in)
		})
	})
	for range c.AllTransactions(context.Background(), walletapi.ListTransactionsParams{}) {
		break // a cancelled iteration
	}
	if _, err := c.ListMarkets(context.Background()); kindOf(err) != walletapi.KindInvalidResponse {
		t.Fatal(err)
	}
	// Calls cancelled while the server holds the answer, and while waiting to retry.
	release := make(chan struct{})
	held := serve(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 1 {
			envelope(w, 503, `{"status":"error","message":"busy","data":null}`)
			return
		}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	slow := newClient(t, held.URL, func(o *walletapi.Options) {
		o.Retry = &walletapi.RetryPolicy{Attempts: 3, InitialDelay: walletapi.Ptr(30 * time.Millisecond), MaxDelay: walletapi.Ptr(30 * time.Millisecond)}
	})
	for _, after := range []time.Duration{10 * time.Millisecond, 60 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		timer := time.AfterFunc(after, cancel)
		if _, err := slow.ListMarkets(ctx); kindOf(err) != walletapi.KindAborted {
			t.Errorf("cancelled after %s: %v", after, err)
		}
		timer.Stop()
		cancel()
	}
	close(release)
	slow.CloseIdleConnections()
	held.Close()
	c.CloseIdleConnections()
	srv.Close()
}
