package generate

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/gensim"
)

// A GSM8K-format fixture written for these tests.
const problems = `{"question": "Tom has 10 apples and buys 3 bags of 4 apples each. How many apples does he have now?", "answer": "The bags hold 3*4 = <<3*4=12>>12 apples.\nTom now has 10+12 = <<10+12=22>>22 apples.\n#### 22"}
`

const question = "Tom has 10 apples and buys 3 bags of 4 apples each. How many apples does he have now?"

func simServer(t *testing.T, faults ...gensim.Fault) *httptest.Server {
	t.Helper()
	ps, err := gensim.ReadProblems(strings.NewReader(problems), "fixture")
	require.NoError(t, err)
	sim, err := gensim.New(ps, gensim.Options{})
	require.NoError(t, err)
	done := make(chan struct{})
	h := sim.Handler()
	for _, f := range faults {
		h = gensim.WithFaults(h, f, done)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() { close(done); srv.Close() })
	return srv
}

// capture answers every completion with a fixed body and records the requests.
type capture struct {
	mu     sync.Mutex
	bodies []map[string]any
	paths  []string
	answer string
}

func (c *capture) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	c.mu.Lock()
	c.bodies = append(c.bodies, m)
	c.paths = append(c.paths, r.URL.Path)
	c.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, c.answer)
}

// OpenAI's example answer of POST /v1/completions (platform.openai.com/docs/api-reference/completions/object),
// with the text changed.
const openAICompletion = `{
  "id": "cmpl-uqkvlQyYK7bGYrRHQ0eXlWi7",
  "object": "text_completion",
  "created": 1589478378,
  "model": "gpt-3.5-turbo-instruct",
  "system_fingerprint": "fp_44709d6fcb",
  "choices": [{"text": "The bags hold 12 apples.", "index": 0, "logprobs": null, "finish_reason": "length"}],
  "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12}
}`

// OpenAI's example answer of POST /v1/chat/completions (platform.openai.com/docs/api-reference/chat/object).
const openAIChat = `{
  "id": "chatcmpl-123",
  "object": "chat.completion",
  "created": 1677652288,
  "model": "gpt-4o-mini",
  "system_fingerprint": "fp_44709d6fcb",
  "choices": [{"index": 0, "message": {"role": "assistant", "content": "\n\nHello there, how may I assist you today?"}, "logprobs": null, "finish_reason": "stop"}],
  "usage": {"prompt_tokens": 9, "completion_tokens": 12, "total_tokens": 21}
}`

// vLLM's answer adds stop_reason to each choice: "The stop string or token id that caused the
// completion to stop, None if the completion finished for some other reason including
// encountering the EOS token" (vllm/entrypoints/openai/protocol.py, CompletionResponseChoice).
const vllmCompletion = `{"id": "cmpl-1", "object": "text_completion", "created": 1, "model": "Qwen/Qwen2.5-Math-7B-Instruct",
  "choices": [
    {"index": 0, "text": "A step.", "logprobs": null, "finish_reason": "stop", "stop_reason": "\n\n"},
    {"index": 1, "text": "The answer is 22.", "logprobs": null, "finish_reason": "stop", "stop_reason": null},
    {"index": 2, "text": "Cut", "logprobs": null, "finish_reason": "length", "stop_reason": null},
    {"index": 3, "text": "Eos token", "logprobs": null, "finish_reason": "stop", "stop_reason": 151643}
  ],
  "usage": {"prompt_tokens": 30, "completion_tokens": 12, "total_tokens": 42}}`

func TestRequestShapes(t *testing.T) {
	seed := int64(42)
	cases := []struct {
		name  string
		opts  Options
		pre   []string
		p     Params
		path  string
		check func(t *testing.T, m map[string]any)
	}{
		{
			name: "raw vllm", opts: Options{Template: TemplateRaw}, pre: []string{"Step one."},
			p:    Params{Temperature: 0.8, TopP: 0.95, MaxTokens: 64, Seed: &seed},
			path: "/v1/completions",
			check: func(t *testing.T, m map[string]any) {
				// OpenAI's CreateCompletionRequest: model, prompt, n, temperature, top_p, max_tokens,
				// stop (string or array), seed (platform.openai.com/docs/api-reference/completions/create).
				assert.Equal(t, "m", m["model"])
				assert.Equal(t, question+"\n\nStep one.\n\n", m["prompt"])
				assert.EqualValues(t, 3, m["n"])
				assert.EqualValues(t, 0.8, m["temperature"])
				assert.EqualValues(t, 0.95, m["top_p"])
				assert.EqualValues(t, 64, m["max_tokens"])
				assert.Equal(t, []any{"\n\n"}, m["stop"])
				assert.EqualValues(t, 42, m["seed"])
				// vLLM's extra sampling parameter (protocol.py: include_stop_str_in_output: bool = False).
				assert.Equal(t, false, m["include_stop_str_in_output"])
				assert.NotContains(t, m, "messages")
			},
		},
		{
			name: "chat continues the assistant's message", opts: Options{SystemPrompt: "Reason step by step."}, pre: []string{"Step one.", "Step two."},
			p:    Params{Temperature: 0.7},
			path: "/v1/chat/completions",
			check: func(t *testing.T, m map[string]any) {
				assert.Equal(t, []any{
					map[string]any{"role": "system", "content": "Reason step by step."},
					map[string]any{"role": "user", "content": question},
					map[string]any{"role": "assistant", "content": "Step one.\n\nStep two.\n\n"},
				}, m["messages"])
				// vLLM's ChatCompletionRequest extras (protocol.py): continue_final_message "cannot
				// be used at the same time as add_generation_prompt".
				assert.Equal(t, true, m["continue_final_message"])
				assert.Equal(t, false, m["add_generation_prompt"])
				assert.EqualValues(t, DefaultMaxTokens, m["max_tokens"])
				assert.NotContains(t, m, "seed")
				assert.NotContains(t, m, "prompt")
			},
		},
		{
			name: "chat without a prefix starts the answer", pre: nil, p: Params{},
			path: "/v1/chat/completions",
			check: func(t *testing.T, m map[string]any) {
				assert.Len(t, m["messages"], 1)
				assert.NotContains(t, m, "continue_final_message")
				assert.NotContains(t, m, "add_generation_prompt")
				assert.EqualValues(t, 0, m["temperature"], "the zero Params are greedy")
			},
		},
		{
			name: "openai dialect sends only OpenAI's fields; a final step has no stop", opts: Options{Dialect: DialectOpenAI}, pre: []string{"Step one."},
			p:    Params{Final: true},
			path: "/v1/chat/completions",
			check: func(t *testing.T, m map[string]any) {
				for _, k := range []string{"continue_final_message", "add_generation_prompt", "include_stop_str_in_output", "stop"} {
					assert.NotContains(t, m, k)
				}
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cp := &capture{answer: strings.Replace(openAIChat, `"index": 0,`, `"index": 0, "text": "x",`, 1)}
			srv := httptest.NewServer(cp)
			defer srv.Close()
			tc.opts.BaseURL, tc.opts.Model = srv.URL+"/v1", "m"
			c, err := New(tc.opts)
			require.NoError(t, err)
			_, err = c.Continue(context.Background(), question, tc.pre, 3, tc.p)
			require.NoError(t, err)
			require.NotEmpty(t, cp.bodies)
			assert.Equal(t, tc.path, cp.paths[0])
			tc.check(t, cp.bodies[0])
		})
	}
}

func TestResponseShapes(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		tmpl         Template
		want         []Sample
		usage        Usage
	}{
		{"openai completion", openAICompletion, TemplateRaw,
			[]Sample{{Text: "The bags hold 12 apples.", End: EndLength, Finish: "length", Source: "gpt-3.5-turbo-instruct"}},
			Usage{PromptTokens: 5, CompletionTokens: 7}},
		{"openai chat: no stop_reason reads as the stop string", openAIChat, TemplateChat,
			[]Sample{{Text: "\n\nHello there, how may I assist you today?", End: EndStop, Finish: "stop", Source: "gpt-4o-mini"}},
			Usage{PromptTokens: 9, CompletionTokens: 12}},
		{"vllm stop_reason", vllmCompletion, TemplateRaw,
			[]Sample{
				{Text: "A step.", End: EndStop, Finish: "stop", Source: "Qwen/Qwen2.5-Math-7B-Instruct"},
				{Text: "The answer is 22.", End: EndEOS, Finish: "stop", Source: "Qwen/Qwen2.5-Math-7B-Instruct"},
				{Text: "Cut", End: EndLength, Finish: "length", Source: "Qwen/Qwen2.5-Math-7B-Instruct"},
				{Text: "Eos token", End: EndEOS, Finish: "stop", Source: "Qwen/Qwen2.5-Math-7B-Instruct"},
			},
			Usage{PromptTokens: 30, CompletionTokens: 12}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(&capture{answer: tc.answer})
			defer srv.Close()
			c, err := New(Options{BaseURL: srv.URL + "/v1", Model: "m", Template: tc.tmpl})
			require.NoError(t, err)
			var m Meter
			got, err := c.Continue(context.Background(), question, nil, len(tc.want), Params{Meter: &m})
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			tc.usage.Calls = 1
			assert.Equal(t, tc.usage, m.Usage())
			assert.Equal(t, tc.usage, c.Usage())
		})
	}
}

func TestAgainstSimulator(t *testing.T) {
	srv := simServer(t)
	for _, tmpl := range []Template{TemplateRaw, TemplateChat} {
		c, err := New(Options{BaseURL: srv.URL, Template: tmpl}) // no /v1: added; no model: asked
		require.NoError(t, err)
		var steps []string
		for {
			got, err := c.Continue(context.Background(), question, steps, 2, DefaultParams())
			require.NoError(t, err)
			require.Len(t, got, 2)
			assert.Equal(t, "sim", got[0].Source)
			steps = append(steps, got[0].Text)
			if got[0].End == EndEOS {
				break
			}
			require.Equal(t, EndStop, got[0].End)
		}
		assert.Equal(t, []string{"The bags hold 3*4 = 12 apples.", "Tom now has 10+12 = 22 apples.", "The answer is 22."}, steps, tmpl)
		u := c.Usage()
		assert.EqualValues(t, 3, u.Calls)
		assert.Positive(t, u.PromptTokens)
		assert.Positive(t, u.CompletionTokens)
		// A final call runs to the end.
		got, err := c.Continue(context.Background(), question, steps[:1], 1, Params{Final: true})
		require.NoError(t, err)
		assert.Equal(t, "Tom now has 10+12 = 22 apples.\n\nThe answer is 22.", got[0].Text)
		assert.Equal(t, EndEOS, got[0].End)
	}
}

func fastOptions(url string) Options {
	return Options{BaseURL: url, Timeout: 10 * time.Second, MaxRetries: 2, Backoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond}
}

func TestFailures(t *testing.T) {
	cases := []struct {
		fault    gensim.Fault
		want     error
		attempts int
		detail   string
	}{
		{gensim.Fault{Kind: gensim.Fault429}, ErrUnavailable, 3, "HTTP 429: leanprm generator simulator: injected fault: too many requests"},
		{gensim.Fault{Kind: gensim.Fault500}, ErrUnavailable, 3, "HTTP 500"},
		{gensim.Fault{Kind: gensim.FaultHang}, ErrTimeout, 3, "no answer within 300ms"},
		{gensim.Fault{Kind: gensim.FaultClose}, ErrUnavailable, 3, "connection closed before a complete answer"},
		{gensim.Fault{Kind: gensim.FaultMalformed}, ErrMalformed, 1, "not JSON"},
		{gensim.Fault{Kind: gensim.FaultEmpty}, ErrEmpty, 1, "empty completion"},
	}
	for _, tc := range cases {
		t.Run(string(tc.fault.Kind), func(t *testing.T) {
			srv := simServer(t, tc.fault)
			o := fastOptions(srv.URL + "/v1")
			if tc.fault.Kind == gensim.FaultHang {
				o.Timeout = 300 * time.Millisecond // nothing answers: any timeout expires
			}
			c, err := New(o)
			require.NoError(t, err)
			_, err = c.Continue(context.Background(), question, nil, 1, Params{})
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.want)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tc.attempts, e.Attempts)
			assert.Contains(t, err.Error(), tc.detail)
			assert.Contains(t, err.Error(), srv.URL+"/v1/chat/completions")
			assert.EqualValues(t, tc.attempts, c.Usage().Calls)
		})
	}

	t.Run("recovers after two 429s", func(t *testing.T) {
		srv := simServer(t, gensim.Fault{Kind: gensim.Fault429, Count: 2})
		c, err := New(fastOptions(srv.URL))
		require.NoError(t, err)
		got, err := c.Continue(context.Background(), question, nil, 1, Params{})
		require.NoError(t, err)
		assert.Equal(t, "The bags hold 3*4 = 12 apples.", got[0].Text)
		assert.EqualValues(t, 2, c.Usage().Retries)
	})

	t.Run("connection refused", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr := l.Addr().String()
		require.NoError(t, l.Close())
		o := fastOptions("http://" + addr + "/v1")
		o.Model = "m"
		c, err := New(o)
		require.NoError(t, err)
		_, err = c.Continue(context.Background(), question, nil, 1, Params{})
		assert.ErrorIs(t, err, ErrUnavailable)
		assert.ErrorContains(t, err, "connection refused (is the generator running?) (after 3 attempts)")
	})

	t.Run("a 4xx is not retried", func(t *testing.T) {
		srv := simServer(t)
		o := fastOptions(srv.URL)
		o.Model = "not-served"
		c, err := New(o)
		require.NoError(t, err)
		_, err = c.Continue(context.Background(), question, nil, 1, Params{})
		assert.ErrorIs(t, err, ErrRejected)
		assert.ErrorContains(t, err, "HTTP 404: leanprm generator simulator: The model `not-served` does not exist")
		assert.EqualValues(t, 1, c.Usage().Calls)
	})

	t.Run("Retry-After is honoured", func(t *testing.T) {
		srv := simServer(t, gensim.Fault{Kind: gensim.Fault429, Count: 1})
		o := fastOptions(srv.URL)
		o.MaxBackoff = 5 * time.Second
		c, err := New(o)
		require.NoError(t, err)
		start := time.Now()
		_, err = c.Continue(context.Background(), question, nil, 1, Params{})
		require.NoError(t, err)
		assert.GreaterOrEqual(t, time.Since(start), time.Second, "the simulator's Retry-After: 1")
	})

	t.Run("cancelled during the back-off", func(t *testing.T) {
		srv := simServer(t, gensim.Fault{Kind: gensim.Fault500})
		o := fastOptions(srv.URL)
		o.Backoff, o.MaxBackoff = time.Hour, time.Hour
		c, err := New(o)
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		go func() { time.Sleep(50 * time.Millisecond); cancel() }()
		_, err = c.Continue(ctx, question, nil, 1, Params{})
		assert.ErrorIs(t, err, context.Canceled)
	})
}

// A server that ignores n (llama.cpp's server, Ollama) is asked again for the missing samples.
func TestServerIgnoringN(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, openAICompletion)
	}))
	defer srv.Close()
	c, err := New(Options{BaseURL: srv.URL, Model: "m", Template: TemplateRaw})
	require.NoError(t, err)
	got, err := c.Continue(context.Background(), question, nil, 4, Params{})
	require.NoError(t, err)
	assert.Len(t, got, 4)
	assert.EqualValues(t, 4, calls.Load())
}

func TestOptionsChecked(t *testing.T) {
	for _, o := range []Options{{BaseURL: "localhost:8000"}, {BaseURL: "http://h/v1", Template: "jinja"}, {BaseURL: "http://h/v1", Dialect: "x"}} {
		_, err := New(o)
		assert.Error(t, err)
	}
	c, err := New(Options{BaseURL: "http://h:1"})
	require.NoError(t, err)
	_, err = c.Continue(context.Background(), "q", nil, 0, Params{})
	assert.Error(t, err)
	assert.False(t, errors.Is(err, ErrUnavailable))
}
