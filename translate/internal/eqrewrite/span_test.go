package eqrewrite

import (
	"math/big"
	"testing"

	"github.com/leanprm/leanprm/translate/algebra"
)

func TestMultiple(t *testing.T) {
	x, y := algebra.Var("x"), algebra.Var("y")
	p := x.Mul(x).Add(y.Mul(algebra.Int(3))).Sub(algebra.Int(2)) // x² + 3y − 2
	q := p.Mul(algebra.Const(big.NewRat(-5, 2)))
	if !multiple(q, p) || !multiple(p, q) {
		t.Fatal("a nonzero multiple is a multiple")
	}
	if multiple(p.Add(algebra.Int(1)), p) {
		t.Fatal("another constant term is no multiple")
	}
	if multiple(p.Add(x), p) {
		t.Fatal("another term is no multiple")
	}
}
