// Package wordcmp reads comparisons said in words between two closed values: "\(20 \times 19
// = 380\) is an integer greater than \(2019\)", "\(\frac{20}{19}\) is a fraction less than 1",
// "7 is not less than \(\sqrt{50}\)". Each side is a whole or decimal number, or a closed
// expression in inline math that package symexpr reads (with square and cube roots,
// factorials, binomials, powers). The comparison is decided exactly in Q(radicals)
// (algebra.Surd) and sent as an inequality between rationals: the two values when both are
// rational, else their squares when both are nonnegative with one square root each.
//
// A comparison is read only when its subject stands alone at the start of its clause (after
// "since", "so", "note that", a bullet, a colon…), its object ends the clause, and its sentence
// neither supposes, tests, hedges nor rejects. A side that is a decimal within a unit of its
// last place of the other side is left alone: the decimal may stand for the other value
// rounded. A subject "it" opening its sentence stands for the side the sentence before names
// alone (pronoun.go).
package wordcmp

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// cmpRE is the comparison between the subject and the object: "is", an optional "not", adverbs,
// an optional noun phrase ("an integer", "a fraction"), the comparative and "than", with "or
// equal to" for ≤ and ≥.
var cmpRE = regexp.MustCompile(`(?i)\s+is\s+(not\s+)?(?:(?:actually|indeed|still|clearly|certainly|definitely|much|slightly|strictly|also|obviously|already)\s+)?(?:(?:a|an)\s+(?:(?:positive|negative|whole|real|rational|natural|proper|very\s+large|large|small)\s+)?(?:integer|number|fraction|value|quantity)\s+(?:that\s+is\s+)?)?(greater|larger|bigger|less|smaller)\s+than(\s+or\s+equal\s+to)?\s+`)

// maxSide bounds the math of one side, and maxClaims the comparisons read in one step.
const (
	maxSide   = 200
	maxClaims = 16
)

// Read returns the comparisons in words of a step, decided: the claim as written is P, so a
// proof verifies it and a disproof refutes it.
func Read(step int, text, tactic string) []obligation.Obligation {
	out := append(readBetween(step, text, tactic), readExtremal(step, text, tactic)...) // between.go, extremal.go
	if !holdsThan(text) {
		return out
	}
	out = append(out, readDiffer(step, text, tactic)...) // differ.go
	if !mayCompare(text) {
		return out
	}
	for _, m := range cmpRE.FindAllStringSubmatchIndex(text, maxClaims) {
		o := readAt(step, text, m, tactic)
		if o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// cmpWords are the comparatives of cmpRE.
var cmpWords = []string{"greater", "larger", "bigger", "less", "smaller"}

// mayCompare is the plain test before cmpRE: every match of it holds one
// of cmpWords, blanks (\s) and "than", looked for here in any ASCII case.
// Only "ſ" outside ASCII folds (in (?i)) to a letter of these words, so a
// text with it is let through.
func mayCompare(text string) bool {
	if strings.Contains(text, "ſ") {
		return true
	}
	return eachThan(text, func(i int) bool {
		e := i
		for e > 0 && isBlank(text[e-1]) {
			e--
		}
		if e == i {
			return false
		}
		for _, w := range cmpWords {
			if e >= len(w) && strings.EqualFold(text[e-len(w):e], w) {
				return true
			}
		}
		return false
	})
}

// thanShift is the Horspool shift of "than" in any ASCII case: how far the
// four bytes looked at may move on when the last of them is c.
var thanShift = func() (t [256]uint8) {
	for c := range t {
		t[c] = 4
	}
	for i, c := range []byte("tha") {
		t[c], t[c-'a'+'A'] = uint8(3-i), uint8(3-i)
	}
	return t
}()

// eachThan calls f with each place of "than" in text, in any ASCII case,
// in order, till f returns true; it reports whether one did.
func eachThan(text string, f func(i int) bool) bool {
	for i := 0; i+4 <= len(text); i += int(thanShift[text[i+3]]) {
		if text[i+3]|0x20 == 'n' && text[i]|0x20 == 't' && text[i+1]|0x20 == 'h' && text[i+2]|0x20 == 'a' && f(i) {
			return true
		}
	}
	return false
}

// isBlank reports a byte of \s: [\t\n\f\r ].
func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// holdsThan reports whether text, lower-cased, holds "than". No letter
// outside ASCII lowers to one of its letters, so the bytes are compared
// with their ASCII case folded, and the text is not lowered.
func holdsThan(text string) bool {
	return eachThan(text, func(int) bool { return true })
}

// side is one side of a comparison: where it is written, its source and its exact value.
type side struct {
	s, e    int
	src     string
	val     algebra.Surd
	decimal int // digits after the point of a decimal written alone, or -1
}

// readAt reads the comparison whose relation cmpRE matched at m.
func readAt(step int, text string, m []int, tactic string) *obligation.Obligation {
	subj, ok := subjectBefore(text, anaphorAt(text, m[0]))
	if ok && !standsAlone(text, subj.s) {
		return nil
	}
	if !ok {
		// "so 2709 is a valid number. However, it is larger than 2908" (pronoun.go).
		if subj, ok = pronounSubject(text, m[0]); !ok {
			return nil
		}
	}
	obj, ok := objectAt(text, m[1])
	if !ok || !endsClause(text, obj.e) {
		return nil
	}
	rel := relation(strings.ToLower(text[m[4]:m[5]]), m[6] >= 0, m[2] >= 0)
	if veto := vetoOf(sentenceWithout(text, subj.s, obj.e)); veto != "" {
		return nil
	}
	if mayRound(subj, obj) || mayRound(obj, subj) {
		return nil
	}
	prop, how, ok := certificate(subj.val, obj.val, rel)
	if !ok {
		return nil
	}
	holds := holdsRel(subj.val.Cmp(obj.val), rel)
	o := &obligation.Obligation{
		Step:       step,
		Span:       mathtext.SpanOf(text, subj.s, obj.e),
		Kind:       obligation.KindInequality,
		Expr:       subj.val.String() + " " + rel + " " + obj.val.String(),
		Prop:       prop,
		OnProof:    obligation.Verified,
		OnDisproof: obligation.Refuted,
		Note:       "a comparison in words between closed values" + how,
	}
	verb := "is"
	if !holds {
		verb = "is not"
	}
	o.WhyProof = fmt.Sprintf("%s %s %s %s", subj.val, verb, rel, obj.val)
	o.WhyDisproof = o.WhyProof
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o
}

// relation is the relation the words state: the comparative, "or equal to", and "not" before it.
func relation(word string, orEqual, not bool) string {
	less := word == "less" || word == "smaller"
	switch {
	case less && !orEqual && !not, !less && orEqual && not:
		return "<"
	case less && orEqual && !not, !less && !orEqual && not:
		return "≤"
	case !less && !orEqual && !not, less && orEqual && not:
		return ">"
	}
	return "≥" // greater or equal, or not less
}

// holdsRel reports whether a relation holds between two values that compare as c (−1, 0, +1).
func holdsRel(c int, rel string) bool {
	switch rel {
	case "<":
		return c < 0
	case "≤":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0
}

// certificate is P, the claim "a rel b" between rationals: the two values when both are rational,
// else their squares when both are nonnegative (each a rational times one square root, or
// rational), with what the note adds.
func certificate(a, b algebra.Surd, rel string) (prop, how string, ok bool) {
	ra, okA := a.Rat()
	rb, okB := b.Rat()
	if okA && okB {
		return ratTerm(ra) + " " + rel + " " + ratTerm(rb), "", true
	}
	if a.Sign() < 0 || b.Sign() < 0 {
		return "", "", false
	}
	sa, okA := squareRat(a)
	sb, okB := squareRat(b)
	if !okA || !okB {
		return "", "", false
	}
	return ratTerm(sa) + " " + rel + " " + ratTerm(sb), ": both sides are nonnegative, so P compares their squares", true
}

// squareRat is s² when it is rational.
func squareRat(s algebra.Surd) (*big.Rat, bool) {
	sq, err := s.Pow(2)
	if err != nil {
		return nil, false
	}
	return sq.Rat()
}

// ratTerm spells a rational in the dialect.
func ratTerm(r *big.Rat) string {
	if r.IsInt() {
		if r.Sign() < 0 {
			return "(-(" + new(big.Int).Neg(r.Num()).String() + " : Rat))"
		}
		return "(" + r.Num().String() + " : Rat)"
	}
	n := new(big.Int).Abs(r.Num())
	t := "((" + n.String() + " : Rat) / (" + r.Denom().String() + " : Rat))"
	if r.Sign() < 0 {
		t = "(-" + t + ")"
	}
	return t
}

// mayRound reports a decimal side d within one unit of its last place of the other side o: the
// writer may mean o rounded ("1.414 is greater than \(\sqrt{2}\)").
func mayRound(d, o side) bool {
	if d.decimal < 0 {
		return false
	}
	unit := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d.decimal)), nil))
	diff := d.val.Sub(o.val)
	return diff.CmpRat(unit) < 0 && diff.CmpRat(new(big.Rat).Neg(unit)) > 0
}
