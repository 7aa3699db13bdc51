package translate

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cutAfter matches what, right after a verified span, shows the span
// stopped inside the quantity it read (issue 29, "verified by tautology or
// cut span"): more digits, a decimal or a fraction going on ("= 385" of "=
// 385/6"), a thousands group, a factorial, a percent, an exponent that is
// not a degree sign, or a bracket glued on as a factor ("1 + 2" of "1 +
// 2(ab + bc)").
var cutAfter = regexp.MustCompile(`^(?:[0-9]|[./][0-9]|,[0-9]{3}(?:[^0-9]|$)|\{,\}[0-9]|!|\\?%|\^(?:[^\\{]|\{[^\\])|\()`)

// cutSpan says why the verified span [s, e) of text stops inside the
// quantity it read, or "".
func cutSpan(text string, s, e int) string {
	rest := text[e:]
	if !cutAfter.MatchString(rest) {
		return ""
	}
	if rest[0] == '(' {
		// A bracket glued to the last operand multiplies it; after a
		// space, a word or a relation it opens a remark or a pair.
		last := text[s:e]
		last = strings.TrimRight(last, " ")
		if len(last) < len(text[s:e]) || last == "" {
			return ""
		}
		c := last[len(last)-1]
		if !(c >= '0' && c <= '9' || c == ')') {
			return ""
		}
	}
	return fmt.Sprintf("followed by %q", rest[:min(len(rest), 8)])
}

// TestProcessBenchDevVerifiedSpansWhole reads the four ProcessBench dev
// files and checks every verified obligation the way the issue 29 audit of
// labelled first-error steps did by hand: its span is the text of the step
// at its offsets, it does not stop inside the quantity it read, and its
// claim does not follow from itself (two sides, or premise and conclusion,
// written the same).
func TestProcessBenchDevVerifiedSpansWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("reads ProcessBench dev")
	}
	t.Parallel()
	verified := 0
	for _, subset := range devSubsets {
		dev := devResults(t, subset)
		for k, r := range dev.rows {
			res := dev.checked[k] // ChainProblem with Options{}, made once (devwalk_test.go)
			for i, s := range res.Steps {
				for _, o := range s.Obligations {
					if o.Verdict != Verified {
						continue
					}
					verified++
					where := fmt.Sprintf("%s step %d: %s %q", r.ID, i, o.Expr, o.Span.Text)
					if !assert.True(t, o.Span.Start >= 0 && o.Span.Start <= o.Span.End && o.Span.End <= len(s.Text), where) {
						continue
					}
					assert.Equal(t, s.Text[o.Span.Start:o.Span.End], o.Span.Text, "%s: span text is not the step's text at its offsets", where)
					assert.Empty(t, cutSpan(s.Text, o.Span.Start, o.Span.End), "%s: the span stops inside a quantity", where)
					assert.False(t, tautology(&o), "%s: the claim follows from itself", where)
				}
			}
		}
	}
	t.Logf("%d verified obligations checked", verified)
	require.Greater(t, verified, 1000, "the dev files were read")
}

// TestCutSpan: the audit's reading of a cut span, on spans written for it.
func TestCutSpan(t *testing.T) {
	tests := []struct {
		text, span string
		cut        bool
	}{
		{`so \(64 + \frac{1}{6} = 385/6\)`, `64 + \frac{1}{6} = 385`, true},
		{`we get \(3 \ge 1 + 2(ab + bc)\)`, `3 \ge 1 + 2`, true},
		{`so 120 / 8 = 15,125 in all`, `120 / 8 = 15`, true},
		{`so 2 + 3 = 5! ways`, `2 + 3 = 5`, true},
		{`then 4 + 4 = 8^2 - 56`, `4 + 4 = 8`, true},
		{`then 12 + 3 = 15.5 units`, `12 + 3 = 15`, true},
		// look-alikes: a unit, a degree sign, a remark after a space, a list.
		{`\(40^\circ + 100^\circ = 140^\circ\)`, `40^\circ + 100^\circ = 140`, false},
		{`\(40^{\circ} + 100^{\circ} = 140^{\circ}\)`, `40^{\circ} + 100^{\circ} = 140`, false},
		{`so 5 + 4 = 9 (see above)`, `5 + 4 = 9`, false},
		{`pairs \((2, 5)\) since \(2 + 5 = 7\), 3, 4`, `2 + 5 = 7`, false},
		{`so 6 + 6 = 12. Then`, `6 + 6 = 12`, false},
		{`total 18 - 6 = 12 flamingos`, `18 - 6 = 12`, false},
	}
	for _, tt := range tests {
		s := strings.Index(tt.text, tt.span)
		require.GreaterOrEqual(t, s, 0, tt.text)
		got := cutSpan(tt.text, s, s+len(tt.span))
		assert.Equal(t, tt.cut, got != "", "%q in %q: %s", tt.span, tt.text, got)
	}
}
