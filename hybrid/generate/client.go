package generate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/leanprm/leanprm/hybrid/internal/retry"
)

// Template selects the endpoint and how a prompt is built.
type Template string

const (
	// TemplateChat uses /v1/chat/completions, continuing the assistant's partial answer.
	TemplateChat Template = "chat"
	// TemplateRaw uses /v1/completions with a plain-text prompt.
	TemplateRaw Template = "raw"
)

// Dialect selects which non-OpenAI fields a request may carry.
type Dialect string

const (
	// DialectVLLM adds vLLM's extra fields (continue_final_message, add_generation_prompt,
	// include_stop_str_in_output) and reads its stop_reason. SGLang accepts the same fields;
	// llama.cpp's server and Ollama ignore what they do not know.
	DialectVLLM Dialect = "vllm"
	// DialectOpenAI sends only the fields of OpenAI's API reference (hosted APIs reject others).
	DialectOpenAI Dialect = "openai"
)

// DefaultStop is the step separator of search-and-learn and OpenR.
const DefaultStop = "\n\n"

// Options configures a Client. The zero value with BaseURL set talks chat to a vLLM server with
// the model it serves (asked once from /v1/models), "\n\n" between steps, 4 requests in flight,
// 60 s per attempt and 3 retries.
type Options struct {
	// BaseURL is the OpenAI base URL, such as "http://127.0.0.1:8000/v1". A URL with no path
	// gets "/v1".
	BaseURL string
	// Model is the served model's name; empty means the first model /v1/models lists.
	Model string
	// APIKey is sent as "Authorization: Bearer <key>" when set.
	APIKey string

	Template Template // "" means TemplateChat
	Dialect  Dialect  // "" means DialectVLLM
	// RawTemplate is the prompt before the steps for TemplateRaw; "{problem}" is replaced by
	// the problem. "" means "{problem}" followed by the stop string.
	RawTemplate string
	// SystemPrompt is the chat's system message; "" sends none.
	SystemPrompt string
	// UserTemplate is the chat's user message; "{problem}" is replaced. "" means "{problem}".
	UserTemplate string
	// Stop ends a step; "" means DefaultStop.
	Stop string

	// Concurrency bounds the requests in flight; 0 means 4.
	Concurrency int
	// Timeout bounds each attempt; 0 means 60 s.
	Timeout time.Duration
	// MaxRetries after a failed attempt (network error, timeout, 408, 429, 5xx); 0 means 3,
	// negative means none.
	MaxRetries int
	// Backoff is the wait before the first retry, doubling up to MaxBackoff; 0 means 500 ms and
	// 10 s. A Retry-After header is honoured up to MaxBackoff.
	Backoff    time.Duration
	MaxBackoff time.Duration
	// HTTPClient; nil means a new one. Per-attempt timeouts come from Timeout.
	HTTPClient *http.Client
}

// Params are the sampling parameters of one call. The zero value is greedy decoding
// (temperature 0) with the server's top_p, DefaultMaxTokens and no seed.
type Params struct {
	Temperature float64
	TopP        float64 // 0 leaves it to the server (1 in OpenAI's and vLLM's defaults)
	MaxTokens   int     // 0 means DefaultMaxTokens
	// Seed, when set, is sent as "seed" (vLLM and OpenAI: best-effort reproducibility).
	Seed *int64
	// Final sends no stop string: the model writes to its end (the last step of a search).
	Final bool
	// Meter, when set, also counts this call's requests and tokens (per problem, say).
	Meter *Meter
}

// DefaultMaxTokens bounds one step (or a final run to the end).
const DefaultMaxTokens = 1024

// DefaultParams are search-and-learn's sampling defaults: temperature 0.8, top_p 1.
func DefaultParams() Params { return Params{Temperature: 0.8, TopP: 1} }

// End says how a sample ended.
type End string

const (
	// EndStop: the sample ended at the stop string (a step; more may follow).
	EndStop End = "stop"
	// EndEOS: the model finished (end of sequence, or no stop string was sent).
	EndEOS End = "eos"
	// EndLength: max_tokens cut the sample.
	EndLength End = "length"
	// EndOther: another finish_reason (content_filter, tool_calls, …), kept in Sample.Finish.
	EndOther End = "other"
)

// Sample is one generated continuation.
type Sample struct {
	// Text is the generated text, without the stop string.
	Text string `json:"text"`
	// End is how it ended; Finish is the server's finish_reason as sent.
	End    End    `json:"end"`
	Finish string `json:"finish_reason"`
	// Source is the "model" the server named in its answer ("sim" for the simulator).
	Source string `json:"source"`
}

// Meter counts requests and tokens; safe for concurrent use. The zero value is ready.
type Meter struct {
	calls, retries, prompt, completion atomic.Int64
}

// Usage is a Meter's reading.
type Usage struct {
	Calls            int64 `json:"calls"`
	Retries          int64 `json:"retries"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
}

// Usage reads the meter.
func (m *Meter) Usage() Usage {
	return Usage{Calls: m.calls.Load(), Retries: m.retries.Load(), PromptTokens: m.prompt.Load(), CompletionTokens: m.completion.Load()}
}

// Errors, for errors.Is.
var (
	// ErrUnavailable: the generator could not be reached (connection refused, reset, DNS), or
	// answered 429/5xx on every attempt.
	ErrUnavailable = errors.New("generator unavailable")
	// ErrTimeout: an attempt got no complete answer within Options.Timeout.
	ErrTimeout = errors.New("generator timed out")
	// ErrMalformed: the answer was not the JSON of an OpenAI completion.
	ErrMalformed = errors.New("generator answered malformed JSON")
	// ErrEmpty: the answer held no choices, or only empty texts.
	ErrEmpty = errors.New("generator returned an empty completion")
	// ErrRejected: the generator refused the request (a 4xx other than 408 and 429).
	ErrRejected = errors.New("generator rejected the request")
)

// Error is a failed call: which endpoint, after how many attempts, and why.
type Error struct {
	URL      string
	Attempts int
	Status   int // the last HTTP status, 0 when none came
	Detail   string
	Err      error // one of the sentinel errors above
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("generator %s: %s", e.URL, e.Detail)
	if e.Attempts > 1 {
		msg += fmt.Sprintf(" (after %d attempts)", e.Attempts)
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// Client talks to one generator. It is safe for concurrent use.
type Client struct {
	o      Options
	retry  retry.Policy // o's timeout, retries and back-off
	hc     *http.Client
	base   string
	sem    chan struct{}
	meter  Meter
	model  atomic.Pointer[string]
	modelM chan struct{} // a 1-slot lock for resolving the model
}

// New checks opts and returns a Client.
func New(opts Options) (*Client, error) {
	u, err := url.Parse(opts.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("generator URL %q: want http(s)://host:port/v1", opts.BaseURL)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/v1"
	}
	switch opts.Template {
	case "":
		opts.Template = TemplateChat
	case TemplateChat, TemplateRaw:
	default:
		return nil, fmt.Errorf("generator template %q: want chat or raw", opts.Template)
	}
	switch opts.Dialect {
	case "":
		opts.Dialect = DialectVLLM
	case DialectVLLM, DialectOpenAI:
	default:
		return nil, fmt.Errorf("generator dialect %q: want vllm or openai", opts.Dialect)
	}
	if opts.Stop == "" {
		opts.Stop = DefaultStop
	}
	if opts.RawTemplate == "" {
		opts.RawTemplate = "{problem}" + opts.Stop
	}
	if opts.UserTemplate == "" {
		opts.UserTemplate = "{problem}"
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = 4
	}
	rp := retry.Fill(&opts.Timeout, &opts.MaxRetries, &opts.Backoff, &opts.MaxBackoff)
	hc := opts.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	c := &Client{o: opts, retry: rp, hc: hc, base: strings.TrimRight(u.String(), "/"), sem: make(chan struct{}, opts.Concurrency), modelM: make(chan struct{}, 1)}
	if opts.Model != "" {
		m := opts.Model
		c.model.Store(&m)
	}
	return c, nil
}

// Stop is the step separator the client sends.
func (c *Client) Stop() string { return c.o.Stop }

// Usage is what every call of this client has cost so far.
func (c *Client) Usage() Usage { return c.meter.Usage() }

// Close releases idle connections.
func (c *Client) Close() { c.hc.CloseIdleConnections() }

// Continue asks for n continuations of the partial answer prefixSteps to problem: each the next
// step (ended at the stop string), or with p.Final the rest of the answer. It returns exactly n
// samples or an error.
func (c *Client) Continue(ctx context.Context, problem string, prefixSteps []string, n int, p Params) ([]Sample, error) {
	if n <= 0 {
		return nil, fmt.Errorf("generator: n must be at least 1, not %d", n)
	}
	model, err := c.Model(ctx)
	if err != nil {
		return nil, err
	}
	var out []Sample
	for len(out) < n {
		body, path := c.request(model, problem, prefixSteps, n-len(out), p)
		got, err := c.call(ctx, path, body, p.Final, p.Meter)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out[:n], nil
}

// Prompt is the raw prompt Continue sends with TemplateRaw (for logs and tests).
func (c *Client) Prompt(problem string, prefixSteps []string) string {
	var b strings.Builder
	b.WriteString(strings.ReplaceAll(c.o.RawTemplate, "{problem}", problem))
	for _, s := range prefixSteps {
		b.WriteString(s)
		b.WriteString(c.o.Stop)
	}
	return b.String()
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Messages are the chat messages Continue sends with TemplateChat.
func (c *Client) Messages(problem string, prefixSteps []string) []Message {
	var ms []Message
	if c.o.SystemPrompt != "" {
		ms = append(ms, Message{Role: "system", Content: c.o.SystemPrompt})
	}
	ms = append(ms, Message{Role: "user", Content: strings.ReplaceAll(c.o.UserTemplate, "{problem}", problem)})
	if len(prefixSteps) > 0 {
		ms = append(ms, Message{Role: "assistant", Content: strings.Join(prefixSteps, c.o.Stop) + c.o.Stop})
	}
	return ms
}

// completionRequest is the body of POST /v1/completions and /v1/chat/completions: the fields of
// OpenAI's reference, plus vLLM's extras with DialectVLLM.
type completionRequest struct {
	Model       string    `json:"model"`
	Prompt      *string   `json:"prompt,omitempty"`
	Messages    []Message `json:"messages,omitempty"`
	N           int       `json:"n"`
	Temperature float64   `json:"temperature"`
	TopP        float64   `json:"top_p,omitempty"`
	MaxTokens   int       `json:"max_tokens"`
	Stop        []string  `json:"stop,omitempty"`
	Seed        *int64    `json:"seed,omitempty"`

	ContinueFinalMessage   *bool `json:"continue_final_message,omitempty"`
	AddGenerationPrompt    *bool `json:"add_generation_prompt,omitempty"`
	IncludeStopStrInOutput *bool `json:"include_stop_str_in_output,omitempty"`
}

func (c *Client) request(model, problem string, prefix []string, n int, p Params) ([]byte, string) {
	r := completionRequest{Model: model, N: n, Temperature: p.Temperature, TopP: p.TopP, MaxTokens: p.MaxTokens, Seed: p.Seed}
	if r.MaxTokens <= 0 {
		r.MaxTokens = DefaultMaxTokens
	}
	if !p.Final {
		r.Stop = []string{c.o.Stop}
	}
	vllm := c.o.Dialect == DialectVLLM
	if vllm {
		r.IncludeStopStrInOutput = ptr(false)
	}
	path := "/completions"
	if c.o.Template == TemplateRaw {
		prompt := c.Prompt(problem, prefix)
		r.Prompt = &prompt
	} else {
		path = "/chat/completions"
		r.Messages = c.Messages(problem, prefix)
		if vllm && len(prefix) > 0 {
			r.ContinueFinalMessage = ptr(true)
			r.AddGenerationPrompt = ptr(false)
		}
	}
	b, _ := json.Marshal(r) // plain data: cannot fail
	return b, path
}

func ptr[T any](v T) *T { return &v }

// completionResponse holds what is read of either endpoint's answer.
type completionResponse struct {
	Model   *string `json:"model"`
	Choices []struct {
		Index   int     `json:"index"`
		Text    *string `json:"text"`
		Message *struct {
			Content *string `json:"content"`
		} `json:"message"`
		FinishReason *string         `json:"finish_reason"`
		StopReason   json.RawMessage `json:"stop_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int64 `json:"prompt_tokens"`
		CompletionTokens int64 `json:"completion_tokens"`
	} `json:"usage"`
}

func (c *Client) parse(body []byte, chat, final bool) ([]Sample, int64, int64, error) {
	var r completionResponse
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, 0, 0, fmt.Errorf("%w: %v (body starts %q)", ErrMalformed, jsonProblem(err), snippet(body))
	}
	if len(r.Choices) == 0 {
		return nil, 0, 0, fmt.Errorf("%w: no choices", ErrEmpty)
	}
	source := ""
	if r.Model != nil {
		source = *r.Model
	}
	out := make([]Sample, 0, len(r.Choices))
	empty := 0
	for i, ch := range r.Choices {
		var text *string
		if chat {
			if ch.Message != nil {
				text = ch.Message.Content
			}
		} else {
			text = ch.Text
		}
		if text == nil {
			field := "text"
			if chat {
				field = "message.content"
			}
			return nil, 0, 0, fmt.Errorf("%w: choice %d has no %s", ErrMalformed, i, field)
		}
		s := Sample{Text: *text, Source: source}
		if ch.FinishReason != nil {
			s.Finish = *ch.FinishReason
		}
		s.End = end(s.Finish, ch.StopReason, final)
		if s.End == EndStop {
			s.Text = strings.TrimSuffix(s.Text, c.o.Stop)
		}
		if strings.TrimSpace(s.Text) == "" {
			empty++
		}
		out = append(out, s)
	}
	if empty == len(out) {
		return nil, 0, 0, fmt.Errorf("%w: every choice's text is empty", ErrEmpty)
	}
	var pt, ct int64
	if r.Usage != nil {
		pt, ct = r.Usage.PromptTokens, r.Usage.CompletionTokens
	}
	return out, pt, ct, nil
}

// end maps finish_reason and vLLM's stop_reason (the stop string or token id, null at the end
// of the sequence) to an End. Without stop_reason (OpenAI's shape) "stop" cannot tell the stop
// string from the end of the sequence: it is read as the stop string, and the caller knows a
// finished answer by its content (a final answer). A request without a stop string (final) can
// only end at the end of the sequence.
func end(finish string, stopReason json.RawMessage, final bool) End {
	switch finish {
	case "length":
		return EndLength
	case "stop":
		sr := strings.TrimSpace(string(stopReason))
		switch {
		case final:
			return EndEOS
		case sr == "" || strings.HasPrefix(sr, `"`):
			return EndStop
		default: // null, or a stop token id: the model's own end
			return EndEOS
		}
	default:
		return EndOther
	}
}

// call posts body to path with retries and returns its samples.
func (c *Client) call(ctx context.Context, path string, body []byte, final bool, m *Meter) ([]Sample, error) {
	u := c.base + path
	var last *Error
	for attempt := 1; ; attempt++ {
		c.meter.calls.Add(1)
		if m != nil {
			m.calls.Add(1)
		}
		samples, pt, ct, retryAfter, err := c.attempt(ctx, u, body, strings.HasSuffix(path, "/chat/completions"), final)
		if err == nil {
			c.meter.prompt.Add(pt)
			c.meter.completion.Add(ct)
			if m != nil {
				m.prompt.Add(pt)
				m.completion.Add(ct)
			}
			return samples, nil
		}
		var e *Error
		if !errors.As(err, &e) {
			return nil, err // the caller's context
		}
		e.URL, e.Attempts = u, attempt
		last = e
		if !retryableErr(e) || attempt > c.o.MaxRetries {
			return nil, last
		}
		c.meter.retries.Add(1)
		if m != nil {
			m.retries.Add(1)
		}
		if err := retry.Sleep(ctx, c.retry.Delay(attempt, retryAfter)); err != nil {
			return nil, err
		}
	}
}

func retryableErr(e *Error) bool {
	if errors.Is(e.Err, ErrTimeout) || (errors.Is(e.Err, ErrUnavailable)) {
		return true
	}
	return false
}

func (c *Client) attempt(ctx context.Context, u string, body []byte, chat, final bool) ([]Sample, int64, int64, time.Duration, error) {
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, 0, 0, 0, ctx.Err()
	}
	defer func() { <-c.sem }()
	actx, cancel := context.WithTimeout(ctx, c.o.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, 0, 0, 0, &Error{Detail: err.Error(), Err: ErrRejected}
	}
	req.Header.Set("Content-Type", "application/json")
	if c.o.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.o.APIKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, 0, 0, 0, c.transportError(ctx, actx, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return nil, 0, 0, 0, c.transportError(ctx, actx, err)
	}
	if resp.StatusCode != http.StatusOK {
		e := &Error{Status: resp.StatusCode, Detail: fmt.Sprintf("HTTP %d: %s", resp.StatusCode, serverMessage(data))}
		e.Err = ErrRejected
		if retry.Status(resp.StatusCode) {
			e.Err = ErrUnavailable
		}
		return nil, 0, 0, retry.After(resp.Header.Get("Retry-After")), e
	}
	samples, pt, ct, err := c.parse(data, chat, final)
	if err != nil {
		e := &Error{Status: resp.StatusCode, Detail: err.Error(), Err: ErrMalformed}
		if errors.Is(err, ErrEmpty) {
			e.Err = ErrEmpty
		}
		return nil, 0, 0, 0, e
	}
	return samples, pt, ct, 0, nil
}

func (c *Client) transportError(ctx, actx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if actx.Err() != nil {
		return &Error{Detail: fmt.Sprintf("no answer within %s", c.o.Timeout), Err: ErrTimeout}
	}
	detail := err.Error()
	var ue *url.Error
	if errors.As(err, &ue) {
		detail = ue.Err.Error()
	}
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		detail = "connection refused (is the generator running?)"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		detail = "connection closed before a complete answer"
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		detail = "host not found: " + dnsErr.Name
	}
	return &Error{Detail: detail, Err: ErrUnavailable}
}

// serverMessage is the error message of an OpenAI-style error body ({"error": {"message"}} or
// {"error": "…"} or {"message"}), else the start of the body.
func serverMessage(body []byte) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal(body, &v) == nil {
		var obj struct {
			Message string `json:"message"`
		}
		var s string
		switch {
		case json.Unmarshal(v.Error, &obj) == nil && obj.Message != "":
			return obj.Message
		case json.Unmarshal(v.Error, &s) == nil && s != "":
			return s
		case v.Message != "":
			return v.Message
		}
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return "empty body"
	}
	return fmt.Sprintf("%q", snippet(body))
}

func snippet(b []byte) string {
	const max = 120
	s := strings.ToValidUTF8(string(b), "?")
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}

func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("not JSON at byte %d", se.Offset)
	case errors.As(err, &te):
		return fmt.Sprintf("field %q is a JSON %s, not the expected type", te.Field, te.Value)
	}
	return "not JSON"
}

// Model returns the model name requests carry: Options.Model, else the first id /v1/models
// lists (asked once).
func (c *Client) Model(ctx context.Context) (string, error) {
	if m := c.model.Load(); m != nil {
		return *m, nil
	}
	select {
	case c.modelM <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-c.modelM }()
	if m := c.model.Load(); m != nil {
		return *m, nil
	}
	u := c.base + "/models"
	var id string
	var last error
	for attempt := 1; attempt <= c.o.MaxRetries+1; attempt++ {
		id, last = c.listModels(ctx, u)
		if last == nil {
			break
		}
		var e *Error
		if !errors.As(last, &e) {
			return "", last
		}
		e.URL, e.Attempts = u, attempt
		if !retryableErr(e) || attempt > c.o.MaxRetries {
			break
		}
		if err := retry.Sleep(ctx, c.retry.Delay(attempt, 0)); err != nil {
			return "", err
		}
	}
	if last != nil {
		return "", last
	}
	c.model.Store(&id)
	return id, nil
}

func (c *Client) listModels(ctx context.Context, u string) (string, error) {
	actx, cancel := context.WithTimeout(ctx, c.o.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodGet, u, nil)
	if err != nil {
		return "", &Error{Detail: err.Error(), Err: ErrRejected}
	}
	if c.o.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.o.APIKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", c.transportError(ctx, actx, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return "", c.transportError(ctx, actx, err)
	}
	if resp.StatusCode != http.StatusOK {
		e := &Error{Status: resp.StatusCode, Detail: fmt.Sprintf("listing models: HTTP %d: %s", resp.StatusCode, serverMessage(data)), Err: ErrRejected}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			e.Err = ErrUnavailable
		}
		return "", e
	}
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &list); err != nil {
		return "", &Error{Detail: fmt.Sprintf("listing models: %s", jsonProblem(err)), Err: ErrMalformed}
	}
	if len(list.Data) == 0 || list.Data[0].ID == "" {
		return "", &Error{Detail: "listing models: the server serves none (set the model name)", Err: ErrEmpty}
	}
	return list.Data[0].ID, nil
}
