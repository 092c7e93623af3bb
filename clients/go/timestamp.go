package walletapi

import (
	"sync/atomic"
	"time"
)

// timestampLayout is x-timestamp's form: ISO 8601 in UTC with milliseconds.
const timestampLayout = "2006-01-02T15:04:05.000Z"

// instants hands out signing instants that never repeat: x-timestamp has millisecond
// resolution, so two identical requests signed within one millisecond would carry the same
// x-timestamp and x-signature, and a provider that refuses replays would refuse the second.
// When the clock has not moved past the last instant handed out (or went back), the next
// one is the last plus 1 ms. Safe for concurrent use.
type instants struct {
	lastMs atomic.Int64 // Unix milliseconds of the last instant handed out
}

// next returns the instant to sign at, given the clock's reading now.
func (s *instants) next(now time.Time) time.Time {
	ms := now.UnixMilli()
	for {
		last := s.lastMs.Load()
		issued := max(ms, last+1)
		if s.lastMs.CompareAndSwap(last, issued) {
			return time.UnixMilli(issued).UTC()
		}
	}
}

// processInstants is shared by every client of the process that reads the real clock, so
// that no two requests of the process, whichever client sends them, are signed alike. A
// client given its own clock (Options.Now) keeps instants of its own: its clock is not the
// process's time.
var processInstants = &instants{}
