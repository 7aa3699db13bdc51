package ivalclaim

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/dialect"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// The extremal integer that satisfies an inequality (docs/TRANSLATE.md,
// "The smallest or largest integer said to satisfy an inequality"): "the
// smallest integer that satisfies \((x-5)(x+5)<0\) is \(x = 4\)" says that
// 4 satisfies the inequality and 3 does not; "the largest integer \(b\)
// that satisfies \(41 < b^2\) is \(b = 7\)" says that 7 does and 8 does
// not. The inequality (one relation, one name, no root) is tried exactly at
// the value and at its neighbour on the far side; a value that fails the
// inequality, or a neighbour that satisfies it, refutes the sentence. The
// neighbour is tried only where the integers read may reach it: a positive
// integer (or a step that speaks of positive, natural or nonnegative
// numbers) has no neighbour below 1 (0 for nonnegative), a negative one none
// above -1, and none is tried where the step bounds the name elsewhere or
// the sentence scopes the integers ("in this case", "for", "among"). The
// integer must be named with the inequality's one name. A sentence that
// supposes, tests, hedges, approximates or denies is left alone.

// maxExtremalWin bounds the text read from a keyword on.
const maxExtremalWin = 600

var (
	// extremalRE is the claim, read from its keyword on (text lowered to
	// ASCII lower case): the extremum (1), a qualifier (2), a name after
	// "integer" (3), the inequality in inline math (4, 5), then "is" and
	// the value: an opening mark (6), \boxed (7), a name (8), the number
	// (9), the closing brace of \boxed (10).
	extremalRE = regexp.MustCompile(`^(smallest|least|largest|greatest)\s+(?:(positive|negative|nonnegative|non-negative)\s+)?integer\s+(?:value\s+(?:of\s+)?)?(?:(?:\\\(\s*|\$\s*)?([a-z])(?:\s*\\\)|\s*\$)?\s+)?(?:(?:that\s+|which\s+)?(?:satisfies|satisfying|satisfy)\s+(?:the\s+(?:given\s+|above\s+|original\s+)?(?:inequality|condition)\s+)?|such\s+that\s+|for\s+which\s+)(?:\\\((.{1,300}?)\\\)|\$([^$]{1,300})\$)\s*,?\s+is:?\s+(\\\(|\\\[|\$\$?)?\s*(\\boxed\{\s*)?(?:([a-z])\s*=\s*)?(-?\d{1,9})(\s*\})?\s*(?:\\\)|\\\]|\$\$?)?`)
	// extremalEndRE follows the value: the end of the clause, or a reason.
	extremalEndRE = regexp.MustCompile(`^\s*(?:$|[;:!]|\.(?:\s|$|\*)|,?\s*\(?(?:since|because|as)\b)`)
	// extremalVetoRE in the sentence: supposed, tested, hedged,
	// approximated, denied or corrected.
	extremalVetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|may|let|lets|try|trying|test|testing|check|checking|whether|guess|seems?|wrong|incorrect|mistake\w*|not|no|never|but|however|except|approximately|approx|about|roughly|around|nearly|almost|estimate\w*)\b|\?|≈|\\approx|\\neq|\\ne\b`)
	// extremalScopeRE in the sentence: the integers read may be bounded
	// or taken from a part of them ("for x ≥ 3", "in this case", "among
	// the values above"), so the neighbour may lie outside them.
	extremalScopeRE = regexp.MustCompile(`\b(?:case|cases|when|whenever|where|among|within|between|range|domain|region|only|for|greater|less|larger|smaller|exceed\w*|above|below|at\s+(?:least|most)|from|in\s+(?:this|that|the|each))\b`)
	// relWord is a relation sign, as the bound of a name may be written.
	relWord = `(?:<|>|\\(?:leqslant|geqslant|leq|geq|le|ge|lt|gt)\b|≤|≥)`
	// positiveWordRE in the step: the integers read may be positive or
	// nonnegative only.
	positiveWordRE = regexp.MustCompile(`\b(?:positive|natural|nonnegative|non-negative|whole numbers?|counting numbers?)\b`)
	// complement is the relation that fails where op holds.
	complement = map[string]string{"<": "≥", ">": "≤", "≤": ">", "≥": "<"}
)

// ReadExtremal returns the refutations of the step's sentences that name
// the smallest or largest integer satisfying an inequality.
func ReadExtremal(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "integer") || !strings.Contains(text, "satisf") && !strings.Contains(text, "such that") && !strings.Contains(text, "for which") {
		return nil
	}
	low := mathtext.ASCIILower(text)
	if !strings.Contains(low, "smallest") && !strings.Contains(low, "largest") && !strings.Contains(low, "greatest") && !strings.Contains(low, "least") {
		return nil
	}
	var plain string
	var out []obligation.Obligation
	for _, kw := range []string{"smallest", "least", "largest", "greatest"} {
		for _, k := range mathtext.Indexes(low, kw, 2*maxOut) {
			if len(out) >= maxOut {
				return out
			}
			if k > 0 && isWordByte(low[k-1]) {
				continue
			}
			win := low[k:min(len(low), k+maxExtremalWin)]
			m := extremalRE.FindStringSubmatchIndex(win)
			if m == nil || !extremalEndRE.MatchString(win[m[1]:]) {
				continue
			}
			if (m[14] >= 0) != (m[20] >= 0 && m[21] > m[20]) {
				continue // "\boxed{" and its closing brace go together
			}
			if plain == "" {
				plain = mathtext.LowerPlain(text)
			}
			s, e := listcond.SentenceStart(plain, k), listcond.SentenceEnd(plain, k+m[1])
			if extremalVetoRE.MatchString(plain[s:e]) {
				continue
			}
			c := extremalClaim{max: win[m[2]:m[3]] == "largest" || win[m[2]:m[3]] == "greatest"}
			if m[4] >= 0 {
				c.qual = strings.ReplaceAll(win[m[4]:m[5]], "-", "")
			}
			c.names = names(win, m[6], m[7], m[16], m[17])
			src := text[k+m[8] : k+m[9]]
			if m[8] < 0 {
				src = text[k+m[10] : k+m[11]]
			}
			n, ok := new(big.Int).SetString(win[m[18]:m[19]], 10)
			if !ok {
				continue
			}
			c.n = new(big.Rat).SetInt(n)
			c.positive = positiveWordRE.MatchString(plain)
			c.scoped = extremalScopeRE.MatchString(plain[s:k] + " " + plain[k+m[1]:e])
			if o, bad := c.decide(step, text, k, k+m[1], src, tactic); bad {
				out = append(out, o)
			}
		}
	}
	return out
}

// extremalClaim is what a sentence says: the largest (max) or smallest
// integer, its qualifier, the names it gives the integer, the value,
// whether the step speaks of positive numbers and whether the sentence
// scopes the integers it reads.
type extremalClaim struct {
	max      bool
	qual     string
	names    []string
	n        *big.Rat
	positive bool
	scoped   bool
}

// names are the names the sentence gives the integer (after "integer"
// and before the value), each once.
func names(win string, s1, e1, s2, e2 int) []string {
	var out []string
	if s1 >= 0 {
		out = append(out, win[s1:e1])
	}
	if s2 >= 0 && (len(out) == 0 || out[0] != win[s2:e2]) {
		out = append(out, win[s2:e2])
	}
	return out
}

// neighbour is the integer next to the value on the far side (one less
// for the smallest, one more for the largest), and whether the integers
// read may reach it.
func (c extremalClaim) neighbour() (*big.Rat, bool) {
	one := big.NewRat(1, 1)
	if c.max {
		nb := new(big.Rat).Add(c.n, one)
		return nb, c.qual != "negative" || nb.Sign() < 0
	}
	nb := new(big.Rat).Sub(c.n, one)
	switch {
	case c.qual == "nonnegative":
		return nb, nb.Sign() >= 0
	case c.qual == "positive" || c.positive:
		return nb, nb.Sign() > 0
	}
	return nb, c.qual != "negative" || nb.Sign() < 0
}

// decide is the refutation of the claim about src (one inequality in one
// name): the value fails the inequality, or its neighbour satisfies it.
func (c extremalClaim) decide(step int, text string, s, e int, src, tactic string) (obligation.Obligation, bool) {
	if strings.ContainsAny(src, "=,;") {
		return obligation.Obligation{}, false
	}
	q, ok := readOneName(src)
	if !ok {
		return obligation.Obligation{}, false
	}
	l, r, op, name := q.l, q.r, q.op, q.name
	if len(c.names) == 0 {
		return obligation.Obligation{}, false // "satisfies \(D < 0\)": D may be a quantity of another integer
	}
	for _, n := range c.names {
		if n != name {
			return obligation.Obligation{}, false
		}
	}
	holds := func(t *big.Rat) (bool, bool) {
		at := map[string]*big.Rat{name: t}
		lv, err1 := symexpr.Eval(l, at)
		rv, err2 := symexpr.Eval(r, at)
		if err1 != nil || err2 != nil {
			return false, false
		}
		return dialect.Compare(lv, rv, op), true
	}
	word := "smallest"
	if c.max {
		word = "largest"
	}
	at, rel := c.n, op
	why := fmt.Sprintf("%s is said to be the %s integer that satisfies %s %s %s, but it does not satisfy it", c.n.RatString(), word, symexpr.Plain(l), op, symexpr.Plain(r))
	ok, defined := holds(c.n)
	switch {
	case !defined:
		return obligation.Obligation{}, false
	case ok:
		nb, reach := c.neighbour()
		if !reach || c.scoped || bounded(text, src, name) {
			return obligation.Obligation{}, false
		}
		okNb, definedNb := holds(nb)
		if !definedNb || !okNb {
			return obligation.Obligation{}, false
		}
		at, rel = nb, complement[op]
		why = fmt.Sprintf("%s is said to be the %s integer that satisfies %s %s %s, but %s satisfies it too", c.n.RatString(), word, symexpr.Plain(l), op, symexpr.Plain(r), nb.RatString())
	}
	rd := symexpr.Render{Names: map[string]string{name: listcond.RatTerm(at)}}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindInequality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%s %s %s at %s = %s", symexpr.Plain(l), rel, symexpr.Plain(r), name, at.RatString())
	o.Prop = rd.Term(l) + " " + rel + " " + rd.Term(r)
	o.WhyProof = fmt.Sprintf("%s %s %s holds at %s = %s", symexpr.Plain(l), rel, symexpr.Plain(r), name, at.RatString())
	o.WhyDisproof = why
	o.Note = "the " + word + " integer said to satisfy an inequality, tried at its value and at the integer next to it"
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}

// bounded reports a bound on the name elsewhere in the step ("x \ge 3",
// "0 < x"), outside every copy of the inequality src: the integers read
// may be those above or below it.
func bounded(text, src, name string) bool {
	rest := strings.ReplaceAll(text, src, strings.Repeat(" ", len(src)))
	q := regexp.QuoteMeta(name)
	re, err := regexp.Compile(`(?:^|[^A-Za-z\\])` + q + `\s*` + relWord + `|` + relWord + `\s*` + q + `(?:$|[^A-Za-z])`)
	return err != nil || re.MatchString(rest)
}

// isWordByte reports an ASCII letter or digit.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
