package walletapi_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"wallet-api.invalid/walletapi"
)

// Identical calls of one process are never signed alike: a provider that refuses replays
// would refuse the second of two requests with the same x-timestamp and x-signature.
func TestIdenticalCallsOfTheProcessCarryDistinctTimestamps(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) { envelope(w, 200, marketsOK) })
	// Two clients on the real clock, calling at once from many goroutines.
	clients := []*walletapi.Client{newClient(t, srv.URL), newClient(t, srv.URL)}
	const perClient = 100
	var wg sync.WaitGroup
	for _, c := range clients {
		for range perClient {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := c.ListMarkets(context.Background()); err != nil {
					t.Error(err)
				}
			}()
		}
	}
	wg.Wait()
	if srv.count() != len(clients)*perClient {
		t.Fatalf("%d requests arrived", srv.count())
	}
	timestamps, signatures := map[string]int{}, map[string]int{}
	for i := range srv.count() {
		r := srv.request(i)
		if r.header.Get("x-signature") != hmacOf(r) {
			t.Fatalf("request %d: x-signature is not the HMAC of the bytes received", i)
		}
		timestamps[r.header.Get("x-timestamp")]++
		signatures[r.header.Get("x-signature")]++
	}
	if len(timestamps) != srv.count() || len(signatures) != srv.count() {
		t.Errorf("%d requests carried %d distinct x-timestamps and %d distinct x-signatures", srv.count(), len(timestamps), len(signatures))
	}
}

// A clock that has not moved (a frozen one here) gives the next millisecond to each call.
func TestAFrozenClockStillGivesEachCallItsOwnMillisecond(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request, n int) { envelope(w, 200, marketsOK) })
	fixed := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := newClient(t, srv.URL, func(o *walletapi.Options) { o.Now = func() time.Time { return fixed } })
	for range 3 {
		if _, err := c.ListMarkets(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range []string{"2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.001Z", "2026-01-01T00:00:00.002Z"} {
		if got := srv.request(i).header.Get("x-timestamp"); got != want {
			t.Errorf("call %d: x-timestamp %s, not %s", i+1, got, want)
		}
	}
}
