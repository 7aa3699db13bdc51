package translate

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// node is a parsed arithmetic expression.
type node interface {
	span() (int, int)
}

type numNode struct {
	lit      *numLit
	unit     dims   // nil: no unit
	unitText string // the unit as read, "$" for money
	s, e     int
}

type varNode struct {
	name string
	s, e int
}

type binNode struct {
	op       byte // + - * /
	l, r     node
	implicit bool // juxtaposition
	of       bool // the "of" of "1/3 of $150"
	// alt is another reading of the same text ("a / b/c" read as
	// a / (b/c) or as (a / b) / c), evaluated when the environment's
	// altReading is altKind. altSym says the text does not choose
	// between the two: a claim true on one reading and false on the other
	// is neither verified nor refuted. Without altSym the text marks the
	// reading of the node itself; the other one only keeps a refutation
	// back.
	alt     node
	altKind string
	altSym  bool
}

type negNode struct {
	x    node
	s, e int
}

type powNode struct {
	base node
	exp  int
	e    int
}

type sqrtNode struct {
	n    int // root index, 2 for a square root
	arg  node
	s, e int
}

func (n *numNode) span() (int, int)  { return n.s, n.e }
func (n *varNode) span() (int, int)  { return n.s, n.e }
func (n *binNode) span() (int, int)  { s, _ := n.l.span(); _, e := n.r.span(); return s, e }
func (n *negNode) span() (int, int)  { return n.s, n.e }
func (n *powNode) span() (int, int)  { s, _ := n.base.span(); return s, n.e }
func (n *sqrtNode) span() (int, int) { return n.s, n.e }

// evalEnv carries variable values and the readings being evaluated.
type evalEnv struct {
	vars map[string]value
	// altNegPow reads -a^n as (-a)^n; altPercent reads a lone p% as p.
	altNegPow  bool
	altPercent bool
	altReading string // the altKind of the binNode readings to take
	// exact holds the values the problem states: a decimal literal with
	// one of them is that value, with no rounding radius.
	exact   *exactSet
	maxBits int
	maxExp  int
}

var (
	errDivZero   = errors.New("division by zero (Lean's Rat has a/0 = 0)")
	errTooBig    = errors.New("number too large to check")
	errIrrat     = errors.New("root is not rational")
	errNegRoot   = errors.New("root of a negative number (not real, or one of several complex roots)")
	errRoundRoot = errors.New("root of a rounded value")
	errUnbound   = errors.New("unbound name")
	errZeroPow   = errors.New("0^0: a convention readers disagree on (1 by most, undefined by others)")
)

// value is an exact value with the radius that rounding of the decimals
// shown allows around it. inf marks a radius without bound: a divisor
// that rounding could bring arbitrarily close to zero.
type value struct {
	v, r *big.Rat
	inf  bool
}

func (env *evalEnv) check(r *big.Rat) error {
	if env.maxBits > 0 && (r.Num().BitLen() > env.maxBits || r.Denom().BitLen() > env.maxBits) {
		return errTooBig
	}
	return nil
}

// eval computes the exact value and the rounding radius of n. The radius
// of a decimal literal shown with d decimals is 10^-d (any rounding or
// truncation to d decimals moves a value by less than that); whole
// numbers inside expressions, and decimals whose value the problem
// states (env.exact), are exact. Radii propagate with the usual
// first-order-plus-product bounds, which over-estimate: a wider radius
// only makes a refutation harder.
func (env *evalEnv) eval(n node) (value, error) {
	switch n := n.(type) {
	case *numNode:
		v := new(big.Rat).Set(n.lit.val)
		r := new(big.Rat)
		if n.lit.dec > 0 && !env.exact.literal(n.lit) {
			r = pow10(-n.lit.dec)
		}
		if n.lit.percent && !env.altPercent {
			v.Quo(v, big.NewRat(100, 1))
			r.Quo(r, big.NewRat(100, 1))
		}
		return value{v: v, r: r}, nil
	case *varNode:
		x, ok := env.vars[n.name]
		if !ok {
			return value{}, errUnbound
		}
		return value{new(big.Rat).Set(x.v), new(big.Rat).Set(x.r), x.inf}, nil
	case *negNode:
		if p, ok := n.x.(*powNode); ok && env.altNegPow {
			if _, lit := p.base.(*numNode); lit {
				return env.eval(&powNode{base: &negNode{x: p.base, s: n.s}, exp: p.exp, e: p.e})
			}
		}
		x, err := env.eval(n.x)
		if err != nil {
			return value{}, err
		}
		return value{x.v.Neg(x.v), x.r, x.inf}, nil
	case *binNode:
		if n.alt != nil && env.altReading == n.altKind {
			return env.eval(n.alt)
		}
		a, err := env.eval(n.l)
		if err != nil {
			return value{}, err
		}
		b, err := env.eval(n.r)
		if err != nil {
			return value{}, err
		}
		out := value{new(big.Rat), new(big.Rat), a.inf || b.inf}
		switch n.op {
		case '+':
			out.v.Add(a.v, b.v)
			out.r.Add(a.r, b.r)
		case '-':
			out.v.Sub(a.v, b.v)
			out.r.Add(a.r, b.r)
		case '*':
			out.v.Mul(a.v, b.v)
			// |a|rb + |b|ra + ra rb
			t := new(big.Rat).Mul(ratAbs(a.v), b.r)
			out.r.Add(t, new(big.Rat).Mul(ratAbs(b.v), a.r))
			out.r.Add(out.r, new(big.Rat).Mul(a.r, b.r))
		case '/':
			if b.v.Sign() == 0 {
				return value{}, errDivZero
			}
			out.v.Quo(a.v, b.v)
			if a.r.Sign() != 0 || b.r.Sign() != 0 {
				ab := ratAbs(b.v)
				if ab.Cmp(b.r) <= 0 {
					// The divisor may stand for a value as close to zero
					// as one likes: no bound on the quotient.
					out.inf = true
					break
				}
				// (|a| rb + |b| ra) / (|b| (|b| - rb))
				num := new(big.Rat).Mul(ratAbs(a.v), b.r)
				num.Add(num, new(big.Rat).Mul(ab, a.r))
				den := new(big.Rat).Mul(ab, new(big.Rat).Sub(ab, b.r))
				out.r.Quo(num, den)
			}
		}
		if err := env.check(out.v); err != nil {
			return value{}, err
		}
		if err := env.check(out.r); err != nil {
			return value{}, err
		}
		return out, nil
	case *powNode:
		b, err := env.eval(n.base)
		if err != nil {
			return value{}, err
		}
		e := n.exp
		if e == 0 && b.v.Sign() == 0 {
			return value{}, errZeroPow
		}
		if e < 0 && b.v.Sign() == 0 {
			return value{}, errDivZero
		}
		if env.maxExp > 0 && (e > env.maxExp || -e > env.maxExp) {
			return value{}, errTooBig
		}
		if env.maxBits > 0 && (b.v.Num().BitLen()+b.v.Denom().BitLen())*abs(e) > 4*env.maxBits {
			return value{}, errTooBig
		}
		v := ratPow(b.v, abs(e))
		r := new(big.Rat)
		if b.r.Sign() != 0 {
			// (|b| + r)^e - |b|^e
			hi := ratPow(new(big.Rat).Add(ratAbs(b.v), b.r), abs(e))
			r.Sub(hi, ratPow(ratAbs(b.v), abs(e)))
			if e < 0 {
				return value{}, errRoundRoot
			}
		}
		if e < 0 {
			v.Inv(v)
		}
		if err := env.check(v); err != nil {
			return value{}, err
		}
		return value{v, r, b.inf}, nil
	case *sqrtNode:
		a, err := env.eval(n.arg)
		if err != nil {
			return value{}, err
		}
		if a.r.Sign() != 0 || a.inf {
			return value{}, errRoundRoot
		}
		root, err := ratRoot(a.v, n.n)
		if err != nil {
			return value{}, err
		}
		return value{v: root, r: new(big.Rat)}, nil
	}
	return value{}, fmt.Errorf("internal: unknown node %T", n)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func ratAbs(x *big.Rat) *big.Rat { return new(big.Rat).Abs(x) }

func pow10(e int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(e))), nil)
	if e >= 0 {
		return new(big.Rat).SetInt(p)
	}
	return new(big.Rat).SetFrac(big.NewInt(1), p)
}

func ratPow(x *big.Rat, e int) *big.Rat {
	n := new(big.Int).Exp(x.Num(), big.NewInt(int64(e)), nil)
	d := new(big.Int).Exp(x.Denom(), big.NewInt(int64(e)), nil)
	return new(big.Rat).SetFrac(n, d)
}

// ratRoot returns the rational k-th root of x, if there is one.
func ratRoot(x *big.Rat, k int) (*big.Rat, error) {
	if k < 2 {
		return nil, errIrrat
	}
	neg := x.Sign() < 0
	if neg {
		// Even roots of negatives are not real; odd ones may stand for a
		// complex root in the text ("the cube roots of -1").
		return nil, errNegRoot
	}
	ax := ratAbs(x)
	n, ok1 := intRoot(ax.Num(), k)
	d, ok2 := intRoot(ax.Denom(), k)
	if !ok1 || !ok2 {
		return nil, errIrrat
	}
	r := new(big.Rat).SetFrac(n, d)
	if neg {
		r.Neg(r)
	}
	return r, nil
}

func intRoot(x *big.Int, k int) (*big.Int, bool) {
	if x.Sign() == 0 {
		return new(big.Int), true
	}
	if k == 2 {
		r := new(big.Int).Sqrt(x)
		return r, new(big.Int).Mul(r, r).Cmp(x) == 0
	}
	// Binary search on [0, 2^(bits/k+1)].
	lo, hi := big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), uint(x.BitLen()/k+1))
	ek := big.NewInt(int64(k))
	for lo.Cmp(hi) < 0 {
		mid := new(big.Int).Add(lo, hi)
		mid.Rsh(mid, 1)
		if new(big.Int).Exp(mid, ek, nil).Cmp(x) < 0 {
			lo = mid.Add(mid, big.NewInt(1))
		} else {
			hi = mid
		}
	}
	return lo, new(big.Int).Exp(lo, ek, nil).Cmp(x) == 0
}

// dimsOf returns the dimension of n, or ok=false when the units do not
// combine (a sum of different units).
func dimsOf(n node) (dims, bool) {
	switch n := n.(type) {
	case *numNode:
		if n.unit == nil {
			return dims{}, true
		}
		return n.unit.clone(), true
	case *varNode:
		return dims{}, true
	case *negNode:
		return dimsOf(n.x)
	case *binNode:
		a, ok1 := dimsOf(n.l)
		b, ok2 := dimsOf(n.r)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch n.op {
		case '+', '-':
			if !a.equal(b) {
				return nil, false
			}
			return a, true
		case '*':
			for k, v := range b {
				a[k] += v
			}
			return a.clone(), true
		default:
			for k, v := range b {
				a[k] -= v
			}
			return a.clone(), true
		}
	case *powNode:
		a, ok := dimsOf(n.base)
		if !ok {
			return nil, false
		}
		for k := range a {
			a[k] *= n.exp
		}
		return a, true
	case *sqrtNode:
		a, ok := dimsOf(n.arg)
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

func walk(n node, f func(node)) {
	f(n)
	switch n := n.(type) {
	case *negNode:
		walk(n.x, f)
	case *binNode:
		walk(n.l, f)
		walk(n.r, f)
	case *powNode:
		walk(n.base, f)
	case *sqrtNode:
		walk(n.arg, f)
	}
}

func varsOf(n node) []string {
	seen := map[string]bool{}
	var out []string
	walk(n, func(x node) {
		if v, ok := x.(*varNode); ok && !seen[v.name] {
			seen[v.name] = true
			out = append(out, v.name)
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

func (rd *renderer) term(n node) string {
	s, _ := rd.render(n)
	return s
}

func (rd *renderer) lit(canon string) string {
	if rd.lean {
		return "(" + canon + " : Rat)"
	}
	return canon
}

func (rd *renderer) render(n node) (string, int) {
	switch n := n.(type) {
	case *numNode:
		s := rd.lit(n.lit.canon)
		if n.lit.percent {
			if rd.lean {
				return s + " / " + rd.lit("100"), precProd
			}
			return n.lit.canon + "%", precAtom
		}
		return s, precAtom
	case *varNode:
		if rd.lean {
			return rd.names[n.name], precAtom
		}
		return n.name, precAtom
	case *negNode:
		x, p := rd.render(n.x)
		if p < precAtom || strings.HasPrefix(x, "-") {
			x = "(" + x + ")"
		}
		return "-" + x, 0
	case *binNode:
		l, lp := rd.render(n.l)
		r, rp := rd.render(n.r)
		p := precSum
		if n.op == '*' || n.op == '/' {
			p = precProd
		}
		if lp < p {
			l = "(" + l + ")"
		}
		if rp <= p {
			r = "(" + r + ")"
		}
		return l + " " + string(n.op) + " " + r, p
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
func ratNode(x *big.Rat) node {
	if x == nil {
		x = new(big.Rat)
	}
	ax := ratAbs(x)
	var n node
	if ax.IsInt() {
		n = &numNode{lit: &numLit{val: ax, canon: ax.Num().String(), intLit: true}}
	} else if d := ratDecimal(ax); d != "" {
		n = &numNode{lit: &numLit{val: ax, canon: d, dec: decimalsOf(d)}}
	} else {
		n = &binNode{op: '/',
			l: &numNode{lit: &numLit{val: new(big.Rat).SetInt(ax.Num()), canon: ax.Num().String(), intLit: true}},
			r: &numNode{lit: &numLit{val: new(big.Rat).SetInt(ax.Denom()), canon: ax.Denom().String(), intLit: true}}}
	}
	if x.Sign() < 0 {
		return &negNode{x: n}
	}
	return n
}

// ratString is a short human spelling of an exact value.
func ratString(x *big.Rat) string {
	if x.IsInt() {
		return x.Num().String()
	}
	if d := ratDecimal(x); d != "" {
		return d
	}
	return x.RatString()
}

// sqrtNodes lists the roots in n.
func sqrtNodes(n node) []*sqrtNode {
	var out []*sqrtNode
	walk(n, func(x node) {
		if s, ok := x.(*sqrtNode); ok {
			out = append(out, s)
		}
	})
	return out
}
