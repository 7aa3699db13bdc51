package symexpr

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/dialect"
)

// One evaluator of a symbolic tree, generic over the numbers it computes in: exact rationals
// at a point (symEval), exact values in Q(radicals) of a closed tree (surdEval), and rational
// functions of the names (symToRat). Each number type says, in a numbers table, how it meets
// a name, a radical, a trigonometric value and a power; the walk of the tree is written once.

// numbers is the arithmetic a tree is evaluated in. An operation that has no value in N
// returns an error, which ends the evaluation.
type numbers[N any] interface {
	fromRat(q *big.Rat) N
	name(n string) (N, error)
	neg(x N) N
	add(x, y N) N
	sub(x, y N) N
	mul(x, y N) N
	div(x, y N) (N, error)
	// pow is x^e for any integer e (a negative e divides).
	pow(x N, e int) (N, error)
	// root is the index-th root of the radicand, which arg evaluates (so a table with no
	// radicals can refuse one without reading it).
	root(arg func() (N, error), index int) (N, error)
	// trig is fn(mult·π).
	trig(fn string, mult *big.Rat) (N, error)
	// trigName is a trigonometric function of a name (trigname.go).
	trigName(e *Expr) (N, error)
	// expName is a power with a name in its exponent (expname.go).
	expName(e *Expr) (N, error)
}

// evalTree evaluates e in the numbers of ar: the children left to right, the first error
// ending the walk (with the zero N).
func evalTree[N any](e *Expr, ar numbers[N]) (N, error) {
	var zero N
	switch e.Op {
	case 'n':
		return ar.fromRat(e.Num), nil
	case 'v':
		return ar.name(e.Name)
	case '~':
		x, err := evalTree(e.L, ar)
		if err != nil {
			return zero, err
		}
		return ar.neg(x), nil
	case 'r':
		return ar.root(func() (N, error) { return evalTree(e.L, ar) }, e.Exp)
	case 't':
		return ar.trig(e.Name, e.Num)
	case 'W':
		return ar.trigName(e)
	case 'X':
		if HasVar(e.R) {
			return ar.expName(e)
		}
		// a sum's index put in: 2^k at k = 3
		n, err := closedExponent(e.R)
		if err != nil {
			return zero, err
		}
		x, err := evalTree(e.L, ar)
		if err != nil {
			return zero, err
		}
		return ar.pow(x, n)
	case '!', 'b', 'F':
		v, err := closedFnValue(e)
		if err != nil {
			return zero, err
		}
		return ar.fromRat(v), nil
	case '^':
		x, err := evalTree(e.L, ar)
		if err != nil {
			return zero, err
		}
		return ar.pow(x, e.Exp)
	}
	a, err := evalTree(e.L, ar)
	if err != nil {
		return zero, err
	}
	b, err := evalTree(e.R, ar)
	if err != nil {
		return zero, err
	}
	switch e.Op {
	case '+':
		return ar.add(a, b), nil
	case '-':
		return ar.sub(a, b), nil
	case '*':
		return ar.mul(a, b), nil
	}
	return ar.div(a, b)
}

// Eval evaluates e at a point; a division by zero is an error.
func Eval(e *Expr, at map[string]*big.Rat) (*big.Rat, error) {
	return evalTree[*big.Rat](e, pointNumbers(at))
}

// EvalSurd evaluates a closed expression exactly in Q(radicals).
func EvalSurd(e *Expr) (algebra.Surd, error) {
	return evalTree[algebra.Surd](e, surdNumbers{})
}

// ToRat converts e to a rational function. Division by the zero
// polynomial is an error.
func ToRat(e *Expr) (algebra.Rat, error) {
	return evalTree[algebra.Rat](e, ratFnNumbers{})
}

// RatEqual reports ToRat(a) equal to ToRat(b) (a side it cannot convert read as zero).
func RatEqual(a, b *Expr) bool { L, _ := ToRat(a); R, _ := ToRat(b); return L.Equal(R) }

// pointNumbers are exact rationals, the names taking their values at a point.
type pointNumbers map[string]*big.Rat

var _ numbers[*big.Rat] = pointNumbers(nil)

func (pointNumbers) fromRat(q *big.Rat) *big.Rat { return q }

func (at pointNumbers) name(n string) (*big.Rat, error) {
	v, ok := at[n]
	if !ok {
		return nil, fmt.Errorf("no value for %s", n)
	}
	return v, nil
}

func (pointNumbers) neg(x *big.Rat) *big.Rat    { return new(big.Rat).Neg(x) }
func (pointNumbers) add(x, y *big.Rat) *big.Rat { return algebra.AddQ(x, y) }
func (pointNumbers) sub(x, y *big.Rat) *big.Rat { return algebra.SubQ(x, y) }
func (pointNumbers) mul(x, y *big.Rat) *big.Rat { return algebra.MulQ(x, y) }

func (pointNumbers) div(x, y *big.Rat) (*big.Rat, error) {
	if y.Sign() == 0 {
		return nil, dialect.ErrDivZero
	}
	return new(big.Rat).Quo(x, y), nil
}

func (pointNumbers) pow(x *big.Rat, e int) (*big.Rat, error) {
	if e < 0 {
		if x.Sign() == 0 {
			return nil, dialect.ErrDivZero
		}
		return new(big.Rat).Inv(algebra.PowNat(x, -e)), nil
	}
	return algebra.PowNat(x, e), nil
}

func (pointNumbers) root(arg func() (*big.Rat, error), index int) (*big.Rat, error) {
	x, err := arg()
	if err != nil {
		return nil, err
	}
	return algebra.RationalRoot(x, index)
}

func (pointNumbers) trig(fn string, mult *big.Rat) (*big.Rat, error) {
	v, err := algebra.TrigPi(fn, mult)
	if err != nil {
		return nil, err
	}
	q, ok := v.Rat()
	if !ok {
		return nil, errors.New("an irrational trigonometric value")
	}
	return q, nil
}

// field is a number type of package algebra that does its own arithmetic.
type field[N any] interface {
	Neg() N
	Add(N) N
	Sub(N) N
	Mul(N) N
	Div(N) (N, error)
}

// fieldOps is the part of a numbers table that a field's own methods are.
type fieldOps[N field[N]] struct{}

func (fieldOps[N]) neg(x N) N             { return x.Neg() }
func (fieldOps[N]) add(x, y N) N          { return x.Add(y) }
func (fieldOps[N]) sub(x, y N) N          { return x.Sub(y) }
func (fieldOps[N]) mul(x, y N) N          { return x.Mul(y) }
func (fieldOps[N]) div(x, y N) (N, error) { return x.Div(y) }

// surdNumbers are exact values in Q(radicals); a name has none.
type surdNumbers struct{ fieldOps[algebra.Surd] }

var _ numbers[algebra.Surd] = surdNumbers{}

func (surdNumbers) fromRat(q *big.Rat) algebra.Surd { return algebra.SurdFromRat(q) }

func (surdNumbers) name(string) (algebra.Surd, error) {
	return algebra.Surd{}, fmt.Errorf("a name")
}

func (surdNumbers) pow(x algebra.Surd, e int) (algebra.Surd, error) {
	if e < 0 {
		x, err := x.Inv()
		if err != nil {
			return x, err
		}
		return x.Pow(-e)
	}
	return x.Pow(e)
}

func (surdNumbers) root(arg func() (algebra.Surd, error), index int) (algebra.Surd, error) {
	x, err := arg()
	if err != nil {
		return x, err
	}
	q, ok := x.Rat()
	if !ok {
		return algebra.Surd{}, fmt.Errorf("a nested radical")
	}
	return algebra.Root(q, index)
}

func (surdNumbers) trig(fn string, mult *big.Rat) (algebra.Surd, error) {
	return algebra.TrigPi(fn, mult)
}

// ratFnNumbers are rational functions of the names; radicals and trigonometric values are
// not among them.
type ratFnNumbers struct{ fieldOps[algebra.Rat] }

var _ numbers[algebra.Rat] = ratFnNumbers{}

func (ratFnNumbers) fromRat(q *big.Rat) algebra.Rat { return algebra.FromPoly(algebra.Const(q)) }

func (ratFnNumbers) name(n string) (algebra.Rat, error) {
	return algebra.FromPoly(algebra.Var(n)), nil
}

func (ratFnNumbers) pow(x algebra.Rat, e int) (algebra.Rat, error) {
	n := e
	if n < 0 {
		n = -n
	}
	num, err := x.Num().Pow(uint(n))
	if err != nil {
		return algebra.Rat{}, err
	}
	den, err := x.Den().Pow(uint(n))
	if err != nil {
		return algebra.Rat{}, err
	}
	if e < 0 {
		num, den = den, num
	}
	return algebra.NewRat(num, den)
}

func (ratFnNumbers) root(func() (algebra.Rat, error), int) (algebra.Rat, error) {
	return algebra.Rat{}, errors.New("a radical")
}

func (ratFnNumbers) trigName(*Expr) (algebra.Rat, error) { return algebra.Rat{}, errTrigOfName }

func (surdNumbers) trigName(*Expr) (algebra.Surd, error) { return algebra.Surd{}, errTrigOfName }

func (pointNumbers) trigName(*Expr) (*big.Rat, error) { return nil, errTrigOfName }

func (ratFnNumbers) expName(*Expr) (algebra.Rat, error) { return algebra.Rat{}, errExpOfName }

func (surdNumbers) expName(*Expr) (algebra.Surd, error) { return algebra.Surd{}, errExpOfName }

func (pointNumbers) expName(*Expr) (*big.Rat, error) { return nil, errExpOfName }

func (tauNumbers) expName(*Expr) (tauVal, error) { return tauVal{}, errExpOfName }

func (ratFnNumbers) trig(string, *big.Rat) (algebra.Rat, error) {
	return algebra.Rat{}, errors.New("a trigonometric value")
}
