package gensim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

func TestParseSlips(t *testing.T) {
	m, err := ParseSlips("arith=0.1, operation=0.05,skip=0")
	require.NoError(t, err)
	assert.Equal(t, map[Kind]float64{Arith: 0.1, Operation: 0.05, Skip: 0}, m)
	assert.Equal(t, "arith=0.1,operation=0.05,skip=0", FormatSlips(m))
	for in, want := range map[string]string{
		"arith=0.1,typo=0.2":     `unknown slip kind "typo"`,
		"operation=2":            "slip kind operation: rate \"2\" is not a probability",
		"copy=-0.1":              "slip kind copy: rate \"-0.1\"",
		"unit=NaN":               "slip kind unit: rate \"NaN\"",
		"misread":                "slip kind misread has no rate",
		"skip=0.1,skip=0.2":      "slip kind skip given twice",
		"arith=0.6,copy=0.5":     "sum to 1.1",
		"":                       "no slip kinds",
		"operation=x":            "slip kind operation: rate \"x\"",
		"Arith=0.1":              `unknown slip kind "Arith"`,
		"arith=0.1,,misread=0.1": "an empty item",
		"arith=0.1,=1":           `unknown slip kind ""`,
	} {
		_, err := ParseSlips(in)
		assert.ErrorContains(t, err, want, in)
	}
	_, err = New(nil, Options{SlipRate: 0.1, Slips: map[Kind]float64{Copy: 0.1}})
	assert.ErrorContains(t, err, "give one")
	for _, m := range MeasuredMixes() {
		back, err := ParseSlips(FormatSlips(m.Slips))
		require.NoError(t, err, m.Name)
		assert.Equal(t, m.Slips, back, "%s reads back", m.Name)
	}
}

var train struct {
	once sync.Once
	ps   []*Problem
	err  error
}

// trainSample is every step-th problem of GSM8K's training split.
func trainSample(t *testing.T, step int) []*Problem {
	path := testshared.Path(t, "data/gsm8k/train.jsonl")
	train.once.Do(func() { train.ps, train.err = LoadFile(path) })
	require.NoError(t, train.err)
	ps := train.ps
	var out []*Problem
	for i := 0; i < len(ps); i += step {
		out = append(out, ps[i])
	}
	return out
}

// eligible: a slip of kind k applies to line i of p with vals carried.
func eligible(k Kind, p *Problem, i int, vals values) bool {
	if k == Arith {
		for _, pt := range p.Lines[i].parts {
			if pt.ann && pt.evalOK {
				return true
			}
		}
		return false
	}
	return len(options(k, p, i, vals, true)) > 0
}

// rateCounts walks samples chains of each problem as continueFrom writes them, and counts per
// kind the steps it applies to (when reached) and the steps it slipped.
func rateCounts(t *testing.T, s *Sim, ps []*Problem, samples int) (lines int, elig, slipped map[Kind]int) {
	elig, slipped = map[Kind]int{}, map[Kind]int{}
	for pi, p := range ps {
		for sample := 0; sample < samples; sample++ {
			r := newRNG([]byte(p.Question), []byte{byte(sample), byte(pi)})
			vals := values{}
			for i := range p.Lines {
				lines++
				applies := map[Kind]bool{}
				for j, k := range Kinds {
					if s.rates[j] > 0 && eligible(k, p, i, vals) {
						applies[k] = true
						elig[k]++
					}
				}
				var rd rendered
				ok := false
				kind := s.draw(r)
				if kind != "" {
					rd, _, ok = slipLine(kind, p, i, vals, r)
				}
				if ok {
					require.True(t, applies[kind], "%s slipped a step it does not apply to", kind)
					slipped[kind]++
				} else {
					rd = render(p.Lines[i], vals, nil)
				}
				vals = rd.vals
			}
		}
	}
	return lines, elig, slipped
}

// checkRate: of n steps a kind applies to, the share that slipped is rate within four binomial
// standard deviations (sqrt(p(1-p)/n)).
func checkRate(t *testing.T, k Kind, rate float64, lines, elig, slipped int) {
	got := float64(slipped) / float64(elig)
	sd := math.Sqrt(rate * (1 - rate) / float64(elig))
	t.Logf("%-9s applies to %5d of %5d steps; slipped %4d: %.3f (rate %.3f ± %.3f at 4 sd)", k, elig, lines, slipped, got, rate, 4*sd)
	assert.InDelta(t, rate, got, 4*sd, "%s: the rate asked", k)
}

// TestSlipKindRates (simulator): each kind alone at rate 0.2 over GSM8K training problems, four
// samples each: of the steps the kind applies to, the share that slipped is the rate asked,
// within four binomial standard deviations; every kind applies to a fair share of the steps.
// Then all six kinds at once, each at its own rate: each still slips at its rate.
func TestSlipKindRates(t *testing.T) {
	const rate = 0.2
	for _, k := range Kinds {
		ps := trainSample(t, 61)
		if k == Unit {
			ps = trainSample(t, 7) // a conversion is rare: more problems for a tight bound
		}
		s, err := New(ps, Options{Slips: map[Kind]float64{k: rate}, Seed: 3})
		require.NoError(t, err)
		lines, elig, slipped := rateCounts(t, s, ps, 4)
		checkRate(t, k, rate, lines, elig[k], slipped[k])
		// A conversion is rarer than a calculation: unit applies to about one step in thirty.
		assert.Greater(t, float64(elig[k]), 0.02*float64(lines), "%s applies to a fair share of the steps", k)
	}
	mix := map[Kind]float64{Arith: 0.05, Operation: 0.1, Copy: 0.15, Skip: 0.1, Unit: 0.4, Misread: 0.1}
	ps := trainSample(t, 19)
	s, err := New(ps, Options{Slips: mix, Seed: 4})
	require.NoError(t, err)
	lines, elig, slipped := rateCounts(t, s, ps, 1)
	for _, k := range Kinds {
		checkRate(t, k, mix[k], lines, elig[k], slipped[k])
	}
}

// oneSlip writes p's solution with exactly one slip of kind k, the first that applies from line
// `from` on (options drawn by r), and the rest without: the steps, the slipped step's index,
// the detail, or ok false when the kind applies to no line.
func oneSlip(k Kind, p *Problem, from int, r *rng) ([]string, int, string, bool) {
	vals := values{}
	var out []string
	at, detail := -1, ""
	for i := range p.Lines {
		var rd rendered
		ok := false
		if at < 0 && i >= from {
			rd, detail, ok = slipLine(k, p, i, vals, r)
		}
		if ok {
			at = len(out)
		} else {
			rd = render(p.Lines[i], vals, nil)
		}
		vals = rd.vals
		if rd.text != "" {
			out = append(out, rd.text)
		}
	}
	final, _ := finalStep(p.Answer, vals)
	return append(out, final), at, detail, at >= 0
}

// TestSlipKindsKeepTheChainConsistent (simulator): over GSM8K training problems, one slip of
// each kind per chain. Asserted per kind: the steps before the slip are the reference's; a
// non-arith slip's own calculations hold; later steps' calculations hold as often as in the
// slip-free chain (the reference's own quirks aside); the final answer changes in most
// chains; and a prefix ending with the slipped step is read back by a slip-free simulator,
// whose continuation is the rest of the chain (the slip is carried across calls).
func TestSlipKindsKeepTheChainConsistent(t *testing.T) {
	ps := trainSample(t, 31)
	clean, err := New(ps, Options{})
	require.NoError(t, err)
	for _, k := range Kinds {
		var chains, changed, falseSlip, falseLater, falseRef, carried int
		shown := 0
		for pi, p := range ps {
			ref, _ := clean.continueFrom(p, state{vals: values{}}, newRNG([]byte{1}))
			steps, at, detail, ok := oneSlip(k, p, pi%3, newRNG([]byte(p.Question), []byte(k)))
			if !ok {
				continue
			}
			chains++
			require.Equal(t, ref[:at], steps[:at], "%s: the steps before the slip are the reference's", k)
			require.NotEqual(t, ref[at], steps[at], "%s: the slipped step differs (%s)", k, detail)
			if _, f := claimsHold(t, steps[at]); f > 0 && k != Arith {
				falseSlip++
				t.Logf("%s: the slipped step's claim is false: %q (%s)", k, steps[at], detail)
			}
			for _, s := range steps[at+1:] {
				_, f := claimsHold(t, s)
				falseLater += f
			}
			for _, s := range ref[at+1:] {
				_, f := claimsHold(t, s)
				falseRef += f
			}
			if steps[len(steps)-1] != ref[len(ref)-1] {
				changed++
			}
			if shown < 2 && testing.Verbose() {
				shown++
				t.Logf("%s (%s): %q → %q", k, detail, refAt(ref, at), steps[at])
			}
			st := p.follow(steps[:at+1])
			rest, _ := clean.continueFrom(p, st, newRNG([]byte{2}))
			if assert.Equal(t, strings.Join(steps[at+1:], "\n\n"), strings.Join(rest, "\n\n"), "%s: the slip is carried from a prefix (%s)", k, detail) {
				carried++
			}
		}
		t.Logf("%-9s %3d chains: answer changed %3d, false slipped-step claims %d, false later claims %d (slip-free chain: %d), carried across calls %d",
			k, chains, changed, falseSlip, falseLater, falseRef, carried)
		// A conversion is rarer than a calculation: unit applies in about one chain in ten.
		require.Greater(t, chains, len(ps)/20, "%s applies to a fair share of problems", k)
		assert.Zero(t, falseSlip, "%s: the slipped step's arithmetic is right", k)
		assert.LessOrEqual(t, falseLater, falseRef+chains/20, "%s: later arithmetic is right from the slipped value", k)
		assert.Greater(t, float64(changed), 0.8*float64(chains), "%s: the slip changes the answer", k)
	}
}

func refAt(ref []string, i int) string {
	if i < len(ref) {
		return ref[i]
	}
	return ""
}

// TestSlipMetadata (simulator): each choice names its slips in "sim_slips"; the first one named
// is the first step that differs from the slip-free answer to the same request.
func TestSlipMetadata(t *testing.T) {
	ps := trainSample(t, 97)
	clean, err := New(ps, Options{})
	require.NoError(t, err)
	for _, k := range Kinds {
		s, err := New(ps, Options{Slips: map[Kind]float64{k: 0.5}, Seed: 5})
		require.NoError(t, err)
		named := 0
		for _, p := range ps {
			req := map[string]any{"prompt": p.Question + "\n\n", "n": 4, "temperature": 0.8}
			code, body := postRaw(t, s.Handler(), req)
			require.Equal(t, http.StatusOK, code)
			_, want, _ := post(t, clean.Handler(), "/v1/completions", req)
			for i, c := range body.Choices {
				steps := strings.Split(c.Text, "\n\n")
				refSteps := strings.Split(*want.Choices[i].Text, "\n\n")
				first := -1
				for j := range steps {
					if j >= len(refSteps) || steps[j] != refSteps[j] {
						first = j
						break
					}
				}
				if len(c.Slips) == 0 {
					assert.Equal(t, -1, first, "%s: no slip named, the slip-free answer", k)
					continue
				}
				named++
				for _, sl := range c.Slips {
					assert.Equal(t, k, sl.Kind)
					assert.NotEmpty(t, sl.Detail)
				}
				assert.Equal(t, first, c.Slips[0].Step, "%s: the first slip named is where the answer departs (%s)", k, c.Slips[0].Detail)
			}
		}
		assert.Greater(t, named, 5, "%s: slips named", k)
		// With a stop string only the slips of the steps shown are named.
		for _, p := range ps[:20] {
			_, body := postRaw(t, s.Handler(), map[string]any{"prompt": p.Question + "\n\n", "n": 4, "temperature": 0.8, "stop": "\n\n"})
			for _, c := range body.Choices {
				for _, sl := range c.Slips {
					assert.Equal(t, 0, sl.Step, "%s: one step shown", k)
				}
			}
		}
	}
}

type slipChoice struct {
	Text  string `json:"text"`
	Slips []Slip `json:"sim_slips"`
}

func postRaw(t *testing.T, h http.Handler, body map[string]any) (int, struct{ Choices []slipChoice }) {
	t.Helper()
	var out struct{ Choices []slipChoice }
	code := postJSON(t, h, "/v1/completions", body, &out)
	return code, out
}

func ExampleParseSlips() {
	m, err := ParseSlips("arith=0.01,operation=0.03,copy=0.02")
	fmt.Println(FormatSlips(m), err)
	// Output: arith=0.01,operation=0.03,copy=0.02 <nil>
}

func postJSON(t *testing.T, h http.Handler, path string, body map[string]any, out any) int {
	t.Helper()
	b, err := json.Marshal(body)
	require.NoError(t, err)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(b)))
	if rec.Code == http.StatusOK {
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), out))
	}
	return rec.Code
}

// TestSlipRateIsArith (simulator): --slip-rate R is --slips arith=R, sample for sample.
func TestSlipRateIsArith(t *testing.T) {
	ps := trainSample(t, 97)
	a, err := New(ps, Options{SlipRate: 0.3, Seed: 9})
	require.NoError(t, err)
	b, err := New(ps, Options{Slips: map[Kind]float64{Arith: 0.3}, Seed: 9})
	require.NoError(t, err)
	assert.Equal(t, "arith=0.3", a.Mix())
	slipped := 0
	for _, p := range ps {
		req := map[string]any{"prompt": p.Question + "\n\n", "n": 4, "temperature": 0.8}
		_, x := postRaw(t, a.Handler(), req)
		_, y := postRaw(t, b.Handler(), req)
		assert.Equal(t, x, y)
		for _, c := range x.Choices {
			if len(c.Slips) > 0 {
				slipped++
			}
		}
	}
	assert.Greater(t, slipped, len(ps), "slips were made")
}
