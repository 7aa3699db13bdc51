// Package ivalclaim decides an inequality in one name that a sentence says
// holds on intervals it lists (docs/TRANSLATE.md, "An inequality said to
// hold on stated intervals"): "\((x^2 - 3)(x^2 + 5) < 0\) holds in the
// intervals \([-2, -1]\), \([-1, 0]\), \([0, 1]\), and \([1, 2]\)" states
// the inequality at every point of each interval, and at x = -2 the left
// side is 9. The inequality is tried at test points of each interval (its
// closed ends, the midpoint of two finite ends, one past a finite end
// towards an infinite one), exactly; a point where it fails refutes the
// sentence. Only intervals with rational ends are read; a sentence that
// supposes, tests, asks for or needs the inequality ("if", "check",
// "need", "must", "find", "?", …) is left alone, and so is a list that
// is not intervals alone. ReadExtremal (extremal.go) decides the smallest
// or largest integer a sentence says satisfies an inequality in one name.
package ivalclaim

import (
	"fmt"
	"github.com/leanprm/leanprm/translate/internal/dialect"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the claims of a step, the math of the
// inequality, the intervals of a list.
const (
	maxText      = 20000
	maxOut       = 4
	maxMath      = 300
	maxIntervals = 12
)

var (
	// leadRE follows the inequality's math: the words that say it holds on
	// the intervals next.
	leadRE = regexp.MustCompile(`^\s*(?:holds(?:\s+true)?\s+|is\s+(?:true|satisfied)\s+)?(?:for\s+(?:all\s+)?(?:\\\(\s*)?[a-z](?:\s*\\\))?\s+)?(?:in|on|over)\s+(?:the\s+|each\s+of\s+the\s+)?intervals?\s+`)
	// ivalRE is one interval, in or out of inline math: its brackets and
	// ends.
	ivalRE = regexp.MustCompile(`^\s*(?:\\\(\s*)?(\(|\[|\\left\(|\\left\[)\s*(-?\s*\\infty|-?\d{1,9}(?:\.\d{1,9})?|-?\\frac\{\d{1,9}\}\{\d{1,9}\})\s*,\s*(\+?\\infty|-?\d{1,9}(?:\.\d{1,9})?|-?\\frac\{\d{1,9}\}\{\d{1,9}\})\s*(\)|\]|\\right\)|\\right\])\s*(?:\\\))?`)
	// joinRE joins two intervals.
	joinRE = regexp.MustCompile(`^\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|\\cup\s*)`)
	// vetoRE in the sentence: supposed, tested, asked for or needed.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|assume|assuming|would|could|should|might|must|need|needs|want|require|requires|required|check|checking|test|testing|try|trying|whether|find|determine|solve|consider|considering|examine|analyze|wrong|incorrect|mistake|not|no|but|however|except|otherwise|fails?)\b|\?`)
	relRE  = regexp.MustCompile(`^(.*?)(<|>|\\leq?\b|\\geq?\b|\\leqslant\b|\\geqslant\b|\\lt\b|\\gt\b|≤|≥)(.*)$`)
	relOps = map[string]string{"<": "<", ">": ">", `\le`: "≤", `\leq`: "≤", `\leqslant`: "≤", `\ge`: "≥", `\geq`: "≥", `\geqslant`: "≥", `\lt`: "<", `\gt`: ">", "≤": "≤", "≥": "≥"}
)

// Read returns the refutations of step's inequalities said to hold on
// the intervals listed after them.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "interval") {
		return nil
	}
	var out []obligation.Obligation
	var low string
	for _, w := range mathtext.Indexes(text, "interval", 4*maxOut) {
		if len(out) >= maxOut {
			break
		}
		c := strings.LastIndex(text[max(0, w-60):w], `\)`)
		if c < 0 {
			continue
		}
		c += max(0, w-60)
		if n := strings.LastIndex(text[max(0, c-4):c], `\(`); n >= 0 && forName(text[:max(0, c-4)+n]) {
			// "… holds for \(t\) in the interval": the inequality is the math before.
			if c = strings.LastIndex(text[max(0, w-maxMath):max(0, c-4)+n], `\)`); c < 0 {
				continue
			}
			c += max(0, w-maxMath)
		}
		lead := leadRE.FindStringIndex(strings.ToLower(text[c+2 : min(len(text), w+len("intervals")+2)]))
		if lead == nil {
			continue
		}
		o := strings.LastIndex(text[max(0, c-maxMath):c], `\(`)
		if o < 0 {
			continue
		}
		o += max(0, c-maxMath)
		if low == "" {
			low = mathtext.LowerPlain(text)
		}
		s, e := listcond.SentenceStart(low, o), listcond.SentenceEnd(low, w)
		if vetoRE.MatchString(low[s:e]) {
			continue
		}
		if c+2+lead[1] > e {
			continue // the lead ran past the sentence's end
		}
		ivs, end, ok := intervals(text, c+2+lead[1], e)
		if !ok {
			continue
		}
		if obl, bad := decide(step, text, o, end, text[o+2:c], ivs, tactic); bad {
			out = append(out, obl)
		}
	}
	return out
}

// forName reports text that ends with "for" or "for all" (before the
// name an inequality is said to hold for).
func forName(text string) bool {
	t := strings.ToLower(strings.TrimRight(text, " "))
	return strings.HasSuffix(t, " for") || strings.HasSuffix(t, " for all")
}

// interval is one interval: its ends (nil for an infinite one) and
// whether each is closed.
type interval struct {
	lo, hi             *big.Rat
	loClosed, hiClosed bool
}

// intervals reads the intervals listed from text[at:end]: false when
// none is read, an end is infinite on the wrong side, or something else
// than a joining word or a clause mark follows the last.
func intervals(text string, at, end int) ([]interval, int, bool) {
	var out []interval
	i := at
	for len(out) < maxIntervals {
		m := ivalRE.FindStringSubmatchIndex(text[i:end])
		if m == nil {
			break
		}
		lo, okLo := endValue(text[i+m[4]:i+m[5]], -1)
		hi, okHi := endValue(text[i+m[6]:i+m[7]], 1)
		if !okLo || !okHi || lo != nil && hi != nil && lo.Cmp(hi) >= 0 {
			return nil, 0, false
		}
		iv := interval{lo: lo, hi: hi, loClosed: strings.HasSuffix(text[i+m[2]:i+m[3]], "["), hiClosed: strings.HasSuffix(text[i+m[8]:i+m[9]], "]")}
		if lo == nil && iv.loClosed || hi == nil && iv.hiClosed {
			return nil, 0, false
		}
		out = append(out, iv)
		i += m[1]
		j := joinRE.FindStringIndex(text[i:end])
		if j == nil {
			break
		}
		i += j[1]
	}
	rest := strings.TrimLeft(text[i:end], " \t")
	if len(out) == 0 || rest != "" && strings.IndexByte(".,;:\n", rest[0]) < 0 {
		return nil, 0, false
	}
	return out, i, true
}

// endValue reads an interval's end; nil for ∞ on the side it may stand
// (side -1: -∞, side 1: +∞).
func endValue(s string, side int) (*big.Rat, bool) {
	s = strings.Join(strings.Fields(s), "")
	if strings.HasSuffix(s, `\infty`) {
		neg := strings.HasPrefix(s, "-")
		return nil, neg == (side < 0)
	}
	if v, ok := algebra.ParseQ(s); ok {
		return v, true
	}
	e, err := symexpr.Read(s)
	if err != nil {
		return nil, false
	}
	v, err := symexpr.Eval(e, nil)
	return v, err == nil
}

// points are the test points of an interval.
func (iv interval) points() []*big.Rat {
	one := big.NewRat(1, 1)
	var pts []*big.Rat
	if iv.lo != nil && iv.loClosed {
		pts = append(pts, iv.lo)
	}
	if iv.hi != nil && iv.hiClosed {
		pts = append(pts, iv.hi)
	}
	switch {
	case iv.lo != nil && iv.hi != nil:
		mid := new(big.Rat).Add(iv.lo, iv.hi)
		pts = append(pts, mid.Quo(mid, big.NewRat(2, 1)))
	case iv.lo != nil:
		pts = append(pts, new(big.Rat).Add(iv.lo, one))
	case iv.hi != nil:
		pts = append(pts, new(big.Rat).Sub(iv.hi, one))
	default:
		pts = append(pts, new(big.Rat))
	}
	return pts
}

// oneName is an inequality in one name: its sides, its relation, the name.
type oneName struct {
	l, r *symexpr.Expr
	op   string
	name string
}

// readOneName reads src as one inequality (a single relation) whose sides
// hold one name between them and no root.
func readOneName(src string) (oneName, bool) {
	m := relRE.FindStringSubmatch(src)
	if m == nil || relRE.MatchString(m[3]) {
		return oneName{}, false
	}
	l, errL := symexpr.Read(m[1])
	r, errR := symexpr.Read(m[3])
	if errL != nil || errR != nil {
		return oneName{}, false
	}
	seen := map[string]bool{}
	names := symexpr.Vars(r, seen, symexpr.Vars(l, seen, nil))
	if len(names) != 1 || symexpr.HasRoot(l) || symexpr.HasRoot(r) {
		return oneName{}, false
	}
	return oneName{l: l, r: r, op: relOps[m[2]], name: names[0]}, true
}

// decide is the refutation of src (one inequality in one name) at the
// first test point of the intervals where it fails.
func decide(step int, text string, s, e int, src string, ivs []interval, tactic string) (obligation.Obligation, bool) {
	q, ok := readOneName(src)
	if !ok {
		return obligation.Obligation{}, false
	}
	l, r, op, name := q.l, q.r, q.op, q.name
	for _, iv := range ivs {
		for _, t := range iv.points() {
			at := map[string]*big.Rat{name: t}
			lv, err1 := symexpr.Eval(l, at)
			rv, err2 := symexpr.Eval(r, at)
			if err1 != nil || err2 != nil || dialect.Compare(lv, rv, op) {
				continue
			}
			rd := symexpr.Render{Names: map[string]string{name: listcond.RatTerm(t)}}
			o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindInequality,
				OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
			o.Expr = fmt.Sprintf("%s %s %s at %s = %s", symexpr.Plain(l), op, symexpr.Plain(r), name, t.RatString())
			o.Prop = rd.Term(l) + " " + op + " " + rd.Term(r)
			o.WhyProof = fmt.Sprintf("the inequality holds at %s = %s", name, t.RatString())
			o.WhyDisproof = fmt.Sprintf("%s = %s lies in an interval the sentence says the inequality holds on, but there %s is %s and %s is %s",
				name, t.RatString(), symexpr.Plain(l), lv.RatString(), symexpr.Plain(r), rv.RatString())
			o.Note = "an inequality said to hold on the intervals listed after it, tried at a point of one"
			o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
			return o, true
		}
	}
	return obligation.Obligation{}, false
}
