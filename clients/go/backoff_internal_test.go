package walletapi

import (
	"net/http"
	"testing"
	"time"
)

func TestBackoffStaysWithinItsJitterBounds(t *testing.T) {
	r := &resolvedRetry{initial: 100 * time.Millisecond, max: 2000 * time.Millisecond}
	// The step of attempt n is min(max, initial × 2^(n−1)); the wait is in [50 %, 100 %] of it.
	steps := []time.Duration{100, 200, 400, 800, 1600, 2000, 2000, 2000}
	for i, step := range steps {
		step *= time.Millisecond
		low, high := step, time.Duration(0)
		for draw := 0; draw < 2000; draw++ {
			wait := backoff(r, i+1)
			if wait < step/2 || wait > step {
				t.Fatalf("attempt %d: wait %s outside [%s, %s]", i+1, wait, step/2, step)
			}
			low, high = min(low, wait), max(high, wait)
		}
		// Jitter, not a constant: the draws spread over most of the range.
		if high-low < step/4 {
			t.Errorf("attempt %d: draws only span %s–%s", i+1, low, high)
		}
	}
	if wait := backoff(r, 80); wait < time.Second || wait > 2*time.Second {
		t.Errorf("a large attempt number overflows: %s", wait)
	}
}

func TestRetryAfterReadsSecondsAndDatesCappedByTheMaxDelay(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		status int
		value  string
		want   time.Duration
		ok     bool
	}{
		{429, "1", time.Second, true},
		{503, "0", 0, true},
		{503, "30", 2 * time.Second, true}, // capped
		{503, now.Add(1500 * time.Millisecond).Format(http.TimeFormat), time.Second, true}, // HTTP dates have whole seconds
		{429, now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
		{502, "1", 0, false}, // only 429 and 503 say when to come back
		{503, "", 0, false},
		{503, "soon", 0, false},
		{503, "-5", 0, false},
		{503, "+5", 0, false},
		// Neither ASCII digits nor an HTTP date: the backoff applies, never another failure.
		{503, "²", 0, false},
		{503, "1.5", 0, false},
		{503, "-1", 0, false},
		{503, "abc", 0, false},
		{503, "٣", 0, false},
		{503, "1e3", 0, false},
		{503, "0x10", 0, false},
		// ASCII digits too many for any clock are a wait, capped like any other.
		{503, "99999999999999999999999", 2 * time.Second, true},
	} {
		resp := &http.Response{StatusCode: tc.status, Header: http.Header{"Retry-After": {tc.value}}}
		got, ok := retryAfter(resp, now, 2*time.Second)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%d Retry-After %q: %s %v, not %s %v", tc.status, tc.value, got, ok, tc.want, tc.ok)
		}
	}
}

// A zero initial delay means no wait at all, not a default: every backoff step is 0.
func TestAZeroInitialDelayWaitsNothing(t *testing.T) {
	zero := time.Duration(0)
	r, err := resolveRetry(&RetryPolicy{Attempts: 5, InitialDelay: &zero})
	if err != nil {
		t.Fatal(err)
	}
	for attempt := 1; attempt <= 4; attempt++ {
		if wait := backoff(r, attempt); wait != 0 {
			t.Fatalf("attempt %d waits %s", attempt, wait)
		}
	}
	// Left unset, the default applies.
	r, _ = resolveRetry(&RetryPolicy{Attempts: 2})
	if r.initial != DefaultInitialDelay || r.max != DefaultMaxDelay {
		t.Errorf("unset delays resolve to %s and %s", r.initial, r.max)
	}
}
