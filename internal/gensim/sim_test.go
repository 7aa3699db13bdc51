package gensim

import (
	"bytes"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// A small GSM8K-format fixture written for these tests (not GSM8K's text).
const fixture = `{"question": "Tom has 10 apples and buys 3 bags of 4 apples each. How many apples does he have now?", "answer": "The bags hold 3*4 = <<3*4=12>>12 apples.\nTom now has 10+12 = <<10+12=22>>22 apples.\n#### 22"}
{"question": "A shop sells pens at $2 each. Mia buys 5 pens and pays with a $20 bill. How much change does she get?", "answer": "The pens cost 5 * 2 = $<<5*2=10>>10.\nHer change is <<20-10=10>>10 dollars.\n#### 10"}
`

func newSim(t *testing.T, o Options) *Sim {
	t.Helper()
	ps, err := ReadProblems(strings.NewReader(fixture), "fixture")
	require.NoError(t, err)
	s, err := New(ps, o)
	require.NoError(t, err)
	return s
}

type completion struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Created int64  `json:"created"`
	Model   string `json:"model"`
	Choices []struct {
		Index   int     `json:"index"`
		Text    *string `json:"text"`
		Message *struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"message"`
		FinishReason string          `json:"finish_reason"`
		StopReason   json.RawMessage `json:"stop_reason"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
		TotalTokens      int `json:"total_tokens"`
	} `json:"usage"`
}

func post(t *testing.T, h http.Handler, path string, body map[string]any) (int, completion, string) {
	t.Helper()
	b, err := json.Marshal(body)
	require.NoError(t, err)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(b)))
	var c completion
	if rec.Code == http.StatusOK {
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &c))
	}
	return rec.Code, c, rec.Body.String()
}

func TestCompletionsOneStepAtATime(t *testing.T) {
	h := newSim(t, Options{}).Handler()
	q := "Tom has 10 apples and buys 3 bags of 4 apples each. How many apples does he have now?"
	prompt := q + "\n\n"
	want := []string{"The bags hold 3*4 = 12 apples.", "Tom now has 10+12 = 22 apples.", "The answer is 22."}
	for i, w := range want {
		code, c, body := post(t, h, "/v1/completions", map[string]any{"model": "sim", "prompt": prompt, "stop": []string{"\n\n"}, "max_tokens": 100})
		require.Equal(t, http.StatusOK, code, body)
		// Field by field against OpenAI's completion object (platform.openai.com/docs/api-reference/completions/object)
		// and vLLM's CompletionResponseChoice (vllm/entrypoints/openai/protocol.py: stop_reason).
		assert.Equal(t, "text_completion", c.Object)
		assert.Equal(t, "sim", c.Model)
		assert.True(t, strings.HasPrefix(c.ID, "cmpl-"))
		assert.NotZero(t, c.Created)
		require.Len(t, c.Choices, 1)
		assert.Equal(t, w, *c.Choices[0].Text)
		assert.Equal(t, "stop", c.Choices[0].FinishReason)
		if i < len(want)-1 {
			assert.JSONEq(t, `"\n\n"`, string(c.Choices[0].StopReason), "a step ends at the stop string")
		} else {
			assert.JSONEq(t, `null`, string(c.Choices[0].StopReason), "the final step ends the sequence")
		}
		assert.Equal(t, countTokens(prompt), c.Usage.PromptTokens)
		assert.Equal(t, countTokens(w), c.Usage.CompletionTokens)
		assert.Equal(t, c.Usage.PromptTokens+c.Usage.CompletionTokens, c.Usage.TotalTokens)
		prompt += w + "\n\n"
	}
	// A complete answer gets an empty completion that ends at once.
	_, c, _ := post(t, h, "/v1/completions", map[string]any{"prompt": prompt, "stop": "\n\n"})
	assert.Equal(t, "", *c.Choices[0].Text)
}

func TestChatContinuesTheFinalMessage(t *testing.T) {
	h := newSim(t, Options{}).Handler()
	q := "A shop sells pens at $2 each. Mia buys 5 pens and pays with a $20 bill. How much change does she get?"
	code, c, body := post(t, h, "/v1/chat/completions", map[string]any{
		"model": "sim",
		"messages": []map[string]any{
			{"role": "system", "content": "Solve step by step."},
			{"role": "user", "content": q},
			{"role": "assistant", "content": "The pens cost 5 * 2 = $10.\n\n"},
		},
		"continue_final_message": true, "add_generation_prompt": false, "stop": []string{"\n\n"},
	})
	require.Equal(t, http.StatusOK, code, body)
	// OpenAI's chat completion object (platform.openai.com/docs/api-reference/chat/object).
	assert.Equal(t, "chat.completion", c.Object)
	assert.True(t, strings.HasPrefix(c.ID, "chatcmpl-"))
	require.Len(t, c.Choices, 1)
	require.NotNil(t, c.Choices[0].Message)
	assert.Equal(t, "assistant", c.Choices[0].Message.Role)
	assert.Equal(t, "Her change is 20-10 = 10 dollars.", c.Choices[0].Message.Content, "an annotation the text does not show is written out")
}

func TestPrefixSlipIsCarried(t *testing.T) {
	h := newSim(t, Options{}).Handler()
	q := "Tom has 10 apples and buys 3 bags of 4 apples each. How many apples does he have now?"
	// The prefix's step says 13 where the reference computes 12: the next step adds 10 + 13.
	_, c, _ := post(t, h, "/v1/completions", map[string]any{"prompt": q + "\n\nThe bags hold 3*4 = 13 apples.\n\n"})
	assert.Equal(t, "Tom now has 10+13 = 23 apples.\n\nThe answer is 23.", *c.Choices[0].Text, "no stop string: the rest of the answer")
	assert.JSONEq(t, `null`, string(c.Choices[0].StopReason))
	// A step the simulator cannot read takes its line's place, with the reference's values.
	_, c, _ = post(t, h, "/v1/completions", map[string]any{"prompt": q + "\n\nFirst I count the bags, 3 of them.\n\n", "stop": "\n\n"})
	assert.Equal(t, "Tom now has 10+12 = 22 apples.", *c.Choices[0].Text)
	// Instructions without digits before the first step are skipped.
	_, c, _ = post(t, h, "/v1/completions", map[string]any{"prompt": q + "\n\nLet's think step by step.\n\n", "stop": "\n\n"})
	assert.Equal(t, "The bags hold 3*4 = 12 apples.", *c.Choices[0].Text)
}

// A value carried from the prefix can make a later calculation undefined: the simulator
// answers (it used to panic on a nil value, found on GSM8K's test problems).
func TestCarriedZeroDivisor(t *testing.T) {
	ps, err := ReadProblems(strings.NewReader(`{"question": "Ann has 12 cookies, eats 4 and shares the rest into bags of 8. How many bags?", "answer": "She has 12-4 = <<12-4=8>>8 left.\nShe fills 8/8 = <<8/8=1>>1 bag.\n#### 1"}`), "zero")
	require.NoError(t, err)
	s, err := New(ps, Options{})
	require.NoError(t, err)
	q := "Ann has 12 cookies, eats 4 and shares the rest into bags of 8. How many bags?"
	code, c, body := post(t, s.Handler(), "/v1/completions", map[string]any{"prompt": q + "\n\nShe has 12-4 = 0 left.\n\n", "stop": "\n\n"})
	require.Equal(t, http.StatusOK, code, body)
	assert.Equal(t, "She fills 0/0 = 1 bag.", *c.Choices[0].Text, "the carried operands, the reference's value")
}

func TestStopMaxTokensAndN(t *testing.T) {
	h := newSim(t, Options{SlipRate: 0.5, Seed: 7}).Handler()
	q := "Tom has 10 apples and buys 3 bags of 4 apples each. How many apples does he have now?\n\n"
	_, c, _ := post(t, h, "/v1/completions", map[string]any{"prompt": q, "stop": []string{" hold"}, "include_stop_str_in_output": true})
	assert.Equal(t, "The bags hold", *c.Choices[0].Text, "include_stop_str_in_output keeps the stop string")
	_, c, _ = post(t, h, "/v1/completions", map[string]any{"prompt": q, "max_tokens": 3})
	assert.Equal(t, "The bags hold", *c.Choices[0].Text)
	assert.Equal(t, "length", c.Choices[0].FinishReason)
	assert.Equal(t, 3, c.Usage.CompletionTokens)

	req := map[string]any{"prompt": q, "n": 16, "temperature": 0.8, "seed": 1}
	_, a, _ := post(t, h, "/v1/completions", req)
	_, b, _ := post(t, h, "/v1/completions", req)
	require.Len(t, a.Choices, 16)
	distinct := map[string]bool{}
	for i := range a.Choices {
		assert.Equal(t, i, a.Choices[i].Index)
		assert.Equal(t, *a.Choices[i].Text, *b.Choices[i].Text, "same request, same samples")
		distinct[*a.Choices[i].Text] = true
	}
	assert.Greater(t, len(distinct), 1, "the samples of one request differ")
	req["temperature"] = 0
	_, g, _ := post(t, h, "/v1/completions", req)
	for i := range g.Choices {
		assert.Equal(t, *g.Choices[0].Text, *g.Choices[i].Text, "greedy decoding repeats itself")
	}
}

func TestRejects(t *testing.T) {
	h := newSim(t, Options{}).Handler()
	code, _, body := post(t, h, "/v1/completions", map[string]any{"model": "gpt-4", "prompt": "x"})
	assert.Equal(t, http.StatusNotFound, code)
	assert.Contains(t, body, "does not exist")
	code, _, body = post(t, h, "/v1/completions", map[string]any{"prompt": "What is 2 + 2?"})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, body, "knows no problem")
	code, _, _ = post(t, h, "/v1/completions", map[string]any{"prompt": "x", "n": 0})
	assert.Equal(t, http.StatusBadRequest, code)

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/models", nil))
	var list struct {
		Object string `json:"object"`
		Data   []struct {
			ID     string `json:"id"`
			Object string `json:"object"`
		} `json:"data"`
	}
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &list))
	assert.Equal(t, "list", list.Object)
	require.Len(t, list.Data, 1)
	assert.Equal(t, "sim", list.Data[0].ID)
	assert.Equal(t, "model", list.Data[0].Object)

	_, err := ReadProblems(strings.NewReader(`{"question": "q", "answer": "no final"}`), "bad.jsonl")
	assert.ErrorContains(t, err, "bad.jsonl:1")
}

// claimRe finds "expression = value" in a rendered step.
var claimRe = regexp.MustCompile(`([\d.()+\-*/x ]*\d[\d.()+\-*/x ]*)=\s*\$?(\d+(?:\.\d+)?)`)

// thousandsRe is a thousands comma, written out before the claims are read.
var thousandsRe = regexp.MustCompile(`(\d),(\d{3})\b`)

func claimsHold(t *testing.T, step string) (checked, false_ int) {
	step = thousandsRe.ReplaceAllString(step, "$1$2")
	for _, at := range claimRe.FindAllStringSubmatchIndex(step, -1) {
		if rest := step[at[1]:]; strings.HasPrefix(rest, "/") {
			continue // a fraction written as the value ("= 1/2"): not read here
		}
		m := []string{step[at[0]:at[1]], step[at[2]:at[3]], step[at[4]:at[5]]}
		left := strings.ReplaceAll(m[1], "x", "*")
		l, err := evalExpr(strings.TrimSpace(left), nil)
		if err != nil || !strings.ContainsAny(strings.TrimSpace(left), "+-*/") {
			continue
		}
		r, _ := new(big.Rat).SetString(m[2])
		checked++
		if format(l) != format(r) && l.Cmp(r) != 0 {
			false_++
		}
	}
	return
}

// TestSlipsOverGSM8K walks real GSM8K problems: without slips every answer is the gold one;
// with a slip forced on one step, that step's claim is false, every later step's claims
// hold, and the final answer changes.
func TestSlipsOverGSM8K(t *testing.T) {
	path := testshared.Path(t, "data/gsm8k/train.jsonl")
	ps, err := LoadFile(path)
	require.NoError(t, err)
	sim, err := New(ps, Options{})
	require.NoError(t, err)
	wrongAnswers, slipped, falseLater, falseSlip := 0, 0, 0, 0
	for i := 0; i < len(ps); i += 37 {
		p := ps[i]
		steps, _ := sim.continueFrom(p, state{vals: values{}}, newRNG([]byte{1}))
		n, _ := parseNum(p.Answer)
		require.Equal(t, "The answer is "+format(n)+".", steps[len(steps)-1], "problem %d without slips", i)
		// Force a slip on the first line with a calculation, then continue without slips.
		k := -1
		for j, ln := range p.Lines {
			for _, pt := range ln.parts {
				if pt.ann && pt.evalOK && k < 0 {
					k = j
				}
			}
		}
		if k < 0 {
			continue
		}
		var prefix []string
		vals := values{}
		for j := 0; j <= k; j++ {
			var sl *slip
			if j == k {
				sl = &slip{delta: 1}
			}
			rd := render(p.Lines[j], vals, sl)
			vals = rd.vals
			prefix = append(prefix, rd.text)
		}
		slipped++
		if _, f := claimsHold(t, prefix[k]); f > 0 {
			falseSlip++
		} else if testing.Verbose() {
			t.Logf("slip not visible: %q", prefix[k])
		}
		st := p.follow(prefix)
		require.Equal(t, k+1, st.next, "problem %d: its own steps are followed", i)
		require.Zero(t, st.diverged, "problem %d: %q vs %q", i, prefix, render(p.Lines[k], values{}, nil).text)
		rest, _ := sim.continueFrom(p, st, newRNG([]byte{2}))
		for _, s := range rest {
			_, f := claimsHold(t, s)
			falseLater += f
			if f > 0 && testing.Verbose() {
				t.Logf("false after the slip: %q (slip %q)", s, prefix[k])
			}
		}
		if rest[len(rest)-1] != steps[len(steps)-1] {
			wrongAnswers++
		}
	}
	t.Logf("%d problems with a forced slip: slipped claim visibly false in %d, final answer changed in %d, false claims after the slip %d",
		slipped, falseSlip, wrongAnswers, falseLater)
	// The claim regexp here reads only "a op b = c" without units between the numbers, so it
	// sees the slip in about two steps of three; the checker's view is measured by the search.
	assert.Greater(t, float64(falseSlip), 0.6*float64(slipped))
	assert.Greater(t, float64(wrongAnswers), 0.8*float64(slipped))
	// A number the reference reuses with two meanings, or a rounded quotient, can leave a later
	// claim false (about 5 chains in 100): documented in docs/GENERATOR-SIMULATOR.md.
	assert.LessOrEqual(t, float64(falseLater), 0.08*float64(slipped))
}
