// Package piapprox decides approximations of closed values in π
// (docs/TRANSLATE.md, "Approximations of values in π"): "V = π(1.5)²(6) =
// approximately 40.71", "\frac{25\pi}{2} \approx 39.27", "100 - 25π ≈
// 21.46". The member before the approximation sign is read as a
// polynomial in π with rational coefficients; only one that is monotone
// for π > 0 is read (a multiple of a power of π, a + bπ, or coefficients
// of one sign). Its values for every π from 3.14 to 22/7, the common
// approximations included, make a range; the stated number is refuted
// only when it lies farther from that range than "≈" allows everywhere:
// ten units of its last decimal place where two or more are shown, else
// a twentieth of the value or its last shown place, whichever is more.
//
// The member is bounded by "=", ":" or the start of its math region: a
// member with a word or another name is not read. A step, or a problem,
// that names an approximation of π ("3.14", "22/7", "π ≈ 3", "use 3 for
// π") or speaks of primes (π(50) may count them) is not read, nor a π
// before a bracket that nothing multiplies after it, nor a sentence that supposes, estimates or rounds
// on purpose ("if", "roughly", "estimate", "about"), nor a number with a
// thousands comma. ReadEq reads a plain "=" before a bare number the same
// way (docs/TRANSLATE.md, "A value in π said equal to a number").
package piapprox

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, a member read, the claims of a step, the degree
// in π.
const (
	maxText   = 20000
	maxMember = 200
	maxOut    = 4
	maxDeg    = 4
)

var (
	// piLo and piHi bound the values π is given: 3.14 and 22/7.
	piLo = big.NewRat(314, 100)
	piHi = big.NewRat(22, 7)
	// piApproxRE names an approximation of π itself: the text computes
	// with it, so its results are not π's.
	piApproxRE = regexp.MustCompile(`3\.14|22\s*/\s*7|\\frac\{22\}\{7\}|(?:^|[\s(\[{$=,:;])(?:π|\\pi)\s*(?:\\approx|≈|=|is about|is approximately|is roughly)\s*3(?:\.\d+)?(?:[^\d.]|$)|\bfor\s+(?:π|\\pi)|(?:π|\\pi)\s+as\s+\d`)
	// vetoRE in the sentence: supposed, estimated or rounded on purpose.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|assume|assuming|would|could|might|roughly|estimate|estimated|estimating|about|around|nearly|almost|order|wrong|incorrect|mistake|error|not)\b|\?`)
	// decimalRE is a decimal in a member: read as a fraction.
	decimalRE = regexp.MustCompile(`\d*\.\d+`)
)

// marks are the approximation signs read, each with the words after "="
// that make one.
var marks = []string{"≈", `\approx`, "= approximately", "=approximately", "= approx.", "= approx"}

// Read returns the refutations of approximations of values in π in the
// step; problem is the problem's text and before the steps before this one
// (an approximation of π either names keeps the step alone).
func Read(step int, problem string, before []string, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !hasPi(text) || !hasMark(text) || strings.Contains(text, "prime") || strings.Contains(problem, "prime") ||
		piApproxRE.MatchString(text) || namesPiValue(problem) {
		return nil
	}
	for _, b := range before {
		if namesPiValue(b) {
			return nil
		}
	}
	var out []obligation.Obligation
	for _, m := range marks {
		for off := 0; off < len(text) && len(out) < maxOut; {
			k := strings.Index(text[off:], m)
			if k < 0 {
				break
			}
			k += off
			off = k + len(m)
			if m == `\approx` && off < len(text) && mathtext.IsASCIILetter(text[off]) {
				continue
			}
			if o, ok := claimAt(step, text, k, off, tactic, false); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

// callLike reports a π written before a bracket that nothing multiplies
// after it ("\pi(50)" may be the count of primes up to 50; "π(1.5)²(6)"
// and "\pi (3)^2" are products).
func callLike(member string) bool {
	for _, mark := range []string{`\pi`, "π"} {
		for off := 0; ; {
			k := strings.Index(member[off:], mark)
			if k < 0 {
				break
			}
			i := off + k + len(mark)
			off = i
			for i < len(member) && member[i] == ' ' {
				i++
			}
			if i == len(member) || member[i] != '(' {
				continue
			}
			j := matchParen(member, i)
			if j < 0 {
				return true
			}
			rest := strings.TrimLeft(member[j+1:], " ")
			if !strings.HasPrefix(rest, "^") && !strings.HasPrefix(rest, "²") && !strings.HasPrefix(rest, "³") && !strings.HasPrefix(rest, "(") {
				return true
			}
		}
	}
	return false
}

// namesPiValue reports a text that names an approximation of π (its
// literal cues first: "3", "22" or π itself).
func namesPiValue(s string) bool {
	return len(s) <= maxText && (strings.Contains(s, "3") || strings.Contains(s, "22")) && piApproxRE.MatchString(s)
}

// hasPi reports π written in the text: "π" or "\pi", the latter found by
// its "pi" (a backslash is some twenty times as frequent in a step).
func hasPi(s string) bool {
	if strings.Contains(s, "π") {
		return true
	}
	for from := 0; ; {
		k := strings.Index(s[from:], "pi")
		if k < 0 {
			return false
		}
		if k += from; k > 0 && s[k-1] == '\\' {
			return true
		}
		from = k + 1
	}
}

// hasMark reports an approximation sign or word.
func hasMark(s string) bool {
	return strings.Contains(s, "≈") || strings.Contains(s, `\approx`) || strings.Contains(s, "approx")
}

// claimAt reads the claim whose sign spans text[k:e]: the member before
// it, the number after it. eq marks a plain "=" (ReadEq): the member may
// end in a unit the number repeats, and the number must close its side.
func claimAt(step int, text string, k, e int, tactic string, eq bool) (obligation.Obligation, bool) {
	s := memberStart(text, k)
	if s < 0 || k-s > maxMember {
		return obligation.Obligation{}, false
	}
	member := strings.TrimSpace(text[s:k])
	unitText := ""
	if eq {
		member, unitText = cutUnit(member)
		if member == `\pi` || member == "π" {
			return obligation.Obligation{}, false // π alone may be a name (a permutation, a plane)
		}
	}
	if !hasPi(member) || callLike(member) {
		return obligation.Obligation{}, false
	}
	said, places, ne, ok := numberAfter(text, e)
	if !ok || eq && !closesSide(text[ne:], unitText) {
		return obligation.Obligation{}, false
	}
	if vetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, s, ne))) {
		return obligation.Obligation{}, false
	}
	p, ok := piPoly(member)
	if !ok {
		return obligation.Obligation{}, false
	}
	lo, err1 := p.Eval(map[string]*big.Rat{"Q": piLo})
	hi, err2 := p.Eval(map[string]*big.Rat{"Q": piHi})
	if err1 != nil || err2 != nil {
		return obligation.Obligation{}, false
	}
	if lo.Cmp(hi) > 0 {
		lo, hi = hi, lo
	}
	// The tolerance is the one "≈" has everywhere (docs/TRANSLATE.md,
	// "Approximations"): ten units of the last place where two places or
	// more are shown, which claim that precision; otherwise a twentieth of
	// the value, or the last shown place of a whole number.
	tol := unit(places)
	if places >= 2 {
		tol.Mul(tol, big.NewRat(10, 1))
	} else {
		if places == 0 {
			// A whole number may be rounded to its last nonzero digit ("≈ 30").
			ten := big.NewInt(10)
			for n := new(big.Int).Abs(said.Num()); n.Sign() != 0 && new(big.Int).Rem(n, ten).Sign() == 0; n.Quo(n, ten) {
				tol.Mul(tol, big.NewRat(10, 1))
			}
		}
		if f := new(big.Rat).Mul(new(big.Rat).Abs(hi), big.NewRat(1, 20)); f.Cmp(tol) > 0 {
			tol = f
		}
	}
	low := new(big.Rat).Sub(lo, tol)
	high := new(big.Rat).Add(hi, tol)
	if said.Cmp(low) >= 0 && said.Cmp(high) <= 0 {
		return obligation.Obligation{}, false // within the range: as good as the digits shown
	}
	// The span runs from the sign: the member may be the right side of an
	// "=" another reader holds ("\pi (7)^2 = 49\pi \approx 153.94").
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, k, ne), Kind: obligation.KindInequality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	sign := "≈"
	if eq {
		sign = "="
	}
	o.Expr = fmt.Sprintf("%s %s %s", strings.ReplaceAll(p.String(), "Q", "π"), sign, said.FloatString(places))
	if said.Cmp(low) < 0 {
		o.Prop = fmt.Sprintf("%s ≤ %s", listcond.RatTerm(low), listcond.RatTerm(said))
	} else {
		o.Prop = fmt.Sprintf("%s ≤ %s", listcond.RatTerm(said), listcond.RatTerm(high))
	}
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	o.Note = "an approximation of a value in π: its values for π from 3.14 to 22/7, widened by the tolerance of ≈ (ten units of the last place where two or more are shown, else a twentieth of the value), must hold the stated number"
	o.WhyProof = "the stated number lies in the range"
	o.WhyDisproof = fmt.Sprintf("for π from 3.14 to 22/7 the value lies between %s and %s; %s is farther than %s from it", lo.FloatString(4), hi.FloatString(4), said.FloatString(places), tol.FloatString(places))
	return o, true
}

// memberStart is where the member before the sign at k opens: after the
// "=" or ":" before it, or at the start of its math region ("\(", "\[",
// "$"), within maxMember bytes; -1 when none is found (a member in prose).
func memberStart(text string, k int) int {
	depth := 0
	for i := k - 1; i >= 0 && k-i <= maxMember; i-- {
		switch c := text[i]; c {
		case ')', '}', ']':
			if i > 0 && text[i-1] == '\\' && (c == ')' || c == ']') {
				return -1 // a math region closed before the sign
			}
			depth++
		case '(', '{', '[':
			if i > 0 && text[i-1] == '\\' && (c == '(' || c == '[') {
				return i + 1
			}
			depth--
			if depth < 0 {
				return -1
			}
		case '$':
			return i + 1
		case '=', ':':
			if depth == 0 {
				return i + 1
			}
		case '\n':
			return -1
		}
	}
	return -1
}

// numberAfter reads the number after the sign: its value, its decimal
// places and where it ends; false when something other than a number
// follows (an expression, a thousands comma, a name).
func numberAfter(text string, e int) (*big.Rat, int, int, bool) {
	i := e
	for i < len(text) && (text[i] == ' ' || text[i] == '$' || text[i] == '{') {
		i++
	}
	s := i
	for i < len(text) && (text[i] >= '0' && text[i] <= '9' || text[i] == '.' && i+1 < len(text) && text[i+1] >= '0' && text[i+1] <= '9') {
		i++
	}
	if i == s || i-s > 24 {
		return nil, 0, 0, false
	}
	if i < len(text) {
		switch c := text[i]; {
		case c == ',' && i+1 < len(text) && text[i+1] >= '0' && text[i+1] <= '9':
			return nil, 0, 0, false
		case strings.IndexByte("+-*/^×÷(\\", c) >= 0 && !strings.HasPrefix(text[i:], `\)`) && !strings.HasPrefix(text[i:], `\]`) && !strings.HasPrefix(text[i:], `\text`) && !strings.HasPrefix(text[i:], `\,`) && !strings.HasPrefix(text[i:], `\ `):
			return nil, 0, 0, false
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			return nil, 0, 0, false // glued to a name or a unit: "40.71x"
		}
	}
	if unitAfter(text[i:]) {
		return nil, 0, 0, false // degrees or a percentage: another unit than the member's
	}
	num := text[s:i]
	places := 0
	if d := strings.IndexByte(num, '.'); d >= 0 {
		places = len(num) - d - 1
	}
	v, ok := new(big.Rat).SetString(num)
	return v, places, i, ok
}

// unitAfter reports degrees or a percentage after a number ("≈ 60
// degrees", "≈ 60^\circ", "≈ 5\text{ percent}"): the member in π is then
// in radians or a fraction.
func unitAfter(rest string) bool {
	for k := 0; k < 4; k++ { // a space, a closing math mark, a text command
		rest = strings.TrimLeft(rest, " ~$")
		for _, p := range []string{`\,`, `\ `, `\)`, `\]`, `\text{`, `\mbox{`, `\mathrm{`} {
			rest = strings.TrimPrefix(rest, p)
		}
	}
	for _, u := range []string{"°", `^\circ`, `^{\circ}`, `\circ`, "deg", "Deg", "%", `\%`, "percent"} {
		if strings.HasPrefix(rest, u) {
			return true
		}
	}
	return false
}

// unit is one unit of the last of places decimal places.
func unit(places int) *big.Rat {
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil))
}

// piPoly reads a member as a polynomial in π (named Q) with rational
// coefficients, monotone for π > 0; false for any other name, a
// denominator with π, or a polynomial that may turn.
func piPoly(member string) (algebra.Poly, bool) {
	if strings.ContainsAny(member, "Q") {
		return algebra.Poly{}, false
	}
	s := strings.NewReplacer(`\pi`, "(Q)", "π", "(Q)", "²", "^2", "³", "^3", `\left`, "", `\right`, "", `\,`, " ").Replace(member)
	if strings.Contains(s, `\pi`) {
		return algebra.Poly{}, false
	}
	s = decimalRE.ReplaceAllStringFunc(s, func(d string) string {
		r, ok := new(big.Rat).SetString(d)
		if !ok {
			return d
		}
		return `\frac{` + r.Num().String() + `}{` + r.Denom().String() + `}`
	})
	e, err := symexpr.Read(s)
	if err != nil {
		return algebra.Poly{}, false
	}
	vars := symexpr.Vars(e, map[string]bool{}, nil)
	if len(vars) != 1 || vars[0] != "Q" {
		return algebra.Poly{}, false
	}
	r, err := symexpr.ToRat(e)
	if err != nil || r.Den().Degree() != 0 {
		return algebra.Poly{}, false
	}
	den, err := r.Den().Eval(nil)
	if err != nil || den.Sign() == 0 {
		return algebra.Poly{}, false
	}
	p := r.Num()
	if p.Degree() == 0 || p.Degree() > maxDeg {
		return algebra.Poly{}, false
	}
	cs, err := p.Coeffs("Q")
	if err != nil {
		return algebra.Poly{}, false
	}
	if len(cs) > 2 { // beyond a + bπ: every coefficient of π's powers of one sign
		sign := 0
		for _, c := range cs[1:] {
			if c == nil || c.Sign() == 0 {
				continue
			}
			if sign != 0 && c.Sign() != sign {
				return algebra.Poly{}, false
			}
			sign = c.Sign()
		}
	}
	return p.Mul(algebra.Const(new(big.Rat).Inv(den))), true
}

// matchParen is the index of the ")" closing the "(" at s[i], or -1.
func matchParen(s string, i int) int {
	depth := 0
	for k := i; k < len(s); k++ {
		switch s[k] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}
