package translate

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The differential test generates plain arithmetic claims, true and
// false, decorates them, and compares the reader's verdict on the
// decorated claim with the truth of the plain one. The oracle, per
// decoration class:
//
//   - suffix: something the reader does not evaluate is attached to a
//     number — a Greek letter or π glued or spaced ("7π", "7 θ"), a
//     glued letter ("7b", "7A", "7i"), a lone letter after it ("7 q"),
//     per mille, a repeating-decimal mark ("0.(3)", "0.3̅"), a word that
//     goes on computing ("7 plus 1", "7 over 2", "7 divided by 2", "7
//     pi", "7 sqrt 2", "7 squared") — or a multi-letter word glued to
//     it ("7cm"). The claim written is not the plain one: the step must
//     be neither verified nor refuted.
//   - same-unit: one known unit word on every number ("3 apples + 4
//     apples = 7 apples"), or a product of lengths against the matching
//     area or volume ("3 ft × 4 ft = 12 ft²", "12 sq ft", "12 square
//     feet", "12 ft^2"). The decorated claim is true exactly when the
//     plain one is: the verdict is the plain claim's or none, never the
//     opposite.
//   - one-side unit: a unit on the result only ("= 7 apples"): the
//     verdict is the plain claim's or none.
//   - wrong power: a product of lengths against a volume ("12 ft³"):
//     never verified.
//   - vulgar: fractions written ½ ⅓ ¾ …: the verdict is the plain claim's
//     (with a/b) or none.
//   - a / b/c: "a / b/c = r" has the fraction reading F = a/(b/c) and
//     the left-to-right reading L = (a/b)/c. Marked (spacing "a / b/c",
//     "a/ b/c", "a ÷ b/c"): verified only if F holds, refuted only if
//     neither holds. Unmarked ("a/b/c", "a / b / c"): verified only if
//     both hold, refuted only if neither holds.
//   - convention: 0^0 = 0 or 1: neither verified nor refuted.
//
// The plain claims themselves must be verified when true and refuted
// when false (the control): otherwise the comparison says nothing.

type genClaim struct {
	nums  []string // operand spellings, then the result
	ops   []string // operators between operands
	value *big.Rat // the true value of the left side
	right *big.Rat // the value written on the right
}

func (g genClaim) holds() bool { return g.value.Cmp(g.right) == 0 }

// text spells the claim with deco applied to the numbers (index into
// nums, last is the result).
func (g genClaim) text(deco func(i int, num string) string) string {
	var b strings.Builder
	b.WriteString("Then ")
	for i := 0; i < len(g.nums)-1; i++ {
		if i > 0 {
			b.WriteString(" " + g.ops[i-1] + " ")
		}
		b.WriteString(deco(i, g.nums[i]))
	}
	b.WriteString(" = " + deco(len(g.nums)-1, g.nums[len(g.nums)-1]) + ".")
	return b.String()
}

func randClaim(r *rand.Rand, ops string) genClaim {
	a, b := int64(r.IntN(60)+1), int64(r.IntN(30)+1)
	op := ops[r.IntN(len(ops))]
	var v *big.Rat
	switch op {
	case '+':
		v = big.NewRat(a+b, 1)
	case '-':
		v = big.NewRat(a-b, 1)
	case '*':
		v = big.NewRat(a*b, 1)
	case '/':
		a *= b
		v = big.NewRat(a/b, 1)
	}
	right := new(big.Rat).Set(v)
	if r.IntN(2) == 0 {
		right.Add(right, big.NewRat(int64(r.IntN(9)+1), 1))
	}
	sym := map[byte]string{'+': "+", '-': "-", '*': "×", '/': "/"}[op]
	return genClaim{nums: []string{fmt.Sprint(a), fmt.Sprint(b), right.RatString()}, ops: []string{sym}, value: v, right: right}
}

func verdictOf(t *testing.T, tr *Translator, text string) StepVerdict {
	t.Helper()
	res, err := tr.Chain(context.Background(), "", []string{text})
	require.NoError(t, err)
	return res.Steps[0].Verdict
}

func plainVerdict(holds bool) StepVerdict {
	if holds {
		return StepVerified
	}
	return StepRefuted
}

var (
	suffixesGlued = []string{"π", "θ", "α", "‰", "‱", "i", "b", "A", "W", "q", "cm", "kg", "th", "′"}
	suffixesSpace = []string{"π", "θ", "‰", "pi", "q", "i", "y", "plus 1", "minus 2", "over 2", "divided by 2",
		"multiplied by 3", "sqrt 2", "squared", "cubed", "times 2", "thousand", "recurring"}
	units = []string{"apples", "feet", "cm", "hours", "pages", "dollars", "cookies", "miles"}
)

// TestDifferentialDecoratedClaims is the differential test described
// above, on 400 random claims per class with a fixed seed.
func TestDifferentialDecoratedClaims(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(9, 1))
	decided := map[string]int{}
	fail := func(class, text string, got StepVerdict, why string) {
		t.Helper()
		assert.Fail(t, "wrong verdict", "%s: %q: %s (%s)", class, text, got, why)
	}
	for n := 0; n < 400; n++ {
		g := randClaim(r, "+-*/")
		plain := g.text(func(_ int, s string) string { return s })
		if got := verdictOf(t, tr, plain); got != plainVerdict(g.holds()) {
			fail("control", plain, got, fmt.Sprintf("the plain claim is %v", g.holds()))
		}
		at := r.IntN(len(g.nums))

		// suffix, glued and spaced.
		for _, sfx := range []string{suffixesGlued[r.IntN(len(suffixesGlued))], " " + suffixesSpace[r.IntN(len(suffixesSpace))]} {
			text := g.text(func(i int, s string) string {
				if i == at {
					return s + sfx
				}
				return s
			})
			if got := verdictOf(t, tr, text); got != StepNone {
				fail("suffix", text, got, "want none")
			}
		}
		// A repeating decimal or an overline on the result.
		for _, rep := range []string{".(3)", ".1(6)", ".3\u0305"} {
			text := g.text(func(i int, s string) string {
				if i == len(g.nums)-1 && !strings.Contains(s, "/") {
					return s + rep
				}
				return s
			})
			if strings.Contains(text, rep) {
				if got := verdictOf(t, tr, text); got != StepNone {
					fail("suffix", text, got, "want none")
				}
			}
		}

		// same-unit and one-side unit.
		u := units[r.IntN(len(units))]
		if g.ops[0] == "+" || g.ops[0] == "-" {
			text := g.text(func(_ int, s string) string { return s + " " + u })
			got := verdictOf(t, tr, text)
			if got != StepNone && got != plainVerdict(g.holds()) {
				fail("same-unit", text, got, fmt.Sprintf("the plain claim is %v", g.holds()))
			}
			if got != StepNone {
				decided["same-unit"]++
			}
		}
		text := g.text(func(i int, s string) string {
			if i == len(g.nums)-1 {
				return s + " " + u
			}
			return s
		})
		if got := verdictOf(t, tr, text); got != StepNone && got != plainVerdict(g.holds()) {
			fail("one-side unit", text, got, fmt.Sprintf("the plain claim is %v", g.holds()))
		}
	}

	// Products of lengths against areas and volumes.
	for n := 0; n < 400; n++ {
		g := randClaim(r, "*")
		len1 := []string{"ft", "cm", "in", "m", "yards", "feet", "meters"}[r.IntN(7)]
		area := []string{"²", "^2", " squared"}[r.IntN(3)]
		prefix := []string{"sq ", "square "}[r.IntN(2)]
		for k, spell := range []func(i int, s string) string{
			func(i int, s string) string {
				if i == 2 {
					return s + " " + len1 + area
				}
				return s + " " + len1
			},
			func(i int, s string) string {
				if i == 2 {
					return s + " " + prefix + len1
				}
				return s + " " + len1
			},
		} {
			text := g.text(spell)
			got := verdictOf(t, tr, text)
			if got != StepNone && got != plainVerdict(g.holds()) {
				fail("same-unit area", text, got, fmt.Sprintf("the plain claim is %v (form %d)", g.holds(), k))
			}
			if got != StepNone {
				decided["area"]++
			}
		}
		tex := fmt.Sprintf(`Then \( %s \text{ %s} \times %s \text{ %s} = %s \text{ %s}^{2} \).`,
			g.nums[0], len1, g.nums[1], len1, g.nums[2], len1)
		got := verdictOf(t, tr, tex)
		if got != StepNone && got != plainVerdict(g.holds()) {
			fail("same-unit area", tex, got, fmt.Sprintf("the plain claim is %v (LaTeX)", g.holds()))
		}
		if got != StepNone {
			decided["area"]++
		}
		vol := g.text(func(i int, s string) string {
			if i == 2 {
				return s + " " + len1 + "³"
			}
			return s + " " + len1
		})
		if got := verdictOf(t, tr, vol); got == StepVerified {
			fail("wrong power", vol, got, "a product of two lengths is not a volume")
		}
	}

	// Vulgar fractions.
	vulgar := map[string][2]int64{"½": {1, 2}, "⅓": {1, 3}, "⅔": {2, 3}, "¼": {1, 4}, "¾": {3, 4}, "⅕": {1, 5},
		"⅛": {1, 8}, "⅜": {3, 8}, "⅝": {5, 8}, "⅞": {7, 8}, "⅙": {1, 6}, "⅚": {5, 6}}
	var glyphs []string
	for k := range vulgar {
		glyphs = append(glyphs, k)
	}
	sortStrings(glyphs)
	for n := 0; n < 400; n++ {
		p, q := glyphs[r.IntN(len(glyphs))], glyphs[r.IntN(len(glyphs))]
		pv, qv := big.NewRat(vulgar[p][0], vulgar[p][1]), big.NewRat(vulgar[q][0], vulgar[q][1])
		op := []string{"+", "×", "-"}[r.IntN(3)]
		v := new(big.Rat)
		switch op {
		case "+":
			v.Add(pv, qv)
		case "-":
			v.Sub(pv, qv)
		default:
			v.Mul(pv, qv)
		}
		right := new(big.Rat).Set(v)
		if r.IntN(2) == 0 {
			right.Add(right, big.NewRat(1, 7))
		}
		res := right.Num().String() + "/" + right.Denom().String()
		if right.IsInt() {
			res = right.Num().String()
		}
		plain := fmt.Sprintf("Then %d/%d %s %d/%d = %s.", vulgar[p][0], vulgar[p][1], op, vulgar[q][0], vulgar[q][1], res)
		deco := fmt.Sprintf("Then %s %s %s = %s.", p, op, q, res)
		pg, dg := verdictOf(t, tr, plain), verdictOf(t, tr, deco)
		if dg != StepNone && dg != pg {
			fail("vulgar", deco, dg, "plain "+string(pg))
		}
		if dg != StepNone {
			decided["vulgar"]++
		}
		if mixed := fmt.Sprintf("Then 2%s + 1 = %s.", p, res); verdictOf(t, tr, mixed) != StepNone {
			fail("vulgar", mixed, verdictOf(t, tr, mixed), "a mixed number: want none")
		}
	}

	// a / b/c.
	for n := 0; n < 400; n++ {
		b, c := int64(r.IntN(5)+1), int64(r.IntN(6)+2)
		a := int64(r.IntN(20)+1) * b
		F := new(big.Rat).Quo(big.NewRat(a, 1), big.NewRat(b, c))
		L := big.NewRat(a, b*c)
		var right *big.Rat
		switch r.IntN(3) {
		case 0:
			right = F
		case 1:
			right = L
		default:
			right = new(big.Rat).Add(F, big.NewRat(1, 1))
		}
		holdsF, holdsL := F.Cmp(right) == 0, L.Cmp(right) == 0
		rs := right.RatString()
		forms := []struct {
			spell  string
			marked bool
		}{
			{"%d / %d/%d", true}, {"%d/ %d/%d", true}, {"%d ÷ %d/%d", true},
			{"%d/%d/%d", false}, {"%d / %d / %d", false},
		}
		for _, f := range forms {
			text := "Then " + fmt.Sprintf(f.spell, a, b, c) + " = " + rs + "."
			got := verdictOf(t, tr, text)
			switch {
			case got == StepVerified && !(holdsF && (f.marked || holdsL)):
				fail("a / b/c", text, got, fmt.Sprintf("F %v L %v marked %v", holdsF, holdsL, f.marked))
			case got == StepRefuted && (holdsF || holdsL):
				fail("a / b/c", text, got, fmt.Sprintf("F %v L %v", holdsF, holdsL))
			}
			if got != StepNone {
				decided["a / b/c"]++
			}
		}
	}

	// Conventions.
	for _, text := range []string{"Then 0^0 = 1.", "Then 0^0 = 0.", "Then 2 × 0^0 = 2.", "Then 0^0 + 1 = 2."} {
		if got := verdictOf(t, tr, text); got != StepNone {
			fail("convention", text, got, "want none")
		}
	}
	t.Logf("decided (not none) where allowed: %v", decided)
	// The oracle must not be met by deciding nothing: the classes that
	// may be decided are.
	for _, class := range []string{"same-unit", "area", "vulgar", "a / b/c"} {
		assert.NotZero(t, decided[class], "%s: no decorated claim decided; the comparison is empty", class)
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
