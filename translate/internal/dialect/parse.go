package dialect

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// The closed declarations (docs/CONTRACTS.md §1):
//
//	Decl  := "example : " Goal " := by " Tactic
//	       | "example (v1 : Rat) (h1 : v1 = " Term ") : " Goal " := by subst_vars; " Tactic
//	Goal  := Prop | "¬(" Prop ")"
//	Prop  := Rel (" ∧ " Rel)* | Rel " → " Prop
//	Rel   := Term RelOp Term          RelOp ∈ " = ", " ≠ ", " < ", " > ", " ≤ ", " ≥ "
//	Term  := "-" Atom | Sum
//	Sum   := Prod ((" + " | " - ") Prod)*
//	Prod  := Pow ((" * " | " / ") Pow)*
//	Pow   := Atom [" ^ " Nat]
//	Atom  := "(" Lit " : Rat)" | "(" Term ")" | Var
//	Lit   := [0-9]+ | [0-9]+ "." [0-9]+
//
// Rel " → " Prop is the instance of a symbolic claim at a witness point (§1b); the symbolic
// declarations themselves are read by ParseForall (forall.go).

// Decl is a parsed closed declaration.
type Decl struct {
	HypVar  string   // the name a hypothesis binds ("v1"), "" when there is none
	HypVal  *big.Rat // its value
	Negated bool     // the goal is ¬(Prop)
	Prop    string   // the Prop's text (inside ¬(…) when negated)
	Holds   bool     // the value of the Prop (before any negation); false when not evaluated
	Forall  bool     // a symbolic ∀ declaration (read by ParseForall, not evaluated here)
}

var (
	// ErrDialect is the error of a line outside the dialect.
	ErrDialect = errors.New("not in the obligation dialect")
	// ErrDivZero is met when a term divides by zero; the translator never sends such a term.
	ErrDivZero = errors.New("division by zero (Lean's Rat has a/0 = 0)")
	// ErrTooBig is met when a value grows past what the checker evaluates.
	ErrTooBig = errors.New("number too large to check")
)

// Validate reports whether line is one declaration of the dialect closed by tactic.
func Validate(line, tactic string) error {
	_, err := parseDecl(line, tactic, false)
	return err
}

// Parse reads a closed declaration closed by tactic and evaluates its Prop exactly.
func Parse(line, tactic string) (Decl, error) {
	return parseDecl(line, tactic, true)
}

// scanner is the reading position in one line; its failures panic with an ErrDialect error
// that the entry points recover.
type scanner struct {
	s string
	i int
}

func (p *scanner) fail(format string, args ...any) {
	panic(fmt.Errorf("%w: %s at byte %d", ErrDialect, fmt.Sprintf(format, args...), p.i))
}

func (p *scanner) eat(lit string) bool {
	if strings.HasPrefix(p.s[p.i:], lit) {
		p.i += len(lit)
		return true
	}
	return false
}

func (p *scanner) want(lit string) {
	if !p.eat(lit) {
		p.fail("want %q", lit)
	}
}

func (p *scanner) name(prefix byte) string {
	if p.i >= len(p.s) || p.s[p.i] != prefix {
		p.fail("want a generated name")
	}
	p.i++
	return string(prefix) + p.digits()
}

func (p *scanner) digits() string {
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

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// recoverAs turns a panic carrying one of the errors in kinds into *err; any other panic goes on.
func recoverAs(err *error, kinds ...error) {
	r := recover()
	if r == nil {
		return
	}
	e, ok := r.(error)
	if ok {
		for _, k := range kinds {
			if errors.Is(e, k) {
				*err = e
				return
			}
		}
	}
	panic(r)
}

func parseDecl(line, tactic string, eval bool) (d Decl, err error) {
	defer recoverAs(&err, ErrDialect, ErrDivZero, ErrTooBig)
	if strings.ContainsAny(line, "\n\r") {
		return d, fmt.Errorf("%w: more than one line", ErrDialect)
	}
	ar := &ratArith{eval: eval, vars: map[string]*big.Rat{}}
	p := &parser[*big.Rat]{scanner: scanner{s: line}, ar: ar}
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
		ar.vars[name] = v
		d.HypVar, d.HypVal = name, v
		hyp = true
	}
	p.want(": ")
	if !hyp && strings.HasPrefix(p.s[p.i:], "∀ (") {
		if _, err := ParseForall(line, tactic); err != nil {
			return d, err
		}
		d.Forall = true
		return d, nil
	}
	start := p.i
	if p.eat("¬(") {
		d.Negated = true
		start = p.i
	}
	d.Holds = closedProp(p, eval)
	d.Prop = line[start:p.i]
	if d.Negated {
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

// closedProp reads a closed Prop and, when eval, its value.
func closedProp(p *parser[*big.Rat], eval bool) bool {
	holds := closedRel(p, eval)
	if p.eat(" → ") {
		// A closed instance of a symbolic claim: hypotheses → Prop.
		rest := closedProp(p, eval)
		return !holds || rest
	}
	for p.eat(" ∧ ") {
		r := closedRel(p, eval)
		holds = holds && r
	}
	return holds
}

// closedRel reads a relation and, when eval, its value (false when not evaluated).
func closedRel(p *parser[*big.Rat], eval bool) bool {
	r := p.rel()
	return eval && Compare(r.L, r.R, r.Op)
}

// Compare says whether a rel b holds, rel one of the dialect's relations = ≠ < > ≤ ≥.
func Compare(a, b *big.Rat, rel string) bool {
	c := a.Cmp(b)
	switch rel {
	case "<":
		return c < 0
	case ">":
		return c > 0
	case "≤":
		return c <= 0
	case "≥":
		return c >= 0
	case "≠":
		return c != 0
	}
	return c == 0
}
