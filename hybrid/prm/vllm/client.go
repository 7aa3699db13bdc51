package vllm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/internal/retry"
)

// Mode selects how chains are rendered and how replies are read.
type Mode string

const (
	// ModeQwen is for Qwen2.5-Math-PRM served with the pooling runner: the
	// chat template is applied here, steps are joined with "<extra_0>"
	// and end with one, and each reply vector is [p_neg, p_pos].
	ModeQwen Mode = "qwen"
	// ModeStep is Math-Shepherd-style STEP pooling: each step is followed
	// by a step tag, the server was started with that tag's token id and
	// the returned token ids (the "good" and "bad" tokens), and each reply
	// vector holds the probabilities of the returned tokens.
	ModeStep Mode = "step"
)

// DefaultSystemPrompt is Qwen2.5-Math-PRM's system prompt.
const DefaultSystemPrompt = "Please reason step by step, and put your final answer within \\boxed{}."

// Options configures a Client. The zero value (with BaseURL set) talks to
// a Qwen2.5-Math-PRM server.
type Options struct {
	// BaseURL of the vLLM server, such as "http://localhost:8000".
	BaseURL string
	// Model is the served model name; empty leaves it out of requests.
	Model string
	Mode  Mode

	// SystemPrompt for ModeQwen; empty means DefaultSystemPrompt.
	SystemPrompt string
	// StepSeparator for ModeQwen; empty means "<extra_0>".
	StepSeparator string

	// StepTag follows every step in ModeStep; empty means "ки"
	// (Math-Shepherd's tag).
	StepTag string
	// ReturnedTokenIDs are the ids the server returns probabilities for
	// (its --override-pooler-config returned_token_ids), e.g. [648, 387]
	// for Math-Shepherd's "+" and "-". Only their number is checked here.
	ReturnedTokenIDs []int
	// GoodIndex is the position of the "good" token's probability in
	// each step's vector (ModeStep); the default 0 fits [648, 387].
	GoodIndex int

	// BatchSize is the chains per request; 0 means 8.
	BatchSize int
	// Concurrency bounds the requests in flight; 0 means 4.
	Concurrency int
	// Timeout bounds each attempt of a request; 0 means 60s.
	Timeout time.Duration
	// MaxRetries after a failed attempt (network error, timeout, 408, 429,
	// 5xx); 0 means 3, negative means none.
	MaxRetries int
	// Backoff is the wait before the first retry, doubling up to
	// MaxBackoff; 0 means 500ms and 10s. A Retry-After header is honoured
	// up to MaxBackoff.
	Backoff    time.Duration
	MaxBackoff time.Duration
	// Extra fields merged into every request body (for server-specific
	// knobs such as "add_special_tokens").
	Extra map[string]any
	// HTTPClient; nil means a new http.Client. Per-attempt timeouts come
	// from Timeout, not from the client.
	HTTPClient *http.Client
}

// Client scores chains with a served PRM. It is safe for concurrent use.
type Client struct {
	o     Options
	retry retry.Policy // o's timeout, retries and back-off
	hc    *http.Client
	url   string
	sem   chan struct{}
}

var _ hybrid.BatchPRM = (*Client)(nil)

// New checks opts and returns a Client.
func New(opts Options) (*Client, error) {
	if opts.BaseURL == "" {
		return nil, errors.New("vllm: BaseURL is required")
	}
	switch opts.Mode {
	case "":
		opts.Mode = ModeQwen
	case ModeQwen, ModeStep:
	default:
		return nil, fmt.Errorf("vllm: unknown mode %q (want %s or %s)", opts.Mode, ModeQwen, ModeStep)
	}
	if opts.SystemPrompt == "" {
		opts.SystemPrompt = DefaultSystemPrompt
	}
	if opts.StepSeparator == "" {
		opts.StepSeparator = "<extra_0>"
	}
	if opts.StepTag == "" {
		opts.StepTag = "ки"
	}
	if opts.Mode == ModeStep && len(opts.ReturnedTokenIDs) > 0 &&
		(opts.GoodIndex < 0 || opts.GoodIndex >= len(opts.ReturnedTokenIDs)) {
		return nil, fmt.Errorf("vllm: GoodIndex %d out of range for %d returned token ids", opts.GoodIndex, len(opts.ReturnedTokenIDs))
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = 8
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = 4
	}
	rp := retry.Fill(&opts.Timeout, &opts.MaxRetries, &opts.Backoff, &opts.MaxBackoff)
	hc := opts.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	return &Client{
		o:     opts,
		retry: rp,
		hc:    hc,
		url:   strings.TrimRight(opts.BaseURL, "/") + "/pooling",
		sem:   make(chan struct{}, opts.Concurrency),
	}, nil
}

// Close releases idle connections.
func (c *Client) Close() { c.hc.CloseIdleConnections() }

// Prompt renders one chain as the server expects it.
func (c *Client) Prompt(problem string, steps []chain.Step) (string, error) {
	sep := c.o.StepSeparator
	if c.o.Mode == ModeStep {
		sep = c.o.StepTag
	}
	for i, s := range steps {
		if strings.Contains(s.Text, sep) {
			return "", fmt.Errorf("step %d contains the step marker %q, which would misalign the scores", i, sep)
		}
	}
	var b strings.Builder
	switch c.o.Mode {
	case ModeStep:
		// Math-Shepherd: the question, then "Step k: text <tag>" per step.
		b.WriteString(problem)
		for i, s := range steps {
			if i == 0 {
				b.WriteByte(' ')
			} else {
				b.WriteByte('\n')
			}
			fmt.Fprintf(&b, "Step %d: %s %s", i+1, strings.TrimSpace(s.Text), sep)
		}
	default:
		// Qwen2.5 chat template, rendered client-side.
		b.WriteString("<|im_start|>system\n")
		b.WriteString(c.o.SystemPrompt)
		b.WriteString("<|im_end|>\n<|im_start|>user\n")
		b.WriteString(problem)
		b.WriteString("<|im_end|>\n<|im_start|>assistant\n")
		for _, s := range steps {
			b.WriteString(s.Text)
			b.WriteString(sep)
		}
		b.WriteString("<|im_end|><|endoftext|>")
	}
	return b.String(), nil
}

// ScoreChain implements hybrid.PRM.
func (c *Client) ScoreChain(ctx context.Context, problem string, steps []chain.Step) ([]float64, error) {
	scores, errs := c.ScoreChains(ctx, []hybrid.PRMInput{{Problem: problem, Steps: steps}})
	return scores[0], errs[0]
}

// ScoreChains implements hybrid.BatchPRM: chains go out in batches of
// BatchSize, at most Concurrency requests at a time.
func (c *Client) ScoreChains(ctx context.Context, chains []hybrid.PRMInput) ([][]float64, []error) {
	scores := make([][]float64, len(chains))
	errs := make([]error, len(chains))
	prompts := make([]string, len(chains))
	var todo []int
	for i, ch := range chains {
		p, err := c.Prompt(ch.Problem, ch.Steps)
		if err != nil {
			errs[i] = fmt.Errorf("vllm: %w", err)
			continue
		}
		prompts[i] = p
		todo = append(todo, i)
	}
	var wg sync.WaitGroup
	for start := 0; start < len(todo); start += c.o.BatchSize {
		batch := todo[start:min(start+c.o.BatchSize, len(todo))]
		select {
		case c.sem <- struct{}{}:
		case <-ctx.Done():
			for _, i := range batch {
				errs[i] = ctx.Err()
			}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-c.sem }()
			in := make([]string, len(batch))
			for k, i := range batch {
				in[k] = prompts[i]
			}
			vecs, err := c.post(ctx, in)
			for k, i := range batch {
				if err != nil {
					errs[i] = err
					continue
				}
				scores[i], errs[i] = c.read(vecs[k], len(chains[i].Steps))
			}
		}()
	}
	wg.Wait()
	return scores, errs
}

// read turns one chain's reply vectors into step scores.
func (c *Client) read(vecs [][]float64, steps int) ([]float64, error) {
	if len(vecs) != steps {
		return nil, fmt.Errorf("vllm: server returned %d step vectors for %d steps (does the server pool on the step marker?)", len(vecs), steps)
	}
	idx := 1 // Qwen: [p_neg, p_pos]
	want := 2
	if c.o.Mode == ModeStep {
		idx = c.o.GoodIndex
		want = len(c.o.ReturnedTokenIDs)
	}
	out := make([]float64, steps)
	for i, v := range vecs {
		if want > 0 && len(v) != want {
			return nil, fmt.Errorf("vllm: step %d: vector of %d values, want %d", i, len(v), want)
		}
		if idx >= len(v) {
			return nil, fmt.Errorf("vllm: step %d: vector of %d values has no index %d", i, len(v), idx)
		}
		p := v[idx]
		if p < 0 || p > 1 || p != p {
			return nil, fmt.Errorf("vllm: step %d: probability %v outside [0, 1]", i, p)
		}
		out[i] = p
	}
	return out, nil
}

// RequestError describes a failed /pooling call after its retries.
type RequestError struct {
	URL      string
	Chains   int
	Attempts int
	// Status is the last HTTP status, 0 if none came back.
	Status int
	// Timeout is set when the last attempt ran out of time.
	Timeout time.Duration
	Err     error
}

func (e *RequestError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "vllm: POST %s (%d chains, %d attempts)", e.URL, e.Chains, e.Attempts)
	if e.Timeout > 0 {
		fmt.Fprintf(&b, ": no reply within the %v per-attempt timeout", e.Timeout)
	}
	if e.Status != 0 {
		fmt.Fprintf(&b, ": HTTP %d", e.Status)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

func (e *RequestError) Unwrap() error { return e.Err }

// statusError is a non-2xx reply.
type statusError struct {
	status     int
	msg        string
	retryAfter time.Duration
}

func (e *statusError) Error() string { return e.msg }

// post sends one batch with retries and returns each input's vectors.
func (c *Client) post(ctx context.Context, inputs []string) ([][][]float64, error) {
	body := map[string]any{}
	for k, v := range c.o.Extra {
		body[k] = v
	}
	body["input"] = inputs
	if c.o.Model != "" {
		body["model"] = c.o.Model
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("vllm: encode request: %w", err)
	}
	rerr := &RequestError{URL: c.url, Chains: len(inputs)}
	for attempt := 0; ; attempt++ {
		rerr.Attempts = attempt + 1
		var after time.Duration
		vecs, err := c.attempt(ctx, payload, len(inputs))
		if err == nil {
			return vecs, nil
		}
		rerr.Err, rerr.Status, rerr.Timeout = err, 0, 0
		var se *statusError
		again := true
		switch {
		case ctx.Err() != nil:
			rerr.Err = ctx.Err()
			return nil, rerr
		case errors.As(err, &se):
			rerr.Status = se.status
			again = retry.Status(se.status)
			after = se.retryAfter
		case errors.Is(err, context.DeadlineExceeded):
			rerr.Timeout = c.o.Timeout
		case errors.Is(err, errBadReply):
			again = false // the server answered; asking again will not help
		}
		if !again || attempt >= c.o.MaxRetries {
			return nil, rerr
		}
		if err := retry.Sleep(ctx, c.retry.Delay(attempt+1, after)); err != nil {
			rerr.Err = err
			return nil, rerr
		}
	}
}

var errBadReply = errors.New("malformed reply")

// reply is vLLM's pooling response.
type reply struct {
	Data []struct {
		Index int             `json:"index"`
		Data  json.RawMessage `json:"data"`
	} `json:"data"`
}

// attempt makes one HTTP request under the per-attempt timeout.
func (c *Client) attempt(ctx context.Context, payload []byte, n int) ([][][]float64, error) {
	ctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		se := &statusError{status: resp.StatusCode, msg: errorMessage(raw)}
		se.retryAfter = retry.After(resp.Header.Get("Retry-After"))
		return nil, se
	}
	return parseReply(raw, n)
}

// parseReply decodes a /pooling reply for n inputs into each input's
// vectors, placed by their "index".
func parseReply(raw []byte, n int) ([][][]float64, error) {
	var r reply
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("%w: %v", errBadReply, err)
	}
	if len(r.Data) != n {
		return nil, fmt.Errorf("%w: %d results for %d inputs", errBadReply, len(r.Data), n)
	}
	out := make([][][]float64, n)
	for k, d := range r.Data {
		i := d.Index
		if i < 0 || i >= n || out[i] != nil {
			i = k // servers that omit "index" answer in order
		}
		if out[i] != nil {
			return nil, fmt.Errorf("%w: two results for input %d", errBadReply, i)
		}
		vecs, err := decodeVectors(d.Data)
		if err != nil {
			return nil, fmt.Errorf("%w: data[%d]: %v", errBadReply, k, err)
		}
		out[i] = vecs
	}
	return out, nil
}

// decodeVectors accepts one vector per step, or a flat list of step
// probabilities.
func decodeVectors(raw json.RawMessage) ([][]float64, error) {
	var vecs [][]float64
	if err := json.Unmarshal(raw, &vecs); err == nil {
		if vecs == nil {
			vecs = [][]float64{}
		}
		return vecs, nil
	}
	var flat []float64
	if err := json.Unmarshal(raw, &flat); err != nil {
		return nil, errors.New("want a list of per-step vectors")
	}
	vecs = make([][]float64, len(flat))
	for i, p := range flat {
		vecs[i] = []float64{p}
	}
	return vecs, nil
}

// errorMessage extracts vLLM's error text from either of its shapes:
// {"message": ...} or {"error": {"message": ...}}.
func errorMessage(raw []byte) string {
	var e struct {
		Message string `json:"message"`
		Error   struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(raw, &e) == nil {
		if e.Message != "" {
			return e.Message
		}
		if e.Error.Message != "" {
			return e.Error.Message
		}
	}
	s := strings.TrimSpace(string(raw))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	if s == "" {
		s = "empty reply"
	}
	return s
}
