package arith

import (
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// A whole number shown to its units against an exact computation
// (docs/TRANSLATE.md, "Approximations of an exact computation shown to the
// units"): "\sqrt{57,108,249} \approx 7563" claims four places, and no
// rounding of the computation's value or of its numbers gives 7563.

// unitsMin is the smallest whole number whose units are read as claimed:
// four significant places at least.
var unitsMin = big.NewInt(1000)

// unitsTolerance is how far apart the sides of such a claim may be: the
// rounding or the truncation of the value to its units moves it by less
// than 1, so 2 leaves a margin.
var unitsTolerance = big.NewRat(2, 1)

// unitsHedges are words of the sentence that make it an estimate.
var unitsHedges = []string{"estimat", "rough", "about", "around", "nearly", "close to", "order of", "ballpark", "guess", "crude", "rounded", "rounding"}

// unitsClaimed reports whether A ≈ B sets a lone whole number of four or
// more places whose last digit is not 0 against a computation that is
// exact (whole numbers only, no name, no reading left open), in a
// sentence that does not call it an estimate, and whether no rounding of
// the computation's numbers to a number of significant places (to the
// nearest or toward zero, all to the same number of places) brings the
// computation within 1 of the whole number. Then the tolerance is
// unitsTolerance, not a twentieth of the value.
func (c *ClaimCtx) unitsClaimed(A, B *SideInfo, a, b Value, la, lb *NumNode, loneA, loneB bool) bool {
	if loneA == loneB || len(c.Vars) > 0 || a.R.Sign() != 0 || b.R.Sign() != 0 || a.Inf || b.Inf {
		return false
	}
	lit, X, O := lb, A, B
	if loneA {
		lit, X, O = la, B, A
	}
	l := lit.Lit
	if l.Dec > 0 || !l.IntLit || l.Percent || l.Ellipsis || lit.UnitText != "" || !l.Val.IsInt() {
		return false
	}
	n := new(big.Int).Abs(l.Val.Num())
	if n.Cmp(unitsMin) < 0 || new(big.Int).Rem(n, big.NewInt(10)).Sign() == 0 {
		return false
	}
	if A.S < 0 || B.E > len(c.Text) || A.S > B.E {
		return false
	}
	sentence := strings.ToLower(mathtext.SentenceAround(c.Text, A.S, B.E))
	for _, h := range unitsHedges {
		if strings.Contains(sentence, h) {
			return false
		}
	}
	var nums []*NumNode
	if !wholeLeaves(X.N, &nums, 0) || len(nums) == 0 {
		return false
	}
	env := c.sideEnv(X, O)
	places := 0
	for _, m := range nums {
		places = max(places, len(new(big.Int).Abs(m.Lit.Val.Num()).String()))
	}
	for s := 1; s <= places; s++ {
		for _, trunc := range []bool{false, true} {
			rounded := roundedCopy(X.N, s, trunc)
			if near, ok := within1(env, rounded, l.Val); !ok || near {
				return false
			}
		}
	}
	return true
}

// wholeLeaves collects the number literals of n into out, and reports
// whether they are all whole numbers without a unit and n has no name and
// no second reading.
func wholeLeaves(n Node, out *[]*NumNode, depth int) bool {
	if depth > 64 || len(*out) > 16 {
		return false
	}
	switch n := n.(type) {
	case *NumNode:
		l := n.Lit
		if l.Dec > 0 || !l.IntLit || l.Percent || l.Ellipsis || n.UnitText != "" || !l.Val.IsInt() {
			return false
		}
		*out = append(*out, n)
		return true
	case *BinNode:
		return n.alt == nil && !n.of && wholeLeaves(n.L, out, depth+1) && wholeLeaves(n.R, out, depth+1)
	case *negNode:
		return wholeLeaves(n.x, out, depth+1)
	case *powNode:
		return wholeLeaves(n.base, out, depth+1)
	case *sqrtNode:
		return wholeLeaves(n.arg, out, depth+1)
	}
	return false
}

// roundedCopy is a copy of n (whose leaves wholeLeaves accepted) with
// every number rounded to s significant places; n is left as it is.
func roundedCopy(n Node, s int, trunc bool) Node {
	switch n := n.(type) {
	case *NumNode:
		lit := *n.Lit
		lit.Val = new(big.Rat).SetInt(roundPlaces(n.Lit.Val.Num(), s, trunc))
		m := *n
		m.Lit = &lit
		return &m
	case *BinNode:
		b := *n
		b.L, b.R = roundedCopy(n.L, s, trunc), roundedCopy(n.R, s, trunc)
		return &b
	case *negNode:
		g := *n
		g.x = roundedCopy(n.x, s, trunc)
		return &g
	case *powNode:
		p := *n
		p.base = roundedCopy(n.base, s, trunc)
		return &p
	case *sqrtNode:
		r := *n
		r.arg = roundedCopy(n.arg, s, trunc)
		return &r
	}
	return n
}

// roundPlaces is n rounded to s significant places, to the nearest (half
// away from zero) or toward zero.
func roundPlaces(n *big.Int, s int, trunc bool) *big.Int {
	digits := len(new(big.Int).Abs(n).String())
	if digits <= s {
		return new(big.Int).Set(n)
	}
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits-s)), nil)
	q, r := new(big.Int).QuoRem(n, p, new(big.Int))
	if !trunc && new(big.Int).Mul(new(big.Int).Abs(r), big.NewInt(2)).Cmp(p) >= 0 {
		if n.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return q.Mul(q, p)
}

// within1 reports whether the value of n is within 1 of w, and whether it
// could tell: a square root of a whole number that is no square is
// compared through squares ((w-1)² < m < (w+1)² for w ≥ 1).
func within1(env *EvalEnv, n Node, w *big.Rat) (near, ok bool) {
	v, err := env.Eval(n)
	if err == nil {
		d := new(big.Rat).Sub(v.V, w)
		return d.Abs(d).Cmp(big.NewRat(1, 1)) < 0, true
	}
	r, isRoot := n.(*sqrtNode)
	if !isRoot || r.n != 2 || w.Cmp(big.NewRat(1, 1)) < 0 {
		return false, false
	}
	m, isNum := r.arg.(*NumNode)
	if !isNum {
		return false, false
	}
	lo := new(big.Rat).Sub(w, big.NewRat(1, 1))
	hi := new(big.Rat).Add(w, big.NewRat(1, 1))
	return lo.Mul(lo, lo).Cmp(m.Lit.Val) < 0 && m.Lit.Val.Cmp(hi.Mul(hi, hi)) < 0, true
}
