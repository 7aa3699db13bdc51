package symimp

import "github.com/leanprm/leanprm/translate/internal/symexpr"

// Recomputed reports two adjacent lines of one run where b restates a
// with its right side computed: a's right side a closed computation ("40
// + 70 + 100"), b's the number it makes (210, not 0), both left sides
// polynomials in the same two or more names, b's a multiple c·(a's) with
// c ≠ 0, 1 ("2(ab + ac + …)" for "(ab + cd) + (ac + bd) + …"). Such a b
// is written as a's rewriting, not as a second equation of a system,
// and it fails wherever a holds (c·R ≠ R): Refute finds the points.
func Recomputed(a, b Line) bool {
	if b.R.Op != 'n' || a.R.Op == 'n' || a.R.Op == 'v' || len(symexpr.Vars(a.R, map[string]bool{}, nil)) > 0 {
		return false
	}
	ra, errA := symexpr.ToRat(a.R)
	rb, errB := symexpr.ToRat(b.R)
	if errA != nil || errB != nil || !ra.Equal(rb) || ra.Num().IsZero() {
		return false
	}
	la, errA := symexpr.ToRat(a.L)
	lb, errB := symexpr.ToRat(b.L)
	if errA != nil || errB != nil || la.Den().Degree() != 0 || lb.Den().Degree() != 0 {
		return false
	}
	na, nb := sortedNames(la.Num().Vars()), sortedNames(lb.Num().Vars())
	if len(na) < 2 || len(na) != len(nb) {
		return false
	}
	for i := range na {
		if na[i] != nb[i] {
			return false
		}
	}
	p, q := la.Num().Mul(lb.Den()), lb.Num().Mul(la.Den())
	return proportional(q, p) && !p.Equal(q) // c ≠ 0 (proportional), c ≠ 1
}
