package symexpr

import (
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
	if i < 0 || !strings.HasSuffix(name, ")") || atomFns[name[:i]] == nil {
		return ""
	}
	return name[:i]
}

// InRange reports whether the name may take the value r: every value for
// a name, the function's values for an atom.
func InRange(name string, r *big.Rat) bool {
	fn := AtomFn(name)
	return fn == "" || atomFns[fn](r)
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
		if e.R == nil || e.Num == nil || e.R.Op != 'v' || e.R.Name == "" || e.R.Name == "π" || atomFns[e.Name] == nil {
			return nil, false
		}
		b := "0"
		if e.R.Num != nil {
			b = e.R.Num.RatString()
		}
		key := e.Name + "|" + e.Num.RatString() + "|" + b
		if f := forms[e.R.Name]; f != "" && f != key {
			return nil, false
		}
		forms[e.R.Name] = key
		return &Expr{Op: 'v', Name: e.Name + "(" + Plain(e.L) + ")"}, true
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
