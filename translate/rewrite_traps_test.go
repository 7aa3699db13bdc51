package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rewriteTraps is the trap corpus of the family "an expression written
// alone and then rewritten" (issue 29; docs/TRANSLATE.md, "Expressions
// written alone and rewritten"): true rewritings are verified or left
// alone; a second expression that is the object of the words, a part of
// the first, the first with a value put in, a supposition, a goal, a
// rewriting taken back, a rounding or a rewriting that holds at the
// chain's value is left alone; look-alikes that are real errors are
// refuted. The wording is ours.
var rewriteTraps = []trap{
	// True rewritings.
	{family: "rewrite", steps: []string{"Expanding:\n\\[ (p + 2)(p - 5) \\]\nCombine like terms:\n\\[ p^2 - 3p - 10 \\]"}, want: wantVerified},
	{family: "rewrite", steps: []string{"We get\n\\[ 3(t + 4) - 2t \\]", "Simplifying, we get:\n\\[ t + 12 \\]"}, step: 1, want: wantVerified},
	{family: "rewrite", steps: []string{`The numerator \(y^2 - 9\) can be factored as \((y - 3)(y + 3)\).`}, want: wantVerified},
	{family: "rewrite", steps: []string{"\\[ \\frac{3}{4} + \\frac{5}{6} \\]\nThis simplifies to\n\\[ \\frac{19}{12} \\]"}, want: wantVerified},
	{family: "rewrite", steps: []string{"\\[ \\sqrt{50} + \\sqrt{8} \\]\nThis simplifies to\n\\[ 7\\sqrt{2} \\]"}, want: wantVerified},
	{family: "rewrite", steps: []string{"\\[ (m + n)^2 - (m - n)^2 \\]\nwhich simplifies to\n\\[ 4mn \\]"}, want: wantVerified},
	{family: "rewrite", steps: []string{`We reach \(5h + 2 - 3h + h^2\). Collecting like terms, we have \(h^2 + 2h + 2\).`}, want: wantVerified},
	{family: "rewrite", steps: []string{"\\[ \\frac{1}{s} + \\frac{1}{s + 1} \\]\nThis simplifies to\n\\[ \\frac{2s + 1}{s(s + 1)} \\]"}, want: wantVerified},
	{family: "rewrite", steps: []string{"So the area is\n\\[ A = (8 - w)(w + 3) \\]", "Expanding this, we get:\n\\[ A = 24 + 5w - w^2 \\]"}, step: 1, want: wantVerified},
	{family: "rewrite", steps: []string{"\\[ 6v^2 - 2v \\]\nWe can write this as\n\\[ 2v(3v - 1) \\]"}, want: wantVerified},
	{family: "rewrite", steps: []string{"We obtain \\( \\frac{k^2 - 1}{k + 1} \\), which equals \\( k - 1 \\)."}, want: wantVerified},
	// The second expression is the object of the words, a part, or another quantity.
	{family: "rewrite object", steps: []string{"\\[ 4m^2 + 6m \\]\nNext, factor \\(2m\\) out of both terms."}, want: wantNotRefuted},
	{family: "rewrite object", steps: []string{"\\[ 9b^2 - 3b \\]\nLet's rewrite \\(3b\\) as a product."}, want: wantNotRefuted},
	{family: "rewrite object", steps: []string{"\\[ 9b^2 - 3b \\]\nExpanding \\(3b(3b - 1)\\) gives the same."}, want: wantNotRefuted},
	{family: "rewrite part", steps: []string{"\\[ (k + 1)^2 + (k - 1)^2 \\]\nSimplify the first term:\n\\[ k^2 + 2k + 1 \\]"}, want: wantNotRefuted},
	{family: "rewrite part", steps: []string{"\\[ (k + 1)^2 + (k - 1)^2 \\]\nExpanding inside the brackets, we get\n\\[ k^2 + 1 \\]"}, want: wantNotRefuted},
	{family: "rewrite part", steps: []string{"The second term is\n\\[ 2x \\]", "Simplifying, we get:\n\\[ 5x + 2 \\]"}, step: 1, want: wantNotRefuted},
	{family: "rewrite part", steps: []string{"The numerator is\n\\[ 4y - y \\]\nCombine like terms:\n\\[ 3y + 1 \\]"}, want: wantNotRefuted},
	{family: "rewrite value", steps: []string{"\\[ 2w + 5 \\]\nThis simplifies to \\(11\\) since the width is 3."}, want: wantNotRefuted},
	{family: "rewrite value", steps: []string{"\\[ u^2 + 2u \\]\nThis can be rewritten as\n\\[ (x + 1)^2 - 1 \\]"}, want: wantNotRefuted},
	{family: "rewrite part", steps: []string{`First, $3b \cdot 2b$ is $6b^2$, and $3b \cdot 4$ is $12b$.`, `So the expression simplifies to $6b^2 + 12b - b^2$.`}, step: 1, want: wantNotRefuted},
	{family: "rewrite part", steps: []string{`Here $3b \cdot 4$ gives $12b$. This simplifies to $6b^2 + 12b$.`}, want: wantNotRefuted},
	// Suppositions, goals, tests, rewritings taken back, roundings.
	{family: "rewrite modality", steps: []string{`If \(3q - q\) simplified to \(3q\), we would get a contradiction.`}, want: wantNotRefuted},
	{family: "rewrite modality", steps: []string{`Suppose \(3q - q\) can be rewritten as \(3q\).`}, want: wantNotRefuted},
	{family: "rewrite modality", steps: []string{`We need \(z^2 + 4z\), which can be rewritten as \((z + 4)^2\) so that we can complete the square.`}, want: wantNotRefuted},
	{family: "rewrite modality", steps: []string{"\\[ 5r - 2r \\]\nThis simplifies to\n\\[ 2r \\]. Wait, that is wrong."}, want: wantNotRefuted},
	{family: "rewrite modality", steps: []string{"\\[ 5r - 2r \\]\nThis simplifies to\n\\[ 2r \\]\nwhich is not what we found before."}, want: wantNotRefuted},
	{family: "rewrite modality", steps: []string{"\\[ \\frac{22}{7} \\]\nwhich simplifies to\n\\[ 3 \\] when rounded to the nearest integer."}, want: wantNotRefuted},
	{family: "rewrite modality", steps: []string{"Working modulo 5, \\(3^4 + 2\\) simplifies to \\(3\\)."}, want: wantNotRefuted},
	{family: "rewrite copy", steps: []string{"\\[ 2a + 3 \\]\nwhich is equivalent to\n\\[ 2a+3 \\]"}, want: wantNotVerify},
	// A label chain and a continuation: the same words and "=" before two expressions, "= E" after one.
	{family: "rewrite label", steps: []string{`So Total = \(\frac{1}{2}B + \frac{1}{2}B + 10\) Total = \(B + 10\).`}, want: wantVerified},
	{family: "rewrite label", steps: []string{`So Cost = \(3p + 2\) Price = \(5p\).`}, want: wantNotRefuted},
	{family: "rewrite label", steps: []string{`So Total = \(2B + 4\). Then total = \(2B + 9\).`}, want: wantNotRefuted},
	{family: "rewrite label", steps: []string{`So y = \(3p + 2\) y = \(5p\).`}, want: wantNotRefuted},
	{family: "rewrite continued", steps: []string{"\\[ (2u + 1)^2 - 4u^2 \\]\n\\[ = 4u + 1 \\]"}, want: wantVerified},
	{family: "rewrite continued", steps: []string{"\\[ (2u + 1)^2 - 4u^2 \\]\nIf we check it:\n\\[ = 4u + 2 \\]"}, want: wantNotRefuted},
	{family: "rewrite continued", steps: []string{"\\[ 3v + 2 \\]\n\\[ = 11 \\]"}, want: wantNotRefuted},
	{family: "rewrite continued", steps: []string{"\\[ 3^4 - 2 \\]", "Working modulo 7, we simplify:\n\\[ = 2 \\]"}, step: 1, want: wantNotRefuted},
	{family: "rewrite label", steps: []string{"\\[ \\text{Total Weight} = 12 + 15 + 9 \\]", "Adding these together:\n\\[ \\text{Total Weight} = 36 \\]"}, step: 1, want: wantVerified},
	{family: "rewrite label", steps: []string{"\\[ \\text{Total Weight} = 12 + 15 + 9 \\]", "Adding the crate:\n\\[ \\text{Total Weight} = 41 \\]"}, step: 1, want: wantNotRefuted},
	{family: "rewrite label", steps: []string{"\\[ \\text{Total Weight} = 12 + 15 + 9 \\]", "Adding these together:\n\\[ \\text{Net Weight} = 30 \\]"}, step: 1, want: wantNotRefuted},
	{family: "rewrite value", steps: []string{`We know \(p + q = 10\).`, "\\[ (p + 1)(q + 1) - (p + q) \\]\nSimplifying, we get:\n\\[ (p + 1)(q + 1) - 10 \\]"}, step: 1, want: wantNotRefuted},
	// A name bound in the chain is held at its value.
	{family: "rewrite bound", steps: []string{`Let \(c = 2\).`, "\\[ c^2 + c \\]\nThis simplifies to\n\\[ 3c \\]"}, step: 1, want: wantNotRefuted},
	// Look-alikes: real errors, refuted.
	{family: "rewrite wrong", steps: []string{"Expanding:\n\\[ (p + 2)(p - 5) \\]\nCombine like terms:\n\\[ p^2 + 3p - 10 \\]"}, want: wantRefuted, claim: "p^2 + 3 * p - 10"},
	{family: "rewrite wrong", steps: []string{"We get\n\\[ 3(t + 4) - 2t \\]", "Simplifying, we get:\n\\[ t + 7 \\]"}, step: 1, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{`The numerator \(y^2 - 9\) can be factored as \((y - 9)(y + 1)\).`}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ \\frac{3}{4} + \\frac{5}{6} \\]\nThis simplifies to\n\\[ \\frac{8}{10} \\]"}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ \\sqrt{50} + \\sqrt{8} \\]\nThis simplifies to\n\\[ 6\\sqrt{2} \\]"}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ (m + n)^2 - (m - n)^2 \\]\nwhich simplifies to\n\\[ 2mn \\]"}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{`We reach \(5h + 2 - 3h + h^2\). Collecting like terms, we have \(h^2 + 2h + 3\).`}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ \\frac{1}{s} + \\frac{1}{s + 1} \\]\nThis simplifies to\n\\[ \\frac{2}{s(s + 1)} \\]"}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"So the area is\n\\[ A = (8 - w)(w + 3) \\]", "Expanding this, we get:\n\\[ A = 24 + 11w - w^2 \\]"}, step: 1, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"Now we have \\(x^{-2} \\cdot 3 \\cdot x^2 + x^{4-4}\\).", "Now, combine like terms: \\(3 + x^2\\)"}, step: 1, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{`So Total = \(\frac{1}{2}B + \frac{1}{2}B + 10\) Total = \(2B + 10\).`}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ (2u + 1)^2 - 4u^2 \\]\n\\[ = 4u + 2 \\]"}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ 6v^2 - 2v \\]\nWe can write this as\n\\[ 2v(3v - 2) \\]"}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"We obtain \\( \\frac{k^2 - 1}{k + 1} \\), which equals \\( k + 1 \\)."}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ 4z + 9 - z \\]", "After simplifying, we get:\n\\[ 5z + 9 \\]"}, step: 1, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"The second term is\n\\[ 2x + 3x \\]\nThis simplifies to\n\\[ 6x \\]"}, want: wantRefuted},
	{family: "rewrite continued", steps: []string{"\\[ 3^4 - 2 \\]", "Evaluating the power first:\n\\[ = 81 - 2 = 79 \\]"}, step: 1, want: wantNotRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ (6 \\cdot 7)(5 \\cdot 3) \\]", "First, let's group the factors:\n\\[ = 6[7 \\cdot 5 \\cdot 4] \\]"}, step: 1, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ \\text{Total Weight} = 12 + 15 + 9 \\]", "Adding these together:\n\\[ \\text{Total Weight} = 34 \\]"}, step: 1, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{"\\[ 7 + 8 + 9 + 6 \\]\nAdding these up, we get\n\\[ 28 \\]"}, want: wantRefuted},
	{family: "rewrite wrong", steps: []string{`Let \(c = 2\).`, "\\[ c^2 + c \\]\nThis simplifies to\n\\[ 4c \\]"}, step: 1, want: wantRefuted},
}

func TestRewriteTraps(t *testing.T) {
	runTraps(t, "rewrite", rewriteTraps, nil)
}

// TestRewriteObligation: a refuted rewriting states the identity over its
// names with the words that made it one, is refuted at a point where the
// sides differ, and a name bound in the chain is held at its value there.
func TestRewriteObligation(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	res, err := tr.Chain(context.Background(), "rwnote", []string{`Let \(c = 2\).`, "\\[ c^2 + c \\]\nThis simplifies to\n\\[ 4c \\]"})
	require.NoError(t, err)
	var found bool
	for _, o := range res.Steps[1].Obligations {
		if o.Verdict != Refuted {
			continue
		}
		found = true
		assert.Equal(t, KindIdentity, o.Kind)
		assert.Equal(t, "c^2 + c = 4 * c", o.Expr)
		assert.Contains(t, o.Note, `stated to be the first rewritten ("This simplifies to")`)
		assert.Contains(t, o.Lean, "∀ (v1 : Rat)")
		assert.Contains(t, o.Reason, "at c = 2 the left side is 6, the right side 8")
	}
	assert.True(t, found, "%+v", obligationsOf(res.Steps[1]))
}

// countTraps is the trap corpus of the family "a count stated with its
// enumeration" (docs/TRANSLATE.md): a count that disagrees with the
// numbers listed in the bracket after it is refuted; a count that agrees
// (with the items written or the distinct ones), a sample ("e.g."), a
// range, a bound ("at least"), an added part ("more"), a supposition, a
// bracket that is not the list of the things counted, are left alone. The
// wording is ours.
var countTraps = []trap{
	{family: "count", steps: []string{`There are 4 possible values for the units digit (1, 3, 7, 9).`}, want: wantNotRefuted},
	{family: "count", steps: []string{`So there are 3 outcomes (2, 2, 5).`}, want: wantNotRefuted},
	{family: "count", steps: []string{`So there are 2 outcomes (2, 2, 5).`}, want: wantNotRefuted},
	{family: "count", steps: []string{`There are 6 choices for each digit (e.g. 1, 2, 3).`}, want: wantNotRefuted},
	{family: "count", steps: []string{`There are 10 values (1 to 10).`}, want: wantNotRefuted},
	{family: "count", steps: []string{`There are at least 5 choices (2, 4, 6).`}, want: wantNotRefuted},
	{family: "count", steps: []string{`That gives 2 more choices (8, 9, 10).`}, want: wantNotRefuted},
	{family: "count", steps: []string{`If there were 5 choices for the tens digit (2, 4, 6), the total would change.`}, want: wantNotRefuted},
	{family: "count", steps: []string{`We pick two digits, then arrange the other digits (3, 5, 8).`}, want: wantNotRefuted},
	{family: "count", steps: []string{`There are 5 values of \(x\) (\(x = 1, 2, 3\)).`}, want: wantNotRefuted},
	{family: "count wrong", steps: []string{`There are 5 possible values for the units digit (1, 3, 7, 9).`}, want: wantRefuted, claim: "#(1, 3, 7, 9) = 5"},
	{family: "count wrong", steps: []string{"- There are 6 choices for the exponent of 5 (0, 2, 4).\n- There are 2 choices for the exponent of 7 (0, 2)."}, want: wantRefuted, claim: "= 6"},
	{family: "count wrong", steps: []string{`That leaves three options for the last seat (\(4\), \(5\)), so …`}, want: wantRefuted},
	{family: "count wrong", steps: []string{`There are 8 possible choices for the middle digit (2, 3, 4, 5, 6, or 7), and 8 for the last.`}, want: wantRefuted},
}

func TestCountTraps(t *testing.T) {
	runTraps(t, "count", countTraps, nil)
}
