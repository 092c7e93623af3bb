package walletapi

import (
	"sync"
	"testing"
	"time"
)

func TestInstantsNeverRepeatAndFollowTheClock(t *testing.T) {
	var s instants
	at := time.Date(2026, 1, 1, 0, 0, 0, 500_000, time.UTC) // 0.5 ms: truncated to the millisecond
	if got := s.next(at); !got.Equal(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("first instant %s", got)
	}
	if got := s.next(at); got.Sub(at.Truncate(time.Millisecond)) != time.Millisecond {
		t.Fatalf("a clock that has not moved: %s", got)
	}
	// A clock gone back does not bring an instant already handed out.
	if got := s.next(at.Add(-time.Hour)); got.Sub(at.Truncate(time.Millisecond)) != 2*time.Millisecond {
		t.Fatalf("a clock gone back: %s", got)
	}
	// A clock ahead is followed.
	if got := s.next(at.Add(time.Second)); !got.Equal(at.Add(time.Second).Truncate(time.Millisecond)) {
		t.Fatalf("a clock ahead: %s", got)
	}
}

func TestInstantsAreDistinctAcrossGoroutines(t *testing.T) {
	var s instants
	fixed := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	const goroutines, each = 8, 500
	got := make(chan int64, goroutines*each)
	var wg sync.WaitGroup
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				got <- s.next(fixed).UnixMilli()
			}
		}()
	}
	wg.Wait()
	close(got)
	seen := map[int64]bool{}
	for ms := range got {
		if seen[ms] {
			t.Fatalf("instant %d handed out twice", ms)
		}
		seen[ms] = true
	}
	// Exactly the milliseconds from the clock's onwards, none skipped.
	for i := range int64(goroutines * each) {
		if !seen[fixed.UnixMilli()+i] {
			t.Fatalf("millisecond +%d was skipped", i)
		}
	}
}
