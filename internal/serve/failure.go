package serve

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
)

// RewardOnError is what a score-reading endpoint (/get_reward, /pooling) answers for an item
// whose scoring failed: a crashed or hung REPL (after its retry), a deadline, no worker, a
// formal checker that gave no answer. A failure is never a reward: a 0 is what a refuted step
// earns, so a failure read as 0 would teach the policy that its answer was wrong.
//
// The zero value is Fail: the whole request is answered 503 with Retry-After, and the
// client's retry loop takes over (OpenRLHF's remote_rm_fn retries a failed request five times,
// a second apart, then raises: the training step stops instead of learning from noise).
// Fixed gives every failed item Value instead (NaN for "nan"), flagged in the answer.
type RewardOnError struct {
	Fixed bool
	Value float64
}

// ParseRewardOnError reads serve.reward_on_error: "fail", "nan" or a finite number.
func ParseRewardOnError(s string) (RewardOnError, error) {
	switch v := strings.ToLower(strings.TrimSpace(s)); v {
	case "", "fail":
		return RewardOnError{}, nil
	case "nan":
		return RewardOnError{Fixed: true, Value: math.NaN()}, nil
	default:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return RewardOnError{}, fmt.Errorf("reward on error %q: want fail, nan or a finite number", s)
		}
		return RewardOnError{Fixed: true, Value: f}, nil
	}
}

// String is the setting as written.
func (r RewardOnError) String() string {
	switch {
	case !r.Fixed:
		return "fail"
	case math.IsNaN(r.Value):
		return "nan"
	}
	return strconv.FormatFloat(r.Value, 'g', -1, 64)
}

// failures collects the items of one request whose scoring failed, by index.
type failures struct {
	n     int
	first string // the first failure's message, with its index
	of    []bool
}

func newFailures(n int) *failures { return &failures{of: make([]bool, n)} }

func (f *failures) add(i int, msg string) {
	if f.of[i] {
		return
	}
	f.of[i] = true
	f.n++
	if f.first == "" {
		f.first = fmt.Sprintf("item %d: %s", i, msg)
	}
}

// refuse answers the request under Fail when any item failed, and reports whether it did:
// a 503 with Retry-After that says how many items failed and the first reason.
func (s *Server) refuse(w http.ResponseWriter, f *failures) bool {
	if f.n == 0 || s.opts.RewardOnError.Fixed {
		return false
	}
	s.m.rewardFailures.WithLabelValues("refused").Add(float64(f.n))
	s.fail(w, &requestError{status: http.StatusServiceUnavailable, msg: fmt.Sprintf(
		"%d of %d items could not be scored (%s): a failure is never a reward; retry the request (serve.reward_on_error: fail)",
		f.n, len(f.of), f.first)})
	return true
}

// appendReward writes a reward: NaN as NaN, which Python's json (OpenRLHF reads the answer
// with requests' .json()) takes for float('nan'), and which encoding/json refuses to write.
func appendReward(b []byte, x float64) []byte {
	if math.IsNaN(x) {
		return append(b, "NaN"...)
	}
	return strconv.AppendFloat(b, x, 'g', -1, 64)
}
