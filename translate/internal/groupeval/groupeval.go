// Package groupeval decides a bracket of closed arithmetic that a
// rewriting replaces by its value while copying the rest of the
// expression (docs/TRANSLATE.md, "A bracket computed in a rewriting"):
// "\( 3^{x}(3^2 - 9) = 2^{x}(2^5 - 5) \). Simplifying, \( 3^{x}(-6) =
// 2^{x}(27) \)" writes 3² − 9 as −6. The two expressions are the members
// of an "=" link, or two math regions with nothing but a rewriting cue
// between them ("simplifying", "we get", "which becomes", …); they must be the same
// text but for round brackets whose content is closed arithmetic with an
// operator on one side and a lone number on the other. The rest may use
// any notation (powers with names, logarithms): it is only compared. Each
// bracket whose number is not its content's value is refuted as the
// closed equality of the two; a number within the rounding of its last
// digit, brackets of an exponent or a subscript, a step about residues
// and a sentence that supposes, tests, hedges or denies are left alone.
package groupeval

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

// Limits: the step read, the claims of a step, the math regions looked
// at, an expression's bytes and the prose between two regions.
const (
	maxRegion  = 2000 // the bytes a math region may take: the closer is looked for no further
	maxText    = 20000
	maxOut     = 4
	maxRegions = 64
	maxExpr    = 300
	maxBetween = 60
)

var (
	// vetoRE in the sentence: supposed, tested, hedged, denied or rounded.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|let|would|could|should|might|try|trying|test|testing|check|checking|whether|cannot|not|no|never|wrong|incorrect|mistake\w*|instead|approximately|about|roughly|around|nearly|rounded|rounding|estimate\w*)\b|n't\b|\?|≈|\\approx|\\sim`)
	// modWords mark a step about residues, where "=" may mean "≡" ("mod"
	// holds \pmod, \bmod, \mod and modulo; a word such as "model" only
	// leaves a step alone).
	modWords = []string{"mod", `\equiv`, "≡", "remainder", "congruen"}
	// cueRE is what must stand between two regions: a rewriting cue and
	// punctuation only ("then", "so" may go on to another value).
	cueRE = regexp.MustCompile(`^[\s.,:;]*(?:(?:which|this|that|it)\s+)?(?:simplif(?:y|ies|ying)(?:\s+to)?|simplified|we\s+get|gives(?:\s+us)?|yields|becomes)[\s.,:;]*$`)
	// numRE is a lone number: an optional minus, digits, a decimal part.
	numRE = regexp.MustCompile(`^\s*-?\s*\d{1,15}(?:\.\d{1,15})?\s*$`)
	// opRE marks a computation in a bracket's content.
	opRE = regexp.MustCompile(`\d\s*(?:[-+*/^×·]|\\cdot|\\times|\\div)|\\frac|\\sqrt`)
)

// group is a bracket that differs between the two expressions: the old
// content and the new number, with the new bracket's bytes in the text.
type group struct {
	old, new string
	s, e     int
}

// Read returns the refutations of the step's brackets computed wrongly in
// a rewriting.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "(") {
		return nil
	}
	var pairs []pair
	var prevEnd, prevS, prevE = -1, 0, 0
	regions := 0
	for i := 0; i < len(text) && regions < maxRegions; i++ {
		if text[i] != '$' && text[i] != '\\' {
			continue
		}
		from, to, after, ok := mathAt(text, i)
		if !ok {
			continue
		}
		regions++
		if prevEnd >= 0 && from-prevEnd <= maxBetween+4 && cueStem(text[prevEnd:i]) && cueRE.MatchString(mathtext.LowerPlain(text[prevEnd:i])) {
			pairs = append(pairs, pair{old: [2]int{prevS, prevE}, new: [2]int{from, to}})
		}
		for _, line := range mathtext.DisplayLines(text, from, to) {
			ms := members(text, line[0], line[1])
			for k := 0; k+1 < len(ms); k++ {
				pairs = append(pairs, pair{old: ms[k], new: ms[k+1], line: line, inLine: true})
			}
		}
		prevEnd, prevS, prevE = after, from, to
		i = after - 1
	}
	var out []obligation.Obligation
	var low string
	for _, p := range pairs {
		if len(out) >= maxOut {
			break
		}
		gs, ok := compare(text, p.old, p.new)
		if !ok || p.inLine && otherRelation(text, p.line[0], p.line[1]) {
			continue
		}
		for _, g := range gs {
			o, bad := refute(step, text, g, tactic)
			if !bad || len(out) >= maxOut {
				continue
			}
			if low == "" {
				low = mathtext.LowerPlain(text)
			}
			if vetoRE.MatchString(low[listcond.SentenceStart(low, p.old[0]):listcond.SentenceEnd(low, g.e)]) {
				continue
			}
			out = append(out, o)
		}
	}
	if len(out) > 0 && mathtext.HasAny(text, modWords...) {
		return nil // a step about residues, looked at last: it only vetoes
	}
	return out
}

// pair is two expressions that may differ by brackets computed: the old
// and the new one's bytes, and for two members of an "=" chain the
// display line that holds them.
type pair struct {
	old, new [2]int
	line     [2]int
	inLine   bool
}

// openers are the marks that open math, each with its closer.
var openers = [][2]string{{`\[`, `\]`}, {`\(`, `\)`}, {"$$", "$$"}, {"$", "$"}}

// mathAt reads the math that opens at i: where its inner text starts and
// ends, and the index after its closer.
func mathAt(text string, i int) (from, to, after int, ok bool) {
	for _, oc := range openers {
		if !strings.HasPrefix(text[i:], oc[0]) {
			continue
		}
		from = i + len(oc[0])
		end := strings.Index(text[from:min(len(text), from+maxRegion)], oc[1])
		if end < 0 {
			return 0, 0, 0, false
		}
		return from, from + end, from + end + len(oc[1]), true
	}
	return 0, 0, 0, false
}

// members splits [s, e) at its "=" outside brackets. A line that holds
// another relation (otherRelation) gives no pair either: Read looks at
// that only for a pair that compare accepts.
func members(text string, s, e int) [][2]int {
	// compare accepts a pair only at a "(" inside both members, so a line
	// without one gives no pair that can make an obligation.
	if strings.IndexByte(text[s:e], '(') < 0 || strings.IndexByte(text[s:e], '=') < 0 {
		return nil
	}
	if ms := mathtext.EqualsMembers(text, s, e); len(ms) > 1 {
		return ms
	}
	return nil
}

// otherRelation reports a relation other than "=" (or a list, a text) in
// the line [s, e): its members are no pairs.
func otherRelation(text string, s, e int) bool {
	return mathtext.HasAny(mathtext.DropSizing(text[s:e]), "<", ">", `\le`, `\ge`, `\ne`, "≤", "≥", "≠", `\approx`, "≈", `\pm`, "±", `\implies`, `\Rightarrow`, `\quad`, `\text`, ",")
}

// compare walks the two expressions a and b together; where they differ,
// both must be inside the same round bracket, whose content is closed
// arithmetic with an operator in a and a lone number in b. It returns the
// differing brackets; false when the two differ otherwise or not at all.
func compare(text string, a, b [2]int) ([]group, bool) {
	as, bs := trimSpan(text, a), trimSpan(text, b)
	if as[1]-as[0] > maxExpr || bs[1]-bs[0] > maxExpr {
		return nil, false
	}
	i, j := as[0], bs[0]
	sync := i // where the two last ran in step: brackets open before it do not map
	var out []group
	for i < as[1] && j < bs[1] {
		if text[i] == text[j] {
			i++
			j++
			continue
		}
		k := openBefore(text, sync, i)
		if k < 0 || text[k] != '(' {
			return nil, false
		}
		kb := j - (i - k)
		if kb < bs[0] || text[kb] != '(' || inScript(text, as[0], k) || strings.HasSuffix(text[as[0]:k], `\left`) {
			return nil, false
		}
		ea, eb := closeAfter(text, k, as[1]), closeAfter(text, kb, bs[1])
		if ea < 0 || eb < 0 {
			return nil, false
		}
		old, nw := text[k+1:ea], text[kb+1:eb]
		if !opRE.MatchString(old) || !numRE.MatchString(nw) || numRE.MatchString(old) {
			return nil, false
		}
		out = append(out, group{old: strings.TrimSpace(old), new: strings.TrimSpace(nw), s: kb, e: eb + 1})
		i, j = ea+1, eb+1
		sync = i
	}
	if len(out) == 0 || text[i:as[1]] != text[j:bs[1]] {
		return nil, false
	}
	return out, true
}

// trimSpan drops blanks and a final period from the expression's bytes.
func trimSpan(text string, sp [2]int) [2]int {
	s, e := sp[0], sp[1]
	for s < e && (text[s] == ' ' || text[s] == '\n' || text[s] == '\t' || text[s] == '&') {
		s++
	}
	for e > s && (text[e-1] == ' ' || text[e-1] == '\n' || text[e-1] == '\t' || text[e-1] == '.' || text[e-1] == ',') {
		e--
	}
	return [2]int{s, e}
}

// openBefore is the bracket left open at i, searched back to s; -1 when
// there is none.
func openBefore(text string, s, i int) int {
	depth := 0
	for k := i - 1; k >= s; k-- {
		switch text[k] {
		case ')', '}', ']':
			depth++
		case '(', '{', '[':
			if depth == 0 {
				return k
			}
			depth--
		}
	}
	return -1
}

// inScript reports a bracket at k that is an exponent or a subscript, or
// lies inside one ("2^(1 + 2)", "2^{(1 + 2)}", "a_{(n + 1)}"), searched
// back to s.
func inScript(text string, s, k int) bool {
	if k > s && strings.IndexByte("^_", text[k-1]) >= 0 {
		return true
	}
	depth := 0
	for p := k - 1; p >= s; p-- {
		switch text[p] {
		case ')', '}', ']':
			depth++
		case '(', '{', '[':
			if depth > 0 {
				depth--
				continue
			}
			if p > s && strings.IndexByte("^_", text[p-1]) >= 0 {
				return true
			}
		}
	}
	return false
}

// closeAfter is the bracket that closes the one opened at k, before e;
// -1 when none does.
func closeAfter(text string, k, e int) int {
	depth := 0
	for i := k; i < e; i++ {
		switch text[i] {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// refute evaluates the old content and compares it with the new number:
// a bracket computed wrongly, beyond the rounding of the number's last
// digit, is the closed equality of the two, refuted.
func refute(step int, text string, g group, tactic string) (obligation.Obligation, bool) {
	e, err := symexpr.Read(g.old)
	if err != nil || symexpr.HasVar(e) {
		return obligation.Obligation{}, false
	}
	v, err := symexpr.Eval(e, nil)
	if err != nil {
		return obligation.Obligation{}, false
	}
	n, ok := new(big.Rat).SetString(strings.ReplaceAll(g.new, " ", ""))
	if !ok || v.Cmp(n) == 0 || withinRounding(v, n, g.new) {
		return obligation.Obligation{}, false
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, g.s, g.e), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%s = %s", symexpr.Plain(e), n.RatString())
	o.Prop = symexpr.Render{}.Term(e) + " = " + listcond.RatTerm(n)
	o.WhyProof = fmt.Sprintf("%s is %s", symexpr.Plain(e), v.RatString())
	o.WhyDisproof = fmt.Sprintf("the bracket (%s) is rewritten as (%s), but %s is %s", g.old, g.new, symexpr.Plain(e), v.RatString())
	o.Note = "a bracket of closed arithmetic replaced by a number in a rewriting that copies the rest"
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}

// withinRounding reports a number that may be the value rounded or cut
// at its last digit (a whole number within 1 of it).
func withinRounding(v, n *big.Rat, written string) bool {
	places := 0
	if k := strings.IndexByte(written, '.'); k >= 0 {
		places = len(strings.TrimSpace(written[k+1:]))
	}
	unit := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil))
	d := new(big.Rat).Sub(v, n)
	return d.Abs(d).Cmp(unit) <= 0 && !v.IsInt()
}

// cueStems are the stems every match of cueRE holds.
var cueStems = []string{"simplif", "get", "gives", "yields", "becomes"}

// cueStem reports in s, in any ASCII case, a stem every match of cueRE
// holds: a cheap test before cueRE, which reads s lowered in ASCII with
// math marks blanked (LowerPlain), where a stem can only come from one
// in s.
func cueStem(s string) bool {
	for _, w := range cueStems {
		if containsLower(s, w) {
			return true
		}
	}
	return false
}

// containsLower reports w, lower-case ASCII letters, in s in any ASCII
// case, with no copy of s.
func containsLower(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		k := 0
		for k < len(w) && s[i+k]|0x20 == w[k] {
			k++
		}
		if k == len(w) {
			return true
		}
	}
	return false
}
