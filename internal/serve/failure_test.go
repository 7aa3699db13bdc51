package serve

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rewardAnswer is /get_reward's answer, NaN included (Python's json reads NaN; Go's does not,
// so the test reads it as null and remembers where).
type rewardAnswer struct {
	Rewards   []float64
	NaN       []bool
	ItemError []float64
}

func readRewards(t *testing.T, body []byte) rewardAnswer {
	t.Helper()
	var raw struct {
		Rewards   []*float64           `json:"rewards"`
		Scores    []*float64           `json:"scores"`
		ExtraLogs map[string][]float64 `json:"extra_logs"`
	}
	require.NoError(t, json.Unmarshal([]byte(strings.ReplaceAll(string(body), "NaN", "null")), &raw), "%s", body)
	var out rewardAnswer
	for i, r := range raw.Rewards {
		require.Equal(t, r == nil, raw.Scores[i] == nil, "scores are the rewards")
		if r == nil {
			out.Rewards, out.NaN = append(out.Rewards, math.NaN()), append(out.NaN, true)
			continue
		}
		out.Rewards, out.NaN = append(out.Rewards, *r), append(out.NaN, false)
	}
	out.ItemError = raw.ExtraLogs["leanprm_item_error"]
	return out
}

func postRaw(t *testing.T, url, body string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

// crashingREPL makes every REPL process crash on every command after its start-up, the
// retry on a fresh process included.
func crashingREPL(t *testing.T) {
	t.Setenv(laterEnv, "-crash-after 1")
	t.Setenv(startsEnv, filepath.Join(t.TempDir(), "starts"))
}

const chainQuery = `"Problem: Tom has 2 apples and buys 3.\nStep 1: He has 2 + 3 = 5 apples.\nStep 2: The answer is 5."`

// TestGetRewardFailureIsNeverAReward: a REPL that times out or crashes used to give the item
// reward 0 — what a refuted step earns — with only extra_logs.leanprm_item_error (which
// OpenRLHF does not read) to say so; a crash on a chain gave the learned score, as if Lean had
// nothing to say. Now the default (serve.reward_on_error: fail) answers the request 503 with
// Retry-After: OpenRLHF's request_api_wrapper (openrlhf/utils/remote_rm_utils.py) calls
// raise_for_status(), sleeps a second and retries, five times, then raises, so a failure
// stops the step instead of becoming a reward. nan and a fixed value are the operator's
// alternatives, flagged per item.
func TestGetRewardFailureIsNeverAReward(t *testing.T) {
	for _, tc := range []struct {
		name, sim   string
		crash       bool
		body        string
		wantFailure string
	}{
		{"REPL too slow for the deadline", "-hang-after 4", false,
			`{"query": [` + chainQuery + `], "prompts": [""], "labels": [""]}`, "1 of 1 items"},
		{"REPL crashes on a proof and on a chain", "-crash-after 4", true,
			`{"query": ["Prove it.\n` + "```lean\\ntheorem t : 2 + 3 = 5 := by decide\\n```" + `", ` + chainQuery + `], "prompts": ["Prove it.\n", ""], "labels": ["theorem t : 2 + 3 = 5", ""]}`, "2 of 2 items"},
	} {
		for _, mode := range []string{"fail", "nan", "-1"} {
			t.Run(tc.name+"/"+mode, func(t *testing.T) {
				if tc.crash {
					crashingREPL(t)
				}
				roe, err := ParseRewardOnError(mode)
				require.NoError(t, err)
				ts := startServer(t, simConfig(t, "lean", tc.sim, "1"), Options{Timeout: 500 * time.Millisecond, RewardOnError: roe})
				resp, body := postRaw(t, ts.URL+"/get_reward", tc.body)
				if mode == "fail" {
					require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "%s", body)
					assert.Equal(t, "1", resp.Header.Get("Retry-After"))
					var e errorBody
					require.NoError(t, json.Unmarshal(body, &e))
					assert.Contains(t, e.Error, tc.wantFailure)
					assert.Contains(t, e.Error, "never a reward")
					return
				}
				require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
				got := readRewards(t, body)
				for i := range got.Rewards {
					if mode == "nan" {
						assert.True(t, got.NaN[i], "item %d: NaN", i)
					} else {
						assert.Equal(t, -1.0, got.Rewards[i], "item %d: the operator's value", i)
					}
					assert.Equal(t, 1.0, got.ItemError[i], "item %d: flagged", i)
				}
			})
		}
	}
}

// TestPoolingFailureIsNeverAScore: /pooling, which vLLM-style PRM clients read as step
// probabilities, follows the same setting: a failed input fails the request (503) by default.
func TestPoolingFailureIsNeverAScore(t *testing.T) {
	ts := startServer(t, simConfig(t, "lean", "-hang-after 4", "1"), Options{Timeout: 500 * time.Millisecond})
	resp, body := postRaw(t, ts.URL+"/pooling", `{"model": "leanprm", "input": ["He has 2 + 3 = 5 apples.<extra_0>"]}`)
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "%s", body)
	assert.Equal(t, "1", resp.Header.Get("Retry-After"))

	ts = startServer(t, simConfig(t, "lean", "-hang-after 4", "1"), Options{Timeout: 500 * time.Millisecond, RewardOnError: RewardOnError{Fixed: true, Value: math.NaN()}})
	resp, body = postRaw(t, ts.URL+"/pooling", `{"model": "leanprm", "input": ["He has 2 + 3 = 5 apples.<extra_0>So 5.<extra_0>", "no steps here"]}`)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	var got struct {
		Data []struct {
			Data  [][]*float64 `json:"data"`
			Error string       `json:"error"`
		} `json:"data"`
	}
	require.NoError(t, json.Unmarshal([]byte(strings.ReplaceAll(string(body), "NaN", "null")), &got), "%s", body)
	require.Len(t, got.Data, 2)
	require.Len(t, got.Data[0].Data, 2, "one pair per step")
	for _, pair := range got.Data[0].Data {
		assert.Equal(t, []*float64{nil, nil}, pair, "NaN, never a probability")
	}
	assert.NotEmpty(t, got.Data[0].Error)
	assert.Empty(t, got.Data[1].Data, "an input with no step has no pairs")
	assert.Contains(t, got.Data[1].Error, "no steps")
}

func TestParseRewardOnError(t *testing.T) {
	for in, want := range map[string]string{"": "fail", "fail": "fail", "NAN": "nan", "0.25": "0.25", "-1": "-1"} {
		r, err := ParseRewardOnError(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, r.String())
	}
	for _, bad := range []string{"zero", "inf", "1e999"} {
		_, err := ParseRewardOnError(bad)
		assert.Error(t, err, bad)
	}
}

// TestEveryEndpointsDeadlineHolds: with a REPL that never answers (every process hangs on its
// first command, retries included), each endpoint answers at its deadline — the request's
// timeout, else serve.timeout — with an error the client can retry, long before the REPL's
// own timeout (lean.timeout, 30 s here) would have ended the wait.
func TestEveryEndpointsDeadlineHolds(t *testing.T) {
	t.Setenv(laterEnv, "-hang-after 1")
	t.Setenv(startsEnv, filepath.Join(t.TempDir(), "starts"))
	ts := startServer(t, simConfig(t, "lean", "-hang-after 4", "1"), Options{Timeout: time.Second, HeaderTimeout: time.Millisecond})
	snippet := `"theorem t : 2 + 2 = 4 := by decide"`
	for _, tc := range []struct {
		path, body string
		status     int
		want       string
	}{
		{"/v1/score", `{"chains": [{"id": "a", "steps": ["2 + 3 = 5."]}], "timeout": 0.5}`, http.StatusOK, `"error"`},
		{"/v1/verify", `{"proofs": [{"id": "p", "statement": "theorem t : 2 + 2 = 4", "proof": ` + snippet + `}], "timeout": 0.5}`, http.StatusOK, `"error"`},
		{"/api/check", `{"snippets": [{"id": "s", "code": ` + snippet + `}], "timeout": 0.5}`, http.StatusOK, `timed out`},
		{"/verify", `{"codes": [{"custom_id": "c", "proof": ` + snippet + `}], "timeout": 0.5}`, http.StatusOK, `timed out`},
		{"/get_reward", `{"query": [` + chainQuery + `]}`, http.StatusServiceUnavailable, "could not be scored"},
		{"/pooling", `{"input": "2 + 3 = 5.<extra_0>"}`, http.StatusServiceUnavailable, "could not be scored"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			start := time.Now()
			resp, body := postRaw(t, ts.URL+tc.path, tc.body)
			assert.Less(t, time.Since(start), 20*time.Second, "answered at the deadline, not at the REPL's own timeout")
			assert.Equal(t, tc.status, resp.StatusCode, "%s", body)
			assert.Contains(t, string(body), tc.want)
			if tc.status == http.StatusServiceUnavailable {
				assert.Equal(t, "1", resp.Header.Get("Retry-After"))
			}
		})
	}
}
