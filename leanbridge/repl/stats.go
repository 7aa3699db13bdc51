package repl

import (
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Stats are counters since a pool (or standalone worker) started.
type Stats struct {
	Requests    uint64 // user requests answered or failed (start-up checks and header imports excluded)
	Errors      uint64 // requests that got no reply: process failures, timeouts, refusals, cancellations
	ReplyErrors uint64 // requests the REPL answered with {"message": …} (typed API only)
	Timeouts    uint64 // requests that timed out (their process was killed)
	Stale       uint64 // requests refused for naming an id of an exited process
	Restarts    uint64 // processes started after a worker's first (recycling included)
	Recycles    uint64 // processes retired for RecycleAfter or MaxRSSBytes, or on request (Retire)

	QueueLen int // requests waiting for a worker (pool only)
	Workers  int // healthy workers (pool only)

	// Latency of answered requests, over the last latencyWindow of them: from the write of
	// the request to its reply.
	LatencySamples int
	LatencyP50     time.Duration
	LatencyP90     time.Duration
	LatencyP99     time.Duration
}

const latencyWindow = 8192

// collector gathers Stats; it is shared by the workers of a pool.
type collector struct {
	requests, errors, replyErrors, timeouts, stale, restarts, recycles atomic.Uint64

	mu   sync.Mutex
	lat  []time.Duration // ring of the last latencyWindow samples
	next int
}

func newCollector() *collector { return &collector{} }

func (c *collector) record(d time.Duration, err error) {
	c.requests.Add(1)
	if err != nil {
		c.errors.Add(1)
		if errors.Is(err, ErrTimeout) {
			c.timeouts.Add(1)
		}
		if errors.Is(err, ErrStaleState) {
			c.stale.Add(1)
		}
		return
	}
	c.mu.Lock()
	if len(c.lat) < latencyWindow {
		c.lat = append(c.lat, d)
	} else {
		c.lat[c.next] = d
		c.next = (c.next + 1) % latencyWindow
	}
	c.mu.Unlock()
}

func (c *collector) snapshot() Stats {
	s := Stats{
		Requests:    c.requests.Load(),
		Errors:      c.errors.Load(),
		ReplyErrors: c.replyErrors.Load(),
		Timeouts:    c.timeouts.Load(),
		Stale:       c.stale.Load(),
		Restarts:    c.restarts.Load(),
		Recycles:    c.recycles.Load(),
	}
	c.mu.Lock()
	lat := slices.Clone(c.lat)
	c.mu.Unlock()
	if len(lat) > 0 {
		slices.Sort(lat)
		s.LatencySamples = len(lat)
		s.LatencyP50 = percentile(lat, 50)
		s.LatencyP90 = percentile(lat, 90)
		s.LatencyP99 = percentile(lat, 99)
	}
	return s
}

// percentile is the nearest-rank percentile of sorted samples.
func percentile(sorted []time.Duration, p int) time.Duration {
	rank := (p*len(sorted) + 99) / 100 // ceil(p/100 × n)
	return sorted[max(rank, 1)-1]
}
