package symrewrite

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// TestCue: the words between two expressions name a rewriting of the
// first into the second and nothing else, or the pair is left alone.
func TestCue(t *testing.T) {
	for _, g := range []string{
		"\nCombine like terms:\n", " Now, combine like terms: ", ". This simplifies to ", ", which can be further simplified to ",
		" can be factored as ", "\nSimplifying, we get:\n", " Collecting like terms, we have ", ". This can be rewritten as: ",
		"\nExpanding this equation gives:\n", " factors as ", ", which is equivalent to ", "\nSimplify further:\n",
		"\nAfter simplifying, we get:\n", " We can write this as ", ", which equals ", ". This can also be written as ", "\nGrouping like terms:\n",
		"\nCalculating each term:\n", " Simplify each term: ", ". Evaluating every term separately, we get ", "\nLet's compute each term:\n",
	} {
		assert.True(t, cue(g), "%q", g)
	}
	for _, g := range []string{
		"\nNext, factor ", " Let's rewrite ", "\nSimplify the first term:\n", " Expanding inside the brackets, we get ",
		" so that it becomes ", ". Substituting, this becomes ", " gives ", " is ", ". So the expression simplifies to ",
		" Then, adding 3 to it, this simplifies to ", "\nExpanding ", "", ". We have. This simplifies to ",
		strings.Repeat("simplify ", 40) + ":", " We can write ", ", which equals the area ", "\nAfter substituting, we get:\n",
		"\nCalculating:\n", "\nCalculating each term for n = 2:\n", " Evaluating each term at x = 1, we get ", "\nCompute each term of the sum\n",
	} {
		assert.False(t, cue(g), "%q", g)
	}
}

// TestReadSpans: an obligation's span lies in the step and covers both
// expressions within a step, the second alone across steps.
func TestReadSpans(t *testing.T) {
	text := "\\[ (q + 1)^2 \\]\nThis simplifies to\n\\[ q^2 + 2q + 2 \\]"
	obls := Read(0, "", text, nil, mathtext.Lex(text, 200), nil, "", false, "norm_num", "ring")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "(q + 1)^2", obls[0].Span.Text[:9])
		assert.Equal(t, obligation.KindIdentity, obls[0].Kind)
	}
	prev, next := "We find \\[ (q + 1)^2 \\]", "Expanding, we get: \\[ q^2 + 2q + 2 \\]"
	obls = Read(1, prev, next, mathtext.Lex(prev, 200), mathtext.Lex(next, 200), nil, "", false, "norm_num", "ring")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "q^2 + 2q + 2", obls[0].Span.Text)
	}
	obls = Read(1, prev, next, mathtext.Lex(prev, 200), mathtext.Lex(next, 200), nil, "", true, "norm_num", "ring")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, obligation.Unknown, obls[0].OnDisproof, "modular arithmetic in the chain")
	}
}

// FuzzRead: hostile steps never panic, obligations lie in the step's text,
// and at most maxPairs come from one step.
func FuzzRead(f *testing.F) {
	f.Add("We get \\[ 3(t + 4) - 2t \\]", "Simplifying, we get:\n\\[ t + 7 \\]")
	f.Add("", `The numerator \(y^2 - 9\) can be factored as \((y - 9)(y + 1)\).`)
	f.Add("So \\[ A = (8 - w)(w + 3) \\]", "Expanding this, we get:\n\\[ A = 24 + 11w - w^2 \\]")
	f.Add("$$\\sqrt{50}$$", "Combine like terms: $$\\sqrt{(2^3\\cdot 3)}$$ which is equivalent to $$x$$")
	f.Fuzz(func(t *testing.T, prev, text string) {
		if !utf8.ValidString(prev) || !utf8.ValidString(text) {
			return
		}
		obls := Read(1, prev, text, mathtext.Lex(prev, 200), mathtext.Lex(text, 200), nil, "", false, "norm_num", "ring")
		if len(obls) > maxPairs {
			t.Fatalf("%d obligations", len(obls))
		}
		for _, o := range obls {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start > o.Span.End {
				t.Fatalf("span %+v outside the step (%d bytes)", o.Span, len(text))
			}
		}
	})
}
