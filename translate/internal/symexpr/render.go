package symexpr

import (
	"fmt"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// A symbolic tree written out: as a dialect Term (Render) and in plain notation (Plain), with the walks that collect its names and divisors and the integer functions (n!, C(n, k)) it may hold.

// Vars appends the names of e in order of first appearance.
func Vars(e *Expr, seen map[string]bool, out []string) []string {
	if e == nil {
		return out
	}
	if e.Op == 'v' && !seen[e.Name] {
		seen[e.Name] = true
		out = append(out, e.Name)
	}
	out = Vars(e.L, seen, out)
	return Vars(e.R, seen, out)
}

// Divisors appends every divisor of e: the right side of a division
// and the base of a negative power.
func Divisors(e *Expr, out []*Expr) []*Expr {
	if e == nil {
		return out
	}
	out = Divisors(e.L, out)
	out = Divisors(e.R, out)
	switch {
	case e.Op == '/':
		out = append(out, e.R)
	case e.Op == '^' && e.Exp < 0:
		out = append(out, e.L)
	}
	return out
}

// Render writes e as a dialect Term. names maps each name to its
// generated variable, or to a literal at a witness point.
type Render struct {
	Names map[string]string
}

func (sr Render) Term(e *Expr) string { return sr.sum(e) }

func (sr Render) sum(e *Expr) string {
	if e.Op == '+' || e.Op == '-' {
		return sr.sum(e.L) + " " + string(e.Op) + " " + sr.Prod(e.R)
	}
	return sr.Prod(e)
}

func (sr Render) Prod(e *Expr) string {
	if e.Op == '*' || e.Op == '/' {
		return sr.Prod(e.L) + " " + string(e.Op) + " " + sr.pow(e.R)
	}
	return sr.pow(e)
}

func (sr Render) pow(e *Expr) string {
	if e.Op == '^' {
		if e.Exp < 0 {
			return "((1 : Rat) / " + sr.atom(e.L) + " ^ " + fmt.Sprint(-e.Exp) + ")"
		}
		return sr.atom(e.L) + " ^ " + fmt.Sprint(e.Exp)
	}
	return sr.atom(e)
}

func (sr Render) atom(e *Expr) string {
	switch e.Op {
	case 'n':
		return "(" + e.Num.RatString() + " : Rat)"
	case 'v':
		return sr.Names[e.Name]
	case '~':
		return "(-" + sr.atom(e.L) + ")"
	case 'F':
		return "!" // never rendered: closedCert replaces each by its value first
	case 'r', 't', 'W', 'X':
		return "√" // never rendered: no Term holds a radical (the dialect rejects it)
	case '!', 'b':
		return intFnTerm(e)
	}
	return "(" + sr.sum(e) + ")"
}

// Plain is e in plain notation for reasons and Expr.
func Plain(e *Expr) string {
	switch e.Op {
	case 'n':
		return e.Num.RatString()
	case 'v':
		if strings.Contains(e.Name, "^") {
			return "(" + e.Name + ")" // a quantity 2^{n} (expname.go)
		}
		return e.Name
	case '~':
		return "-" + PlainAtom(e.L)
	case '^':
		if e.L.Op == '^' || e.L.Op == 'X' {
			// (x^2)^3: a power of a power comes from a function's body with a power put in
			return "(" + Plain(e.L) + ")^" + fmt.Sprint(e.Exp)
		}
		return PlainAtom(e.L) + "^" + fmt.Sprint(e.Exp)
	case '!':
		return PlainAtom(e.L) + "!"
	case 't':
		return e.Name + "(" + e.Num.RatString() + "π)"
	case 'W':
		return e.Name + "(" + Plain(e.L) + ")"
	case 'X':
		return PlainAtom(e.L) + "^(" + Plain(e.R) + ")"
	case 'b':
		return "C(" + Plain(e.L) + ", " + Plain(e.R) + ")"
	case 'F':
		return FnString(e)
	case 'r':
		if e.Name == imagName {
			return "i"
		}
		arg := PlainAtom(e.L)
		if e.L.Op == '^' {
			arg = "(" + arg + ")"
		}
		switch e.Exp {
		case 2:
			return "√" + arg
		case 3:
			return "∛" + arg
		}
		if e.L.Op == '^' {
			return fmt.Sprintf("(%s)^(1/%d)", Plain(e.L), e.Exp)
		}
		return fmt.Sprintf("%s^(1/%d)", PlainAtom(e.L), e.Exp)
	case '+', '-':
		r := Plain(e.R)
		if e.R.Op == '+' || e.R.Op == '-' || e.R.Op == '~' {
			r = "(" + r + ")"
		}
		return Plain(e.L) + " " + string(e.Op) + " " + r
	}
	l, r := Plain(e.L), PlainAtom(e.R)
	if e.L.Op == '+' || e.L.Op == '-' || e.L.Op == '~' {
		l = "(" + l + ")"
	}
	if e.Op == '/' && (e.R.Op == '*' || e.R.Op == '/' || e.R.Op == '^') {
		r = "(" + Plain(e.R) + ")"
	}
	return l + " " + string(e.Op) + " " + r
}

// PlainAtom is Plain(e), in parentheses unless nothing around it can split it: an atom (a
// number, a name, a root, a factorial, a function's value) or a power.
func PlainAtom(e *Expr) string {
	if e.Op == 'n' || e.Op == 'v' || e.Op == 'r' || e.Op == '!' || e.Op == 'b' || e.Op == 't' || e.Op == 'F' || e.Op == 'W' || e.Op == 'X' {
		return Plain(e)
	}
	if e.Op == '^' {
		return Plain(e)
	}
	return "(" + Plain(e) + ")"
}

// HasRoot reports a radical in e.
func HasRoot(e *Expr) bool {
	if e == nil {
		return false
	}
	return e.Op == 'r' || e.Op == 't' || HasRoot(e.L) || HasRoot(e.R)
}

// maxIntFn bounds n in n! and C(n, k) so the product Lean sees stays short.
const maxIntFn = 40

// intArgs evaluates the integer arguments of a factorial or binomial.
func intArg(e *Expr) (int64, error) {
	v, err := Eval(e, nil)
	if err != nil {
		return 0, err
	}
	if !v.IsInt() || v.Sign() < 0 || v.Num().Cmp(big.NewInt(maxIntFn)) > 0 {
		return 0, fmt.Errorf("an argument that is not an integer from 0 to %d", maxIntFn)
	}
	return v.Num().Int64(), nil
}

// intFnValue is the value of n! or C(n, k).
func intFnValue(e *Expr) (*big.Rat, error) {
	n, err := intArg(e.L)
	if err != nil {
		return nil, err
	}
	if e.Op == '!' {
		f, err := algebra.Factorial(big.NewInt(n))
		if err != nil {
			return nil, err
		}
		return new(big.Rat).SetInt(f), nil
	}
	k, err := intArg(e.R)
	if err != nil {
		return nil, err
	}
	if k > n {
		return nil, fmt.Errorf("C(%d, %d) with k > n", n, k)
	}
	b, err := algebra.Binomial(big.NewInt(n), big.NewInt(k))
	if err != nil {
		return nil, err
	}
	return new(big.Rat).SetInt(b), nil
}

// intFnTerm renders n! as the product 1 * 2 * … * n and C(n, k) as
// (n * … * (n-k+1)) / (1 * … * k), so Lean computes them in core.
func intFnTerm(e *Expr) string {
	n, err := intArg(e.L)
	if err != nil {
		return "!"
	}
	prod := func(from, to int64) string {
		if from > to {
			return "(1 : Rat)"
		}
		parts := make([]string, 0, to-from+1)
		for i := from; i <= to; i++ {
			parts = append(parts, fmt.Sprintf("(%d : Rat)", i))
		}
		return "(" + strings.Join(parts, " * ") + ")"
	}
	if e.Op == '!' {
		return prod(1, n)
	}
	k, err := intArg(e.R)
	if err != nil || k > n {
		return "!"
	}
	k = min(k, n-k)
	return "(" + prod(n-k+1, n) + " / " + prod(1, k) + ")"
}

// HasIntFn reports a factorial or binomial in e.
func HasIntFn(e *Expr) bool {
	if e == nil {
		return false
	}
	return e.Op == '!' || e.Op == 'b' || HasIntFn(e.L) || HasIntFn(e.R)
}

// Substitute returns a copy of e with the name v replaced by x.
func Substitute(e *Expr, v string, x *Expr) *Expr {
	if e == nil {
		return nil
	}
	if e.Op == 'v' && e.Name == v {
		return x
	}
	c := *e
	if c.Op == 'W' {
		// the angle kept in the node (angleOf) is read again
		c.Num, c.R = nil, nil
	}
	c.L = Substitute(e.L, v, x)
	c.R = Substitute(c.R, v, x)
	return &c
}

func countNodes(e *Expr) int {
	if e == nil {
		return 0
	}
	return 1 + countNodes(e.L) + countNodes(e.R)
}

// trig reads \sin θ, \cos^2 θ, \tan(θ), … where θ is a rational multiple
// of π or a whole number of degrees (30^\circ); the value must be exact
// (algebra.TrigPi). A power after the name squares the value. Anything
// else, names included, is refused.
func (r *sreader) trig() *Expr {
	fn := r.command()[1:]
	r.i += len(fn) + 1
	exp := 1
	r.skip()
	if r.i < len(r.s) && r.s[r.i] == '^' {
		r.i++
		var root int
		exp, root = r.exponent()
		if exp < 1 || root != 1 {
			r.fail("a trigonometric power that is not positive")
		}
	}
	r.skip()
	was := r.inTrig
	r.inTrig = true
	bracketed := r.peek() == "open"
	arg := r.factor()
	if r.trigNames && !bracketed && arg.Op == 'n' && r.i < len(r.s) && (mathtext.IsASCIILetter(r.s[r.i]) || r.s[r.i] == '\\') && r.peek() == "name" {
		// "\sin 2x", "\cos 3\theta": a coefficient glued to its name
		arg = r.node(&Expr{Op: '*', L: arg, R: r.factor()})
	}
	if k := r.peek(); !bracketed && (k == "name" || k == "num" || k == "open" || k == "frac") {
		// "\sin \pi x", "\sin 2 x": the argument may go on.
		r.fail("a trigonometric argument without brackets that may go on")
	}
	r.inTrig = was
	var e *Expr
	if arg.Op == 'n' && arg.Num.Sign() == 0 {
		// \sin 0: zero in any unit
		e = r.node(&Expr{Op: 't', Name: fn, Num: new(big.Rat)})
	} else if q, ok := piMultiple(arg); ok {
		e = r.node(&Expr{Op: 't', Name: fn, Num: q})
	} else if r.trigNames {
		e = r.node(trigOfName(r, fn, arg))
	} else {
		r.fail("a trigonometric argument that is not a rational multiple of π")
	}
	if exp != 1 {
		e = r.node(&Expr{Op: '^', L: e, Exp: exp})
	}
	return e
}

// piMultiple returns q with e = q·π exactly.
func piMultiple(e *Expr) (*big.Rat, bool) {
	vars := Vars(e, map[string]bool{}, nil)
	if len(vars) != 1 || vars[0] != "π" {
		return nil, false
	}
	r, err := ToRat(e)
	if err != nil || r.Den().Degree() != 0 {
		return nil, false
	}
	c, err := r.Num().Coeffs("π")
	if err != nil || len(c) != 2 || c[0].Sign() != 0 {
		return nil, false
	}
	d, _ := r.Den().Eval(nil)
	return new(big.Rat).Quo(c[1], d), true
}

func IntTerm(q *big.Int) string {
	if q.Sign() < 0 {
		return "(-(" + new(big.Int).Neg(q).String() + " : Rat))"
	}
	return "(" + q.String() + " : Rat)"
}
