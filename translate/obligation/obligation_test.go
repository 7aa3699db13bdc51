package obligation

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var snakeCase = regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)

// keys collects every object key of a decoded JSON value, at any depth.
func keys(v any, into map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			into[k] = true
			keys(e, into)
		}
	case []any:
		for _, e := range v {
			keys(e, into)
		}
	}
}

func full() Obligation {
	const step = "So √18 = 3√2, and 48 / 2 = 25."
	start := strings.Index(step, "48")
	return Obligation{
		Step:        2,
		Span:        Span{Start: start, End: len(step) - 1, Text: "48 / 2 = 25"},
		Expr:        "48 / 2 = 25",
		Kind:        KindEquality,
		Prop:        "(48 : Rat) / (2 : Rat) = (25 : Rat)",
		Lean:        "example : (48 : Rat) / (2 : Rat) = (25 : Rat) := by decide +kernel",
		LeanNeg:     "example : ¬((48 : Rat) / (2 : Rat) = (25 : Rat)) := by decide +kernel",
		Hypotheses:  []Hypothesis{{Name: "x", Var: "v1", Hyp: "h1", Value: "3", Step: 1}},
		OnProof:     Verified,
		OnDisproof:  Refuted,
		Note:        "a note",
		Verdict:     Refuted,
		Reason:      "48 / 2 is 24, not 25",
		Checker:     "exact",
		Answers:     []Answer{{Checker: "exact", Verdict: Refuted, Reason: "r"}, {Checker: "lean", Verdict: Error, Failed: true}},
		Messages:    []LeanMessage{{Severity: "error", Line: 2, Column: 8, EndLine: 2, EndColumn: 30, Data: "unsolved goals"}},
		Warning:     "the lean checker failed",
		WhyProof:    "48 / 2 is 25",
		WhyDisproof: "48 / 2 is 24, not 25",
	}
}

// TestObligationJSON: every key is snake_case (docs/CLI.md, "JSON"), the keys docs/CLI.md names
// as renamed are there under their new names, the reasons kept for Reason are not in the JSON,
// and an obligation comes back from its JSON as it was, less those two.
func TestObligationJSON(t *testing.T) {
	o := full()
	b, err := json.Marshal(o)
	require.NoError(t, err)
	var m any
	require.NoError(t, json.Unmarshal(b, &m))
	got := map[string]bool{}
	keys(m, got)
	for k := range got {
		assert.Regexp(t, snakeCase, k)
	}
	for _, k := range []string{"lean_neg", "on_proof", "on_disproof", "end_line", "end_column", "span", "start", "end", "failed"} {
		assert.True(t, got[k], "key %q missing from %s", k, b)
	}
	for _, k := range []string{"why_proof", "why_disproof", "WhyProof", "WhyDisproof"} {
		assert.False(t, got[k], "key %q in the JSON", k)
	}
	assert.NotContains(t, string(b), o.WhyProof)

	var back Obligation
	require.NoError(t, json.Unmarshal(b, &back))
	o.WhyProof, o.WhyDisproof = "", ""
	assert.Equal(t, o, back)
}

// TestObligationJSONOmitsEmpty: the optional fields are absent when empty, the required ones
// are present even when zero.
func TestObligationJSONOmitsEmpty(t *testing.T) {
	b, err := json.Marshal(Obligation{})
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	for _, k := range []string{"hypotheses", "note", "reason", "checker", "answers", "messages", "warning"} {
		assert.NotContains(t, m, k)
	}
	for _, k := range []string{"step", "span", "expr", "kind", "prop", "lean", "lean_neg", "on_proof", "on_disproof", "verdict"} {
		assert.Contains(t, m, k)
	}

	b, err = json.Marshal(Skipped{Span: Span{Start: 1, End: 3, Text: "ab"}, Reason: "why"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"span":{"start":1,"end":3,"text":"ab"},"reason":"why"}`, string(b))
	b, err = json.Marshal(Skipped{Reason: "too long", Limit: true})
	require.NoError(t, err)
	assert.JSONEq(t, `{"span":{"start":0,"end":0,"text":""},"reason":"too long","limit":true}`, string(b))
}

// TestKindsAndVerdicts: each kind and verdict is written as its own lowercase word (the JSON and
// the table show these strings), and no two share one.
func TestKindsAndVerdicts(t *testing.T) {
	kinds := []Kind{KindEquality, KindInequality, KindApproximation, KindRoundingBound, KindSqrtSide,
		KindIdentity, KindImplication, KindSolution, KindClosedValue, KindCongruence}
	verdicts := []Verdict{Verified, Approximate, Refuted, Unknown, Error}
	word := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	seen := map[string]bool{}
	for _, k := range kinds {
		assert.Regexp(t, word, string(k))
		assert.False(t, seen[string(k)], "kind %q twice", k)
		seen[string(k)] = true
		b, err := json.Marshal(k)
		require.NoError(t, err)
		assert.Equal(t, `"`+string(k)+`"`, string(b))
	}
	seen = map[string]bool{}
	for _, v := range verdicts {
		assert.Regexp(t, word, string(v))
		assert.False(t, seen[string(v)], "verdict %q twice", v)
		seen[string(v)] = true
	}
	var a Answer
	require.NoError(t, json.Unmarshal([]byte(`{"checker":"exact","verdict":"refuted"}`), &a))
	assert.Equal(t, Refuted, a.Verdict)
	assert.False(t, a.Failed)
}

func TestSpanOf(t *testing.T) {
	text := "so √18 = 3√2"
	assert.True(t, Span{Start: 3, End: 8, Text: "√18"}.Of(text))
	assert.True(t, Span{Start: 0, End: 0, Text: ""}.Of(text), "an empty span at the start")
	assert.False(t, Span{Start: 3, End: 8, Text: "√19"}.Of(text), "text not what it covers")
	assert.False(t, Span{Start: -1, End: 2, Text: "so"}.Of(text), "before the text")
	assert.False(t, Span{Start: 8, End: 3, Text: ""}.Of(text), "reversed")
	assert.False(t, Span{Start: 3, End: len(text) + 1, Text: "x"}.Of(text), "past the end")
}
