package vllm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// fakeServer is an in-process vLLM /pooling endpoint. It answers with the
// documented reply shape; by default each step's vector is [p_neg, p_pos]
// with p_pos = 0.9 - 0.1·step. Hooks change its behaviour per test.
type fakeServer struct {
	t        *testing.T
	marker   string
	vec      func(step int) []float64
	fail     func(call int) (status int, body string) // non-zero status: fail this call
	block    bool                                     // never answer; wait for the client to give up
	calls    atomic.Int32
	inflight atomic.Int32
	maxIn    atomic.Int32
	mu       sync.Mutex
	bodies   []map[string]any
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	call := int(f.calls.Add(1))
	n := f.inflight.Add(1)
	defer f.inflight.Add(-1)
	for {
		m := f.maxIn.Load()
		if n <= m || f.maxIn.CompareAndSwap(m, n) {
			break
		}
	}
	if r.URL.Path != "/pooling" || r.Method != http.MethodPost {
		http.Error(w, `{"message":"not found"}`, http.StatusNotFound)
		return
	}
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, `{"message":"bad json"}`, http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.bodies = append(f.bodies, body)
	f.mu.Unlock()
	if f.block {
		<-r.Context().Done()
		return
	}
	if f.fail != nil {
		if status, msg := f.fail(call); status != 0 {
			w.WriteHeader(status)
			fmt.Fprint(w, msg)
			return
		}
	}
	inputs, _ := body["input"].([]any)
	type item struct {
		Index  int         `json:"index"`
		Object string      `json:"object"`
		Data   [][]float64 `json:"data"`
	}
	resp := struct {
		ID     string `json:"id"`
		Object string `json:"object"`
		Data   []item `json:"data"`
	}{ID: "pool-1", Object: "list"}
	// Answer in reverse order: the client must use "index".
	for i := len(inputs) - 1; i >= 0; i-- {
		p, _ := inputs[i].(string)
		steps := strings.Count(p, f.marker)
		it := item{Index: i, Object: "pooling"}
		for s := range steps {
			if f.vec != nil {
				it.Data = append(it.Data, f.vec(s))
			} else {
				it.Data = append(it.Data, []float64{0.1 + 0.1*float64(s), 0.9 - 0.1*float64(s)})
			}
		}
		resp.Data = append(resp.Data, it)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

func start(t *testing.T, f *fakeServer, opts Options) *Client {
	t.Helper()
	f.t = t
	if f.marker == "" {
		f.marker = "<extra_0>"
	}
	srv := httptest.NewServer(f)
	opts.BaseURL = srv.URL
	if opts.Backoff == 0 {
		opts.Backoff = time.Millisecond
	}
	c, err := New(opts)
	require.NoError(t, err)
	t.Cleanup(func() {
		c.Close()
		srv.Close()
	})
	return c
}

func steps(texts ...string) []chain.Step {
	out := make([]chain.Step, len(texts))
	for i, s := range texts {
		out[i] = chain.Step{Text: s}
	}
	return out
}

func TestQwenPromptAndScores(t *testing.T) {
	f := &fakeServer{}
	c := start(t, f, Options{Model: "Qwen/Qwen2.5-Math-PRM-7B"})
	got, err := c.ScoreChain(context.Background(), "What is 2+3?", steps("2+3 = 5.", "So the answer is 5."))
	require.NoError(t, err)
	assert.InDeltaSlice(t, []float64{0.9, 0.8}, got, 1e-12)

	require.Len(t, f.bodies, 1)
	assert.Equal(t, "Qwen/Qwen2.5-Math-PRM-7B", f.bodies[0]["model"])
	want := "<|im_start|>system\nPlease reason step by step, and put your final answer within \\boxed{}.<|im_end|>\n" +
		"<|im_start|>user\nWhat is 2+3?<|im_end|>\n<|im_start|>assistant\n" +
		"2+3 = 5.<extra_0>So the answer is 5.<extra_0><|im_end|><|endoftext|>"
	assert.Equal(t, []any{want}, f.bodies[0]["input"])
}

func TestBatchingAndConcurrencyLimit(t *testing.T) {
	f := &fakeServer{}
	c := start(t, f, Options{BatchSize: 3, Concurrency: 2})
	var in []hybrid.PRMInput
	for i := range 10 {
		in = append(in, hybrid.PRMInput{Problem: fmt.Sprintf("p%d", i), Steps: steps(strings.Repeat("s ", i%3+1))})
	}
	scores, errs := c.ScoreChains(context.Background(), in)
	for i := range in {
		require.NoError(t, errs[i])
		assert.Len(t, scores[i], 1, "chain %d", i)
		assert.InDelta(t, 0.9, scores[i][0], 1e-12)
	}
	assert.EqualValues(t, 4, f.calls.Load(), "10 chains in batches of 3")
	assert.LessOrEqual(t, f.maxIn.Load(), int32(2))
	total := 0
	for _, b := range f.bodies {
		total += len(b["input"].([]any))
	}
	assert.Equal(t, 10, total)
}

func TestRetriesThenSucceeds(t *testing.T) {
	f := &fakeServer{fail: func(call int) (int, string) {
		if call <= 2 {
			return http.StatusServiceUnavailable, `{"object":"error","message":"overloaded","code":503}`
		}
		return 0, ""
	}}
	c := start(t, f, Options{MaxRetries: 3})
	got, err := c.ScoreChain(context.Background(), "p", steps("a"))
	require.NoError(t, err)
	assert.Len(t, got, 1)
	assert.EqualValues(t, 3, f.calls.Load())
}

func TestRetriesAreBounded(t *testing.T) {
	f := &fakeServer{fail: func(int) (int, string) {
		return http.StatusInternalServerError, `{"error":{"message":"engine dead"}}`
	}}
	c := start(t, f, Options{MaxRetries: 2})
	_, err := c.ScoreChain(context.Background(), "p", steps("a"))
	var re *RequestError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 3, re.Attempts)
	assert.Equal(t, http.StatusInternalServerError, re.Status)
	assert.Contains(t, err.Error(), "engine dead")
	assert.EqualValues(t, 3, f.calls.Load())
}

func TestClientErrorIsNotRetried(t *testing.T) {
	f := &fakeServer{fail: func(int) (int, string) {
		return http.StatusBadRequest, `{"object":"error","message":"This model's maximum context length is 4096 tokens","type":"BadRequestError","code":400}`
	}}
	c := start(t, f, Options{})
	_, err := c.ScoreChain(context.Background(), "p", steps("a"))
	var re *RequestError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 1, re.Attempts)
	assert.Equal(t, http.StatusBadRequest, re.Status)
	assert.Contains(t, err.Error(), "maximum context length")
}

func TestTimeoutNamesTheCall(t *testing.T) {
	f := &fakeServer{block: true}
	c := start(t, f, Options{Timeout: 20 * time.Millisecond, MaxRetries: 1})
	_, err := c.ScoreChain(context.Background(), "p", steps("a"))
	require.Error(t, err)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	var re *RequestError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 20*time.Millisecond, re.Timeout)
	assert.Equal(t, 2, re.Attempts)
	assert.Contains(t, err.Error(), "/pooling")
	assert.Contains(t, err.Error(), "20ms")
}

func TestCancelStopsRetrying(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	f := &fakeServer{fail: func(int) (int, string) {
		cancel()
		return http.StatusServiceUnavailable, "busy"
	}}
	c := start(t, f, Options{MaxRetries: 5, Backoff: time.Hour})
	_, err := c.ScoreChain(ctx, "p", steps("a"))
	assert.ErrorIs(t, err, context.Canceled)
	assert.EqualValues(t, 1, f.calls.Load())
}

func TestMalformedReplies(t *testing.T) {
	tests := []struct {
		name string
		vec  func(int) []float64
		body string
		want string
	}{
		{name: "wrong vector length", vec: func(int) []float64 { return []float64{0.5} }, want: "vector of 1 values, want 2"},
		{name: "probability out of range", vec: func(int) []float64 { return []float64{-1, 2} }, want: "outside [0, 1]"},
		{name: "not json", body: "<html>", want: "malformed reply"},
		{name: "too few results", body: `{"data":[]}`, want: "0 results for 1 inputs"},
		{name: "too few steps", body: `{"data":[{"index":0,"data":[[0.1,0.9]]}]}`, want: "1 step vectors for 2 steps"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeServer{vec: tc.vec}
			if tc.body != "" {
				f.fail = func(int) (int, string) { return 0, "" }
				body := tc.body
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					f.calls.Add(1)
					fmt.Fprint(w, body)
				}))
				c, err := New(Options{BaseURL: srv.URL, Backoff: time.Millisecond})
				require.NoError(t, err)
				t.Cleanup(func() { c.Close(); srv.Close() })
				_, err = c.ScoreChain(context.Background(), "p", steps("a", "b"))
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.want)
				assert.EqualValues(t, 1, f.calls.Load(), "a malformed reply is not retried")
				return
			}
			c := start(t, f, Options{})
			_, err := c.ScoreChain(context.Background(), "p", steps("a", "b"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestStepMode(t *testing.T) {
	f := &fakeServer{marker: "ки", vec: func(s int) []float64 { return []float64{0.7 - 0.2*float64(s), 0.3 + 0.2*float64(s)} }}
	c := start(t, f, Options{Mode: ModeStep, ReturnedTokenIDs: []int{648, 387}})
	got, err := c.ScoreChain(context.Background(), "What is 2+3?", steps("2+3 = 5.", "The answer is 5."))
	require.NoError(t, err)
	assert.InDeltaSlice(t, []float64{0.7, 0.5}, got, 1e-12)
	assert.Equal(t, []any{"What is 2+3? Step 1: 2+3 = 5. ки\nStep 2: The answer is 5. ки"}, f.bodies[0]["input"])
}

func TestStepMarkerInsideStepIsRejected(t *testing.T) {
	f := &fakeServer{}
	c := start(t, f, Options{})
	_, err := c.ScoreChain(context.Background(), "p", steps("a <extra_0> b"))
	assert.ErrorContains(t, err, "step marker")
	assert.EqualValues(t, 0, f.calls.Load())
}

func TestOptionsValidation(t *testing.T) {
	_, err := New(Options{})
	assert.Error(t, err)
	_, err = New(Options{BaseURL: "http://x", Mode: "bogus"})
	assert.Error(t, err)
	_, err = New(Options{BaseURL: "http://x", Mode: ModeStep, ReturnedTokenIDs: []int{1, 2}, GoodIndex: 2})
	assert.Error(t, err)
}

func TestUsableThroughScorer(t *testing.T) {
	f := &fakeServer{}
	c := start(t, f, Options{BatchSize: 2})
	s := &hybrid.Scorer{PRM: c}
	chains := []chain.Chain{
		{ID: "a", Problem: "p", Steps: steps("x", "y")},
		{ID: "b", Problem: "q", Steps: steps("z")},
		{ID: "c", Problem: "r", Steps: steps("w <extra_0>")},
	}
	res, err := s.ScoreChains(context.Background(), chains)
	require.Error(t, err, "chain c cannot be rendered")
	require.Len(t, res, 3)
	assert.InDelta(t, 0.8, res[0].Steps[1].Score, 1e-12)
	assert.Equal(t, hybrid.FromLearned, res[1].Steps[0].Source)
	assert.NotEmpty(t, res[2].Err)
}

func TestParseReplyOrder(t *testing.T) {
	out, err := parseReply([]byte(`{"data":[{"index":1,"data":[[0.1,0.9]]},{"index":0,"data":[[0.2,0.8],[0.3,0.7]]}]}`), 2)
	require.NoError(t, err)
	assert.Len(t, out[0], 2)
	assert.Len(t, out[1], 1)
	// Without indexes, replies are taken in order.
	out, err = parseReply([]byte(`{"data":[{"data":[0.9]},{"data":[0.8]}]}`), 2)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0.9}}, out[0])
	assert.Equal(t, [][]float64{{0.8}}, out[1])
	_, err = parseReply([]byte(`{"data":[{"index":0,"data":"x"}]}`), 1)
	assert.True(t, errors.Is(err, errBadReply))
}

func FuzzParseReply(f *testing.F) {
	f.Add([]byte(`{"data":[{"index":0,"object":"pooling","data":[[0.1,0.9],[0.2,0.8]]}]}`), 1)
	f.Add([]byte(`{"data":[{"index":1,"data":[0.5]},{"index":1,"data":[0.5]}]}`), 2)
	f.Add([]byte(`{"object":"error","message":"bad"}`), 1)
	f.Add([]byte(`[]`), 0)
	f.Fuzz(func(t *testing.T, raw []byte, n int) {
		if n < 0 || n > 64 {
			return
		}
		out, err := parseReply(raw, n)
		if err != nil {
			if !errors.Is(err, errBadReply) {
				t.Fatalf("error not marked as a bad reply: %v", err)
			}
			return
		}
		if len(out) != n {
			t.Fatalf("%d results for %d inputs", len(out), n)
		}
		for i, v := range out {
			if v == nil {
				t.Fatalf("input %d has no result", i)
			}
		}
	})
}
