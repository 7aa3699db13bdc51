package eqrewrite

import (
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/listcond"
)

// altRE in the sentence of a pair joined by ", or": the two may be
// alternatives.
var altRE = regexp.MustCompile(`\b(?:either|both|cases?|solutions?|roots?|possib\w*|options?|whether)\b`)

// A comma and "or" between two equations ("…, yields \(4x + 4y - 4x^2 -
// 4y^2 = 2\), or \((2x - 1)^2 + (2y - 1)^2 = 2\)") restates the first as
// the second, as "that is" does; without the comma, "or" lists
// alternatives ("\(x = 2\) or \(x = -2\)"). Alternatives after a comma
// are still written, mostly as the pieces of a factored or rooted
// equation: one side kept and the other changed ("\(xy = 3(x + y)\), or
// \(xy = -2(x + y)\)", "\(x + y = 2\), or \(x + y = -2\)"), or linear
// pieces ("\(x - y = 1\), or \(y - x = 1\)"). A pair joined so is read
// only when both equations are of degree 2 at least, no side of the one
// is written as a side of the other (but a nonzero number), the sentence
// says nothing of "either", "both", "cases" or "solutions", and the two
// differ only by a constant moved: the second's left minus right side is
// a nonzero multiple of the first's plus a nonzero number, the slip of a
// restatement (a constant lost in completing a square), which no two
// alternatives written in different forms are.

// restated reports the prose between two math regions, [e, s) of low, to
// be a comma and "or" alone.
func restated(low string, e, s int) bool {
	return between(low, e, s) == "or" && strings.IndexByte(low[e:s], ',') >= 0
}

// orPair reports that a and b, joined by ", or", are read as a
// restatement: both of degree 2 at least, no side shared, and no word of
// alternatives in their sentence.
func orPair(text, low string, a, b *equation) bool {
	if a.L.Sub(a.R).Num().Degree() < 2 || b.L.Sub(b.R).Num().Degree() < 2 {
		return false
	}
	ai, bi := strings.IndexByte(text[a.s:a.e], '='), strings.IndexByte(text[b.s:b.e], '=')
	al, ar := squeeze(text[a.s:a.s+ai]), squeeze(text[a.s+ai+1:a.e])
	bl, br := squeeze(text[b.s:b.s+bi]), squeeze(text[b.s+bi+1:b.e])
	if al == bl || al == br || ar == bl || ar == br && (!closedSide(ar) || strings.Trim(ar, "-0.") == "") {
		return false
	}
	if !moved(a.L.Sub(a.R), b.L.Sub(b.R)) {
		return false
	}
	ss := listcond.SentenceStart(low, a.s)
	se := listcond.SentenceEnd(low, b.e)
	return !altRE.MatchString(low[ss:se])
}

// closedSide reports a side that is a number alone ("2", "-1"), the one
// side two restatements may share.
func closedSide(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

// squeeze is side s without blanks, math marks and a final point.
func squeeze(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '$':
		default:
			b.WriteByte(s[i])
		}
	}
	return strings.TrimRight(b.String(), ".")
}

// moved reports db = c·da + k for some rational c ≠ 0 and k ≠ 0, both
// polynomials (no name in a denominator).
func moved(da, db algebra.Rat) bool {
	if da.Den().Degree() > 0 || db.Den().Degree() > 0 {
		return false
	}
	pa, pb := da.Num(), db.Num()
	for _, ma := range pa.Monomials() {
		if len(ma.Vars) == 0 {
			continue
		}
		for _, mb := range pb.Monomials() {
			if slices.Equal(ma.Vars, mb.Vars) && slices.Equal(ma.Exps, mb.Exps) {
				d := pb.Mul(algebra.Const(ma.Coef)).Sub(pa.Mul(algebra.Const(mb.Coef)))
				return d.Degree() == 0 && !d.IsZero()
			}
		}
		return false
	}
	return false
}
