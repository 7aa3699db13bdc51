package symexpr

import (
	"errors"
	"math/big"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// What the symbolic reader's notation links share (docs/TRANSLATE.md,
// "Notation"): a certificate for A = B, a member read in every mode its
// text asks for, claims in π alone, and the tests on rational functions
// the links are refuted by.

// Cert is A = B rewritten: L and R are both sides times their
// denominators (polynomials), Holds whether L = R, Diff is A - B, Note
// says the rewriting.
type Cert struct {
	L, R  *Expr
	Holds bool
	Diff  algebra.Rat
	Note  string
}

// cert builds a Cert from the two sides as rational functions.
func cert(a, b algebra.Rat, note string) (Cert, error) {
	pl, pr := a.Num().Mul(b.Den()), b.Num().Mul(a.Den())
	if pl.Terms() > trigMaxTerms || pr.Terms() > trigMaxTerms || pl.Degree() > trigMaxDegree || pr.Degree() > trigMaxDegree {
		return Cert{}, errors.New("too large to rewrite")
	}
	return Cert{L: PolyExpr(pl), R: PolyExpr(pr), Holds: pl.Equal(pr), Diff: a.Sub(b), Note: note}, nil
}

var trigWords = []string{`\sin`, `\cos`, `\tan`, `\cot`, `\sec`, `\csc`, `\log`, `\ln`} // logarithms of a name: atoms.go

// ReadAny reads a member in every mode its text asks for (π, sums,
// trigonometric functions and powers of names); wide is its other
// reading when a sum's summand may run on. π beside another name is
// refused.
func ReadAny(raw string, defs map[string]*Def) (e, wide *Expr, info ReadInfo, err error) {
	m := Mode{Pi: strings.Contains(raw, `\pi`), ExpNames: strings.Contains(raw, "^")}
	for _, w := range trigWords {
		m.TrigNames = m.TrigNames || strings.Contains(raw, w)
	}
	if !m.Pi && !m.TrigNames && !m.ExpNames && !strings.Contains(raw, `\sum`) && !strings.Contains(raw, `\prod`) {
		e, info, err = ReadDefsInfo(raw, defs)
		return e, nil, info, err
	}
	e, wide, info, err = ReadMember(raw, defs, m)
	if err == nil && m.Pi && (PiBeside(e) || PiBeside(wide)) {
		return nil, nil, ReadInfo{}, ErrPiBeside
	}
	return e, wide, info, err
}

// ErrPiBeside refuses π beside another name: no unknown to solve for.
var ErrPiBeside = errors.New("not a symbolic expression: π beside other names")

// PiBeside reports π and another name in e (outside trigonometric functions).
func PiBeside(e *Expr) bool {
	out := map[string]bool{}
	NamesOutsideTrig(e, out, map[string]bool{})
	return len(out) > 1 && out["π"]
}

// PiIdentity decides A = B in π and numbers alone. π is transcendental
// (Lindemann): a rational function of π with rational coefficients is
// zero only when it is zero as a rational function, so the claim holds
// exactly when it holds as an identity in π. A side without π against a
// side that varies with π is an approximation of π and refused.
func PiIdentity(a, b *Expr) (Cert, error) {
	L, err := ToRat(a)
	if err != nil {
		return Cert{}, err
	}
	R, err := ToRat(b)
	if err != nil {
		return Cert{}, err
	}
	if HasVar(a) != HasVar(b) && !L.Equal(R) && (!Constant(L) || !Constant(R)) {
		return Cert{}, errors.New("a number against an expression in π: an approximation of π may be meant")
	}
	return cert(L, R, "π is transcendental, so a claim in π alone holds exactly when it holds for every value of π")
}

// Constant reports a rational function that takes one value wherever it
// is defined: its numerator is its leading coefficients' ratio times its
// denominator.
func Constant(r algebra.Rat) bool {
	n, d := r.Num().Monomials(), r.Den().Monomials()
	if len(n) == 0 {
		return true
	}
	if len(d) == 0 {
		return false
	}
	c := new(big.Rat).Quo(n[0].Coef, d[0].Coef)
	return r.Num().Sub(r.Den().Mul(algebra.Const(c))).IsZero()
}

// SameVerdict reports whether a = b holds alike for every reading of each
// side (a2, b2 the other readings, nil if none), all of them closed and
// exactly evaluable; with b nil there is no link and it holds.
func SameVerdict(a, a2, b, b2 *Expr) bool {
	if b == nil {
		return true
	}
	first := -1
	for _, x := range []*Expr{a, a2} {
		for _, y := range []*Expr{b, b2} {
			if x == nil || y == nil {
				continue
			}
			if HasVar(y) {
				return false
			}
			vx, err1 := EvalSurd(x)
			vy, err2 := EvalSurd(y)
			if err1 != nil || err2 != nil {
				return false
			}
			eq := 0
			if vx.Equal(vy) {
				eq = 1
			}
			if first >= 0 && eq != first {
				return false
			}
			first = eq
		}
	}
	return true
}

// NamesBut lists the names of e but skip, sorted and joined.
func NamesBut(e *Expr, skip string) string {
	var out []string
	for _, v := range Vars(e, map[string]bool{}, nil) {
		if v != skip {
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}
