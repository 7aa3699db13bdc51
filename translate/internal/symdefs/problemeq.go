package symdefs

import (
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// The problem's conditions on one name. "If x² - x - 1 = 0, what is x³ - 2x + 1?" fixes x to a
// root of x² - x - 1, and a step may rewrite with it: "x³ - 2x + 1 = (x² + x) - 2x + 1 becomes
// (x + 1 + x) - 2x + 1" is x² replaced by x + 1. Read alone, that rewriting looks false (at
// x = 0 the first equation holds and the second does not), but x = 0 is no value the problem
// allows. A rewriting in such a name is refuted only at a value every condition on the name
// allows (ChainProblem.Outside).

// maxProblemConds bounds the conditions kept of one problem.
const maxProblemConds = 16

// problemCond is an equation of the problem's math in one name ("x^2 - x - 1 = 0", "x + 1/x =
// 3"), or one the reader could not read, where the name stands alone (raw set, l and r nil).
type problemCond struct {
	name string
	l, r *symexpr.Expr
	raw  string
}

// readProblemConds reads the conditions in one name from the problem's math: each formula cut
// at commas, semicolons, "\quad" and "and", each piece with "=" and no other relation read
// link by link. A function's or a sequence's definition ("f(x) = …", "a_n = …") binds a dummy
// name, and an equation in several names is a system: neither is a condition on one name.
// Linear in the problem's bytes (the formulas are read once, at most maxProblemConds kept).
func readProblemConds(s string) []problemCond { return readProblemCondsIn(s, nil) }

// ProblemDigits bounds the digits of a literal where the problem is lexed.
const ProblemDigits = 30

// readProblemCondsIn is readProblemConds with the math regions of s from
// regions (nil: s is lexed here).
func readProblemCondsIn(s string, regions func() []mathtext.Region) []problemCond {
	if !strings.Contains(s, "=") {
		return nil
	}
	var out []problemCond
	var rgs []mathtext.Region
	if regions != nil {
		rgs = regions()
	} else { // from tokens read into the lexer's scratch, never copied
		mathtext.WithTokens(s, ProblemDigits, func(toks []mathtext.Tok) { rgs = mathtext.MathRegions(s, toks) })
	}
	for _, rg := range rgs {
		for _, piece := range condPieces(s[rg.S:rg.E]) {
			if len(out) >= maxProblemConds {
				return out
			}
			out = appendConds(out, piece)
		}
	}
	return out
}

// condSeparators are the separators of a list of conditions, made ",".
var condSeparators = strings.NewReplacer(`{,}`, "", `\,`, " ", `\!`, "", `\;`, " ", `\qquad`, ",", `\quad`, ",",
	`\text{ and }`, ",", `\text{and}`, ",", ";", ",")

// condPieces cuts one formula at the separators of a list of conditions.
func condPieces(f string) []string {
	f = condSeparators.Replace(f)
	pieces := strings.Split(f, ",")
	for i, p := range pieces {
		pieces[i] = strings.TrimRight(strings.TrimSpace(p), ".")
	}
	return pieces
}

// otherRelations are the marks of a relation other than "=": a piece with one is no equation.
var otherRelations = []string{"<", ">", `\le`, `\ge`, `\ne`, `\approx`, `\equiv`, `\pmod`, `\mod`, `\in`, `\to`, `\sim`, ":=", `\cdot\cdot`}

// appendConds adds the conditions in one name that piece states, link by link.
func appendConds(out []problemCond, piece string) []problemCond {
	piece = strings.TrimSpace(piece)
	if !strings.Contains(piece, "=") || len(piece) > maxProblemDefBody {
		return out
	}
	for _, rel := range otherRelations {
		if strings.Contains(piece, rel) {
			return out
		}
	}
	sides := strings.Split(piece, "=")
	if definesDummy(sides[0]) {
		return out
	}
	for k := 0; k+1 < len(sides); k++ {
		l, errL := symexpr.Read(strings.TrimSpace(sides[k]))
		r, errR := symexpr.Read(strings.TrimSpace(sides[k+1]))
		if errL != nil || errR != nil {
			if name, ok := loneLetter(sides[k] + " " + sides[k+1]); ok {
				out = append(out, problemCond{name: name, raw: piece})
			}
			continue
		}
		seen := map[string]bool{}
		vars := symexpr.Vars(r, seen, symexpr.Vars(l, seen, nil))
		if len(vars) == 1 {
			out = append(out, problemCond{name: vars[0], l: l, r: r})
		}
	}
	return out
}

// definesDummy reports a left side that names a function's value or a sequence's term at a
// letter ("f(x)", "a_n", "a_{n+1}"): the letter is a dummy, the piece a definition.
func definesDummy(left string) bool {
	left = strings.TrimSpace(left)
	if len(left) < 3 || !mathtext.IsASCIILetter(left[0]) {
		return false
	}
	rest := strings.TrimLeft(left[1:], "_{( ")
	return (left[1] == '(' || left[1] == '_') && rest != "" && mathtext.IsASCIILetter(rest[0])
}

// loneLetter returns the one letter that stands alone in s (not part of a word or a command),
// if exactly one letter does.
func loneLetter(s string) (string, bool) {
	name := ""
	for i := 0; i < len(s); i++ {
		if !mathtext.IsASCIILetter(s[i]) || !standaloneAt(s, i) {
			continue
		}
		if name != "" && name != s[i:i+1] {
			return "", false
		}
		name = s[i : i+1]
	}
	return name, name != ""
}

// Outside says why a witness of a rewriting in name, at, may be a value the problem does not
// allow: a condition of the problem on name that at does not meet, or one that cannot be
// checked there. It returns "" when every condition on name holds at at, or there is none.
func (cp ChainProblem) Outside(name string, at *big.Rat) string {
	return cp.outside(name, func(c problemCond) bool {
		a, err1 := symexpr.Eval(c.l, map[string]*big.Rat{name: at})
		b, err2 := symexpr.Eval(c.r, map[string]*big.Rat{name: at})
		return err1 == nil && err2 == nil && a.Cmp(b) == 0
	})
}

// OutsideReal is Outside for a rewriting of the equation a = 0 into b = 0 (polynomials in
// name) refuted at a real solution of the first that is not one of the second: the problem
// allows such a value when a condition's own polynomial divides a and shares no root with b
// (the rewriting then fails at every value the condition allows).
func (cp ChainProblem) OutsideReal(name string, a, b algebra.Poly) string {
	return cp.outside(name, func(c problemCond) bool {
		L, err1 := symexpr.ToRat(c.l)
		R, err2 := symexpr.ToRat(c.r)
		if err1 != nil || err2 != nil {
			return false
		}
		p := L.Sub(R).Num()
		if p.Degree() < 1 {
			return false
		}
		in, err1 := algebra.Divides(p, a, name)
		shared, err2 := algebra.CommonRoot(p, b, name)
		return err1 == nil && err2 == nil && in && !shared
	})
}

// outside is the reason of the first condition on name that allows is false of, or "".
func (cp ChainProblem) outside(name string, allows func(problemCond) bool) string {
	for _, c := range cp.conds {
		if c.name != name {
			continue
		}
		if c.l == nil {
			return "the problem puts a condition on " + name + " (" + strings.TrimSpace(c.raw) + "): the rewriting may use it"
		}
		if !allows(c) {
			return "the problem puts a condition on " + name + " (" + symexpr.Plain(c.l) + " = " + symexpr.Plain(c.r) + "): the rewriting may use it, and its witness may be no value the problem allows"
		}
	}
	return ""
}
