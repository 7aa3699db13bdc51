package arithfn

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// A list of the divisors of a number stated in words (docs/TRANSLATE.md,
// "Lists of divisors"): "the divisors of 1998 are 1, 2, 3, …, 1998",
// "the prime factors of 60 are 2, 3 and 5", "the factors of 12 are 3 and
// 4". Each listed number must divide N (a prime factor must also be
// prime, a proper divisor must not be N). "The (positive) divisors of N",
// "the proper divisors of N" and "the prime factors (or prime divisors)
// of N" name a whole set, so a divisor missing from such a list refutes
// it too: for divisors one strictly between 1 and N (1 and N are often
// left out on purpose, "the divisors of 28 are 1, 2, 4, 7, 14"), for prime
// factors any prime factor. "Factors" alone may be a factor pair or the
// prime factorization ("the factors of 12 are 2, 2 and 3"): such a list
// is checked for membership only. A list is read only when it is numbers
// alone, separated by commas or "and", and nothing continues it (an
// ellipsis, "etc.", a bracket after an item, "or"), and only when no word
// before it restricts the set ("the odd divisors").
var divListRE = regexp.MustCompile(`\b((?:positive\s+|natural\s+|proper\s+|prime\s+)*)(divisors|factors)\s+of\s+(\d{1,11})\s+are\s*:?\s*`)

// maxListed bounds the numbers read from one list.
const maxListed = 64

// listKind is what a list claims to hold.
type listKind int

const (
	allDivisors   listKind = iota // the positive divisors, all of them
	someDivisors                  // divisors, not necessarily all ("factors")
	properDivisor                 // the divisors other than N (1 perhaps left out)
	primeFactors                  // the prime divisors, all of them
)

// divListClaims reads the divisor lists in low (mathtext.LowerPlain's
// text), with their spans; at most maxClaims.
func divListClaims(step int, text, low, tactic string) []obligation.Obligation {
	if !strings.Contains(low, " are") || !strings.Contains(low, "of") {
		return nil
	}
	var out []obligation.Obligation
	for _, m := range divListRE.FindAllStringSubmatchIndex(low, maxClaims) {
		if !plainSet(low, m[0]) || !numberAlone(low, m[6]) {
			continue // "the odd divisors of 12 are 1 and 3": another set
		}
		kind, ok := kindOf(low[m[2]:m[3]], low[m[4]:m[5]])
		if !ok {
			continue
		}
		n, _ := strconv.ParseInt(low[m[6]:m[7]], 10, 64)
		listed, end, ok := readList(low, m[1])
		if !ok || n < 1 || n > maxN {
			continue
		}
		scope, ok := listScope(text, low, end)
		if !ok || vetoRE.MatchString(low[sentenceStart(low, m[0]):scope]) {
			continue
		}
		o, ok := decideList(step, n, kind, listed, tactic)
		if !ok {
			continue
		}
		o.Span = mathtext.SpanOf(text, m[0], end)
		out = append(out, o)
	}
	return out
}

// plainSet reports that nothing before low[at:] restricts the set named
// there: it follows "the", "all", "its" or a mark that opens a clause (or
// nothing); "the odd divisors", "two-digit factors", "common divisors",
// "other divisors" name another set.
func plainSet(low string, at int) bool {
	before := strings.TrimRight(low[:at], " \t")
	if before == "" || strings.IndexByte(".,:;(\n", before[len(before)-1]) >= 0 {
		return true
	}
	k := strings.LastIndexAny(before, " \t\n")
	switch before[k+1:] {
	case "the", "all", "its":
		return true
	}
	return false
}

// kindOf reads the words before "divisors" or "factors"; false for a
// combination read no way.
func kindOf(mods, noun string) (listKind, bool) {
	prime, proper := strings.Contains(mods, "prime"), strings.Contains(mods, "proper")
	switch {
	case prime && proper:
		return 0, false
	case prime:
		return primeFactors, true
	case proper:
		return properDivisor, noun == "divisors"
	case noun == "divisors":
		return allDivisors, true
	}
	return someDivisors, true
}

// readList reads the numbers from low[at:]: whole numbers separated by
// commas, "and" or blanks. It returns them and the end of the last one;
// false when anything but a number stands where one must.
func readList(low string, at int) ([]int64, int, bool) {
	var out []int64
	i := at
	for {
		i = skipBlanks(low, i)
		j := i
		for j < len(low) && low[j] >= '0' && low[j] <= '9' {
			j++
		}
		if j == i || j-i > 11 || len(out) == maxListed {
			return nil, 0, false
		}
		v, _ := strconv.ParseInt(low[i:j], 10, 64)
		out = append(out, v)
		i = skipBlanks(low, j)
		sep := false
		if i < len(low) && low[i] == ',' {
			i, sep = skipBlanks(low, i+1), true
		}
		if strings.HasPrefix(low[i:], "and ") {
			i, sep = i+4, true
		}
		if !sep {
			return out, j, len(out) >= 2
		}
	}
}

// listScope reports whether what follows a list ending at end ends it,
// and where the list's sentence ends, for the vetoes: the end of the text,
// a line end, a semicolon or a sentence end end it; so does a math region
// closing after it, and a display that closes before a capital letter or
// a line end ends the sentence too ("are: \[ 1, 2, 3, 6 \] Sum of …").
func listScope(text, low string, end int) (int, bool) {
	i := skipBlanks(low, end)
	switch {
	case i >= len(low), low[i] == '\n', low[i] == ';':
		return sentenceEnd(low, end), true
	case low[i] == '.' && (i+1 >= len(low) || low[i+1] == ' ' || low[i+1] == '\n'):
		return sentenceEnd(low, end), true
	}
	gap := text[end:i]
	if !strings.Contains(gap, `\]`) && !strings.Contains(gap, `\)`) && !strings.Contains(gap, "$") {
		return 0, false
	}
	if (strings.Contains(gap, `\]`) || strings.Contains(gap, "$$")) && (text[i] >= 'A' && text[i] <= 'Z' || text[i] == '\n') {
		return i, true
	}
	return sentenceEnd(low, end), true
}

// skipBlanks skips spaces and tabs (the blanked math marks among them).
func skipBlanks(low string, i int) int {
	for i < len(low) && (low[i] == ' ' || low[i] == '\t') {
		i++
	}
	return i
}

// decideList refutes the list of kind for n: by a listed number that is
// no divisor (no prime divisor for primeFactors, n itself for
// properDivisor) or by a divisor the list names the whole set of and
// leaves out. Each refutation is a closed fact the checker decides: the
// claim the list implies, "n = q·x" for x listed (q = ⌊n/x⌋, the only
// multiple of x that could be n), "n ≠ d·e" for d left out (e = n/d),
// "x ≠ a·b" for x listed as prime (1 < a, b), "1 < 1" for 1 listed as
// prime. A list found right gives
// no obligation: the checker's facts would show only a part of it.
func decideList(step int, n int64, kind listKind, listed []int64, tactic string) (obligation.Obligation, bool) {
	ps, _ := factor(n)
	has := map[int64]bool{}
	for _, x := range listed {
		if x < 1 {
			return obligation.Obligation{}, false
		}
		has[x] = true
	}
	what := [...]string{"the divisors", "divisors", "the proper divisors", "the prime factors"}[kind]
	list := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(listed)), ", "), "[]")
	o := obligation.Obligation{Step: step, OnProof: obligation.Verified, OnDisproof: obligation.Refuted,
		Expr: fmt.Sprintf("%s of %d are %s", what, n, list),
		Note: fmt.Sprintf("a list of divisors: %d = %s", n, factorText(n))}
	rat := func(v int64) string { return fmt.Sprintf("(%d : Rat)", v) }
	for _, x := range listed {
		switch {
		case n%x != 0:
			o.Kind, o.Prop = obligation.KindEquality, rat(n)+" = "+rat(n/x)+" * "+rat(x)
			o.WhyDisproof = fmt.Sprintf("%d is listed but does not divide %d: %d · %d < %d < %d · %d", x, n, n/x, x, n, n/x+1, x)
		case kind == primeFactors && x > 1 && !isPrimeNumber(x):
			a := smallestFactor(x)
			o.Kind, o.Prop = obligation.KindInequality, rat(x)+" ≠ "+rat(a)+" * "+rat(x/a)
			o.WhyDisproof = fmt.Sprintf("%d is listed as a prime factor of %d but %d = %d · %d", x, n, x, a, x/a)
		case kind == primeFactors && x == 1:
			// A prime exceeds 1: the claim implies 1 < 1.
			o.Kind, o.Prop = obligation.KindInequality, rat(1)+" < "+rat(1)
			o.WhyDisproof = "1 is listed as a prime factor: a prime exceeds 1"
		case kind == properDivisor && x == n:
			o.Kind, o.Prop = obligation.KindInequality, rat(x)+" ≠ "+rat(n)
			o.WhyDisproof = fmt.Sprintf("%d is %d itself, not a proper divisor", x, n)
		default:
			continue
		}
		break
	}
	if o.Prop == "" && kind != someDivisors {
		if ds := missing(n, ps, kind, has); len(ds) > 0 {
			d := ds[0]
			o.Kind, o.Prop = obligation.KindInequality, rat(n)+" ≠ "+rat(d)+" * "+rat(n/d)
			o.WhyDisproof = fmt.Sprintf("%d divides %d (%d = %d · %d) and is not listed", d, n, n, d, n/d)
		}
	}
	if o.Prop == "" {
		return obligation.Obligation{}, false
	}
	o.WhyDisproof += fmt.Sprintf(" (%d = %s)", n, factorText(n))
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	return o, true
}

// isPrimeNumber reports x prime, x ≤ maxN (trial division).
func isPrimeNumber(x int64) bool { return x > 1 && smallestFactor(x) == x }

// smallestFactor is x's least prime factor (x itself when prime), x > 1.
func smallestFactor(x int64) int64 {
	for p := int64(2); p*p <= x; p++ {
		if x%p == 0 {
			return p
		}
	}
	return x
}

// missing lists the divisors of n (prime factors ps) that a list of kind
// must hold and has does not, smallest first, at most 4.
func missing(n int64, ps []int64, kind listKind, has map[int64]bool) []int64 {
	var out []int64
	if kind == primeFactors {
		for _, p := range ps {
			if !has[p] && len(out) < 4 {
				out = append(out, p)
			}
		}
		return out
	}
	for d := int64(1); d*d <= n && len(out) < 4; d++ {
		if n%d != 0 {
			continue
		}
		for _, x := range []int64{d, n / d} {
			// 1 and n may be left out of either list: "the divisors of 28 are
			// 1, 2, 4, 7, 14" is how perfect numbers are written about.
			need := x != 1 && x != n
			if need && !has[x] && len(out) < 4 && (len(out) == 0 || out[len(out)-1] != x) {
				out = append(out, x)
			}
		}
	}
	return out
}
