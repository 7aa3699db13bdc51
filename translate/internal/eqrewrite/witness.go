package eqrewrite

import (
	"math/big"

	"github.com/leanprm/leanprm/translate/algebra"
)

// witness finds a point with positive rational coordinates where a holds,
// every side of a and b is defined, and b fails: each name of a in turn is
// the unknown, the others take values of the grid, and a's numerator is
// solved for the unknown's positive rational roots; whole asks for whole
// coordinates.
func witness(a, b *equation, ctx []link, whole bool) (map[string]*big.Rat, bool) {
	num := a.L.Sub(a.R).Num()
	tries := 0
	for _, v := range a.names {
		others := make([]string, 0, len(a.names)-1)
		for _, n := range a.names {
			if n != v {
				others = append(others, n)
			}
		}
		idx := make([]int, len(others))
		for {
			if tries++; tries > maxPoints {
				return nil, false
			}
			pt := map[string]*big.Rat{}
			p := num
			ok := true
			for i, n := range others {
				pt[n] = grid[idx[i]]
				if whole && !pt[n].IsInt() {
					ok = false
					break
				}
				var err error
				if p, err = p.Subst(n, algebra.Const(grid[idx[i]])); err != nil {
					ok = false
					break
				}
			}
			if ok && !p.IsZero() && p.Degree() > 0 {
				roots, err := algebra.RationalRoots(p, v, maxCands)
				if err == nil {
					for _, x := range roots {
						if x.Sign() <= 0 || whole && !x.IsInt() {
							continue
						}
						pt[v] = x
						if fails(a, b, pt) && holds(ctx, pt) {
							return pt, true
						}
					}
				}
			}
			if !next(idx) {
				break
			}
		}
	}
	return nil, false
}

// next steps idx through the grid's tuples; false past the last.
func next(idx []int) bool {
	for i := range idx {
		if idx[i]++; idx[i] < len(grid) {
			return true
		}
		idx[i] = 0
	}
	return false
}

// fails reports that at pt every side is defined, a holds and b does not.
func fails(a, b *equation, pt map[string]*big.Rat) bool {
	al, ok1 := evalAt(a.L, pt)
	ar, ok2 := evalAt(a.R, pt)
	bl, ok3 := evalAt(b.L, pt)
	br, ok4 := evalAt(b.R, pt)
	return ok1 && ok2 && ok3 && ok4 && al.Cmp(ar) == 0 && bl.Cmp(br) != 0
}

// evalAt is r at pt; false where its denominator is zero or a name has no
// value.
func evalAt(r algebra.Rat, pt map[string]*big.Rat) (*big.Rat, bool) {
	n, err := r.Num().Eval(pt)
	if err != nil {
		return nil, false
	}
	d, err := r.Den().Eval(pt)
	if err != nil || d.Sign() == 0 {
		return nil, false
	}
	return n.Quo(n, d), true
}
