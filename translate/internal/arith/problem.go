package arith

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Bounds of the problem scanner. The problem is user input: past these a
// problem's later numbers are simply not read, which leaves their
// decimals rounded as they are without a problem.
const (
	MaxProblemBytes  = 1 << 16 // bytes of the problem read
	MaxProblemExacts = 256     // values kept
	ProblemDigits    = 30      // digits of one literal; longer ones are skipped
)

// ExactSet holds the values a problem states exactly: its decimal
// literals, and for each percentage p its ratios p/100, 1 - p/100 and
// 1 + p/100. A decimal literal of a step whose value is in the set stands
// for that value, not for a rounding of another one (evalEnv.eval). A nil
// *exactSet is empty.
type ExactSet struct {
	Vals map[string]bool // big.Rat.RatString of each value
	// units holds "value unit" for each number the problem states with a unit
	// word after it ("70 meter" from "70 meters per lap").
	units map[string]bool
	key   string // the values sorted and joined: what a translation depends on
	// moduli are the moduli the problem names ("divided by 7"), modOpen set
	// when a modular word of it names none (mathtext.ReadModuli).
	moduli  []*big.Int
	modOpen bool
}

// ProblemModuli are the moduli the problem names, and whether a modular
// word of it names none.
func (e *ExactSet) ProblemModuli() ([]*big.Int, bool) {
	if e == nil {
		return nil, false
	}
	return e.moduli, e.modOpen
}

// ProblemExacts scans problem for the values it states exactly. It reads
// bytes, so invalid UTF-8 only ends a number, and it is bounded by
// maxProblemBytes, maxProblemExacts and ProblemDigits. It returns nil
// when the problem states no value that is not whole, no number with a unit
// and no modulus.
func ProblemExacts(problem string) *ExactSet { return ProblemExactsLexed(problem, nil) }

// ProblemExactsLexed is ProblemExacts with toks, which returns the problem's
// tokens lexed with ProblemDigits: asked only when the problem is read
// whole (nil: the problem is lexed here when needed).
func ProblemExactsLexed(problem string, toks func() []mathtext.Tok) *ExactSet {
	s := problem[:min(len(problem), MaxProblemBytes)]
	vals := map[string]bool{}
	units := map[string]bool{}
	add := func(r *big.Rat) {
		if r.Sign() > 0 && !r.IsInt() && len(vals) < MaxProblemExacts {
			vals[r.RatString()] = true
		}
	}
	for i := 0; i < len(s) && len(vals) < MaxProblemExacts; {
		if !startsNumber(s, i) {
			i++
			continue
		}
		v, end, ok := scanProblemNumber(s, i)
		if !ok {
			i = end
			continue
		}
		add(v)
		if w := unitAfter(s, end); w != "" && len(units) < MaxProblemExacts {
			units[v.RatString()+" "+w] = true
		}
		if percentAfter(s, end) {
			p := new(big.Rat).Quo(v, big.NewRat(100, 1))
			one := big.NewRat(1, 1)
			add(p)
			add(new(big.Rat).Sub(one, p))
			add(new(big.Rat).Add(one, p))
		}
		i = end
	}
	var ms []*big.Int
	var open bool
	switch {
	case !mayNameModulus(s):
	case toks != nil && len(s) == len(problem):
		ms, open = mathtext.ReadModuli(s, toks())
	default:
		mathtext.WithTokens(s, ProblemDigits, func(toks []mathtext.Tok) { ms, open = mathtext.ReadModuli(s, toks) })
	}
	if len(vals) == 0 && len(units) == 0 && len(ms) == 0 && !open {
		return nil
	}
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	key := strings.Join(keys, " ")
	if len(units) > 0 {
		key += " | " + strings.Join(slices.Sorted(maps.Keys(units)), ", ")
	}
	if len(ms) > 0 || open {
		mk := make([]string, len(ms))
		for i, m := range ms {
			mk[i] = m.String()
		}
		key += fmt.Sprintf(" | mod %s %t", strings.Join(mk, ","), open)
	}
	return &ExactSet{Vals: vals, units: units, key: key, moduli: ms, modOpen: open}
}

// mayNameModulus reports whether mathtext.ReadModuli may find a modulus,
// or no modulus ruled out, in s: each of its cases reads a word or a
// command that holds one of modulusBits, in any case (a word read is its
// ASCII letters lower-cased, or opens with a letter outside ASCII, which
// lowers to no letter these words open with). A problem with none of them
// is not lexed for its moduli.
func mayNameModulus(s string) bool {
	return mathtext.HasAny(mathtext.ASCIILower(s), modulusBits...)
}

// modulusBits are parts of the words and commands mathtext.ReadModuli reads:
// "base"; "mod", "modulo", "modulus", \pmod, \bmod, \mod, \pod; "digit",
// "digits", "units"; "by" after "divided", "dividing", "divide", "divisible",
// "divisibility" or "modulo"; "of" after "multiple" or "multiples"; "carry",
// "carries", "carrying", "borrow", "borrowing".
var modulusBits = []string{"base", "mod", "pod", "digit", "units", "divi", "multiple", "carr", "borrow"}

// unitAfter is the convertible unit word right after the number ending at
// i ("70 meters per lap" → "meter"), singular and lower-case, or "".
func unitAfter(s string, i int) string {
	j := i
	for j < len(s) && j-i < 2 && s[j] == ' ' {
		j++
	}
	k := j
	for k < len(s) && k-j < 16 && mathtext.IsASCIILetter(s[k]) {
		k++
	}
	if k == j || k < len(s) && mathtext.IsASCIILetter(s[k]) {
		return ""
	}
	// Only units that convert matter: they are what may hold a refutation back.
	if w := mathtext.Singular(strings.ToLower(s[j:k])); mathtext.Convertible[w] {
		return w
	}
	return ""
}

// HasUnit reports whether the problem states the value x with the unit word unit.
func (e *ExactSet) HasUnit(x *big.Rat, unit string) bool {
	return e != nil && e.units[x.RatString()+" "+unit]
}

// Has reports whether the problem states x exactly.
func (e *ExactSet) Has(x *big.Rat) bool {
	return e != nil && e.Vals[x.RatString()]
}

// literal reports whether a step's literal stands for a value the
// problem states: a decimal (0.95, or 5.5 of "5.5%") or a percentage
// whose ratio is one (95% for a 5% discount). A literal with an ellipsis
// (0.33...) is a truncated expansion, never exact.
func (e *ExactSet) literal(l *mathtext.NumLit) bool {
	if e == nil || l.Dec == 0 || l.Ellipsis {
		return false
	}
	if e.Has(l.Val) {
		return true
	}
	return l.Percent && e.Has(new(big.Rat).Quo(l.Val, big.NewRat(100, 1)))
}

// SetKey is what of the set a translation depends on ("" for none).
func (e *ExactSet) SetKey() string {
	if e == nil {
		return ""
	}
	return e.key
}

// startsNumber says a number starts at s[i]: a digit or a point before a
// digit ("$.15"), not inside another number or a word ("x2", "1.2.3").
func startsNumber(s string, i int) bool {
	c := s[i]
	if !mathtext.IsDigit(c) && !(c == '.' && i+1 < len(s) && mathtext.IsDigit(s[i+1])) {
		return false
	}
	if i == 0 {
		return true
	}
	p := s[i-1]
	return !mathtext.IsDigit(p) && p != '.' && !mathtext.IsASCIILetter(p) && p != '_'
}

// scanProblemNumber reads the number at s[i]: digits with thousands
// separators ("52,500", "1{,}250"), then a point and digits. It returns
// its value, the end of what it read, and false for a number too long to
// keep or followed by another point ("1.2.3", a version or a list).
func scanProblemNumber(s string, i int) (*big.Rat, int, bool) {
	var b strings.Builder
	j := i
	digits := func() {
		for j < len(s) && mathtext.IsDigit(s[j]) {
			b.WriteByte(s[j])
			j++
		}
	}
	digits()
	for b.Len() > 0 {
		// A separator counts only before exactly three digits.
		sep := 0
		switch {
		case strings.HasPrefix(s[j:], ","):
			sep = 1
		case strings.HasPrefix(s[j:], "{,}"):
			sep = 3
		}
		k := j + sep
		if sep == 0 || k+3 > len(s) || !mathtext.IsDigit(s[k]) || !mathtext.IsDigit(s[k+1]) || !mathtext.IsDigit(s[k+2]) || k+3 < len(s) && mathtext.IsDigit(s[k+3]) {
			break
		}
		b.WriteString(s[k : k+3])
		j = k + 3
	}
	if j+1 < len(s) && s[j] == '.' && mathtext.IsDigit(s[j+1]) {
		b.WriteByte('.')
		j++
		digits()
	}
	if j+1 < len(s) && s[j] == '.' && mathtext.IsDigit(s[j+1]) {
		// "1.2.3": skip the rest of it.
		for j < len(s) && (mathtext.IsDigit(s[j]) || s[j] == '.') {
			j++
		}
		return nil, j, false
	}
	if b.Len() > ProblemDigits+1 {
		return nil, j, false
	}
	v, ok := algebra.ParseQ(b.String()) // SetString's value, a whole number read without its gcd
	if !ok {
		return nil, j, false
	}
	return v, j, true
}

// percentAfter says a percent sign or word follows byte i: "5%", "5 %",
// "5\%", "5 percent", "5 per cent".
func percentAfter(s string, i int) bool {
	j := i
	for j < len(s) && j-i < 3 && (s[j] == ' ' || s[j] == '~') {
		j++
	}
	rest := s[j:]
	switch {
	case strings.HasPrefix(rest, "%"), strings.HasPrefix(rest, `\%`):
		return true
	}
	for _, w := range []string{"percent", "per cent"} {
		if len(rest) >= len(w) && strings.EqualFold(rest[:len(w)], w) {
			return len(rest) == len(w) || !mathtext.IsASCIILetter(rest[len(w)])
		}
	}
	return false
}

// WithStepPercents is e with the ratio p/100 of each percentage the step
// itself takes of something ("8% of $35 = 0.08 × 35"): the decimal that
// spells it out in the same step is that ratio exactly, not a rounding.
// It returns e itself when the step takes no percentage of anything.
func (e *ExactSet) WithStepPercents(toks []mathtext.Tok) *ExactSet {
	var add []*big.Rat
	for i := range toks {
		t := &toks[i]
		if t.K == mathtext.TNum && t.Num.Percent && i+1 < len(toks) && toks[i+1].K == mathtext.TWord && toks[i+1].Text == "of" {
			if p := new(big.Rat).Quo(t.Num.Val, big.NewRat(100, 1)); p.Sign() > 0 && !p.IsInt() {
				add = append(add, p)
			}
		}
	}
	if len(add) == 0 {
		return e
	}
	out := &ExactSet{Vals: map[string]bool{}}
	if e != nil {
		maps.Copy(out.Vals, e.Vals)
		out.key, out.units, out.moduli, out.modOpen = e.key, e.units, e.moduli, e.modOpen
	}
	for _, p := range add {
		if len(out.Vals) < MaxProblemExacts {
			out.Vals[p.RatString()] = true
		}
	}
	return out
}
