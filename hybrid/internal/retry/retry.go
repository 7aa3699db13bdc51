// Package retry is how leanprm's clients of served models (the generator client and the vLLM
// PRM client) retry a request: the defaults of their timeout, retry and back-off options, which
// HTTP statuses are worth asking again, the Retry-After header, and the wait between attempts.
package retry

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Policy bounds one request of a client: each attempt's timeout, the retries after a failed
// attempt, and the back-off between them (Backoff before the first retry, doubling up to
// MaxBackoff; a server's Retry-After replaces it, still at most MaxBackoff).
type Policy struct {
	Timeout    time.Duration
	MaxRetries int
	Backoff    time.Duration
	MaxBackoff time.Duration
}

// Defaults fills what is zero: a 60 s attempt, 3 retries (a negative count means none), 500 ms
// doubling up to 10 s.
func (p Policy) Defaults() Policy {
	if p.Timeout <= 0 {
		p.Timeout = 60 * time.Second
	}
	switch {
	case p.MaxRetries == 0:
		p.MaxRetries = 3
	case p.MaxRetries < 0:
		p.MaxRetries = 0
	}
	if p.Backoff <= 0 {
		p.Backoff = 500 * time.Millisecond
	}
	if p.MaxBackoff <= 0 {
		p.MaxBackoff = 10 * time.Second
	}
	return p
}

// Fill applies Defaults to a client's own option fields, in place, and returns the policy they
// now make: the clients keep the four fields in their Options, where their users set them.
func Fill(timeout *time.Duration, maxRetries *int, backoff, maxBackoff *time.Duration) Policy {
	p := Policy{Timeout: *timeout, MaxRetries: *maxRetries, Backoff: *backoff, MaxBackoff: *maxBackoff}.Defaults()
	*timeout, *maxRetries, *backoff, *maxBackoff = p.Timeout, p.MaxRetries, p.Backoff, p.MaxBackoff
	return p
}

// Delay is the wait after failed attempt number attempt (1 for the first): Backoff doubled
// attempt-1 times, or retryAfter when the server gave one, never more than MaxBackoff.
func (p Policy) Delay(attempt int, retryAfter time.Duration) time.Duration {
	d := retryAfter
	if d <= 0 {
		d = p.Backoff
		for i := 1; i < attempt && d < p.MaxBackoff; i++ {
			d *= 2
		}
	}
	return min(d, p.MaxBackoff)
}

// Status says whether an HTTP status is worth asking again: a request timeout (408), too
// many requests (429) or a server error (5xx).
func Status(code int) bool {
	return code == http.StatusRequestTimeout || code == http.StatusTooManyRequests || code >= 500
}

// After reads a Retry-After header: whole seconds, or an HTTP date; 0 when absent, unreadable
// or in the past.
func After(h string) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if s, err := strconv.Atoi(h); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(h); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

// Sleep waits d, or returns ctx's error when it ends first.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
