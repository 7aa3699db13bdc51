package symexpr

import (
	"errors"
	"math/big"
	"strings"
)

// The value of a trigonometric function of a name as an unknown of its
// own (docs/TRANSLATE.md, "Equations in the value of a function of a
// name"). A chain that solves an equation in sin θ treats sin θ as its
// unknown: a line whose names all sit in one function-value form, sin θ
// and nothing else (not θ itself, not cos θ or sin 2θ, which are related
// to it), is read with that value as a name, "sin(θ)", so the readers of
// equations in one unknown read it. The value ranges over what the
// function takes, not over all numbers: InRange says which points may
// witness a claim about it.

// atomFns are the functions whose values are read as names, with the
// values they take: sin and cos [-1, 1], sec and csc outside (-1, 1),
// tan and cot every number.
var atomFns = map[string]func(r *big.Rat) bool{
	"sin": unitRange, "cos": unitRange,
	"sec": outsideUnit, "csc": outsideUnit,
	"tan": everyValue, "cot": everyValue,
}

func unitRange(r *big.Rat) bool {
	return new(big.Rat).Abs(r).Cmp(big.NewRat(1, 1)) <= 0
}

func outsideUnit(r *big.Rat) bool {
	return !unitRange(r) || new(big.Rat).Abs(r).Cmp(big.NewRat(1, 1)) == 0
}

func everyValue(*big.Rat) bool { return true }

// AtomFn returns the function of an atom's name ("sin" for "sin(θ)"), ""
// for a name that is no atom (no name read from the text holds '(').
func AtomFn(name string) string {
	i := strings.IndexByte(name, '(')
	if i < 0 || !strings.HasSuffix(name, ")") || atomRange(name[:i]) == nil {
		return ""
	}
	return name[:i]
}

// atomRange is the test of the values fn takes, nil for no function
// whose value is read as a name: a logarithm (log_b, log, ln) takes every
// number.
func atomRange(fn string) func(*big.Rat) bool {
	if fn == "log" || fn == "ln" || strings.HasPrefix(fn, "log_") {
		return everyValue
	}
	return atomFns[fn]
}

// InRange reports whether the name may take the value r: every value for
// a name, the function's values for an atom.
func InRange(name string, r *big.Rat) bool {
	fn := AtomFn(name)
	return fn == "" || atomRange(fn)(r)
}

// AllInRange reports InRange for every name of a point.
func AllInRange(at map[string]*big.Rat) bool {
	for n, r := range at {
		if !InRange(n, r) {
			return false
		}
	}
	return true
}

// Atoms returns, for the n members of a line (member(k) the k-th, nil
// when unread), what the kind leaves of each member it takes: for
// trigonometric functions of a name, the member with each function made
// a name when the line holds exactly one such value and no name outside
// it (else nil, with the kind's reason); for other kinds nil.
func (k Kind) Atoms(n int, member func(int) *Expr) func(int) (*Expr, string) {
	taken := func(int) (*Expr, string) { return nil, k.Taken }
	if k.Taken != TrigKind.Taken {
		return taken
	}
	forms := map[string]string{}
	out := make([]*Expr, n)
	for i := range out {
		e, ok := atomize(member(i), forms)
		if !ok {
			return taken
		}
		out[i] = e
	}
	if len(forms) != 1 {
		return taken
	}
	return func(i int) (*Expr, string) { return out[i], "" }
}

// atomize replaces each trigonometric function of a name in e by the
// name of its value, recording the form of each name; a name in two
// forms, a name outside its function, or π outside one fails.
func atomize(e *Expr, forms map[string]string) (*Expr, bool) {
	if e == nil {
		return nil, true
	}
	switch e.Op {
	case 'W':
		x, key, name, ok := ValueKey(e)
		if !ok {
			return nil, false
		}
		if f := forms[x]; f != "" && f != key {
			return nil, false
		}
		forms[x] = key
		return &Expr{Op: 'v', Name: name}, true
	case 'v':
		return nil, false // a name outside a function, or π
	case 'n':
		return e, true
	case '+', '-', '*', '/', '~', '^':
	default:
		return nil, false // roots, powers of names, functions: left alone
	}
	l, ok := atomize(e.L, forms)
	if !ok {
		return nil, false
	}
	r, ok := atomize(e.R, forms)
	if !ok {
		return nil, false
	}
	c := *e
	c.L, c.R = l, r
	return &c, true
}

// ValueKey is what a 'W' node (a function of a name) gives to read its
// value as a name: the name x under it, its form (the function, a and b
// of a·x + b·π) and the value's own name ("sin(2x)"); a constant
// argument, or a function whose values are not read as names, fails.
func ValueKey(e *Expr) (x, key, name string, ok bool) {
	if e.R == nil || e.Num == nil || e.R.Op != 'v' || e.R.Name == "" || e.R.Name == "π" || atomRange(e.Name) == nil {
		return "", "", "", false
	}
	b := "0"
	if e.R.Num != nil {
		b = e.R.Num.RatString()
	}
	return e.R.Name, e.Name + "|" + e.Num.RatString() + "|" + b, e.Name + "(" + Plain(e.L) + ")", true
}

// logOfName reads \log_b x, \log x or \ln x of a name x (b a whole number
// past 1; x bare or in brackets, followed by nothing that could extend
// it) as a 'W' node "log_b", "log" or "ln" of x when the reader reads
// functions of names, or returns nil with nothing consumed. Such a node
// is no trigonometric function (TrigIdentity refuses it); it is read only
// as a value of its own.
func (r *sreader) logOfName() *Expr {
	if !r.trigNames {
		return nil
	}
	start := r.i
	e, ok := r.tryLogOfName()
	if !ok {
		r.i = start
		return nil
	}
	return r.node(e)
}

func (r *sreader) tryLogOfName() (*Expr, bool) {
	fn := "ln"
	if strings.HasPrefix(r.s[r.i:], `\log`) {
		fn, r.i = "log", r.i+len(`\log`)
	} else {
		r.i += len(`\ln`)
	}
	if r.i < len(r.s) && r.s[r.i] == '_' {
		if fn == "ln" {
			return nil, false
		}
		j := r.i + 1
		if j < len(r.s) && r.s[j] == '{' {
			j++
		}
		k := j
		for k < len(r.s) && k-j < 4 && r.s[k] >= '0' && r.s[k] <= '9' {
			k++
		}
		base := r.s[j:k]
		if base == "" || base[0] == '0' || base == "1" || k-j == 4 {
			return nil, false
		}
		if r.s[r.i+1] == '{' {
			if k >= len(r.s) || r.s[k] != '}' {
				return nil, false
			}
			k++
		} else if k-j > 1 {
			return nil, false // \log_10 x: a base of one digit, then a digit
		}
		fn, r.i = "log_"+base, k
	}
	r.skip()
	if r.i < len(r.s) && r.s[r.i] == '^' {
		return nil, false // \log^2 x
	}
	bracketed := r.peek() == "open"
	if !bracketed && r.peek() != "name" {
		return nil, false
	}
	x, ok := r.tryFactor()
	if !ok || x.Op != 'v' || x.Name == "π" || x.Name == "e" || x.Name == "i" {
		return nil, false
	}
	if k := r.peek(); !bracketed && (k == "name" || k == "num" || k == "open" || k == "frac" || k == "^") || r.i < len(r.s) && r.s[r.i] == '_' {
		return nil, false // \log x^2, \log xy, \log x (…): may go on
	}
	return &Expr{Op: 'W', Name: fn, L: x, Num: big.NewRat(1, 1), R: &Expr{Op: 'v', Name: x.Name, Num: new(big.Rat)}}, true
}

// tryFactor is r.factor that reports a failure instead of raising it.
func (r *sreader) tryFactor() (e *Expr, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			if err, isErr := p.(error); !isErr || !errors.Is(err, errSym) {
				panic(p)
			}
			e, ok = nil, false
		}
	}()
	return r.factor(), true
}
