package translate

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// The symbolic declarations of docs/CONTRACTS.md §1b, parsed into exact
// rational functions so the exact checker decides the text Lean sees.

// sval is a Term as a rational function with the divisors met in it.
type sval struct {
	r    algebra.Rat
	divs []algebra.Rat
}

// srel is one relation of a symbolic declaration.
type srel struct {
	l, r sval
	op   string
}

// symDecl is a parsed symbolic declaration.
type symDecl struct {
	n    int
	hyps []srel
	goal []srel
	body string // the text after "), " and before " := by "
}

type sparser struct {
	dparser
	n int
}

// parseForall parses a §1b declaration closed by tactic.
func parseForall(line, tactic string) (d symDecl, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			if !ok || !errors.Is(e, errDialect) && !errors.Is(e, algebra.ErrTooLarge) && !errors.Is(e, algebra.ErrDivByZero) {
				panic(r)
			}
			err = e
		}
	}()
	if strings.ContainsAny(line, "\n\r") {
		return d, fmt.Errorf("%w: more than one line", errDialect)
	}
	p := &sparser{dparser: dparser{s: line}}
	p.want("example : ∀ (")
	for k := 1; ; k++ {
		name := p.name('v')
		if name != "v"+strconv.Itoa(k) {
			p.fail("bound names must be v1 … vn in order")
		}
		p.n = k
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
		r := p.srel()
		if p.eat(" → ") {
			d.hyps = append(d.hyps, r)
			continue
		}
		d.goal = append(d.goal, r)
		for p.eat(" ∧ ") {
			d.goal = append(d.goal, p.srel())
		}
		break
	}
	d.body = line[start:p.i]
	p.want(" := by ")
	p.want(tactic)
	if p.i != len(p.s) {
		p.fail("trailing text")
	}
	d.n = p.n
	return d, nil
}

func (p *sparser) srel() srel {
	a := p.sterm()
	for _, op := range relOps {
		if p.eat(op) {
			return srel{l: a, r: p.sterm(), op: strings.TrimSpace(op)}
		}
	}
	p.fail("want a relation")
	return srel{}
}

func joinDivs(a, b sval) []algebra.Rat {
	return append(append([]algebra.Rat(nil), a.divs...), b.divs...)
}

func (p *sparser) sterm() sval {
	if p.eat("-") {
		x := p.satom()
		return sval{r: x.r.Neg(), divs: x.divs}
	}
	return p.ssum()
}

func (p *sparser) ssum() sval {
	x := p.sprod()
	for {
		switch {
		case p.eat(" + "):
			y := p.sprod()
			x = sval{r: x.r.Add(y.r), divs: joinDivs(x, y)}
		case p.eat(" - "):
			y := p.sprod()
			x = sval{r: x.r.Sub(y.r), divs: joinDivs(x, y)}
		default:
			return x
		}
	}
}

func (p *sparser) sprod() sval {
	x := p.spow()
	for {
		switch {
		case p.eat(" * "):
			y := p.spow()
			x = sval{r: x.r.Mul(y.r), divs: joinDivs(x, y)}
		case p.eat(" / "):
			y := p.spow()
			q, err := x.r.Div(y.r)
			if err != nil {
				panic(err)
			}
			x = sval{r: q, divs: append(joinDivs(x, y), y.r)}
		default:
			return x
		}
	}
}

func (p *sparser) spow() sval {
	x := p.satom()
	if p.eat(" ^ ") {
		n := p.digits()
		if len(n) > 3 {
			p.fail("exponent too large")
		}
		e, _ := strconv.Atoi(n)
		num, err := x.r.Num().Pow(uint(e))
		if err != nil {
			panic(err)
		}
		den, err := x.r.Den().Pow(uint(e))
		if err != nil {
			panic(err)
		}
		r, err := algebra.NewRat(num, den)
		if err != nil {
			panic(err)
		}
		x = sval{r: r, divs: x.divs}
	}
	return x
}

func (p *sparser) satom() sval {
	switch {
	case p.eat("("):
		j := p.i
		for j < len(p.s) && (isDigit(p.s[j]) || p.s[j] == '.') {
			j++
		}
		if j > p.i && strings.HasPrefix(p.s[j:], " : Rat)") {
			lit := p.s[p.i:j]
			if !validLit(lit) {
				p.fail("bad literal %q", lit)
			}
			p.i = j + len(" : Rat)")
			v, ok := parseLitRat(lit)
			if !ok {
				p.fail("bad literal %q", lit)
			}
			return sval{r: algebra.FromPoly(algebra.Const(v))}
		}
		x := p.sterm()
		p.want(")")
		return x
	case p.i < len(p.s) && p.s[p.i] == 'v':
		name := p.name('v')
		k, _ := strconv.Atoi(name[1:])
		if k < 1 || k > p.n {
			p.fail("unbound name %s", name)
		}
		return sval{r: algebra.FromPoly(algebra.Var(name))}
	}
	p.fail("want a term")
	return sval{}
}

// proved reports whether the exact checker proves the declaration: a
// goal of equations that holds as an identity of rational functions, or
// that follows from one polynomial equation hypothesis in one variable
// (the hypothesis divides it); every divisor in the text is a nonzero
// constant or one of the "≠ 0" hypotheses, so Lean's x / 0 = 0 never
// comes into play.
func (d symDecl) proved() (bool, string) {
	var conds []algebra.Rat
	var eqs []srel
	var divs []algebra.Rat
	for _, h := range d.hyps {
		divs = append(divs, h.l.divs...)
		divs = append(divs, h.r.divs...)
		switch {
		case h.op == "≠" && h.r.r.Num().IsZero():
			conds = append(conds, h.l.r)
		case h.op == "=":
			eqs = append(eqs, h)
		default:
			return false, "a hypothesis that is neither an equation nor a nonzero condition"
		}
	}
	for _, g := range d.goal {
		if g.op != "=" {
			return false, "a goal that is not an equation"
		}
		divs = append(divs, g.l.divs...)
		divs = append(divs, g.r.divs...)
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
		for _, g := range d.goal {
			if !g.l.r.Equal(g.r.r) {
				return false, "not an identity"
			}
		}
		return true, ""
	case 1:
		if d.n != 1 {
			return false, "an equation hypothesis that is not a polynomial in one variable"
		}
		for _, dv := range append(append([]algebra.Rat{}, eqs[0].l.divs...), eqs[0].r.divs...) {
			if dv.Den().Degree() != 0 || dv.Num().Degree() != 0 {
				// x / 10 is a polynomial; x / (x - 1) is not.
				return false, "an equation hypothesis that is not a polynomial in one variable"
			}
		}
		diff := eqs[0].l.r.Sub(eqs[0].r.r)
		pa := diff.Num()
		if pa.Degree() == 0 {
			return false, "a constant hypothesis"
		}
		for _, g := range d.goal {
			gd := g.l.r.Sub(g.r.r)
			ok, err := algebra.Divides(pa, gd.Num(), "v1")
			if err != nil || !ok {
				return false, "the hypothesis does not divide the goal"
			}
		}
		return true, ""
	}
	return false, "more than one equation hypothesis"
}

// witnessLitRE is a value substituted for a bound name in the closed
// instance: an integer or a fraction, possibly negated.
var witnessLitRE = regexp.MustCompile(`^(\([0-9]+ : Rat\)|\(-\([0-9]+ : Rat\)\)|\(\([0-9]+ : Rat\) / \([0-9]+ : Rat\)\)|\(-\(\([0-9]+ : Rat\) / \([0-9]+ : Rat\)\)\))`)

var boundNameRE = regexp.MustCompile(`v[0-9]+`)

// instanceOf reports whether closed is body with every bound name
// replaced, consistently, by a literal.
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

// symExactDecide decides a symbolic obligation: P by parseForall's
// decision, ¬(P) by evaluating the closed instance.
func symExactDecide(lean, leanNeg, tactic, idTactic string) exactOutcome {
	fd, err := parseForall(lean, idTactic)
	if err != nil {
		return exactOutcome{fail: "cannot read P: " + err.Error()}
	}
	n, err := parseDecl(leanNeg, tactic, true)
	if err != nil {
		return exactOutcome{fail: "cannot evaluate the instance: " + err.Error()}
	}
	if !n.negated || n.hypVar != "" || !instanceOf(fd.body, n.prop) {
		return exactOutcome{fail: "the second declaration is not the negation of an instance of P"}
	}
	proved, _ := fd.proved()
	return exactOutcome{proved: proved, disproved: !n.holds}
}

func parseLitRat(lit string) (*big.Rat, bool) {
	return new(big.Rat).SetString(lit)
}
