// Package finalans decides the final answer of a problem that only asks
// for the value of one expression (docs/TRANSLATE.md, "Final answers to a
// problem that asks for one expression"): "Compute: $113+276-13-26$.",
// "Simplify the expression $a+1+a-2+a+3+a-4$.", "What is the value of
// $255^2 - 245^2$?". Such a problem claims nothing but asks for E, so an
// answer X the step gives ("\boxed{X}", "The final answer is X") claims
// X = E: for a closed E, as values (radicals included); for an E in names
// that a problem asking to simplify leaves free, as an identity of
// rational functions, refuted at a point where both are defined and
// differ.
//
// The problem must be one sentence of the form "<verb> [the expression]
// $E$" with verb compute, evaluate, simplify, calculate, find, what is (the
// value of), optionally "given that $… \neq 0$" and "Express your answer
// as a common fraction / in simplest (radical) form", or followed by a
// value for E's one name ("when $a=42$"), at which E is evaluated. An
// answer with a decimal, a mixed number, a percentage, degrees, text, "=",
// or another name is not read, nor more than one answer in a step, nor a box in a
// step that does not call it the answer ("answer", "final", "simplified",
// "simplest": a box may only stress a value on the way), nor a sentence
// that supposes or corrects. Only false answers make obligations.
package finalans

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the problem read, the step read, an expression read.
const (
	maxProblem = 600
	maxText    = 20000
	maxExpr    = 300
)

var (
	// askRE is a problem that asks for one expression: the verb, then E
	// in $…$, $$…$$ or \(…\), then what may follow.
	askRE = regexp.MustCompile(`^(?i:(compute|evaluate|simplify|calculate|find|what is|find the value of|what is the value of))(?: the expression)?\s*:?\s*(?:\$\$?|\\\()([^$]+?)(?:\$\$?|\\\))\s*(.*)$`)
	// restRE is what may follow E: its end, a condition that names are
	// nonzero, and a form of the answer that keeps its value.
	restRE = regexp.MustCompile(`^[.?]?\s*(?:,?\s*given that\s*\$[^$]*\\neq?\s*0\s*\.?\$\s*\.?)?\s*(?:express (?:your|the) answer (?:as a common fraction|as a fraction|in simplest form|in simplest radical form|as an integer)\.?)?\s*$`)
	// bindRE is what may follow E instead: one name given a value ("when
	// $a=42$.").
	bindRE = regexp.MustCompile(`^,?\s*(?i:when|if|for)\s+\$\s*([A-Za-z])\s*=\s*(-?\d+(?:/\d+)?)\s*\.?\s*\$\s*[.?]?\s*$`)
	// answerRE is "the (final) answer is" before an answer in words.
	answerRE = regexp.MustCompile(`(?i)\b(?:the )?(?:final )?answer is:?\s*`)
	// cueRE is a word of the step that makes its box the answer.
	cueRE = regexp.MustCompile(`(?i)answer|final|simplif|simplest`)
	// vetoRE in the answer's sentence: supposed, tested or corrected.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|assume|would|could|should|might|not|check|checking|verify|wrong|incorrect|mistake|error|approximately|about|roughly)\b|\?`)
	// badAnswerRE is an answer read as another thing: a decimal, a mixed
	// number, a percentage, degrees, text, an equation, a base.
	badAnswerRE = regexp.MustCompile(`\d\.\d|^\s*-?\d+\s*\\[dt]?frac|%|\\circ|°|\\text|\\mathrm|\\mbox|=|_|\\pm|\\approx|,`)
)

// Read returns the refutation of a false final answer in the step to a
// problem that asks for one expression.
func Read(step int, problem, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "boxed{") && !strings.Contains(text, "nswer is") {
		return nil
	}
	verb, e, at, ok := asked(problem)
	if !ok {
		return nil
	}
	s, end, x, ok := answer(text)
	if !ok || vetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, s, end))) {
		return nil
	}
	o, ok := decide(step, text, s, end, verb, e, x, at, tactic)
	if !ok {
		return nil
	}
	return []obligation.Obligation{o}
}

// asked reads the problem's verb (lower case), its expression E and the
// value it gives one name of E, if any.
func asked(problem string) (string, string, map[string]*big.Rat, bool) {
	p := strings.TrimSpace(problem)
	if len(p) > maxProblem || !strings.Contains(p, "$") && !strings.Contains(p, `\(`) {
		return "", "", nil, false
	}
	m := askRE.FindStringSubmatch(p)
	if m == nil || len(m[2]) > maxExpr {
		return "", "", nil, false
	}
	var at map[string]*big.Rat
	if !restRE.MatchString(strings.ToLower(m[3])) {
		b := bindRE.FindStringSubmatch(m[3])
		if b == nil {
			return "", "", nil, false
		}
		v, ok := new(big.Rat).SetString(b[2])
		if !ok {
			return "", "", nil, false
		}
		at = map[string]*big.Rat{b[1]: v}
	}
	e := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(m[2]), ".,?"))
	return strings.ToLower(m[1]), e, at, e != ""
}

// answer finds the step's one answer: the content of its \boxed{…}, or
// the number or math after "the final answer is"; where it is, and its
// text.
func answer(text string) (int, int, string, bool) {
	if k := strings.Index(text, `\boxed{`); k >= 0 {
		if strings.Contains(text[k+1:], `\boxed{`) || !cueRE.MatchString(text) {
			return 0, 0, "", false // several answers, or a box that may only stress a value on the way
		}
		open := k + len(`\boxed`)
		c := mathtext.MatchBrace(text, open, len(text))
		if c < 0 || c-open > maxExpr {
			return 0, 0, "", false
		}
		return k, c + 1, text[open+1 : c], true
	}
	loc := answerRE.FindStringIndex(text)
	if loc == nil {
		return 0, 0, "", false
	}
	i := loc[1]
	rest := text[i:]
	for _, open := range []string{"$", `\(`, `\[`} {
		if strings.HasPrefix(rest, open) {
			closer := map[string]string{"$": "$", `\(`: `\)`, `\[`: `\]`}[open]
			j := strings.Index(rest[len(open):], closer)
			if j < 0 || j > maxExpr {
				return 0, 0, "", false
			}
			return i, i + len(open) + j + len(closer), rest[len(open) : len(open)+j], true
		}
	}
	j := 0
	for j < len(rest) && (rest[j] >= '0' && rest[j] <= '9' || rest[j] == '-' && j == 0 || rest[j] == '/') {
		j++
	}
	if j == 0 || j < len(rest) && rest[j] != '.' && rest[j] != ' ' && rest[j] != '\n' || j+1 < len(rest) && rest[j] == '.' && rest[j+1] >= '0' && rest[j+1] <= '9' {
		return 0, 0, "", false
	}
	if after := strings.TrimLeft(rest[j:], " "); after != "" && strings.IndexByte("+-*/=×÷^(<>0123456789", after[0]) >= 0 {
		return 0, 0, "", false // the number opens an expression: "2 + (-2) = 0"
	}
	return i, i + j, rest[:j], true
}

// decide compares the answer x with the expression e asked for.
func decide(step int, text string, s, end int, verb, e, x string, at map[string]*big.Rat, tactic string) (obligation.Obligation, bool) {
	x = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(x), "."))
	if x == "" || badAnswerRE.MatchString(x) || strings.Contains(e, ".") {
		return obligation.Obligation{}, false
	}
	ee, err1 := symexpr.Read(e)
	xe, err2 := symexpr.Read(x)
	if err1 != nil || err2 != nil {
		return obligation.Obligation{}, false
	}
	names := symexpr.Vars(ee, map[string]bool{}, nil)
	xnames := symexpr.Vars(xe, map[string]bool{}, nil)
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, end), OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	if at != nil {
		// E at the value the problem gives its one name.
		if len(xnames) > 0 || len(names) != 1 || at[names[0]] == nil {
			return obligation.Obligation{}, false
		}
		l, errL := symexpr.Eval(ee, at)
		b, errB := symexpr.EvalSurd(xe)
		if errL != nil || errB != nil {
			return obligation.Obligation{}, false
		}
		r, rat := b.Rat()
		if !rat || l.Cmp(r) == 0 {
			return obligation.Obligation{}, false
		}
		o.Kind = obligation.KindEquality
		o.Expr = fmt.Sprintf("%s = %s at %s", symexpr.Plain(ee), symexpr.Plain(xe), symexpr.PointString(names, at))
		o.Prop = listcond.RatTerm(l) + " = " + listcond.RatTerm(r)
		o.WhyDisproof = fmt.Sprintf("the problem asks for %s at %s, which is %s; the answer is %s", symexpr.Plain(ee), symexpr.PointString(names, at), l.RatString(), r.RatString())
	} else if len(names) == 0 {
		if len(xnames) > 0 {
			return obligation.Obligation{}, false
		}
		a, errA := symexpr.EvalSurd(ee)
		b, errB := symexpr.EvalSurd(xe)
		if errA != nil || errB != nil || a.Equal(b) || a.Len() > 8 || b.Len() > 8 {
			return obligation.Obligation{}, false
		}
		rads, ca, cb := a.Coefficients(b)
		var conj []string
		for k := range rads {
			if ca[k].Num().BitLen()+ca[k].Denom().BitLen() > 1024 || cb[k].Num().BitLen()+cb[k].Denom().BitLen() > 1024 {
				return obligation.Obligation{}, false
			}
			conj = append(conj, listcond.RatTerm(ca[k])+" = "+listcond.RatTerm(cb[k]))
		}
		o.Kind = obligation.KindClosedValue
		o.Expr = symexpr.Plain(ee) + " = " + symexpr.Plain(xe)
		o.Prop = strings.Join(conj, " ∧ ")
		o.WhyDisproof = fmt.Sprintf("the problem asks for %s, which is %s; the answer is %s", symexpr.Plain(ee), a, b)
	} else {
		if verb != "simplify" || !subset(xnames, names) {
			return obligation.Obligation{}, false // names another sentence may bind, or new ones
		}
		at, l, r, ok := differAt(ee, xe, names)
		if !ok {
			return obligation.Obligation{}, false
		}
		o.Kind = obligation.KindEquality
		o.Expr = fmt.Sprintf("%s = %s at %s", symexpr.Plain(ee), symexpr.Plain(xe), symexpr.PointString(names, at))
		o.Prop = listcond.RatTerm(l) + " = " + listcond.RatTerm(r)
		o.WhyDisproof = fmt.Sprintf("the problem asks to simplify %s; at %s it is %s, the answer %s is %s", symexpr.Plain(ee), symexpr.PointString(names, at), l.RatString(), symexpr.Plain(xe), r.RatString())
	}
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	o.Note = "the final answer to a problem that asks for one expression: the answer claims its value"
	o.WhyProof = "the answer is the expression's value"
	return o, true
}

// differAt finds a point where e and x are both defined and differ, the
// names at small distinct primes and then at other small values; their
// values there.
func differAt(e, x *symexpr.Expr, names []string) (map[string]*big.Rat, *big.Rat, *big.Rat, bool) {
	re, err1 := symexpr.ToRat(e)
	rx, err2 := symexpr.ToRat(x)
	if err1 != nil || err2 != nil {
		return nil, nil, nil, false
	}
	if d := re.Sub(rx); d.Num().IsZero() {
		return nil, nil, nil, false // an identity: the answer holds
	}
	primes := []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}
	for shift := 0; shift+len(names) <= len(primes); shift++ {
		at := map[string]*big.Rat{}
		for k, n := range names {
			at[n] = big.NewRat(primes[shift+k], 1)
		}
		l, errL := symexpr.Eval(e, at)
		r, errR := symexpr.Eval(x, at)
		if errL == nil && errR == nil && l.Cmp(r) != 0 {
			return at, l, r, true
		}
	}
	return nil, nil, nil, false
}

// subset reports every name of a in b.
func subset(a, b []string) bool {
	for _, n := range a {
		found := false
		for _, m := range b {
			found = found || m == n
		}
		if !found {
			return false
		}
	}
	return true
}
