package outcome

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/hybrid/outcome/internal/expr"
	"github.com/leanprm/leanprm/hybrid/outcome/internal/units"
	"github.com/leanprm/leanprm/translate/algebra"
)

// errHasVar reports an expression with a free variable: it is compared as
// a rational function instead.
var errHasVar = errors.New("has a variable")

// literal returns the exact value of a number token: digits, a decimal
// part, a repeating block (0.1\overline{6} = 1/6) and a power of ten.
func literal(t *expr.Token) (*big.Rat, error) {
	if t.Rep == "" && t.Exp == "" && len(t.Text) <= 18 {
		if r, ok := smallLiteral(t.Text); ok {
			return r, nil
		}
	}
	r, ok := new(big.Rat).SetString(strings.TrimSuffix(t.Text, "."))
	if !ok {
		return nil, fmt.Errorf("%w: the number %q", errUnsupported, t.Text)
	}
	if t.Rep != "" {
		places := 0
		if i := strings.IndexByte(t.Text, '.'); i >= 0 {
			places = len(t.Text) - i - 1
		}
		rep, _ := new(big.Int).SetString(t.Rep, 10)
		den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(t.Rep))), nil)
		den.Sub(den, big.NewInt(1))
		den.Mul(den, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil))
		r.Add(r, new(big.Rat).SetFrac(rep, den))
	}
	if t.Exp != "" {
		var e int64
		if _, err := fmt.Sscan(t.Exp, &e); err != nil || e > maxDigits || e < -maxDigits {
			return nil, fmt.Errorf("%w: the exponent %s", errTooLarge, t.Exp)
		}
		p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(abs64(e)), nil))
		if e < 0 {
			p.Inv(p)
		}
		r.Mul(r, p)
	}
	return r, nil
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// decimalPlaces returns the digits after the point of a plain decimal
// literal (no repeating block, no exponent), and false for anything else.
func decimalPlaces(t *expr.Token) (int, bool) {
	if t == nil || !t.Dot || t.Rep != "" || t.Exp != "" {
		return 0, false
	}
	return len(t.Text) - strings.IndexByte(t.Text, '.') - 1, true
}

// evaluator evaluates a tree to an exact number. iUnit says whether the
// letter i is the imaginary unit.
type evaluator struct {
	iUnit bool
	steps int
}

func (ev *evaluator) step() error {
	ev.steps++
	if ev.steps > 4*MaxAnswerBytes {
		return fmt.Errorf("%w: too much work", errTooLarge)
	}
	return nil
}

func (ev *evaluator) num(n *expr.Node) (num, error) {
	if err := ev.step(); err != nil {
		return num{}, err
	}
	switch n.Kind {
	case expr.Number:
		r, err := literal(n.Tok)
		if err != nil {
			return num{}, err
		}
		return numRat(r), nil
	case expr.Pi:
		return num{re: realPi()}, nil
	case expr.Var:
		if n.Text == "i" && ev.iUnit {
			return num{im: realRat(big.NewRat(1, 1))}, nil
		}
		return num{}, errHasVar
	case expr.Group:
		if len(n.Kids) == 1 && (n.Open == "(" && n.Close == ")" || n.Open == "{" || n.Open == "[" && n.Close == "]") {
			return ev.num(n.Kids[0])
		}
		return num{}, fmt.Errorf("%w: a list inside an expression", errUnsupported)
	case expr.Neg:
		a, err := ev.num(n.Kids[0])
		return a.neg(), err
	case expr.Add, expr.Sub, expr.Mul, expr.Div, expr.MixedNumber:
		a, err := ev.num(n.Kids[0])
		if err != nil {
			return num{}, err
		}
		b, err := ev.num(n.Kids[1])
		if err != nil {
			return num{}, err
		}
		switch n.Kind {
		case expr.Add:
			return a.add(b), nil
		case expr.MixedNumber:
			if sg, _ := a.re.sign(); sg < 0 {
				return a.sub(b), nil
			}
			return a.add(b), nil
		case expr.Sub:
			return a.sub(b), nil
		case expr.Mul:
			return a.mul(b)
		}
		inv, err := b.inv()
		if err != nil {
			return num{}, err
		}
		return a.mul(inv)
	case expr.Percent, expr.Degrees:
		// inside a function (sin 30°, √(50%)): the value in the base unit, the one scale the
		// quantities use (quantity.go)
		a, err := ev.num(n.Kids[0])
		if err != nil {
			return num{}, err
		}
		u := units.Percent
		if n.Kind == expr.Degrees {
			u = units.Degree
		}
		return a.mul(scaleOf(&u))
	case expr.Pow:
		return ev.pow(n)
	case expr.Root:
		return ev.root(n)
	case expr.Factorial:
		a, err := ev.num(n.Kids[0])
		if err != nil {
			return num{}, err
		}
		r, ok := a.rat()
		if !ok || !r.IsInt() || r.Sign() < 0 {
			return num{}, fmt.Errorf("%w: a factorial of %s", errUnsupported, a)
		}
		f, err := algebra.Factorial(r.Num())
		if err != nil {
			return num{}, fmt.Errorf("%w: %v", errTooLarge, err)
		}
		return numRat(new(big.Rat).SetInt(f)), nil
	case expr.DoubleFactorial:
		a, err := ev.num(n.Kids[0])
		if err != nil {
			return num{}, err
		}
		return doubleFactorial(a)
	case expr.Binom:
		a, err := ev.num(n.Kids[0])
		if err != nil {
			return num{}, err
		}
		b, err := ev.num(n.Kids[1])
		if err != nil {
			return num{}, err
		}
		x, ok1 := a.rat()
		y, ok2 := b.rat()
		if !ok1 || !ok2 || !x.IsInt() || !y.IsInt() {
			return num{}, fmt.Errorf("%w: a binomial of non-integers", errUnsupported)
		}
		c, err := algebra.Binomial(x.Num(), y.Num())
		if err != nil {
			return num{}, fmt.Errorf("%w: %v", errUnsupported, err)
		}
		return numRat(new(big.Rat).SetInt(c)), nil
	case expr.Abs:
		a, err := ev.num(n.Kids[0])
		if err != nil {
			return num{}, err
		}
		if !a.isReal() {
			return num{}, fmt.Errorf("%w: the modulus of a complex number", errUnsupported)
		}
		s, ok := a.re.sign()
		if !ok {
			return num{}, fmt.Errorf("%w: the absolute value of a sum with π", errUnsupported)
		}
		if s < 0 {
			return a.neg(), nil
		}
		return a, nil
	case expr.Func:
		return ev.fn(n)
	case expr.BaseDigits:
		return baseValue(n.Kids[0].Tok.Text, n.Kids[1].Tok.Text)
	}
	return num{}, fmt.Errorf("%w: not a number", errUnsupported)
}

func (ev *evaluator) pow(n *expr.Node) (num, error) {
	base, err := ev.num(n.Kids[0])
	if err != nil {
		return num{}, err
	}
	ex, err := ev.num(n.Kids[1])
	if err != nil {
		return num{}, err
	}
	e, ok := ex.rat()
	if !ok {
		return num{}, fmt.Errorf("%w: a power with exponent %s", errUnsupported, ex)
	}
	if b, ok := base.rat(); ok {
		if b.Sign() == 0 && e.Sign() < 0 {
			return num{}, fmt.Errorf("%w: 0 to a negative power", errUnsupported)
		}
		// bound the size before computing: |e|·bits(b) ≤ maxPowBits
		bits := max(b.Num().BitLen(), b.Denom().BitLen())
		if e.Num().BitLen() > 32 || int64(bits)*abs64(e.Num().Int64()) > maxPowBits {
			if b.Sign() != 0 && !(b.IsInt() && b.Num().CmpAbs(big.NewInt(1)) == 0) {
				return num{}, fmt.Errorf("%w: the power is past %d bits", errTooLarge, maxPowBits)
			}
		}
		if b.IsInt() && b.Num().CmpAbs(big.NewInt(1)) == 0 && e.IsInt() { // ±1 to any integer power
			if b.Sign() < 0 && e.Num().Bit(0) == 1 {
				return numRat(big.NewRat(-1, 1)), nil
			}
			return numRat(big.NewRat(1, 1)), nil
		}
		if e.IsInt() {
			x := new(big.Int).Exp(b.Num(), new(big.Int).Abs(e.Num()), nil)
			y := new(big.Int).Exp(b.Denom(), new(big.Int).Abs(e.Num()), nil)
			r := new(big.Rat).SetFrac(x, y)
			if e.Sign() < 0 {
				r.Inv(r)
			}
			return numRat(r), nil
		}
		if b.Sign() < 0 && e.Denom().Cmp(big.NewInt(2)) == 0 {
			// (−x)^(k/2) = (√x·i)^k
			s, err := algebra.PowRat(new(big.Rat).Neg(b), new(big.Rat).SetFrac(big.NewInt(1), big.NewInt(2)))
			if err != nil {
				return num{}, surdErr(err)
			}
			root := num{im: realSurd(s)}
			return ev.intPow(root, new(big.Rat).Mul(e, big.NewRat(2, 1)))
		}
		s, err := algebra.PowRat(b, e)
		if err != nil {
			return num{}, surdErr(err)
		}
		return num{re: realSurd(s)}, nil
	}
	if !e.IsInt() {
		return num{}, fmt.Errorf("%w: a fractional power of %s", errUnsupported, base)
	}
	return ev.intPow(base, e)
}

func (ev *evaluator) intPow(base num, e *big.Rat) (num, error) {
	if !e.IsInt() || e.Num().CmpAbs(big.NewInt(algebra.MaxSurdPow)) > 0 {
		return num{}, fmt.Errorf("%w: the power %s of %s", errTooLarge, e.RatString(), base)
	}
	k := e.Num().Int64()
	out := numRat(big.NewRat(1, 1))
	b := base
	for m := abs64(k); m > 0; m >>= 1 {
		if err := ev.step(); err != nil {
			return num{}, err
		}
		var err error
		if m&1 == 1 {
			if out, err = out.mul(b); err != nil {
				return num{}, err
			}
		}
		if m > 1 {
			if b, err = b.mul(b); err != nil {
				return num{}, err
			}
		}
	}
	if k < 0 {
		return out.inv()
	}
	return out, nil
}

func surdErr(err error) error {
	if errors.Is(err, algebra.ErrTooLarge) {
		return fmt.Errorf("%w: %v", errTooLarge, err)
	}
	return fmt.Errorf("%w: %v", errUnsupported, err)
}

func (ev *evaluator) root(n *expr.Node) (num, error) {
	rad, err := ev.num(n.Kids[0])
	if err != nil {
		return num{}, err
	}
	idx, err := ev.num(n.Kids[1])
	if err != nil {
		return num{}, err
	}
	k, ok := idx.rat()
	if !ok || !k.IsInt() || k.Sign() <= 0 || k.Num().Cmp(big.NewInt(algebra.MaxSurdPow)) > 0 {
		return num{}, fmt.Errorf("%w: a root of index %s", errUnsupported, idx)
	}
	r, ok := rad.rat()
	if !ok {
		// √(a²) for a surd a is not tried: a nested radical is not decided
		return num{}, fmt.Errorf("%w: the root of %s", errUnsupported, rad)
	}
	kk := int(k.Num().Int64())
	if r.Sign() < 0 && kk == 2 {
		s, err := algebra.Root(new(big.Rat).Neg(r), 2)
		if err != nil {
			return num{}, surdErr(err)
		}
		return num{im: realSurd(s)}, nil
	}
	s, err := algebra.Root(r, kk)
	if err != nil {
		return num{}, surdErr(err)
	}
	return num{re: realSurd(s)}, nil
}

func (ev *evaluator) fn(n *expr.Node) (num, error) {
	name := n.Text
	var argNode = n.Kids[0]
	if name == "ln" || name == "exp" {
		if v, err := natural(name, argNode); err == nil { // ln e^k = k
			return v, nil
		}
	}
	a, err := ev.num(argNode)
	if err != nil {
		return num{}, err
	}
	switch name {
	case "arcsin", "arccos", "arctan":
		return inverseTrig(name, a)
	case "sin", "cos", "tan", "sec", "csc", "cot":
		if !a.isReal() {
			return num{}, fmt.Errorf("%w: %s of a complex number", errUnsupported, name)
		}
		var q *big.Rat
		switch {
		case a.re.isZero():
			q = new(big.Rat)
		case len(a.re.ts) == 1 && a.re.ts[0].k == 1:
			c, ok := a.re.ts[0].c.Rat()
			if !ok {
				return num{}, fmt.Errorf("%w: %s(%s)", errUnsupported, name, a)
			}
			q = c
		default:
			return num{}, fmt.Errorf("%w: %s(%s)", errUnsupported, name, a)
		}
		s, err := algebra.TrigPi(name, q)
		if err != nil {
			return num{}, surdErr(err)
		}
		return num{re: realSurd(s)}, nil
	case "log", "lg", "ln":
		x, ok := a.rat()
		if !ok {
			return num{}, fmt.Errorf("%w: %s(%s)", errUnsupported, name, a)
		}
		if x.Cmp(big.NewRat(1, 1)) == 0 {
			return num{}, nil // the log of 1 is 0 in every base
		}
		if name == "ln" || len(n.Kids) < 2 && name == "log" {
			return num{}, fmt.Errorf("%w: %s(%s) (base e or an unstated base)", errUnsupported, name, a)
		}
		base := big.NewRat(10, 1)
		if len(n.Kids) == 2 {
			b, err := ev.num(n.Kids[1])
			if err != nil {
				return num{}, err
			}
			if base, ok = b.rat(); !ok {
				return num{}, fmt.Errorf("%w: a logarithm in base %s", errUnsupported, b)
			}
		}
		if base.Sign() <= 0 || x.Sign() <= 0 || base.Cmp(big.NewRat(1, 1)) == 0 {
			return num{}, fmt.Errorf("%w: log of %s in base %s", errUnsupported, x.RatString(), base.RatString())
		}
		if r, ok := algebra.IntLog(base, x); ok {
			return numRat(r), nil
		}
		return num{}, fmt.Errorf("%w: log_%s(%s) is irrational", errUnsupported, base.RatString(), x.RatString())
	}
	return num{}, fmt.Errorf("%w: the function %s", errUnsupported, name)
}

// rat evaluates a tree with variables as a rational function over Q in
// its variables (π counts as one: π is transcendental, so an identity in
// π as a variable holds at π, and a nonzero rational function of π is
// nonzero at π).
func (ev *evaluator) rat(n *expr.Node) (algebra.Rat, error) {
	if err := ev.step(); err != nil {
		return algebra.Rat{}, err
	}
	switch n.Kind {
	case expr.Number:
		r, err := literal(n.Tok)
		if err != nil {
			return algebra.Rat{}, err
		}
		return algebra.FromPoly(algebra.Const(r)), nil
	case expr.Var:
		return algebra.FromPoly(algebra.Var(n.Text)), nil
	case expr.Pi:
		return algebra.FromPoly(algebra.Var("π")), nil
	case expr.Group:
		if len(n.Kids) == 1 && (n.Open == "(" && n.Close == ")" || n.Open == "{" || n.Open == "[" && n.Close == "]") {
			return ev.rat(n.Kids[0])
		}
	case expr.Neg:
		a, err := ev.rat(n.Kids[0])
		return a.Neg(), err
	case expr.Add, expr.Sub, expr.Mul, expr.Div, expr.MixedNumber, expr.Percent:
		a, err := ev.rat(n.Kids[0])
		if err != nil {
			return algebra.Rat{}, err
		}
		var b algebra.Rat
		if n.Kind == expr.Percent {
			b = algebra.FromPoly(algebra.Const(big.NewRat(100, 1)))
		} else if b, err = ev.rat(n.Kids[1]); err != nil {
			return algebra.Rat{}, err
		}
		if err := ratBound(a, b); err != nil {
			return algebra.Rat{}, err
		}
		switch n.Kind {
		case expr.Add, expr.MixedNumber:
			return a.Add(b), nil
		case expr.Sub:
			return a.Sub(b), nil
		case expr.Mul:
			return a.Mul(b), nil
		}
		q, err := a.Div(b)
		if err != nil {
			return algebra.Rat{}, fmt.Errorf("%w: %v", errUnsupported, err)
		}
		return q, nil
	case expr.Pow:
		a, err := ev.rat(n.Kids[0])
		if err != nil {
			return algebra.Rat{}, err
		}
		ex, err := (&evaluator{}).num(n.Kids[1])
		if err != nil {
			return algebra.Rat{}, fmt.Errorf("%w: a power with a non-numeric exponent", errUnsupported)
		}
		e, ok := ex.rat()
		if !ok || !e.IsInt() || e.Num().CmpAbs(big.NewInt(32)) > 0 {
			return algebra.Rat{}, fmt.Errorf("%w: the power %s of an expression", errUnsupported, ex)
		}
		k := e.Num().Int64()
		if err := ratBound(a, a); err != nil || (a.Num().Degree()+a.Den().Degree())*uint(abs64(k)) > 64 {
			return algebra.Rat{}, fmt.Errorf("%w: a power of degree past 64", errTooLarge)
		}
		num, err := a.Num().Pow(uint(abs64(k)))
		if err != nil {
			return algebra.Rat{}, surdErr(err)
		}
		den, err := a.Den().Pow(uint(abs64(k)))
		if err != nil {
			return algebra.Rat{}, surdErr(err)
		}
		if k < 0 {
			num, den = den, num
		}
		r, err := algebra.NewRat(num, den)
		if err != nil {
			return algebra.Rat{}, fmt.Errorf("%w: %v", errUnsupported, err)
		}
		return r, nil
	}
	// anything else must be a rational number
	v, err := ev.num(n)
	if err != nil {
		return algebra.Rat{}, err
	}
	r, ok := v.rat()
	if !ok {
		return algebra.Rat{}, fmt.Errorf("%w: an irrational coefficient %s in an expression", errUnsupported, v)
	}
	return algebra.FromPoly(algebra.Const(r)), nil
}

// ratBound refuses operands whose product could grow past what is cheap
// to decide: a hostile answer multiplies big polynomials. The terms of a
// polynomial in v variables of degree d are at most C(v+d, v), so capping
// both caps the work of one product.
func ratBound(a, b algebra.Rat) error {
	d := a.Num().Degree() + a.Den().Degree() + b.Num().Degree() + b.Den().Degree()
	vars := map[string]bool{}
	for _, p := range []algebra.Poly{a.Num(), a.Den(), b.Num(), b.Den()} {
		for _, v := range p.Vars() {
			vars[v] = true
		}
	}
	switch {
	case len(vars) > 4:
		return fmt.Errorf("%w: more than 4 variables", errUnsupported)
	case len(vars) > 2 && d > 16, d > 64:
		return fmt.Errorf("%w: an expression of degree %d in %d variables", errTooLarge, d, len(vars))
	}
	return nil
}

// hasVars reports the free variables of a tree (π and, when iUnit, i are
// constants).
func hasVars(n *expr.Node, iUnit bool) bool {
	if n == nil {
		return false
	}
	if n.Kind == expr.Var && !(iUnit && n.Text == "i") {
		return true
	}
	if n.Kind == expr.Func || n.Kind == expr.Root {
		// a variable inside a function is never compared as a polynomial
		for _, k := range n.Kids {
			if hasVars(k, iUnit) {
				return true
			}
		}
		return false
	}
	for _, k := range n.Kids {
		if hasVars(k, iUnit) {
			return true
		}
	}
	return false
}

// varNames collects the free variable names of a tree.
func varNames(n *expr.Node, out map[string]bool) {
	if n == nil {
		return
	}
	if n.Kind == expr.Var {
		out[n.Text] = true
	}
	for _, k := range n.Kids {
		varNames(k, out)
	}
}

// baseValue reads digits written in a base from 2 to 10 (41121_6).
func baseValue(digits, base string) (num, error) {
	b, ok := new(big.Int).SetString(base, 10)
	if !ok || b.Cmp(big.NewInt(2)) < 0 || b.Cmp(big.NewInt(10)) > 0 {
		return num{}, fmt.Errorf("%w: base %s", errUnsupported, base)
	}
	v, ok := new(big.Int).SetString(digits, int(b.Int64()))
	if !ok {
		return num{}, fmt.Errorf("%w: %s is not a numeral in base %s", errUnsupported, digits, base)
	}
	return numRat(new(big.Rat).SetInt(v)), nil
}

var pow10 = [...]int64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}

// smallLiteral reads digits with at most one point and 18 digits in all
// without big.Rat's general parser.
func smallLiteral(s string) (*big.Rat, bool) {
	var n int64
	places, dot := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.' && !dot:
			dot = true
		case expr.IsDigit(c):
			n = n*10 + int64(c-'0')
			if dot {
				places++
			}
		default:
			return nil, false
		}
	}
	return big.NewRat(n, pow10[places]), true
}

// doubleFactorial returns n!! = n·(n−2)·…, down to 1 or 2 (0!! = 1).
func doubleFactorial(a num) (num, error) {
	r, ok := a.rat()
	if !ok || !r.IsInt() || r.Sign() < 0 {
		return num{}, fmt.Errorf("%w: a double factorial of %s", errUnsupported, a)
	}
	if r.Num().Cmp(big.NewInt(algebra.MaxFactorial)) > 0 {
		return num{}, fmt.Errorf("%w: %s!! passes %d", errTooLarge, a, algebra.MaxFactorial)
	}
	p := big.NewInt(1)
	for k := r.Num().Int64(); k > 1; k -= 2 {
		p.Mul(p, big.NewInt(k))
	}
	return numRat(new(big.Rat).SetInt(p)), nil
}

// inverseTrig returns arcsin, arccos or arctan of a as a multiple of π/12 within the
// function's principal range, when the value is one of those at such a multiple.
func inverseTrig(name string, a num) (num, error) {
	v, ok := a.re.surd()
	if !a.isReal() || !ok {
		return num{}, fmt.Errorf("%w: %s(%s)", errUnsupported, name, a)
	}
	lo, hi := -6, 6 // arcsin: [−π/2, π/2]
	switch name {
	case "arccos":
		lo, hi = 0, 12
	case "arctan":
		lo, hi = -5, 5
	}
	fn := strings.TrimPrefix(name, "arc")
	for k := lo; k <= hi; k++ {
		s, err := algebra.TrigPi(fn, big.NewRat(int64(k), 12))
		if err == nil && s.Equal(v) {
			return num{re: normReal([]pterm{{1, algebra.SurdFromRat(big.NewRat(int64(k), 12))}})}, nil
		}
	}
	return num{}, fmt.Errorf("%w: %s(%s) is not a multiple of π/12", errUnsupported, name, a)
}

// natural reads ln(e^k) and ln e as k, for a rational k: e is Euler's number there.
func natural(name string, arg *expr.Node) (num, error) {
	arg = unwrap(arg)
	if name != "ln" {
		return num{}, errUnsupported
	}
	switch {
	case arg.Kind == expr.Var && arg.Text == "e":
		return numRat(big.NewRat(1, 1)), nil
	case arg.Kind == expr.Pow && unwrap(arg.Kids[0]).Kind == expr.Var && unwrap(arg.Kids[0]).Text == "e":
		k, err := (&evaluator{}).num(arg.Kids[1])
		if err == nil {
			if r, ok := k.rat(); ok {
				return numRat(r), nil
			}
		}
	}
	return num{}, errUnsupported
}
