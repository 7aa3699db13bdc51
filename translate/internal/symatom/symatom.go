// Package symatom reads the value of a function of a name, sin x, cos 2θ,
// tan(x/2), log_4 x, ln y, as an unknown of its own (docs/TRANSLATE.md,
// "Equations in the value of a function of a name"): a chain that solves
// an equation in sin θ treats sin θ as its unknown, and a line it derives
// from the one before by moving terms ("rearrange", "standard form") is
// the same equation up to a nonzero factor. Two such lines whose left
// minus right sides, in that one value, are c·D and D + k for a nonzero
// number k share no solution at all: the line is no rearrangement of the
// one before, whatever the value is, so the claim is refuted at a value
// the function takes.
//
// Sound only when the value is independent of everything else in the
// pair: each name appears in one function-value form and nowhere else
// (sin x beside cos x, sin 2x or x itself, log x beside log x², are
// related and leave the pair alone), and a constant argument (sin 20°,
// sin(π/7)) is no unknown. The value 1 is taken by every function read
// (sin π/2, cos 0, tan π/4, cot π/4, sec 0, csc π/2, log_b b, ln e), so
// it is the refuting point.
package symatom

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the prose between two lines, a line's length, the degree of
// its polynomial.
const (
	maxProse     = 240
	maxLine      = 400
	maxDegree    = 24
	maxEquations = 24
)

// fnRE finds a function that may take a name: a step without one is not
// read at all.
var fnRE = regexp.MustCompile(`\\(?:sin|cos|tan|cot|sec|csc|log|ln)(?:[^A-Za-z]|$)`)

// hasFn reports fnRE in s, read at each backslash: one of fnNames after
// it, then the end or a byte that is no ASCII letter ([^A-Za-z] takes any
// rune else, and a byte that is no rune as U+FFFD). A test holds it to the
// pattern.
func hasFn(s string) bool {
	for i := strings.IndexByte(s, '\\'); i >= 0; {
		switch s[i+1 : min(i+3, len(s))] { // the names' first two letters
		case "si", "se", "co", "cs", "ta", "lo", "ln":
			for _, n := range fnNames {
				if j := i + 1 + len(n); strings.HasPrefix(s[i+1:], n) && (j == len(s) || !mathtext.IsASCIILetter(s[j])) {
					return true
				}
			}
		}
		k := strings.IndexByte(s[i+1:], '\\')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// fnNames are the commands of fnRE, without their backslash.
var fnNames = []string{"sin", "cos", "tan", "cot", "sec", "csc", "log", "ln"}

// cueRE names a rearrangement; vetoRE words that make the second line
// something else (a case, a supposition, a rejected or tested line, a
// substitution, another equation, an operation that changes the solutions).
var (
	cueRE  = regexp.MustCompile(`\brearrang\w*|\bstandard (?:quadratic |polynomial )?form\b|\bmov(?:e|es|ing) (?:all |every |the )*terms?\b|\bbring(?:ing)? (?:all |every |the )*terms?\b`)
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|were|not|no|incorrect|wrong|mistake|error|instead|check|checking|verify|test|testing|try|trying|case|cases|substitut\w*|plug\w*|put|squar\w*|roots?|solv\w*|solutions?|divid\w*|multipl\w*|other|another|second|first|system|equations|let|set|setting|define|where|when|either|or|but|however|derivative|differentiat\w*|integrat\w*|limit|inequality|approximat\w*|numerically)\b|[<>≤≥≠≈]|\\(?:le|ge|neq?|approx|pm|mp)\b`)
	// a relation or a list in a line makes it no single equation
	lineVetoRE = regexp.MustCompile(`[<>≤≥≠≈,;&]|\\\\|\\(?:le|ge|leq|geq|ne|neq|approx|equiv|pm|mp|quad|qquad|text|mathrm|Rightarrow|implies|iff|to|in|cdots|ldots|dots|sum|prod|int|lim|infty|circ)\b|\^\\circ|\barc|\\(?:arcsin|arccos|arctan)|\^\{?-1\}?\s*[\\(]`)
)

// eqLine is an equation read from one math region, its atom made a name.
type eqLine struct {
	s, e   int // the region's content in its step's text
	os, ce int // the region with its marks
	l, r   *symexpr.Expr
	atom   string // the atom's display name ("sin(θ)"), "" when none
	form   map[string]string
	src    string // the region's text, read on first use (atomOf)
	done   bool   // src was read
}

// atomOf reads the line on first use (readLine) and returns its atom.
func (g *eqLine) atomOf() string {
	if !g.done {
		g.done = true
		readLine(g.src, g)
	}
	return g.atom
}

// Read returns the refutations of the step's lines that are said to be
// rearrangements of the line before (the last line of the previous step
// for the step's first) and share no solution with it. prev is the
// previous step's text ("" for none).
func Read(step int, prev, text string, prevToks, toks []mathtext.Tok, tactic, idTactic string) []obligation.Obligation {
	if !hasFn(text) {
		return nil
	}
	cur := lines(text, toks)
	var out []obligation.Obligation
	for k := range cur {
		var A *eqLine
		var prose string
		if k > 0 {
			A, prose = &cur[k-1], text[cur[k-1].ce:cur[k].os]
		} else {
			if prev == "" || !hasFn(prev) {
				continue
			}
			pl := lines(prev, prevToks)
			if len(pl) == 0 {
				continue
			}
			A, prose = &pl[len(pl)-1], prev[pl[len(pl)-1].ce:]+"\n"+text[:cur[k].os]
		}
		// (the words first: most lines are never read)
		if !asserted(prose, text, cur[k].ce) || A.atomOf() == "" || cur[k].atomOf() == "" {
			continue
		}
		if o := decide(step, text, A, &cur[k], tactic, idTactic); o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// asserted reports a rearrangement cue in the prose before the line and
// nothing that makes the line another claim, there or in the rest of its
// sentence.
func asserted(prose, text string, end int) bool {
	p := strings.ToLower(prose)
	// each form of cueRE holds "rearrang", "standard" or "term"
	if len(p) > maxProse || !mathtext.HasAny(p, "rearrang", "standard", "term") || !cueRE.MatchString(p) || vetoRE.MatchString(p) {
		return false
	}
	rest := text[end:]
	if i := strings.IndexAny(rest, ".!?\n"); i >= 0 {
		rest = rest[:i]
	}
	return !vetoRE.MatchString(strings.ToLower(rest))
}

// mentionRE is a region that names a quantity and claims nothing ("in
// terms of $\sin^2 x$"): the lines on either side of it are adjacent.
var mentionRE = regexp.MustCompile(`[=<>≤≥≠≈]|\\(?:le|ge|leq|geq|ne|neq|approx|equiv|implies|Rightarrow|iff|to)\b`)

// mentions reports mentionRE in s: at once for an ASCII relation sign, by
// the pattern only when s holds a command or a sign beyond ASCII (≤ ≥ ≠ ≈
// open with the bytes E2 89).
func mentions(s string) bool {
	return strings.ContainsAny(s, "=<>") || (strings.Contains(s, `\`) || strings.Contains(s, "\xe2\x89")) && mentionRE.MatchString(s)
}

// lines lists the step's math regions but mentions, in order, each read
// on first use (atomOf); those that are no single equation in one atom
// have atom "" then.
func lines(text string, toks []mathtext.Tok) []eqLine {
	rs := mathtext.MathRegions(text, toks)
	if len(rs) > maxEquations*4 {
		return nil
	}
	out := make([]eqLine, 0, len(rs))
	for _, r := range rs {
		if !mentions(text[r.S:r.E]) {
			continue
		}
		g := eqLine{s: r.S, e: r.E, os: r.OS, ce: r.CE, src: text[r.S:r.E]}
		for g.s < g.e && isSpace(text[g.s]) {
			g.s++
		}
		for g.e > g.s && isSpace(text[g.e-1]) {
			g.e--
		}
		out = append(out, g)
	}
	return out
}

// readLine reads one region as L = R with one atom, leaving atom "" when
// it is anything else.
func readLine(s string, g *eqLine) {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ".,;:"))
	if len(s) > maxLine || strings.Count(s, "=") != 1 || lineVetoRE.MatchString(s) || !hasFn(s) {
		return
	}
	i := strings.IndexByte(s, '=')
	if i == 0 || i == len(s)-1 || strings.ContainsAny(s[i-1:i], "!<>:") {
		return
	}
	l, r := readSide(s[:i]), readSide(s[i+1:])
	if l == nil || r == nil {
		return
	}
	form := map[string]string{}
	names := map[string]bool{}
	l, okL := atomize(l, form, names)
	r, okR := atomize(r, form, names)
	if !okL || !okR || len(form) != 1 {
		return
	}
	for x := range form {
		if names[x] {
			return // the name outside its function too: "cos y = y"
		}
	}
	atom := ""
	for _, v := range append(symexpr.Vars(l, map[string]bool{}, nil), symexpr.Vars(r, map[string]bool{}, nil)...) {
		if !strings.HasPrefix(v, atomMark) || atom != "" && v != atom {
			return // another name: not one unknown
		}
		atom = v
	}
	g.l, g.r, g.form, g.atom = l, r, form, atom
}

// readSide reads a side with trigonometric functions of a name.
func readSide(s string) *symexpr.Expr {
	e, wide, _, err := symexpr.ReadMember(s, nil, symexpr.Mode{TrigNames: true})
	if err != nil || wide != nil {
		return nil
	}
	return e
}

// atomMark starts an atom's name, so no name read from the text is one.
const atomMark = "@"

// atomize replaces each trigonometric function of a name, and each
// placeholder of a logarithm, by a name of its own, recording the form
// each name takes (a name in two forms fails) and the names outside.
func atomize(e *symexpr.Expr, form map[string]string, names map[string]bool) (*symexpr.Expr, bool) {
	if e == nil {
		return nil, true
	}
	switch e.Op {
	case 'W':
		x, key, disp, ok := symexpr.ValueKey(e)
		if ok && (e.Name == "ln" || strings.HasPrefix(e.Name, "log")) && (len(x) != 1 || !mathtext.IsASCIILetter(x[0])) {
			ok = false // a logarithm of a one-letter name only (\log_2 x_1 is left alone)
		}
		if !ok || form[x] != "" && form[x] != key {
			return nil, false
		}
		form[x] = key
		return &symexpr.Expr{Op: 'v', Name: atomMark + disp}, true
	case 'v':
		if e.Name == "π" || e.Name == "e" {
			return nil, false // a constant beside the value: not one unknown
		}
		names[e.Name] = true
		return e, true
	case 'n':
		return e, true
	case '+', '-', '*', '/', '~', '^':
	default:
		return nil, false // roots, powers of names, functions: left alone
	}
	l, ok := atomize(e.L, form, names)
	if !ok {
		return nil, false
	}
	r, ok := atomize(e.R, form, names)
	if !ok {
		return nil, false
	}
	c := *e
	c.L, c.R = l, r
	return &c, true
}

// decide compares the two lines' left minus right sides in the atom.
func decide(step int, text string, A, B *eqLine, tactic, idTactic string) *obligation.Obligation {
	if A.atom != B.atom || !sameForms(A.form, B.form) {
		return nil // another value, or the same name in another form
	}
	u := A.atom
	dA := &symexpr.Expr{Op: '-', L: A.l, R: A.r}
	dB := &symexpr.Expr{Op: '-', L: B.l, R: B.r}
	ca, okA := coeffs(dA, u)
	cb, okB := coeffs(dB, u)
	if !okA || !okB || len(ca) != len(cb) || len(ca) < 2 {
		return nil
	}
	c := new(big.Rat).Quo(cb[len(cb)-1], ca[len(ca)-1])
	for i := 1; i < len(ca); i++ {
		if new(big.Rat).Mul(c, ca[i]).Cmp(cb[i]) != 0 {
			return nil // not the same equation up to its constant: another operation, left alone
		}
	}
	k := new(big.Rat).Sub(cb[0], new(big.Rat).Mul(c, ca[0]))
	if k.Sign() == 0 {
		return nil // a rearrangement indeed
	}
	lhs := dA
	if c.Cmp(big.NewRat(1, 1)) != 0 {
		lhs = &symexpr.Expr{Op: '*', L: symexpr.RatExpr(c), R: dA}
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, B.s, B.e), Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = plain(lhs) + " = " + plain(dB)
	names := map[string]string{u: "v1"}
	rd := symexpr.Render{Names: names}
	o.Prop = rd.Term(lhs) + " = " + rd.Term(dB)
	o.Lean = "example : ∀ (v1 : Rat), " + o.Prop + " := by " + idTactic
	one := symexpr.Render{Names: map[string]string{u: "(1 : Rat)"}}
	o.LeanNeg = "example : ¬(" + one.Term(lhs) + " = " + one.Term(dB) + ") := by " + tactic
	v := strings.TrimPrefix(u, atomMark)
	at := map[string]*big.Rat{u: big.NewRat(1, 1)}
	a, errA := symexpr.Eval(lhs, at)
	b, errB := symexpr.Eval(dB, at)
	if errA != nil || errB != nil || a.Cmp(b) == 0 {
		return nil
	}
	o.Note = fmt.Sprintf("%s read as a quantity of its own, v1 (no other name and no other form of its argument in either line)", v)
	o.WhyProof = "the equation is the one before with its terms moved"
	o.WhyDisproof = fmt.Sprintf("the equation is not a rearrangement of the one before: %s times the one before's left minus right side differs from this one's by %s for every value of %s, so the two share no solution; at %s = 1, a value it takes (%s), the left side is %s, the right side %s",
		c.RatString(), new(big.Rat).Neg(k).RatString(), v, v, attains(v), a.RatString(), b.RatString())
	return o
}

// sameForms reports one form for every name both lines take.
func sameForms(a, b map[string]string) bool {
	for x, f := range a {
		if g, ok := b[x]; ok && g != f {
			return false
		}
	}
	return len(a) == len(b)
}

// coeffs is e as a polynomial in u, highest coefficient nonzero; a
// denominator with u, or a degree past maxDegree, fails.
func coeffs(e *symexpr.Expr, u string) ([]*big.Rat, bool) {
	r, err := symexpr.ToRat(e)
	if err != nil || r.Den().Degree() != 0 {
		return nil, false
	}
	den, err := r.Den().Eval(nil)
	if err != nil || den.Sign() == 0 {
		return nil, false
	}
	p := r.Num()
	if p.Degree() > maxDegree {
		return nil, false
	}
	c, err := p.Coeffs(u)
	if err != nil || len(c) == 0 {
		return nil, false
	}
	inv := new(big.Rat).Inv(den)
	for _, x := range c {
		x.Mul(x, inv)
	}
	return c, c[len(c)-1].Sign() != 0
}

// attains names where the function takes the value 1.
func attains(disp string) string {
	fn := disp
	if i := strings.IndexByte(disp, '('); i >= 0 {
		fn = disp[:i]
	}
	switch {
	case fn == "sin" || fn == "csc":
		return "its argument π/2"
	case fn == "cos" || fn == "sec":
		return "its argument 0"
	case fn == "tan" || fn == "cot":
		return "its argument π/4"
	case strings.HasPrefix(fn, "log_"):
		return "its argument " + strings.TrimPrefix(fn, "log_")
	case fn == "ln" || fn == "log":
		return "its argument e (or 10 for a common logarithm)"
	}
	return "a value it takes"
}

// plain writes e with each atom's display name.
func plain(e *symexpr.Expr) string {
	return strings.ReplaceAll(symexpr.Plain(e), atomMark, "")
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
