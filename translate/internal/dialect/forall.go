package dialect

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// The symbolic declarations of docs/CONTRACTS.md §1b,
//
//	Decl  := "example : ∀ (v1 … vn : Rat), " (Rel " → ")* Prop " := by " IdentityTactic
//
// with any of v1…vn in Terms, read by the same term grammar into exact rational functions, so
// the exact checker decides the text Lean sees.

// Sym is a Term as a rational function, with the divisors met in it.
type Sym struct {
	R    algebra.Rat
	Divs []algebra.Rat
}

// SymDecl is a parsed symbolic declaration.
type SymDecl struct {
	N    int        // the bound names are v1 … vN
	Hyps []Rel[Sym] // the hypotheses, in order
	Goal []Rel[Sym] // the conjuncts of the goal
	Body string     // the text after "), " and before " := by "
}

// ParseForall parses a §1b declaration closed by tactic.
func ParseForall(line, tactic string) (d SymDecl, err error) {
	defer recoverAs(&err, ErrDialect, algebra.ErrTooLarge, algebra.ErrDivByZero)
	if strings.ContainsAny(line, "\n\r") {
		return d, fmt.Errorf("%w: more than one line", ErrDialect)
	}
	ar := &symArith{}
	p := &parser[Sym]{scanner: scanner{s: line}, ar: ar}
	p.want("example : ∀ (")
	for k := 1; ; k++ {
		name := p.name('v')
		if name != "v"+strconv.Itoa(k) {
			p.fail("bound names must be v1 … vn in order")
		}
		ar.n = k
		if p.eat(" : Rat), ") {
			break
		}
		p.want(" ")
		if k >= 64 {
			p.fail("too many bound names")
		}
	}
	start := p.i
	for {
		r := p.rel()
		if p.eat(" → ") {
			d.Hyps = append(d.Hyps, r)
			continue
		}
		d.Goal = append(d.Goal, r)
		for p.eat(" ∧ ") {
			d.Goal = append(d.Goal, p.rel())
		}
		break
	}
	d.Body = line[start:p.i]
	p.want(" := by ")
	p.want(tactic)
	if p.i != len(p.s) {
		p.fail("trailing text")
	}
	d.N = ar.n
	return d, nil
}

// symArith builds rational functions in the bound names v1 … vn.
type symArith struct{ n int }

var _ arith[Sym] = (*symArith)(nil)

func joinDivs(a, b Sym) []algebra.Rat {
	return append(append([]algebra.Rat(nil), a.Divs...), b.Divs...)
}

func (a *symArith) lit(s string) (Sym, bool) {
	v, ok := algebra.ParseQ(s) // big.Rat's SetString, with a fast path for a whole number
	if !ok {
		return Sym{}, false
	}
	return Sym{R: algebra.FromPoly(algebra.Const(v))}, true
}

func (a *symArith) variable(name string) (Sym, string) {
	k, _ := strconv.Atoi(name[1:])
	if k < 1 || k > a.n {
		return Sym{}, "unbound name " + name
	}
	return Sym{R: algebra.FromPoly(algebra.Var(name))}, ""
}

func (a *symArith) neg(x Sym) Sym { return Sym{R: x.R.Neg(), Divs: x.Divs} }

func (a *symArith) add(x, y Sym) Sym { return Sym{R: x.R.Add(y.R), Divs: joinDivs(x, y)} }

func (a *symArith) sub(x, y Sym) Sym { return Sym{R: x.R.Sub(y.R), Divs: joinDivs(x, y)} }

func (a *symArith) mul(x, y Sym) Sym { return Sym{R: x.R.Mul(y.R), Divs: joinDivs(x, y)} }

func (a *symArith) quo(x, y Sym) Sym {
	q, err := x.R.Div(y.R)
	if err != nil {
		panic(err)
	}
	return Sym{R: q, Divs: append(joinDivs(x, y), y.R)}
}

func (a *symArith) pow(x Sym, e int) Sym {
	num, err := x.R.Num().Pow(uint(e))
	if err != nil {
		panic(err)
	}
	den, err := x.R.Den().Pow(uint(e))
	if err != nil {
		panic(err)
	}
	r, err := algebra.NewRat(num, den)
	if err != nil {
		panic(err)
	}
	return Sym{R: r, Divs: x.Divs}
}

func (a *symArith) maxExpDigits() int { return 3 }

// Proved reports whether the exact checker proves the declaration: a goal of equations that
// holds as an identity of rational functions, or that follows from one polynomial equation
// hypothesis in one variable (the hypothesis divides it); every divisor in the text is a
// nonzero constant or one of the "≠ 0" hypotheses, so Lean's x / 0 = 0 never comes into play.
// When it is not proved, the reason says why.
func (d SymDecl) Proved() (bool, string) {
	var conds []algebra.Rat
	var eqs []Rel[Sym]
	var divs []algebra.Rat
	for _, h := range d.Hyps {
		divs = append(divs, h.L.Divs...)
		divs = append(divs, h.R.Divs...)
		switch {
		case h.Op == "≠" && h.R.R.Num().IsZero():
			conds = append(conds, h.L.R)
		case h.Op == "=":
			eqs = append(eqs, h)
		default:
			return false, "a hypothesis that is neither an equation nor a nonzero condition"
		}
	}
	for _, g := range d.Goal {
		if g.Op != "=" {
			return false, "a goal that is not an equation"
		}
		divs = append(divs, g.L.Divs...)
		divs = append(divs, g.R.Divs...)
	}
	for _, dv := range divs {
		ok := dv.Den().Degree() == 0 && dv.Num().Degree() == 0 && !dv.Num().IsZero()
		for _, c := range conds {
			ok = ok || c.Equal(dv)
		}
		if !ok {
			return false, "a denominator that no hypothesis keeps nonzero"
		}
	}
	switch len(eqs) {
	case 0:
		for _, g := range d.Goal {
			if !g.L.R.Equal(g.R.R) {
				return false, "not an identity"
			}
		}
		return true, ""
	case 1:
		return d.provedFrom(eqs[0])
	}
	return false, "more than one equation hypothesis"
}

// provedFrom: the goal follows from the one equation hypothesis eq, a polynomial in v1 that
// divides every goal's difference.
func (d SymDecl) provedFrom(eq Rel[Sym]) (bool, string) {
	if d.N != 1 {
		return false, "an equation hypothesis that is not a polynomial in one variable"
	}
	for _, dv := range append(append([]algebra.Rat{}, eq.L.Divs...), eq.R.Divs...) {
		if dv.Den().Degree() != 0 || dv.Num().Degree() != 0 {
			// x / 10 is a polynomial; x / (x - 1) is not.
			return false, "an equation hypothesis that is not a polynomial in one variable"
		}
	}
	pa := eq.L.R.Sub(eq.R.R).Num()
	if pa.Degree() == 0 {
		return false, "a constant hypothesis"
	}
	for _, g := range d.Goal {
		gd := g.L.R.Sub(g.R.R)
		ok, err := algebra.Divides(pa, gd.Num(), "v1")
		if err != nil || !ok {
			return false, "the hypothesis does not divide the goal"
		}
	}
	return true, ""
}

// witnessLitRE is a value substituted for a bound name in the closed instance: an integer or
// a fraction, possibly negated.
var witnessLitRE = regexp.MustCompile(`^(\([0-9]+ : Rat\)|\(-\([0-9]+ : Rat\)\)|\(\([0-9]+ : Rat\) / \([0-9]+ : Rat\)\)|\(-\(\([0-9]+ : Rat\) / \([0-9]+ : Rat\)\)\))`)

var boundNameRE = regexp.MustCompile(`v[0-9]+`)

// instanceOf reports whether closed is body with every bound name replaced, consistently, by
// a literal.
func instanceOf(body, closed string) bool {
	locs := boundNameRE.FindAllStringIndex(body, -1)
	subst := map[string]string{}
	j, prev := 0, 0
	for _, l := range locs {
		piece := body[prev:l[0]]
		if !strings.HasPrefix(closed[j:], piece) {
			return false
		}
		j += len(piece)
		m := witnessLitRE.FindString(closed[j:])
		if m == "" {
			return false
		}
		name := body[l[0]:l[1]]
		if s, ok := subst[name]; ok && s != m {
			return false
		}
		subst[name] = m
		j += len(m)
		prev = l[1]
	}
	return closed[j:] == body[prev:]
}
