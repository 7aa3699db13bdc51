package translate

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// The obligation dialect (docs/CONTRACTS.md §1), as this package emits it:
//
//	Decl  := "example : " Goal " := by " Tactic
//	       | "example (v1 : Rat) (h1 : v1 = " Term ") : " Goal " := by subst_vars; " Tactic
//	Goal  := Prop | "¬(" Prop ")"
//	Prop  := Rel (" ∧ " Rel)*
//	Rel   := Term RelOp Term          RelOp ∈ " = ", " ≠ ", " < ", " > ", " ≤ ", " ≥ "
//	Term  := "-" Atom | Sum
//	Sum   := Prod ((" + " | " - ") Prod)*
//	Prod  := Pow ((" * " | " / ") Pow)*
//	Pow   := Atom [" ^ " Nat]
//	Atom  := "(" Lit " : Rat)" | "(" Term ")" | Var
//	Lit   := [0-9]+ | [0-9]+ "." [0-9]+
//
// A closed Prop may also be Rel " → " … " → " Prop: the instance of a
// symbolic claim at a witness point (§1b). The symbolic declarations are
//
//	Decl  := "example : ∀ (v1 … vn : Rat), " (Rel " → ")* Prop " := by " IdentityTactic
//
// with any of v1…vn in Terms (symdialect.go).
//
// It is a sub-language of the contract's grammar that is unambiguous
// without Lean's precedence table: a minus sign only starts a whole
// term, so "-a ^ 2" and "a * -b" never occur. ValidateDeclaration
// checks a line against it, and the exact checker evaluates lines by
// parsing them with the same code, so it decides the text that Lean
// sees, not the translator's own tree.

// decl is a parsed declaration.
type decl struct {
	hypVar  string
	hypVal  *big.Rat
	negated bool
	prop    string
	holds   bool // the value of the Prop (before any negation)
	forall  bool // a symbolic ∀ declaration (decided by parseForall)
}

// ValidateDeclaration reports whether line is one declaration of the
// dialect closed by tactic.
func ValidateDeclaration(line, tactic string) error {
	_, err := parseDecl(line, tactic, false)
	return err
}

type dparser struct {
	s    string
	i    int
	vars map[string]*big.Rat
	eval bool
}

var errDialect = errors.New("not in the obligation dialect")

func (p *dparser) fail(format string, args ...any) {
	panic(fmt.Errorf("%w: %s at byte %d", errDialect, fmt.Sprintf(format, args...), p.i))
}

func (p *dparser) eat(lit string) bool {
	if strings.HasPrefix(p.s[p.i:], lit) {
		p.i += len(lit)
		return true
	}
	return false
}

func (p *dparser) want(lit string) {
	if !p.eat(lit) {
		p.fail("want %q", lit)
	}
}

func parseDecl(line, tactic string, eval bool) (d decl, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			if !ok || !errors.Is(e, errDialect) && !errors.Is(e, errDivZero) && !errors.Is(e, errTooBig) {
				panic(r)
			}
			err = e
		}
	}()
	if strings.ContainsAny(line, "\n\r") {
		return d, fmt.Errorf("%w: more than one line", errDialect)
	}
	p := &dparser{s: line, vars: map[string]*big.Rat{}, eval: eval}
	p.want("example ")
	hyp := false
	if p.eat("(") {
		name := p.name('v')
		p.want(" : Rat) (h")
		num := p.digits()
		if "v"+num != name {
			p.fail("hypothesis %q does not match %q", "h"+num, name)
		}
		p.want(" : " + name + " = ")
		v := p.term()
		p.want(") ")
		p.vars[name] = v
		d.hypVar, d.hypVal = name, v
		hyp = true
	}
	p.want(": ")
	if !hyp && strings.HasPrefix(p.s[p.i:], "∀ (") {
		if _, err := parseForall(line, tactic); err != nil {
			return d, err
		}
		d.forall = true
		return d, nil
	}
	start := p.i
	if p.eat("¬(") {
		d.negated = true
		start = p.i
	}
	d.holds = p.prop()
	d.prop = line[start:p.i]
	if d.negated {
		p.want(")")
	}
	p.want(" := by ")
	if hyp {
		p.want("subst_vars; ")
	}
	p.want(tactic)
	if p.i != len(p.s) {
		p.fail("trailing text")
	}
	return d, nil
}

func (p *dparser) name(prefix byte) string {
	if p.i >= len(p.s) || p.s[p.i] != prefix {
		p.fail("want a generated name")
	}
	p.i++
	return string(prefix) + p.digits()
}

func (p *dparser) digits() string {
	j := p.i
	for j < len(p.s) && isDigit(p.s[j]) {
		j++
	}
	if j == p.i || p.s[p.i] == '0' && j-p.i > 1 {
		p.fail("want digits")
	}
	out := p.s[p.i:j]
	p.i = j
	return out
}

var relOps = []string{" = ", " ≠ ", " < ", " > ", " ≤ ", " ≥ "}

func (p *dparser) prop() bool {
	holds := p.rel()
	if p.eat(" → ") {
		// A closed instance of a symbolic claim: hypotheses → Prop.
		rest := p.prop()
		return !holds || rest
	}
	for p.eat(" ∧ ") {
		r := p.rel()
		holds = holds && r
	}
	return holds
}

func (p *dparser) rel() bool {
	a := p.term()
	for _, op := range relOps {
		if p.eat(op) {
			b := p.term()
			if !p.eval {
				return false
			}
			return compare(a, b, strings.TrimSpace(op))
		}
	}
	p.fail("want a relation")
	return false
}

func (p *dparser) term() *big.Rat {
	if p.eat("-") {
		x := p.atom()
		return p.val(func() *big.Rat { return new(big.Rat).Neg(x) })
	}
	return p.sum()
}

func (p *dparser) val(f func() *big.Rat) *big.Rat {
	if !p.eval {
		return new(big.Rat)
	}
	v := f()
	if v.Num().BitLen() > 1<<16 || v.Denom().BitLen() > 1<<16 {
		panic(errTooBig)
	}
	return v
}

func (p *dparser) sum() *big.Rat {
	x := p.prod()
	for {
		switch {
		case p.eat(" + "):
			y, a := p.prod(), x
			x = p.val(func() *big.Rat { return new(big.Rat).Add(a, y) })
		case p.eat(" - "):
			y, a := p.prod(), x
			x = p.val(func() *big.Rat { return new(big.Rat).Sub(a, y) })
		default:
			return x
		}
	}
}

func (p *dparser) prod() *big.Rat {
	x := p.pow()
	for {
		switch {
		case p.eat(" * "):
			y, a := p.pow(), x
			x = p.val(func() *big.Rat { return new(big.Rat).Mul(a, y) })
		case p.eat(" / "):
			y, a := p.pow(), x
			x = p.val(func() *big.Rat {
				if y.Sign() == 0 {
					// Lean would answer a / 0 = 0; the translator never
					// sends such a term, so meeting one is an error.
					panic(errDivZero)
				}
				return new(big.Rat).Quo(a, y)
			})
		default:
			return x
		}
	}
}

func (p *dparser) pow() *big.Rat {
	x := p.atom()
	if p.eat(" ^ ") {
		n := p.digits()
		if len(n) > 4 {
			p.fail("exponent too large")
		}
		e := 0
		fmt.Sscan(n, &e)
		b := x
		x = p.val(func() *big.Rat {
			if (b.Num().BitLen()+b.Denom().BitLen())*e > 1<<16 {
				panic(errTooBig)
			}
			return ratPow(b, e)
		})
	}
	return x
}

func (p *dparser) atom() *big.Rat {
	switch {
	case p.eat("("):
		// "(" Lit " : Rat)" or "(" Term ")".
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
			if !p.eval {
				return new(big.Rat)
			}
			v, _ := new(big.Rat).SetString(lit)
			return v
		}
		x := p.term()
		p.want(")")
		return x
	case p.i < len(p.s) && p.s[p.i] == 'v':
		name := p.name('v')
		v, ok := p.vars[name]
		if !ok {
			p.fail("undeclared name %s", name)
		}
		return v
	}
	p.fail("want a term")
	return nil
}

func validLit(s string) bool {
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		return len(s) > 0 && !strings.Contains(s, ".")
	}
	a, b := s[:dot], s[dot+1:]
	return a != "" && b != "" && !strings.Contains(b, ".")
}
