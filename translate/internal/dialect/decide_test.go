package dialect

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const idTactic = "grind"

// closed is a closed declaration of prop, and its negation, as the translator emits them.
func closed(prop string) (lean, leanNeg string) {
	return "example : " + prop + " := by " + decideKernel, "example : ¬(" + prop + ") := by " + decideKernel
}

// TestDecideClosed: a true closed claim is proved and a false one disproved, each exactly
// (1/3 + 1/6 is 1/2, not 0.5000001); two lines that are not P and ¬(P) decide nothing.
func TestDecideClosed(t *testing.T) {
	tests := []struct {
		prop             string
		proved, disprove bool
	}{
		{"(1 : Rat) / (3 : Rat) + (1 : Rat) / (6 : Rat) = (0.5 : Rat)", true, false},
		{"(1 : Rat) / (3 : Rat) + (1 : Rat) / (6 : Rat) = (0.5000001 : Rat)", false, true},
		{"(2 : Rat) ^ 10 ≥ (1000 : Rat) ∧ (2 : Rat) ^ 10 < (1025 : Rat)", true, false},
		{"(2 : Rat) ^ 10 ≥ (1000 : Rat) ∧ (2 : Rat) ^ 10 < (1024 : Rat)", false, true},
		{"-(3 : Rat) < (0 : Rat) - (2 : Rat)", true, false},
	}
	for _, tt := range tests {
		lean, neg := closed(tt.prop)
		got := Decide(lean, neg, decideKernel, idTactic)
		assert.Equal(t, Outcome{Proved: tt.proved, Disproved: tt.disprove}, got, tt.prop)
	}

	// With a hypothesis: v1 = 7/2, so 2 * v1 = 7 and not 8.
	const hyp = "example (v1 : Rat) (h1 : v1 = (7 : Rat) / (2 : Rat)) : "
	const tail = " := by subst_vars; " + decideKernel
	assert.Equal(t, Outcome{Proved: true}, Decide(hyp+"(2 : Rat) * v1 = (7 : Rat)"+tail,
		hyp+"¬((2 : Rat) * v1 = (7 : Rat))"+tail, decideKernel, idTactic))
	assert.Equal(t, Outcome{Disproved: true}, Decide(hyp+"(2 : Rat) * v1 = (8 : Rat)"+tail,
		hyp+"¬((2 : Rat) * v1 = (8 : Rat))"+tail, decideKernel, idTactic))

	p, _ := closed("(1 : Rat) = (1 : Rat)")
	q, qNeg := closed("(2 : Rat) = (2 : Rat)")
	pairs := []struct {
		lean, neg, fail string
	}{
		{p, qNeg, "the two declarations are not P and ¬(P)"}, // ¬ of another Prop
		{p, q, "the two declarations are not P and ¬(P)"},    // no negation
		{qNeg, qNeg, "the two declarations are not P and ¬(P)"},
		{"example : 1 = 1 := by " + decideKernel, qNeg, "cannot evaluate P: " + ErrDialect.Error()},
		{q, "example : ¬((2 : Rat) / (0 : Rat) = (2 : Rat)) := by " + decideKernel, "cannot evaluate ¬(P): " + ErrDivZero.Error()},
	}
	for _, tt := range pairs {
		got := Decide(tt.lean, tt.neg, decideKernel, idTactic)
		assert.False(t, got.Proved || got.Disproved, "%s / %s decided", tt.lean, tt.neg)
		assert.True(t, strings.HasPrefix(got.Fail, tt.fail), "Fail = %q, want it to start with %q", got.Fail, tt.fail)
	}
	// The tactic is part of the line: a declaration closed by another tactic is not decided.
	lean, neg := closed("(1 : Rat) = (1 : Rat)")
	assert.NotEmpty(t, Decide(lean, neg, "norm_num", idTactic).Fail)
}

// TestDecideSymbolic: P is a ∀ read as rational functions, proved only as an identity (or
// from its hypotheses); ¬(P) is a closed instance that disproves P when the instance is false.
func TestDecideSymbolic(t *testing.T) {
	forall := func(body string) string { return "example : ∀ (v1 : Rat), " + body + " := by " + idTactic }
	inst := func(prop string) string { return "example : ¬(" + prop + ") := by " + decideKernel }
	tests := []struct {
		name, lean, neg string
		want            Outcome
	}{
		{"identity, instance holds", forall("(v1 - (1 : Rat)) * (v1 + (1 : Rat)) = v1 ^ 2 - (1 : Rat)"),
			inst("((3 : Rat) - (1 : Rat)) * ((3 : Rat) + (1 : Rat)) = (3 : Rat) ^ 2 - (1 : Rat)"), Outcome{Proved: true}},
		// (x+1)^2 = x^2 + 1 is false except at 0: the witness 3 disproves it (16 ≠ 10).
		{"false identity, refuting witness", forall("(v1 + (1 : Rat)) ^ 2 = v1 ^ 2 + (1 : Rat)"),
			inst("((3 : Rat) + (1 : Rat)) ^ 2 = (3 : Rat) ^ 2 + (1 : Rat)"), Outcome{Disproved: true}},
		{"false identity, witness where it holds", forall("(v1 + (1 : Rat)) ^ 2 = v1 ^ 2 + (1 : Rat)"),
			inst("((0 : Rat) + (1 : Rat)) ^ 2 = (0 : Rat) ^ 2 + (1 : Rat)"), Outcome{}},
		// v1 / v1 = 1 fails at 0 in Lean's Rat: not proved without v1 ≠ 0.
		{"unguarded division", forall("v1 / v1 = (1 : Rat)"),
			inst("(2 : Rat) / (2 : Rat) = (1 : Rat)"), Outcome{}},
		{"guarded division", forall("v1 ≠ (0 : Rat) → v1 / v1 = (1 : Rat)"),
			inst("(2 : Rat) ≠ (0 : Rat) → (2 : Rat) / (2 : Rat) = (1 : Rat)"), Outcome{Proved: true}},
		// x - 2 = 0 → x^2 = 4: x - 2 divides x^2 - 4.
		{"implication", forall("v1 - (2 : Rat) = (0 : Rat) → v1 ^ 2 = (4 : Rat)"),
			inst("(2 : Rat) - (2 : Rat) = (0 : Rat) → (2 : Rat) ^ 2 = (4 : Rat)"), Outcome{Proved: true}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Decide(tt.lean, tt.neg, decideKernel, idTactic), tt.name)
	}

	fails := []struct {
		name, lean, neg, fail string
	}{
		{"inconsistent substitution", forall("v1 = v1 + (0 : Rat)"), inst("(2 : Rat) = (3 : Rat) + (0 : Rat)"),
			"the second declaration is not the negation of an instance of P"},
		{"instance not negated", forall("v1 = v1"), "example : (2 : Rat) = (2 : Rat) := by " + decideKernel,
			"the second declaration is not the negation of an instance of P"},
		{"P closed by the closed tactic", "example : ∀ (v1 : Rat), v1 = v1 := by " + decideKernel, inst("(2 : Rat) = (2 : Rat)"),
			"cannot read P: "},
		{"negated ∀", forall("v1 = (1 : Rat)"), inst("∀ (v1 : Rat), v1 = (1 : Rat)"), "cannot evaluate the instance: "},
	}
	for _, tt := range fails {
		got := Decide(tt.lean, tt.neg, decideKernel, idTactic)
		assert.False(t, got.Proved || got.Disproved, tt.name)
		assert.True(t, strings.HasPrefix(got.Fail, tt.fail), "%s: Fail = %q", tt.name, got.Fail)
	}
}

// TestCompare: each of the six relations against a < b, a = b and a > b.
func TestCompare(t *testing.T) {
	one, two := big.NewRat(1, 1), big.NewRat(4, 2) // 4/2 is 2: Compare compares values
	tests := []struct {
		rel                string
		less, equal, great bool
	}{
		{"=", false, true, false},
		{"≠", true, false, true},
		{"<", true, false, false},
		{">", false, false, true},
		{"≤", true, true, false},
		{"≥", false, true, true},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.less, Compare(one, two, tt.rel), "1 %s 2", tt.rel)
		assert.Equal(t, tt.equal, Compare(two, big.NewRat(2, 1), tt.rel), "2 %s 2", tt.rel)
		assert.Equal(t, tt.great, Compare(two, one, tt.rel), "2 %s 1", tt.rel)
	}
}

// TestParseErrors: a refusal names the dialect, says what was wanted and at which byte, and
// wraps the sentinel for errors.Is.
func TestParseErrors(t *testing.T) {
	const ok = "example : (1 : Rat) = (1 : Rat) := by " + decideKernel
	tests := []struct {
		name, line string
		sentinel   error
		msg        string // after "not in the obligation dialect: ", with the byte offset derived below
		at         int
	}{
		{"trailing text", ok + "; sorry", ErrDialect, "trailing text", len(ok)},
		{"two lines", ok + "\n" + ok, ErrDialect, "more than one line", -1},
		// The closed checker reads exponents of up to four digits; the fifth is refused where it ends.
		{"exponent past the digit limit", "example : (2 : Rat) ^ 10000 = (1 : Rat) := by " + decideKernel, ErrDialect,
			"exponent too large", len("example : (2 : Rat) ^ 10000")},
		{"unascribed literal", "example : 1 = 1 := by " + decideKernel, ErrDialect, "want a term", len("example : ")},
		{"undeclared name", "example : v1 = (1 : Rat) := by " + decideKernel, ErrDialect, "undeclared name v1", len("example : v1")},
		{"hypothesis name mismatch", "example (v1 : Rat) (h2 : v1 = (1 : Rat)) : v1 = (1 : Rat) := by subst_vars; " + decideKernel,
			ErrDialect, `hypothesis "h2" does not match "v1"`, len("example (v1 : Rat) (h2")},
		{"minus inside a product", "example : (2 : Rat) * -(3 : Rat) = -(6 : Rat) := by " + decideKernel, ErrDialect,
			"want a term", len("example : (2 : Rat) * ")},
		{"division by zero", "example : (1 : Rat) / (0 : Rat) = (0 : Rat) := by " + decideKernel, ErrDivZero, "", -1},
		// 1000^9999 has about 100,000 bits, past the 2^16-bit bound: refused before computing it.
		{"value too large", "example : (1000 : Rat) ^ 9999 = (1 : Rat) := by " + decideKernel, ErrTooBig, "", -1},
	}
	for _, tt := range tests {
		_, err := Parse(tt.line, decideKernel)
		require.Error(t, err, tt.name)
		assert.True(t, errors.Is(err, tt.sentinel), "%s: %v", tt.name, err)
		if tt.sentinel != ErrDialect {
			continue
		}
		want := ErrDialect.Error() + ": " + tt.msg
		if tt.at >= 0 {
			want += fmt.Sprintf(" at byte %d", tt.at)
		}
		assert.Equal(t, want, err.Error(), tt.name)
	}

	// Four digits are allowed, and (10)^9999 (about 33,000 bits) is within the bound.
	d, err := Parse("example : (10 : Rat) ^ 9999 > (1 : Rat) := by "+decideKernel, decideKernel)
	require.NoError(t, err)
	assert.True(t, d.Holds)
	// Validate reads the shape only: it evaluates nothing, so neither bound applies.
	assert.NoError(t, Validate("example : (1 : Rat) / (0 : Rat) = (0 : Rat) := by "+decideKernel, decideKernel))
	assert.NoError(t, Validate("example : (1000 : Rat) ^ 9999 = (1 : Rat) := by "+decideKernel, decideKernel))
	assert.Error(t, Validate("example : (2 : Rat) ^ 10000 = (1 : Rat) := by "+decideKernel, decideKernel))
}

// TestParseDecl: the fields of a parsed closed declaration.
func TestParseDecl(t *testing.T) {
	d, err := Parse("example (v1 : Rat) (h1 : v1 = -((1 : Rat) / (4 : Rat))) : ¬(v1 * (4 : Rat) = -(1 : Rat)) := by subst_vars; "+decideKernel, decideKernel)
	require.NoError(t, err)
	assert.Equal(t, "v1", d.HypVar)
	assert.Equal(t, 0, d.HypVal.Cmp(big.NewRat(-1, 4)), "HypVal = %s", d.HypVal)
	assert.True(t, d.Negated)
	assert.Equal(t, "v1 * (4 : Rat) = -(1 : Rat)", d.Prop)
	assert.True(t, d.Holds, "Holds is the Prop's value before the negation")
	assert.False(t, d.Forall)

	// A → B holds when A is false, whatever B.
	d, err = Parse("example : (1 : Rat) = (2 : Rat) → (3 : Rat) = (4 : Rat) := by "+decideKernel, decideKernel)
	require.NoError(t, err)
	assert.True(t, d.Holds)
	assert.False(t, d.Negated)

	// A ∀ line is recognised, not evaluated.
	d, err = Parse("example : ∀ (v1 : Rat), v1 = v1 := by "+decideKernel, decideKernel)
	require.NoError(t, err)
	assert.True(t, d.Forall)
	assert.False(t, d.Holds)
}

// TestParseForall: the ∀ declarations, read by the same term grammar into rational functions.
func TestParseForall(t *testing.T) {
	d, err := ParseForall("example : ∀ (v1 v2 : Rat), v2 ≠ (0 : Rat) → v1 = (2 : Rat) * v2 → v1 / v2 = (2 : Rat) ∧ v1 - v2 = v2 := by "+idTactic, idTactic)
	require.NoError(t, err)
	assert.Equal(t, 2, d.N)
	require.Len(t, d.Hyps, 2)
	assert.Equal(t, "≠", d.Hyps[0].Op)
	assert.Equal(t, "=", d.Hyps[1].Op)
	require.Len(t, d.Goal, 2)
	assert.Equal(t, "v2 ≠ (0 : Rat) → v1 = (2 : Rat) * v2 → v1 / v2 = (2 : Rat) ∧ v1 - v2 = v2", d.Body)
	// v1 - v2 and v2 are different rational functions; v1 / v2 records its divisor v2.
	assert.False(t, d.Goal[1].L.R.Equal(d.Goal[1].R.R))
	require.Len(t, d.Goal[0].L.Divs, 1)
	assert.True(t, d.Goal[0].L.Divs[0].Equal(d.Hyps[0].L.R), "the divisor is the hypothesis's v2")
	proved, why := d.Proved()
	assert.False(t, proved, "two variables and an equation hypothesis")
	assert.Equal(t, "an equation hypothesis that is not a polynomial in one variable", why)

	errs := []struct {
		name, line, msg string
	}{
		{"names out of order", "example : ∀ (v2 : Rat), v2 = v2 := by grind", "bound names must be v1 … vn in order"},
		{"unbound name", "example : ∀ (v1 : Rat), v2 = v1 := by grind", "unbound name v2"},
		// The symbolic reader takes exponents of up to three digits.
		{"exponent past the digit limit", "example : ∀ (v1 : Rat), v1 ^ 1000 = v1 := by grind", "exponent too large"},
		{"minus before a power", "example : ∀ (v1 : Rat), -v1 ^ 2 = v1 := by grind", "want a relation"},
	}
	for _, tt := range errs {
		_, err := ParseForall(tt.line, idTactic)
		require.Error(t, err, tt.name)
		assert.ErrorIs(t, err, ErrDialect, tt.name)
		assert.Contains(t, err.Error(), ErrDialect.Error()+": "+tt.msg+" at byte ", tt.name)
	}
	_, err = ParseForall("example : ∀ (v1 : Rat), v1 ^ 100 = v1 ^ 100 := by grind", idTactic)
	assert.NoError(t, err, "three digits are allowed")
	// Three digits are read, but algebra bounds a polynomial's degree: past it, a refusal.
	_, err = ParseForall("example : ∀ (v1 : Rat), v1 ^ 999 = v1 := by grind", idTactic)
	assert.ErrorIs(t, err, algebra.ErrTooLarge)
}

// TestProvedReasons: what keeps a symbolic declaration unproved, one reason per shape.
func TestProvedReasons(t *testing.T) {
	tests := []struct {
		body   string
		proved bool
		why    string
	}{
		{"(v1 + v2) ^ 2 = v1 ^ 2 + (2 : Rat) * v1 * v2 + v2 ^ 2", true, ""},
		{"v1 / (2 : Rat) + v2 / (2 : Rat) = (v1 + v2) / (2 : Rat)", true, ""}, // constant divisors need no hypothesis
		{"(v1 + v2) ^ 2 = v1 ^ 2 + v2 ^ 2", false, "not an identity"},
		{"v1 < v1 + (1 : Rat)", false, "a goal that is not an equation"},
		{"v1 * v2 / v2 = v1", false, "a denominator that no hypothesis keeps nonzero"},
		{"v1 < v2 → v1 = v1", false, "a hypothesis that is neither an equation nor a nonzero condition"},
		{"v1 = v2 → v2 = v1 → v1 = v2", false, "more than one equation hypothesis"},
	}
	for _, tt := range tests {
		d, err := ParseForall("example : ∀ (v1 v2 : Rat), "+tt.body+" := by grind", idTactic)
		require.NoError(t, err, tt.body)
		proved, why := d.Proved()
		assert.Equal(t, tt.proved, proved, tt.body)
		assert.Equal(t, tt.why, why, tt.body)
	}
	one := func(body string) SymDecl {
		d, err := ParseForall("example : ∀ (v1 : Rat), "+body+" := by grind", idTactic)
		require.NoError(t, err, body)
		return d
	}
	// x^2 - 9 = 0 does not make x = 3 (x = -3 too): x^2 - 9 does not divide x - 3.
	proved, why := one("v1 ^ 2 - (9 : Rat) = (0 : Rat) → v1 = (3 : Rat)").Proved()
	assert.False(t, proved)
	assert.Equal(t, "the hypothesis does not divide the goal", why)
	proved, _ = one("v1 = (3 : Rat) → v1 ^ 2 = (9 : Rat)").Proved()
	assert.True(t, proved, "x - 3 divides x^2 - 9")
	proved, why = one("(1 : Rat) = (1 : Rat) → v1 = v1").Proved()
	assert.False(t, proved)
	assert.Equal(t, "a constant hypothesis", why)
}

// TestOneGrammar: the closed and the symbolic readers share the term grammar, so a term without
// bound names has the same value under both.
func TestOneGrammar(t *testing.T) {
	terms := []string{
		"(1 : Rat) / (3 : Rat) + (1 : Rat) / (6 : Rat)",
		"(2 : Rat) - (3 : Rat) - (4 : Rat)",
		"(2 : Rat) / (3 : Rat) / (4 : Rat)",
		"-((1.5 : Rat) * (2 : Rat) ^ 3)",
		"((2 : Rat) + (3 : Rat)) * (4 : Rat) ^ 2",
	}
	for _, term := range terms {
		held := 0
		for _, target := range []string{"(0 : Rat)", "(1 : Rat)", "-(5 : Rat)", "(0.5 : Rat)", "-(48 : Rat)", "(80 : Rat)", "-(12 : Rat)", "(1 : Rat) / (6 : Rat)"} {
			prop := term + " = " + target
			lean, _ := closed(prop)
			c, err := Parse(lean, decideKernel)
			require.NoError(t, err, prop)
			s, err := ParseForall("example : ∀ (v1 : Rat), "+prop+" := by grind", idTactic)
			require.NoError(t, err, prop)
			proved, _ := s.Proved()
			assert.Equal(t, c.Holds, proved, prop)
			if c.Holds {
				held++
			}
		}
		assert.Equal(t, 1, held, "%s: one target is its value", term)
	}
}
