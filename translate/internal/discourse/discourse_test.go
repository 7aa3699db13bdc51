package discourse

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

func read(text string) *Reading { return Read(text, mathtext.Lex(text, 300)) }

// at is the offset of the n-th occurrence (from 1) of sub in text.
func at(t *testing.T, text, sub string, n int) int {
	t.Helper()
	off := -1
	for k := 0; k < n; k++ {
		i := strings.Index(text[off+1:], sub)
		if i < 0 {
			t.Fatalf("%q has no occurrence %d of %q", text, n, sub)
		}
		off += 1 + i
	}
	return off
}

func TestModalities(t *testing.T) {
	tests := []struct {
		text, sub string
		want      Modality
	}{
		{`We use \(\log_a b = \frac{\ln b}{\ln a}\), where \(a \neq 1\).`, `a \neq`, Condition},
		{`For \(b > 5\) we have \(b - 5 > 0\).`, `b > 5`, Condition},
		{`For \(b > 5\) we have \(b - 5 > 0\).`, `b - 5`, Asserted},
		{`The rule holds provided \(x \ne 2\).`, `x \ne`, Condition},
		{`For all \(x > 0\), \(x + 1 > 1\).`, `x > 0`, Condition},
		{`For \(r = 2\): \(r^2 = 4\).`, `r^2`, Asserted}, // a case value, not a condition
		{`Either \(2 - 3s = 3s\) or \(2 - 3s = -3s\).`, `2 - 3s = 3s`, Alternative},
		{`Either \(2 - 3s = 3s\) or \(2 - 3s = -3s\).`, `2 - 3s = -3s`, Alternative},
		{`So \(x = 3\) or \(x = -3\).`, `x = 3`, Asserted}, // solutions listed, checked as such
		{`\((6 + 4 - 1)\) choose \((4 - 1) = 9\) choose \(3 = 84\)`, `(4 - 1)`, Operand},
		{`\((6 + 4 - 1)\) choose \((4 - 1) = 9\) choose \(3 = 84\)`, `3 = 84`, Operand},
		{"15% of 2.40 = 0.15 × 2.40", "2.40 =", Operand},
		{"the sum of 3 + 4 = 7", "3 + 4", Asserted}, // "of" after a noun names the value itself
		{`Then \(7 - 5 > 3\).`, `7 - 5`, Asserted},
		{`Given that \(x = 5\), we have \(2x = 10\).`, `2x = 10`, Asserted}, // a value given, not a domain
		{`So \(b = 6\) does not satisfy \(6 \leq 41 < 6^2\) because \(6^2 = 36\).`, `6 \leq`, Unmet},
		{`So \(b = 6\) does not satisfy \(6 \leq 41 < 6^2\) because \(6^2 = 36\).`, `6^2 = 36`, Asserted}, // the clause ends at "because"
		{`Then \(n = 5\) fails to satisfy \(2 < 3 < 1\).`, `2 < 3`, Unmet},
		{`Then \(x = 2\) violates \(1 < 4 < 3\).`, `1 < 4`, Unmet},
		{`Then \(b = 4\) satisfies \(1 < 4 < 8\).`, `1 < 4`, Asserted}, // a condition said to be met is claimed
		{`It is not clear; \(5 = 2 + 3\) satisfies us.`, `5 = 2`, Asserted},
	}
	for _, tt := range tests {
		got, _ := read(tt.text).At(at(t, tt.text, tt.sub, 1))
		assert.Equal(t, tt.want, got, "%q at %q", tt.text, tt.sub)
	}
}

func TestOutcomes(t *testing.T) {
	tests := []struct {
		text, sub string
		want      Outcome
	}{
		{`Check \(m = 3\): \(\frac{5}{8} < \frac{3}{5}\). This does not hold.`, `\frac{5}{8}`, Fails},
		{`Check \(m = 2\): \(\frac{3}{7} < \frac{1}{2}\). This holds.`, `\frac{3}{7}`, Holds},
		{`Is \(\frac{7}{9} > \frac{4}{5}\)? No.`, `\frac{7}{9}`, Fails},
		{`Test \(q = 2\): \(2^3 = 9\), which is false.`, `2^3`, Fails},
		{`We get \(2^3 = 8\), which is true.`, `2^3`, Holds},
		// Two relations: which one the outcome is about is unclear.
		{`Since \( 1331000 < 1729000 \), \( n = 12 \) does not work.`, `1331000`, NoOutcome},
		{`We try \(a = 1\), but \(2 \cdot 3 = 6\) is not true.`, `2 \cdot`, NoOutcome},
		// An outcome sentence says nothing else.
		{`\(5 + 5 = 10\). This does not hold for odd n, since n + 1 is even.`, `5 + 5`, NoOutcome},
		{`\(5 + 5 = 10\). So we continue.`, `5 + 5`, NoOutcome},
	}
	for _, tt := range tests {
		got, _ := read(tt.text).Outcome(at(t, tt.text, tt.sub, 1))
		assert.Equal(t, tt.want, got, "%q at %q", tt.text, tt.sub)
	}
}

func TestScopes(t *testing.T) {
	text := "- \\(k = 2\\): \\(10k - k^2 = 16\\)\n- \\(k = 3\\): \\(10k - k^2 = 21\\)"
	r := read(text)
	first, second := at(t, text, "10k", 1), at(t, text, "10k", 2)
	assert.NotEqual(t, r.Scope(first), r.Scope(second), "each bullet head opens its own case")
	assert.True(t, r.InHead(at(t, text, "k = 3", 1)))
	assert.False(t, r.InHead(second))

	text = `For \(r = \frac{3}{2}\): \(y = r^2 = \frac{9}{4}\). For \(r = -1\): \(y = r^2 = 1\).`
	r = read(text)
	assert.NotEqual(t, r.Scope(at(t, text, "y = r^2", 1)), r.Scope(at(t, text, "y = r^2", 2)))
	assert.True(t, r.InHead(at(t, text, "r = -1", 1)))

	text = "We have \\(x^2 = 9\\).\nSo \\(x = 3\\)."
	r = read(text)
	assert.Equal(t, r.Scope(at(t, text, "x^2", 1)), r.Scope(at(t, text, "x = 3", 1)), "no head, one scope")
	assert.False(t, r.InHead(at(t, text, "x = 3", 1)), "a conclusion is no case head")

	text = "Case 1: \\(a = 2\\).\n\\[ a^3 - a = 6 \\]\n\nThen \\(a + 1 = 3\\)."
	r = read(text)
	assert.NotEqual(t, r.Scope(at(t, text, "a^3", 1)), r.Scope(at(t, text, "a + 1", 1)), "a blank line ends the case")
}

func TestConditioned(t *testing.T) {
	text := `For \(b > 5\) we have \(b - 5 > 0\). Then \(b = 3\) gives \(b - 5 = -2\).`
	r := read(text)
	assert.True(t, r.Conditioned(at(t, text, "b - 5 > 0", 1), "b"))
	assert.False(t, r.Conditioned(at(t, text, "b - 5 = -2", 1), "b"), "the condition holds in its sentence only")
	assert.False(t, r.Conditioned(at(t, text, "b - 5 > 0", 1), "c"))

	text = `Given that \(x = 5\), we have \(2x = 11\).`
	assert.False(t, read(text).Conditioned(at(t, text, "2x", 1), "x"), "a value given is no condition on x")
}

func TestNilReading(t *testing.T) {
	var r *Reading
	m, _ := r.At(3)
	o, _ := r.Outcome(3)
	assert.Equal(t, Asserted, m)
	assert.Equal(t, NoOutcome, o)
	assert.Equal(t, 0, r.Scope(3))
	assert.False(t, r.InHead(3))
	assert.False(t, r.Conditioned(3, "x"))
	assert.Equal(t, -1, r.Sentence(3))
}

// TestReadIsLinear: the reading of a long hostile step grows linearly: a
// step eight times as long takes far less than sixty-four times as long.
func TestReadIsLinear(t *testing.T) {
	unit := `For \(b > 5\) or \(c = 2\): either \(x = 1\) or \(y = 2 = 3\), where \(a \neq 1\) choose \(4 = 5\). This does not hold. - k = 2: `
	// The fastest of five reads of each size, taking turns: a loaded machine (CI runs two test
	// binaries at once) only ever adds time, so the minimum is the read's own cost, and taking
	// turns spreads a burst of load over both sizes. Linear is 8× from 200 to 1600 units,
	// quadratic 64×; the bound sits between them.
	texts := []string{strings.Repeat(unit, 200), strings.Repeat(unit, 1600)}
	toks := [][]mathtext.Tok{mathtext.Lex(texts[0], 300), mathtext.Lex(texts[1], 300)}
	best := []time.Duration{1 << 62, 1 << 62}
	for range 5 {
		for k := range texts {
			start := time.Now()
			Read(texts[k], toks[k])
			best[k] = min(best[k], time.Since(start))
		}
	}
	small, large := best[0], best[1]
	assert.Less(t, large, 32*small+20*time.Millisecond, "200 units: %v, 1600 units: %v", small, large)
}

// FuzzRead: the discourse reading never panics, and every query on any
// offset answers within the step's modalities and scopes.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`For \(r = \frac{3}{2}\): \(y = r^2 = \frac{9}{4}\). For \(r = -1\): \(y = r^2 = 1\).`,
		"- \\(k = 2\\): \\(10k - k^2 = 16\\)\n* m = 5: m^2 = 25\n\nCase 2: \\(a = 3\\).",
		`Check \(m = 3\): \(\frac{5}{8} < \frac{3}{5}\). This does not hold. Is 2 < 3? Yes.`,
		`where \(a \neq 1\), for all x > 0, provided \(x \ne 2\), either a = b or c = d`,
		`\((6 + 4 - 1)\) choose \((4 - 1) = 9\) choose \(3 = 84\); 15% of 2.40 = 0.36`,
		"\xff or = or < : , . ? - * case for",
		`b = 6 does not satisfy \(6 \leq 41 < 6^2\) because 6^2 = 36; x violates 1 < 2`,
		`With \(y = 2\), \(y^2 = 4\); with \(y = 3\), \(y^2 = 9\) and for t = 1 we get t = 1; \(q = 1\): 5q = 5`,
		`\(r = 2 \Rightarrow 4r = 8\), r = 5 gives 4r = 20. The sum is 21, which is even? No. Is 3 < 4?`,
		"~~6 = 7~~ <s>1</s> <del>2 = 3 \\sout{4} \\cancel{5 \\st{6}} ~~ <s> \\xcancel{",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		r := read(s)
		for off := -1; off <= len(s); off++ {
			m, _ := r.At(off)
			if m > Unmet {
				t.Fatalf("modality %d out of range", m)
			}
			o, _ := r.Outcome(off)
			if o < NoOutcome || o > Fails {
				t.Fatalf("outcome %d out of range", o)
			}
			if sc := r.Scope(off); sc < 0 || sc > len(r.scopes) {
				t.Fatalf("scope %d out of range", sc)
			}
			r.InHead(off)
			r.Question(off)
			r.Struck(off, off+2)
			r.Tentative(off)
			r.Conditioned(off, "x")
			r.UnmetIn(off, off+3)
		}
		_ = utf8.ValidString(s)
	})
}
