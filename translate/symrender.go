package translate

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// A symbolic tree written out: as a dialect Term (symRender) and in plain notation (symString), with the walks that collect its names and divisors and the integer functions (n!, C(n, k)) it may hold.

// symVars appends the names of e in order of first appearance.
func symVars(e *sexpr, seen map[string]bool, out []string) []string {
	if e == nil {
		return out
	}
	if e.op == 'v' && !seen[e.name] {
		seen[e.name] = true
		out = append(out, e.name)
	}
	out = symVars(e.l, seen, out)
	return symVars(e.r, seen, out)
}

// symDivisors appends every divisor of e: the right side of a division
// and the base of a negative power.
func symDivisors(e *sexpr, out []*sexpr) []*sexpr {
	if e == nil {
		return out
	}
	out = symDivisors(e.l, out)
	out = symDivisors(e.r, out)
	switch {
	case e.op == '/':
		out = append(out, e.r)
	case e.op == '^' && e.exp < 0:
		out = append(out, e.l)
	}
	return out
}

// symRender writes e as a dialect Term. names maps each name to its
// generated variable, or to a literal at a witness point.
type symRender struct {
	names map[string]string
}

func (sr symRender) term(e *sexpr) string { return sr.sum(e) }

func (sr symRender) sum(e *sexpr) string {
	switch e.op {
	case '+':
		return sr.sum(e.l) + " + " + sr.prod(e.r)
	case '-':
		return sr.sum(e.l) + " - " + sr.prod(e.r)
	}
	return sr.prod(e)
}

func (sr symRender) prod(e *sexpr) string {
	switch e.op {
	case '*':
		return sr.prod(e.l) + " * " + sr.pow(e.r)
	case '/':
		return sr.prod(e.l) + " / " + sr.pow(e.r)
	}
	return sr.pow(e)
}

func (sr symRender) pow(e *sexpr) string {
	if e.op == '^' {
		if e.exp < 0 {
			return "((1 : Rat) / " + sr.atom(e.l) + " ^ " + fmt.Sprint(-e.exp) + ")"
		}
		return sr.atom(e.l) + " ^ " + fmt.Sprint(e.exp)
	}
	return sr.atom(e)
}

func (sr symRender) atom(e *sexpr) string {
	switch e.op {
	case 'n':
		return "(" + e.num.RatString() + " : Rat)"
	case 'v':
		return sr.names[e.name]
	case '~':
		return "(-" + sr.atom(e.l) + ")"
	case 'F':
		return "!" // never rendered: closedCert replaces each by its value first
	case 'r', 't':
		return "√" // never rendered: no Term holds a radical (the dialect rejects it)
	case '!', 'b':
		return intFnTerm(e)
	}
	return "(" + sr.sum(e) + ")"
}

// symString is e in plain notation for reasons and Expr.
func symString(e *sexpr) string {
	switch e.op {
	case 'n':
		return e.num.RatString()
	case 'v':
		return e.name
	case '~':
		return "-" + symAtomString(e.l)
	case '^':
		return symAtomString(e.l) + "^" + fmt.Sprint(e.exp)
	case '!':
		return symAtomString(e.l) + "!"
	case 't':
		return e.name + "(" + e.num.RatString() + "π)"
	case 'b':
		return "C(" + symString(e.l) + ", " + symString(e.r) + ")"
	case 'F':
		return fnString(e)
	case 'r':
		if e.exp == 3 {
			return "∛" + symAtomString(e.l)
		}
		return "√" + symAtomString(e.l)
	case '+', '-':
		r := symString(e.r)
		if e.r.op == '+' || e.r.op == '-' || e.r.op == '~' {
			r = "(" + r + ")"
		}
		return symString(e.l) + " " + string(e.op) + " " + r
	}
	l, r := symString(e.l), symAtomString(e.r)
	if e.l.op == '+' || e.l.op == '-' || e.l.op == '~' {
		l = "(" + l + ")"
	}
	if e.op == '/' && (e.r.op == '*' || e.r.op == '/' || e.r.op == '^') {
		r = "(" + symString(e.r) + ")"
	}
	return l + " " + string(e.op) + " " + r
}

func symAtomString(e *sexpr) string {
	if e.op == 'n' || e.op == 'v' || e.op == 'r' || e.op == '!' || e.op == 'b' || e.op == 't' || e.op == 'F' {
		return symString(e)
	}
	if e.op == '^' {
		return symString(e)
	}
	return "(" + symString(e) + ")"
}

// hasRoot reports a radical in e.
func hasRoot(e *sexpr) bool {
	if e == nil {
		return false
	}
	return e.op == 'r' || e.op == 't' || hasRoot(e.l) || hasRoot(e.r)
}

// maxIntFn bounds n in n! and C(n, k) so the product Lean sees stays short.
const maxIntFn = 40

// intArgs evaluates the integer arguments of a factorial or binomial.
func intArg(e *sexpr) (int64, error) {
	v, err := symEval(e, nil)
	if err != nil {
		return 0, err
	}
	if !v.IsInt() || v.Sign() < 0 || v.Num().Cmp(big.NewInt(maxIntFn)) > 0 {
		return 0, fmt.Errorf("an argument that is not an integer from 0 to %d", maxIntFn)
	}
	return v.Num().Int64(), nil
}

// intFnValue is the value of n! or C(n, k).
func intFnValue(e *sexpr) (*big.Rat, error) {
	n, err := intArg(e.l)
	if err != nil {
		return nil, err
	}
	if e.op == '!' {
		f, err := algebra.Factorial(big.NewInt(n))
		if err != nil {
			return nil, err
		}
		return new(big.Rat).SetInt(f), nil
	}
	k, err := intArg(e.r)
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
func intFnTerm(e *sexpr) string {
	n, err := intArg(e.l)
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
	if e.op == '!' {
		return prod(1, n)
	}
	k, err := intArg(e.r)
	if err != nil || k > n {
		return "!"
	}
	k = min(k, n-k)
	return "(" + prod(n-k+1, n) + " / " + prod(1, k) + ")"
}

// hasIntFn reports a factorial or binomial in e.
func hasIntFn(e *sexpr) bool {
	if e == nil {
		return false
	}
	return e.op == '!' || e.op == 'b' || hasIntFn(e.l) || hasIntFn(e.r)
}

// substitute returns a copy of e with the name v replaced by x.
func substitute(e *sexpr, v string, x *sexpr) *sexpr {
	if e == nil {
		return nil
	}
	if e.op == 'v' && e.name == v {
		return x
	}
	c := *e
	c.l = substitute(e.l, v, x)
	c.r = substitute(e.r, v, x)
	return &c
}

func countNodes(e *sexpr) int {
	if e == nil {
		return 0
	}
	return 1 + countNodes(e.l) + countNodes(e.r)
}

// trig reads \sin θ, \cos^2 θ, \tan(θ), … where θ is a rational multiple
// of π or a whole number of degrees (30^\circ); the value must be exact
// (algebra.TrigPi). A power after the name squares the value. Anything
// else, names included, is refused.
func (r *sreader) trig() *sexpr {
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
	if k := r.peek(); !bracketed && (k == "name" || k == "num" || k == "open" || k == "frac") {
		// "\sin \pi x", "\sin 2 x": the argument may go on.
		r.fail("a trigonometric argument without brackets that may go on")
	}
	r.inTrig = was
	q, ok := piMultiple(arg)
	if !ok {
		r.fail("a trigonometric argument that is not a rational multiple of π")
	}
	e := r.node(&sexpr{op: 't', name: fn, num: q})
	if exp != 1 {
		e = r.node(&sexpr{op: '^', l: e, exp: exp})
	}
	return e
}

// piMultiple returns q with e = q·π exactly.
func piMultiple(e *sexpr) (*big.Rat, bool) {
	vars := symVars(e, map[string]bool{}, nil)
	if len(vars) != 1 || vars[0] != "π" {
		return nil, false
	}
	r, err := symToRat(e)
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
