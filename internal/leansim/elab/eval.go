package elab

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// Limits that keep the simulator from hanging or running out of memory on claims such as
// `2 ^ 2 ^ 64 = 0`. Real Lean fails on such claims too, in ways that depend on the tactic
// (see decideFailure); these bounds only decide where the simulator gives up.
const (
	// maxBits bounds the size, in bits, of every intermediate numerator plus denominator.
	maxBits = 1 << 19
	// kernelMaxExponent mirrors the Lean kernel, which evaluates `Nat.pow` with GMP only for
	// exponents below 2^24 and otherwise unfolds it until it reports deep recursion.
	kernelMaxExponent = 1 << 24
	// ElabExponentThreshold is Lean's default `exponentiation.threshold` (256): above it the
	// elaborator's whnf does not evaluate `^`, so `decide` (without +kernel) fails.
	ElabExponentThreshold = 256
)

type EvalErrKind uint8

const (
	EvFree        EvalErrKind = iota // a free variable: the goal is not closed
	EvOpaque                         // a definition whose value is unknown (e.g. `sorry`)
	evFloat                          // Float arithmetic: no decision procedure
	evUndecidable                    // a proposition variable, or a type without Decidable
	EvTooBig                         // a number beyond maxBits
	EvExponent                       // an exponent beyond kernelMaxExponent
)

type EvalErr struct {
	Kind     EvalErrKind
	detail   string
	exponent *big.Int
}

func (e *EvalErr) Error() string { return e.detail }

// Evaluator computes elaborated terms exactly. MaxExp, when positive, is the largest exponent
// the current tactic evaluates (see ElabExponentThreshold).
type Evaluator struct {
	Scope  *Scope
	MaxExp int64
	// BigExp records an exponent above MaxExp that was met, for the tactic's message.
	BigExp *big.Int
}

func ratBits(r *big.Rat) int { return r.Num().BitLen() + r.Denom().BitLen() }

func (ev *Evaluator) tooBig() error {
	return &EvalErr{Kind: EvTooBig, detail: "number too large"}
}

// ParseLiteral returns the exact value of a numeric literal: naturals, and Lean scientific
// literals such as 2.5, 1e3, 1.5e-2.
func ParseLiteral(text string) (*big.Rat, error) {
	if len(text) > maxBits/3 {
		return nil, &EvalErr{Kind: EvTooBig, detail: "literal too large"}
	}
	mant, exp := text, 0
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		mant = text[:i]
		var e int
		if _, err := fmt.Sscan(text[i+1:], &e); err != nil || e > maxBits/3 || e < -maxBits/3 {
			return nil, &EvalErr{Kind: EvTooBig, detail: "literal exponent too large"}
		}
		exp = e
	}
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		exp -= len(mant) - i - 1
		mant = mant[:i] + mant[i+1:]
	}
	n, ok := new(big.Int).SetString(mant, 10)
	if !ok {
		return nil, fmt.Errorf("bad literal %q", text)
	}
	r := new(big.Rat).SetInt(n)
	if exp != 0 {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(exp))), nil)
		if exp > 0 {
			r.Mul(r, new(big.Rat).SetInt(p))
		} else {
			r.Quo(r, new(big.Rat).SetInt(p))
		}
	}
	return r, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Term evaluates an elaborated term node in its elaborated type n.Ty.
func (ev *Evaluator) Term(n *syntax.Node) (*big.Rat, error) {
	switch n.Ty {
	case syntax.TypeFloat:
		return nil, &EvalErr{Kind: evFloat, detail: "Float"}
	case syntax.TypeNat, syntax.TypeInt, syntax.TypeRat, syntax.TypeReal:
	default:
		return nil, &EvalErr{Kind: evUndecidable, detail: "not a number"}
	}
	switch n.Op {
	case syntax.OpNum, syntax.OpDec:
		return ParseLiteral(n.Text)
	case syntax.OpVar:
		v, err := ev.Scope.value(n.Text)
		if err != nil {
			return nil, err
		}
		return v, nil
	case syntax.OpAscr:
		return ev.Term(n.Kids[0])
	case syntax.OpApp:
		f, ok := syntax.Funcs[n.Text]
		if !ok || len(n.Kids) != len(f.Params) {
			return nil, &EvalErr{Kind: evUndecidable, detail: "not a simulated function: " + n.Text}
		}
		args := make([]*big.Rat, len(n.Kids))
		for i, k := range n.Kids {
			v, err := ev.Term(k)
			if err != nil {
				return nil, err
			}
			args[i] = v
		}
		r := f.Eval(args)
		if ratBits(r) > maxBits {
			return nil, ev.tooBig()
		}
		return r, nil
	case syntax.OpNeg:
		v, err := ev.Term(n.Kids[0])
		if err != nil {
			return nil, err
		}
		return new(big.Rat).Neg(v), nil
	case syntax.OpInv:
		v, err := ev.Term(n.Kids[0])
		if err != nil {
			return nil, err
		}
		if v.Sign() == 0 {
			return v, nil // Lean: 0⁻¹ = 0
		}
		return new(big.Rat).Inv(v), nil
	case "^":
		return ev.pow(n)
	case "+", "-", "*", "/", "%":
	default:
		return nil, &EvalErr{Kind: evUndecidable, detail: "not arithmetic: " + n.Op}
	}
	a, err := ev.Term(n.Kids[0])
	if err != nil {
		return nil, err
	}
	b, err := ev.Term(n.Kids[1])
	if err != nil {
		return nil, err
	}
	r := new(big.Rat)
	switch n.Op {
	case "+":
		r.Add(a, b)
	case "-":
		r.Sub(a, b)
		if n.Ty == syntax.TypeNat && r.Sign() < 0 {
			r.SetInt64(0) // truncated subtraction
		}
	case "*":
		if ratBits(a)+ratBits(b) > maxBits {
			return nil, ev.tooBig()
		}
		r.Mul(a, b)
	case "/":
		switch {
		case b.Sign() == 0:
			r.SetInt64(0) // x / 0 = 0 in Nat, Int and Rat
		case n.Ty == syntax.TypeNat || n.Ty == syntax.TypeInt:
			// Nat division floors; Int's `/` is Int.ediv, whose remainder is never negative,
			// which is exactly big.Int's Euclidean Div.
			r.SetInt(new(big.Int).Div(a.Num(), b.Num()))
		default:
			if ratBits(a)+ratBits(b) > maxBits {
				return nil, ev.tooBig()
			}
			r.Quo(a, b)
		}
	case "%":
		if b.Sign() == 0 {
			r.Set(a) // x % 0 = x
		} else {
			r.SetInt(new(big.Int).Mod(a.Num(), b.Num())) // Euclidean, like Int.emod
		}
	}
	if ratBits(r) > maxBits {
		return nil, ev.tooBig()
	}
	return r, nil
}

func (ev *Evaluator) pow(n *syntax.Node) (*big.Rat, error) {
	base, err := ev.Term(n.Kids[0])
	if err != nil {
		return nil, err
	}
	e, err := ev.Term(n.Kids[1])
	if err != nil {
		return nil, err
	}
	if !e.IsInt() || e.Sign() < 0 {
		return nil, &EvalErr{Kind: evUndecidable, detail: "exponent is not a natural number"}
	}
	exp := e.Num()
	if exp.Cmp(big.NewInt(kernelMaxExponent)) >= 0 {
		return nil, &EvalErr{Kind: EvExponent, detail: "exponent too large", exponent: exp}
	}
	k := exp.Int64()
	if ev.MaxExp > 0 && k > ev.MaxExp && ev.BigExp == nil {
		ev.BigExp = new(big.Int).Set(exp)
	}
	// 0, 1 and -1 stay small whatever the exponent; everything else grows linearly with it.
	small := base.IsInt() && base.Num().CmpAbs(big.NewInt(1)) <= 0
	if !small && int64(ratBits(base))*k > maxBits {
		return nil, &EvalErr{Kind: EvTooBig, detail: "power too large", exponent: exp}
	}
	num := new(big.Int).Exp(base.Num(), exp, nil)
	den := new(big.Int).Exp(base.Denom(), exp, nil)
	return new(big.Rat).SetFrac(num, den), nil
}

// Prop decides an elaborated closed proposition.
func (ev *Evaluator) Prop(n *syntax.Node) (bool, error) {
	switch n.Op {
	case syntax.OpTrue:
		return true, nil
	case syntax.OpFalse:
		return false, nil
	case syntax.OpNot:
		v, err := ev.Prop(n.Kids[0])
		return !v, err
	case syntax.OpAnd, syntax.OpOr, syntax.OpImp, syntax.OpIff:
		a, err := ev.Prop(n.Kids[0])
		if err != nil {
			return false, err
		}
		b, err := ev.Prop(n.Kids[1])
		if err != nil {
			return false, err
		}
		switch n.Op {
		case syntax.OpAnd:
			return a && b, nil
		case syntax.OpOr:
			return a || b, nil
		case syntax.OpImp:
			return !a || b, nil
		default:
			return a == b, nil
		}
	case syntax.OpVar:
		return false, &EvalErr{Kind: evUndecidable, detail: n.Text}
	}
	if !syntax.IsRel(n.Op) {
		return false, &EvalErr{Kind: evUndecidable, detail: n.Op}
	}
	a, err := ev.Term(n.Kids[0])
	if err != nil {
		return false, err
	}
	b, err := ev.Term(n.Kids[1])
	if err != nil {
		return false, err
	}
	c := a.Cmp(b)
	switch n.Op {
	case "=":
		return c == 0, nil
	case "≠":
		return c != 0, nil
	case "<":
		return c < 0, nil
	case ">":
		return c > 0, nil
	case "≤":
		return c <= 0, nil
	default:
		return c >= 0, nil
	}
}
