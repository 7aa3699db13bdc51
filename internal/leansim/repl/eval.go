package repl

import (
	"fmt"
	"math/big"
	"strings"
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
	// elabExponentThreshold is Lean's default `exponentiation.threshold` (256): above it the
	// elaborator's whnf does not evaluate `^`, so `decide` (without +kernel) fails.
	elabExponentThreshold = 256
)

type evalErrKind uint8

const (
	evFree        evalErrKind = iota // a free variable: the goal is not closed
	evOpaque                         // a definition whose value is unknown (e.g. `sorry`)
	evFloat                          // Float arithmetic: no decision procedure
	evUndecidable                    // a proposition variable, or a type without Decidable
	evTooBig                         // a number beyond maxBits
	evExponent                       // an exponent beyond kernelMaxExponent
)

type evalErr struct {
	kind     evalErrKind
	detail   string
	exponent *big.Int
}

func (e *evalErr) Error() string { return e.detail }

// evaluator computes elaborated terms exactly. maxExp, when positive, is the largest exponent
// the current tactic evaluates (see elabExponentThreshold).
type evaluator struct {
	sc     *scope
	maxExp int64
	// bigExp records an exponent above maxExp that was met, for the tactic's message.
	bigExp *big.Int
}

func ratBits(r *big.Rat) int { return r.Num().BitLen() + r.Denom().BitLen() }

func (ev *evaluator) tooBig() error {
	return &evalErr{kind: evTooBig, detail: "number too large"}
}

// parseLiteral returns the exact value of a numeric literal: naturals, and Lean scientific
// literals such as 2.5, 1e3, 1.5e-2.
func parseLiteral(text string) (*big.Rat, error) {
	if len(text) > maxBits/3 {
		return nil, &evalErr{kind: evTooBig, detail: "literal too large"}
	}
	mant, exp := text, 0
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		mant = text[:i]
		var e int
		if _, err := fmt.Sscan(text[i+1:], &e); err != nil || e > maxBits/3 || e < -maxBits/3 {
			return nil, &evalErr{kind: evTooBig, detail: "literal exponent too large"}
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

// term evaluates an elaborated term node in its elaborated type n.Ty.
func (ev *evaluator) term(n *Node) (*big.Rat, error) {
	switch n.Ty {
	case TypeFloat:
		return nil, &evalErr{kind: evFloat, detail: "Float"}
	case TypeNat, TypeInt, TypeRat, TypeReal:
	default:
		return nil, &evalErr{kind: evUndecidable, detail: "not a number"}
	}
	switch n.Op {
	case opNum, opDec:
		return parseLiteral(n.Text)
	case opVar:
		v, err := ev.sc.value(n.Text)
		if err != nil {
			return nil, err
		}
		return v, nil
	case opAscr:
		return ev.term(n.Kids[0])
	case opApp:
		f, ok := simFuncs[n.Text]
		if !ok || len(n.Kids) != len(f.params) {
			return nil, &evalErr{kind: evUndecidable, detail: "not a simulated function: " + n.Text}
		}
		args := make([]*big.Rat, len(n.Kids))
		for i, k := range n.Kids {
			v, err := ev.term(k)
			if err != nil {
				return nil, err
			}
			args[i] = v
		}
		r := f.eval(args)
		if ratBits(r) > maxBits {
			return nil, ev.tooBig()
		}
		return r, nil
	case opNeg:
		v, err := ev.term(n.Kids[0])
		if err != nil {
			return nil, err
		}
		return new(big.Rat).Neg(v), nil
	case opInv:
		v, err := ev.term(n.Kids[0])
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
		return nil, &evalErr{kind: evUndecidable, detail: "not arithmetic: " + n.Op}
	}
	a, err := ev.term(n.Kids[0])
	if err != nil {
		return nil, err
	}
	b, err := ev.term(n.Kids[1])
	if err != nil {
		return nil, err
	}
	r := new(big.Rat)
	switch n.Op {
	case "+":
		r.Add(a, b)
	case "-":
		r.Sub(a, b)
		if n.Ty == TypeNat && r.Sign() < 0 {
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
		case n.Ty == TypeNat || n.Ty == TypeInt:
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

func (ev *evaluator) pow(n *Node) (*big.Rat, error) {
	base, err := ev.term(n.Kids[0])
	if err != nil {
		return nil, err
	}
	e, err := ev.term(n.Kids[1])
	if err != nil {
		return nil, err
	}
	if !e.IsInt() || e.Sign() < 0 {
		return nil, &evalErr{kind: evUndecidable, detail: "exponent is not a natural number"}
	}
	exp := e.Num()
	if exp.Cmp(big.NewInt(kernelMaxExponent)) >= 0 {
		return nil, &evalErr{kind: evExponent, detail: "exponent too large", exponent: exp}
	}
	k := exp.Int64()
	if ev.maxExp > 0 && k > ev.maxExp && ev.bigExp == nil {
		ev.bigExp = new(big.Int).Set(exp)
	}
	// 0, 1 and -1 stay small whatever the exponent; everything else grows linearly with it.
	small := base.IsInt() && base.Num().CmpAbs(big.NewInt(1)) <= 0
	if !small && int64(ratBits(base))*k > maxBits {
		return nil, &evalErr{kind: evTooBig, detail: "power too large", exponent: exp}
	}
	num := new(big.Int).Exp(base.Num(), exp, nil)
	den := new(big.Int).Exp(base.Denom(), exp, nil)
	return new(big.Rat).SetFrac(num, den), nil
}

// prop decides an elaborated closed proposition.
func (ev *evaluator) prop(n *Node) (bool, error) {
	switch n.Op {
	case opTrue:
		return true, nil
	case opFalse:
		return false, nil
	case opNot:
		v, err := ev.prop(n.Kids[0])
		return !v, err
	case opAnd, opOr, opImp, opIff:
		a, err := ev.prop(n.Kids[0])
		if err != nil {
			return false, err
		}
		b, err := ev.prop(n.Kids[1])
		if err != nil {
			return false, err
		}
		switch n.Op {
		case opAnd:
			return a && b, nil
		case opOr:
			return a || b, nil
		case opImp:
			return !a || b, nil
		default:
			return a == b, nil
		}
	case opVar:
		return false, &evalErr{kind: evUndecidable, detail: n.Text}
	}
	if !isRel(n.Op) {
		return false, &evalErr{kind: evUndecidable, detail: n.Op}
	}
	a, err := ev.term(n.Kids[0])
	if err != nil {
		return false, err
	}
	b, err := ev.term(n.Kids[1])
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
