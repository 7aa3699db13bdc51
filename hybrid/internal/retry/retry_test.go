package retry

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestDefaults(t *testing.T) {
	p := Policy{}.Defaults()
	assert.Equal(t, Policy{Timeout: time.Minute, MaxRetries: 3, Backoff: 500 * time.Millisecond, MaxBackoff: 10 * time.Second}, p)
	assert.Equal(t, 0, Policy{MaxRetries: -1}.Defaults().MaxRetries, "a negative count means no retry")
	assert.Equal(t, 7, Policy{MaxRetries: 7}.Defaults().MaxRetries)
}

func TestFillSetsTheFieldsInPlace(t *testing.T) {
	timeout, retries, backoff, maxBackoff := time.Duration(0), -1, time.Second, time.Duration(0)
	p := Fill(&timeout, &retries, &backoff, &maxBackoff)
	assert.Equal(t, Policy{Timeout: time.Minute, MaxRetries: 0, Backoff: time.Second, MaxBackoff: 10 * time.Second}, p)
	assert.Equal(t, []any{time.Minute, 0, time.Second, 10 * time.Second}, []any{timeout, retries, backoff, maxBackoff})
}

func TestDelayDoublesUpToTheCap(t *testing.T) {
	p := Policy{Backoff: time.Second, MaxBackoff: 5 * time.Second}
	var got []time.Duration
	for a := 1; a <= 5; a++ {
		got = append(got, p.Delay(a, 0))
	}
	assert.Equal(t, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 5 * time.Second, 5 * time.Second}, got)
	assert.Equal(t, 3*time.Second, p.Delay(1, 3*time.Second), "Retry-After replaces the back-off")
	assert.Equal(t, 5*time.Second, p.Delay(1, time.Hour), "and is capped too")
	assert.Equal(t, 5*time.Second, p.Delay(1000, 0), "no overflow after many attempts")
}

func TestStatus(t *testing.T) {
	for code, want := range map[int]bool{408: true, 429: true, 500: true, 503: true, 400: false, 401: false, 404: false, 422: false} {
		assert.Equal(t, want, Status(code), code)
	}
}

func TestAfter(t *testing.T) {
	assert.Equal(t, 3*time.Second, After(" 3 "))
	assert.Equal(t, time.Duration(0), After(""))
	assert.Equal(t, time.Duration(0), After("soon"))
	assert.Equal(t, time.Duration(0), After(time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat)), "a date in the past")
	d := After(time.Now().Add(time.Hour).UTC().Format(http.TimeFormat))
	assert.True(t, d > 58*time.Minute && d <= time.Hour, "an HTTP date an hour ahead: %s", d)
}

func TestSleepEndsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, Sleep(ctx, time.Hour), context.Canceled)
	assert.NoError(t, Sleep(context.Background(), time.Millisecond))
}
