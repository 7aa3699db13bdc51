package arith

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/dialect"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Node is a parsed arithmetic expression.
type Node interface {
	span() (int, int)
}

// NumNode is a number of the step as read: its literal, the unit after it and its byte span.
type NumNode struct {
	Lit      *mathtext.NumLit
	unit     mathtext.Dims // nil: no unit
	UnitText string        // the unit as read, "$" for money
	S, E     int
}

type VarNode struct {
	Name string
	S, e int
}

type BinNode struct {
	Op       byte // + - * /
	L, R     Node
	implicit bool // juxtaposition
	of       bool // the "of" of "1/3 of $150"
	// alt is another reading of the same text ("a / b/c" read as
	// a / (b/c) or as (a / b) / c), evaluated when the environment's
	// altReading is altKind. altSym says the text does not choose
	// between the two: a claim true on one reading and false on the other
	// is neither verified nor refuted. Without altSym the text marks the
	// reading of the node itself; the other one only keeps a refutation
	// back.
	alt     Node
	altKind string
	altSym  bool
}

type negNode struct {
	x    Node
	s, e int
}

type powNode struct {
	base Node
	exp  int
	e    int
}

type sqrtNode struct {
	n    int // root index, 2 for a square root
	arg  Node
	s, e int
}

func (n *NumNode) span() (int, int)  { return n.S, n.E }
func (n *VarNode) span() (int, int)  { return n.S, n.e }
func (n *BinNode) span() (int, int)  { s, _ := n.L.span(); _, e := n.R.span(); return s, e }
func (n *negNode) span() (int, int)  { return n.s, n.e }
func (n *powNode) span() (int, int)  { s, _ := n.base.span(); return s, n.e }
func (n *sqrtNode) span() (int, int) { return n.s, n.e }

// EvalEnv carries variable values and the readings being evaluated.
type EvalEnv struct {
	Vars map[string]Value
	// altNegPow reads -a^n as (-a)^n; altPercent reads a lone p% as p.
	altNegPow  bool
	altPercent bool
	altReading string // the altKind of the binNode readings to take
	// exact holds the values the problem states: a decimal literal with
	// one of them is that value, with no rounding radius.
	exact   *ExactSet
	MaxBits int
	MaxExp  int
}

var (
	ErrDivZero   = dialect.ErrDivZero // the evaluator and the dialect refuse the same division
	errTooBig    = dialect.ErrTooBig
	errRoundRoot = errors.New("root of a rounded value")
	errUnbound   = errors.New("unbound name")
	errZeroPow   = errors.New("0^0: a convention readers disagree on (1 by most, undefined by others)")
)

// Value is an exact value with the radius that rounding of the decimals
// shown allows around it. inf marks a radius without bound: a divisor
// that rounding could bring arbitrarily close to zero.
type Value struct {
	V, R *big.Rat
	Inf  bool
}

func (env *EvalEnv) check(r *big.Rat) error {
	if env.MaxBits > 0 && (r.Num().BitLen() > env.MaxBits || r.Denom().BitLen() > env.MaxBits) {
		return errTooBig
	}
	return nil
}

// Eval computes the exact value and the rounding radius of n. The radius
// of a decimal literal shown with d decimals is 10^-d (any rounding or
// truncation to d decimals moves a value by less than that); whole
// numbers inside expressions, and decimals whose value the problem
// states (env.exact), are exact. Radii propagate with the usual
// first-order-plus-product bounds, which over-estimate: a wider radius
// only makes a refutation harder.
func (env *EvalEnv) Eval(n Node) (Value, error) {
	switch n := n.(type) {
	case *NumNode:
		vr := new([2]big.Rat) // the value and its radius in one allocation
		v, r := vr[0].Set(n.Lit.Val), &vr[1]
		if n.Lit.Dec > 0 && !env.exact.literal(n.Lit) {
			r = algebra.Pow10(-n.Lit.Dec)
		}
		if n.Lit.Percent && !env.altPercent {
			v.Quo(v, big.NewRat(100, 1))
			r.Quo(r, big.NewRat(100, 1))
		}
		return Value{V: v, R: r}, nil
	case *VarNode:
		x, ok := env.Vars[n.Name]
		if !ok {
			return Value{}, errUnbound
		}
		return Value{new(big.Rat).Set(x.V), new(big.Rat).Set(x.R), x.Inf}, nil
	case *negNode:
		if p, ok := n.x.(*powNode); ok && env.altNegPow {
			if _, lit := p.base.(*NumNode); lit {
				return env.Eval(&powNode{base: &negNode{x: p.base, s: n.s}, exp: p.exp, e: p.e})
			}
		}
		x, err := env.Eval(n.x)
		if err != nil {
			return Value{}, err
		}
		return Value{x.V.Neg(x.V), x.R, x.Inf}, nil
	case *BinNode:
		if n.alt != nil && env.altReading == n.altKind {
			return env.Eval(n.alt)
		}
		a, err := env.Eval(n.L)
		if err != nil {
			return Value{}, err
		}
		b, err := env.Eval(n.R)
		if err != nil {
			return Value{}, err
		}
		// (algebra's MulQ, AddQ, SubQ: big.Rat's values, integers without a gcd)
		out := Value{Inf: a.Inf || b.Inf}
		switch n.Op {
		case '+':
			out.V, out.R = algebra.AddQ(a.V, b.V), algebra.AddQ(a.R, b.R)
		case '-':
			out.V, out.R = algebra.SubQ(a.V, b.V), algebra.AddQ(a.R, b.R)
		case '*':
			out.V, out.R = algebra.MulQ(a.V, b.V), new(big.Rat)
			if a.R.Sign() != 0 || b.R.Sign() != 0 {
				// |a|rb + |b|ra + ra rb
				t := new(big.Rat).Mul(ratAbs(a.V), b.R)
				out.R.Add(t, new(big.Rat).Mul(ratAbs(b.V), a.R))
				out.R.Add(out.R, new(big.Rat).Mul(a.R, b.R))
			}
		default: // '/'
			out.V, out.R = new(big.Rat), new(big.Rat)
			if n.Op != '/' {
				break
			}
			if b.V.Sign() == 0 {
				return Value{}, ErrDivZero
			}
			out.V.Quo(a.V, b.V)
			if a.R.Sign() != 0 || b.R.Sign() != 0 {
				ab := ratAbs(b.V)
				if ab.Cmp(b.R) <= 0 {
					// The divisor may stand for a value as close to zero
					// as one likes: no bound on the quotient.
					out.Inf = true
					break
				}
				// (|a| rb + |b| ra) / (|b| (|b| - rb))
				num := new(big.Rat).Mul(ratAbs(a.V), b.R)
				num.Add(num, new(big.Rat).Mul(ab, a.R))
				den := new(big.Rat).Mul(ab, new(big.Rat).Sub(ab, b.R))
				out.R.Quo(num, den)
			}
		}
		if err := env.check(out.V); err != nil {
			return Value{}, err
		}
		if err := env.check(out.R); err != nil {
			return Value{}, err
		}
		return out, nil
	case *powNode:
		b, err := env.Eval(n.base)
		if err != nil {
			return Value{}, err
		}
		e := n.exp
		if e == 0 && b.V.Sign() == 0 {
			return Value{}, errZeroPow
		}
		if e < 0 && b.V.Sign() == 0 {
			return Value{}, ErrDivZero
		}
		if env.MaxExp > 0 && (e > env.MaxExp || -e > env.MaxExp) {
			return Value{}, errTooBig
		}
		if env.MaxBits > 0 && (b.V.Num().BitLen()+b.V.Denom().BitLen())*abs(e) > 4*env.MaxBits {
			return Value{}, errTooBig
		}
		v := algebra.PowNat(b.V, abs(e))
		r := new(big.Rat)
		if b.R.Sign() != 0 {
			// (|b| + r)^e - |b|^e
			hi := algebra.PowNat(new(big.Rat).Add(ratAbs(b.V), b.R), abs(e))
			r.Sub(hi, algebra.PowNat(ratAbs(b.V), abs(e)))
			if e < 0 {
				return Value{}, errRoundRoot
			}
		}
		if e < 0 {
			v.Inv(v)
		}
		if err := env.check(v); err != nil {
			return Value{}, err
		}
		return Value{v, r, b.Inf}, nil
	case *sqrtNode:
		a, err := env.Eval(n.arg)
		if err != nil {
			return Value{}, err
		}
		if a.R.Sign() != 0 || a.Inf {
			return Value{}, errRoundRoot
		}
		root, err := algebra.RationalRoot(a.V, n.n)
		if err != nil {
			return Value{}, err
		}
		return Value{V: root, R: new(big.Rat)}, nil
	}
	return Value{}, fmt.Errorf("internal: unknown node %T", n)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func ratAbs(x *big.Rat) *big.Rat { return new(big.Rat).Abs(x) }

// dimsOf returns the dimension of n, or ok=false when the units do not
// combine (a sum of different units). A tree with no unit on any number
// has no dimension (nil, not a map per node: its callers only read it).
func dimsOf(n Node) (mathtext.Dims, bool) {
	if ok, done := noUnits(n); done {
		return nil, ok
	}
	return unitDims(n)
}

// noUnits is dimsOf for a tree none of whose numbers carries a unit,
// where unitDims gives every node an empty dimension and fails only at a
// node of a kind it does not read: done is false when a number of n
// carries a unit (unitDims must read it), and ok is then unitDims' ok.
func noUnits(n Node) (ok, done bool) {
	switch n := n.(type) {
	case *NumNode:
		return true, len(n.unit) == 0
	case *VarNode:
		return true, true
	case *negNode:
		return noUnits(n.x)
	case *BinNode:
		okL, doneL := noUnits(n.L)
		if !doneL {
			return false, false
		}
		okR, doneR := noUnits(n.R)
		if !doneR {
			return false, false
		}
		return okL && okR, true
	case *powNode:
		return noUnits(n.base)
	case *sqrtNode:
		return noUnits(n.arg)
	}
	return false, true
}

// unitDims is dimsOf read node by node, each dimension a map of its own.
func unitDims(n Node) (mathtext.Dims, bool) {
	switch n := n.(type) {
	case *NumNode:
		if n.unit == nil {
			return mathtext.Dims{}, true
		}
		return n.unit.Clone(), true
	case *VarNode:
		return mathtext.Dims{}, true
	case *negNode:
		return unitDims(n.x)
	case *BinNode:
		a, ok1 := unitDims(n.L)
		b, ok2 := unitDims(n.R)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch n.Op {
		case '+', '-':
			if !a.Equal(b) {
				return nil, false
			}
			return a, true
		case '*':
			for k, v := range b {
				a[k] += v
			}
			return a.Clone(), true
		default:
			for k, v := range b {
				a[k] -= v
			}
			return a.Clone(), true
		}
	case *powNode:
		a, ok := unitDims(n.base)
		if !ok {
			return nil, false
		}
		for k := range a {
			a[k] *= n.exp
		}
		return a, true
	case *sqrtNode:
		a, ok := unitDims(n.arg)
		if !ok {
			return nil, false
		}
		for k, v := range a {
			if v%n.n != 0 {
				return nil, false
			}
			a[k] = v / n.n
		}
		return a, true
	}
	return nil, false
}

func walk(n Node, f func(Node)) {
	f(n)
	switch n := n.(type) {
	case *negNode:
		walk(n.x, f)
	case *BinNode:
		walk(n.L, f)
		walk(n.R, f)
	case *powNode:
		walk(n.base, f)
	case *sqrtNode:
		walk(n.arg, f)
	}
}

func VarsOf(n Node) []string {
	seen := map[string]bool{}
	var out []string
	walk(n, func(x Node) {
		if v, ok := x.(*VarNode); ok && !seen[v.Name] {
			seen[v.Name] = true
			out = append(out, v.Name)
		}
	})
	return out
}

// Precedences for rendering.
const (
	precSum  = 1
	precProd = 2
	precPow  = 3
	precAtom = 4
)

// renderer spells a node as a dialect Term (lean) or as the normalised
// expression shown to people. The Lean spelling uses only generated
// text: literals from parsed numbers, fixed operators, generated names.
type renderer struct {
	lean  bool
	names map[string]string // step name → generated Lean name (lean only)
	roots map[*sqrtNode]*big.Rat
}

func (rd *renderer) term(n Node) string {
	s, _ := rd.render(n)
	return s
}

func (rd *renderer) lit(canon string) string {
	if rd.lean {
		return "(" + canon + " : Rat)"
	}
	return canon
}

func (rd *renderer) render(n Node) (string, int) {
	switch n := n.(type) {
	case *NumNode:
		s := rd.lit(n.Lit.Canon)
		if n.Lit.Percent {
			if rd.lean {
				return s + " / " + rd.lit("100"), precProd
			}
			return n.Lit.Canon + "%", precAtom
		}
		return s, precAtom
	case *VarNode:
		if rd.lean {
			return rd.names[n.Name], precAtom
		}
		return n.Name, precAtom
	case *negNode:
		x, p := rd.render(n.x)
		if p < precAtom || strings.HasPrefix(x, "-") {
			x = "(" + x + ")"
		}
		return "-" + x, 0
	case *BinNode:
		l, lp := rd.render(n.L)
		r, rp := rd.render(n.R)
		p := precSum
		if n.Op == '*' || n.Op == '/' {
			p = precProd
		}
		if lp < p {
			l = "(" + l + ")"
		}
		if rp <= p {
			r = "(" + r + ")"
		}
		return l + " " + string(n.Op) + " " + r, p
	case *powNode:
		b, bp := rd.render(n.base)
		if bp < precAtom {
			b = "(" + b + ")"
		}
		if n.exp < 0 {
			s := b + " ^ " + fmt.Sprint(-n.exp)
			return rd.lit("1") + " / (" + s + ")", precProd
		}
		return b + " ^ " + fmt.Sprint(n.exp), precPow
	case *sqrtNode:
		if rd.lean {
			// The root is replaced by its rational value; a sqrt-side
			// obligation says why that is right.
			return rd.render(ratNode(rd.roots[n]))
		}
		a := rd.term(n.arg)
		if n.n == 2 {
			return "sqrt(" + a + ")", precAtom
		}
		return fmt.Sprintf("root%d(%s)", n.n, a), precAtom
	}
	return "?", precAtom
}

// ratNode builds a node for a generated rational: an integer, a finite
// decimal, or a quotient of integers, negated if needed.
func ratNode(x *big.Rat) Node {
	if x == nil {
		x = new(big.Rat)
	}
	ax := ratAbs(x)
	var n Node
	if ax.IsInt() {
		n = &NumNode{Lit: &mathtext.NumLit{Val: ax, Canon: ax.Num().String(), IntLit: true}}
	} else if d := mathtext.RatDecimal(ax); d != "" {
		n = &NumNode{Lit: &mathtext.NumLit{Val: ax, Canon: d, Dec: mathtext.DecimalsOf(d)}}
	} else {
		n = &BinNode{Op: '/',
			L: &NumNode{Lit: &mathtext.NumLit{Val: new(big.Rat).SetInt(ax.Num()), Canon: ax.Num().String(), IntLit: true}},
			R: &NumNode{Lit: &mathtext.NumLit{Val: new(big.Rat).SetInt(ax.Denom()), Canon: ax.Denom().String(), IntLit: true}}}
	}
	if x.Sign() < 0 {
		return &negNode{x: n}
	}
	return n
}

// RatString is a short human spelling of an exact value.
func RatString(x *big.Rat) string {
	if x.IsInt() {
		return x.Num().String()
	}
	if d := mathtext.RatDecimal(x); d != "" {
		return d
	}
	return x.RatString()
}

// sqrtNodes lists the roots in n.
func sqrtNodes(n Node) []*sqrtNode {
	var out []*sqrtNode
	walk(n, func(x Node) {
		if s, ok := x.(*sqrtNode); ok {
			out = append(out, s)
		}
	})
	return out
}
