// Package chainbound decides a chain of two inequalities that puts one
// name between two closed bounds (docs/TRANSLATE.md, "A name between
// closed bounds that no value fits"): "Thus, 28 / 2 ≤ m ≤ 7" says that m
// is at least 14 and at most 7, and no value is both, so the chain is
// false whatever m is. The bounds are numbers, fractions or a few of them
// joined by + − × ÷ (no brackets, no powers, no names); both relations
// must point the same way. Only chains whose bounds leave no room make
// obligations: the relation between the two bounds, refuted. A bound
// that is part of a larger expression, a chain in a subscript or a
// limit of a sum, and a sentence that supposes, tests, hedges, denies or
// calls the range empty or impossible are left alone.
package chainbound

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the claims of a step, the relations looked at
// and the bytes a bound may take.
const (
	maxText  = 20000
	maxOut   = 4
	maxRels  = 64
	maxBound = 60
)

// bound is a closed bound: a number or a fraction, then more of them
// joined by an operator.
const bound = `-?(?:\\frac\{\d{1,9}\}\{\d{1,9}\}|\d{1,9}(?:\.\d{1,9})?)(?:\s*(?:[-+*/×·]|\\cdot|\\times|\\div)\s*(?:\\frac\{\d{1,9}\}\{\d{1,9}\}|\d{1,9}(?:\.\d{1,9})?)){0,4}`

var (
	// leftRE is the lower (or upper) bound that ends right before the
	// first relation.
	leftRE = regexp.MustCompile(`(` + bound + `)\s*$`)
	// rightRE is the bound that opens right after the second relation.
	rightRE = regexp.MustCompile(`^\s*(` + bound + `)`)
	// nameRE is the name between the two relations.
	nameRE = regexp.MustCompile(`^\s*[a-zA-Z](?:_\{?[a-zA-Z0-9]{1,3}\}?)?\s*$`)
	// vetoRE in the sentence: supposed, tested, hedged, denied, or the
	// range said to be empty.
	vetoRE = regexp.MustCompile(`\b(?:if|when|whenever|case|cases|suppose|supposing|assume|assuming|would|could|should|might|may|try|trying|test|testing|check|checking|whether|unless|not|no|none|never|cannot|empty|impossible|contradiction|contradicts|contradictory|absurd|invalid|false|wrong|incorrect|mistake\w*|approximately|roughly)\b|n't\b|\?|≈|\\approx|\\emptyset|\\varnothing|∅`)
)

// rel is a relation written in the text: its bytes and its direction
// (+1 for < and ≤, −1 for > and ≥) and strictness.
type rel struct {
	s, e   int
	dir    int
	strict bool
}

// relWords are the written relations, longest first where one is a
// prefix of another.
var relWords = []struct {
	w      string
	dir    int
	strict bool
}{
	{`\leqslant`, 1, false}, {`\geqslant`, -1, false}, {`\leq`, 1, false}, {`\geq`, -1, false}, {`\le`, 1, false}, {`\ge`, -1, false},
	{`\lt`, 1, true}, {`\gt`, -1, true}, {"≤", 1, false}, {"≥", -1, false}, {"⩽", 1, false}, {"⩾", -1, false}, {"<", 1, true}, {">", -1, true},
}

// Read returns the refutations of the step's chains that put a name
// between bounds no value fits.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText {
		return nil
	}
	// relations finds none in a step with no relation word (each holds
	// one of "<", ">", "≤", "≥", \le, \ge, \lt, \gt, "⩽", "⩾"): one pass,
	// no plain search for them first
	rels := relations(text)
	var out []obligation.Obligation
	var low string
	for k := 0; k+1 < len(rels) && len(out) < maxOut; k++ {
		a, b := rels[k], rels[k+1]
		if a.dir != b.dir || !nameRE.MatchString(text[a.e:b.s]) {
			continue
		}
		lm := leftRE.FindStringSubmatchIndex(text[max(0, a.s-maxBound):a.s])
		rm := rightRE.FindStringSubmatchIndex(text[b.e:min(len(text), b.e+maxBound)])
		if lm == nil || rm == nil {
			continue
		}
		ls, rs, re := max(0, a.s-maxBound)+lm[2], b.e+rm[2], b.e+rm[3]
		if !freeBefore(text, ls) || !freeAfter(text, re) {
			continue
		}
		lo, okL := value(text[ls:a.s])
		hi, okR := value(text[rs:re])
		if !okL || !okR {
			continue
		}
		if a.dir < 0 {
			lo, hi = hi, lo
		}
		strict := a.strict || b.strict
		if c := lo.Cmp(hi); c < 0 || c == 0 && !strict {
			continue // some value fits
		}
		if low == "" {
			low = mathtext.LowerPlain(text)
		}
		if vetoRE.MatchString(low[listcond.SentenceStart(low, ls):listcond.SentenceEnd(low, re)]) {
			continue
		}
		out = append(out, obligationFor(step, text, ls, re, lo, hi, strict, tactic))
	}
	return out
}

// obligationFor is the refutation of the chain [s, e): its bounds leave
// no room, lo ≤ hi (lo < hi when a relation is strict) fails.
func obligationFor(step int, text string, s, e int, lo, hi *big.Rat, strict bool, tactic string) obligation.Obligation {
	op, word := "≤", "at most"
	if strict {
		op, word = "<", "below"
	}
	chain := strings.Join(strings.Fields(text[s:e]), " ")
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindInequality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%s %s %s (the bounds of %s)", lo.RatString(), op, hi.RatString(), chain)
	o.Prop = listcond.RatTerm(lo) + " " + op + " " + listcond.RatTerm(hi)
	o.WhyProof = "some value lies between the bounds"
	o.WhyDisproof = fmt.Sprintf("the lower bound %s is not %s the upper bound %s: no value lies between them", lo.RatString(), word, hi.RatString())
	o.Note = "a name between two closed bounds: the chain holds for no value when the bounds leave no room"
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o
}

// relFirst marks the first bytes of relWords: "<", ">", the backslash and the
// first byte of "≤", "≥", "⩽" and "⩾".
var relFirst = func() (t [256]bool) {
	for _, c := range []byte("<>\\") {
		t[c] = true
	}
	t[0xe2] = true
	return t
}()

// relations lists the step's written relations, in order, at most
// maxRels.
func relations(text string) []rel {
	var out []rel
	for i := 0; i < len(text) && len(out) < maxRels; i++ {
		c := text[i]
		if !relFirst[c] {
			continue
		}
		if c == '\\' && (i+1 == len(text) || text[i+1] != 'l' && text[i+1] != 'g') {
			continue // every command of relWords opens with \l or \g
		}
		for _, w := range relWords {
			if !strings.HasPrefix(text[i:], w.w) {
				continue
			}
			e := i + len(w.w)
			if c == '\\' && e < len(text) && mathtext.IsASCIILetter(text[e]) {
				break // \left, \geqq, \lesssim: another command
			}
			if c != '\\' && e < len(text) && text[e] == '=' {
				break // "<=": read by the other readers, or a typo
			}
			out = append(out, rel{s: i, e: e, dir: w.dir, strict: w.strict})
			i = e - 1
			break
		}
	}
	return out
}

// freeBefore reports that the bound starting at s is a whole side: what
// stands before it, past blanks, is no digit, operator, bracket, name or
// subscript mark.
func freeBefore(text string, s int) bool {
	t := strings.TrimRight(text[:s], " \t\n")
	if t == "" {
		return true
	}
	c := t[len(t)-1]
	if strings.IndexByte("0123456789.)]}|!+-*/^_=", c) >= 0 {
		return false
	}
	if mathtext.IsASCIILetter(c) {
		// a word of prose before the bound ("we get 3 < x < 2"), never a
		// name or a command in math ("x 3", "\cdot 3", "\sum_{1")
		w := len(t)
		for w > 0 && mathtext.IsASCIILetter(t[w-1]) {
			w--
		}
		return len(t)-w >= 2 && (w == 0 || t[w-1] == ' ' || t[w-1] == '\n')
	}
	return !strings.HasSuffix(t, "×") && !strings.HasSuffix(t, "·")
}

// freeAfter reports that the bound ending at e is a whole side: what
// follows it is no digit, operator, bracket opening, power, subscript
// or a closing brace (a subscript or a limit).
func freeAfter(text string, e int) bool {
	t := strings.TrimLeft(text[e:], " \t")
	if t == "" {
		return true
	}
	c := t[0]
	if c == '.' && len(t) > 1 && mathtext.IsDigit(t[1]) {
		return false // a decimal the bound pattern stopped short of
	}
	if strings.IndexByte("0123456789([{}^_*/+-!%", c) >= 0 || mathtext.IsASCIILetter(c) {
		return false
	}
	return !strings.HasPrefix(t, `\cdot`) && !strings.HasPrefix(t, `\times`) && !strings.HasPrefix(t, `\div`) && !strings.HasPrefix(t, `\frac`) &&
		!strings.HasPrefix(t, `\sqrt`) && !strings.HasPrefix(t, `\pi`) && !strings.HasPrefix(t, "×") && !strings.HasPrefix(t, "·") && !strings.HasPrefix(t, `\%`)
}

// value is the closed bound's exact value.
func value(src string) (*big.Rat, bool) {
	src = strings.NewReplacer("×", `\times`, "·", `\cdot`).Replace(strings.TrimSpace(src))
	e, err := symexpr.Read(src)
	if err != nil || symexpr.HasVar(e) {
		return nil, false
	}
	v, err := symexpr.Eval(e, nil)
	return v, err == nil
}
