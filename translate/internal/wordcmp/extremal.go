package wordcmp

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// The greatest or least factor of a kind of a closed whole number, stated in words
// (docs/TRANSLATE.md, "Comparisons in words between closed values"): "the largest prime factor
// of 99 is 33", "the greatest odd integer that is a factor of \(5!\) is \(5\)", "the smallest
// prime divisor of \(2^{7} - 1\) is 3". The kinds read are the prime factors (odd prime, the
// prime 2 for "even prime"), the largest odd factor and the largest even factor; a factor with
// no kind ("the largest factor of 12", which may mean a proper one) is not read. The number is
// factored exactly by trial division, within a bound: a claim the bound leaves open is not read.

// extremalRE is "the largest prime factor of", "the greatest odd integer that is a factor of".
var extremalRE = regexp.MustCompile(`(?i)\bthe\s+(largest|greatest|biggest|highest|smallest|least|lowest)\s+((?:(?:odd|even|prime|positive)\s+)*)(?:factor|divisor|integer\s+that\s+is\s+a\s+(?:factor|divisor))\s+of\s+$`)

// amongRE restricts the factors to some named before ("Among these, the greatest odd integer
// that is a factor of 5! is 5" may speak of the odd primes just listed).
var amongRE = regexp.MustCompile(`\b(?:among|amongst|of these|of them|of those|from these|from those|in this list|in the list|listed|remaining|left)\b`)

// extremalIsRE is "is" between the number and the value stated.
var extremalIsRE = regexp.MustCompile(`^\s+is\s+(?:(?:indeed|actually|clearly|therefore|thus|then|just|simply)\s+)?`)

// Bounds of the factoring: the bits of the number, and the trial divisors for a number of 64
// bits and for a larger one.
const (
	maxFactorBits = 256
	trialSmall    = 1 << 20
	trialBig      = 1 << 16
)

// readExtremal returns the step's claims of a greatest or least factor of a kind. The pattern
// runs only on the words before each "factor of" or "divisor of" (found by plain search).
func readExtremal(step int, text, tactic string) []obligation.Obligation {
	if !mathtext.HasAny(text, "factor of", "divisor of") {
		return nil
	}
	var out []obligation.Obligation
	for _, noun := range []string{"factor of", "divisor of"} {
		for _, i := range mathtext.Indexes(text, noun, maxClaims) {
			at := i + len(noun)
			j := at
			for j < len(text) && j-at < 4 && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n') {
				j++
			}
			w, from := mathtext.Window(text, i-extremalWindow, j)
			m := extremalRE.FindStringSubmatchIndex(w)
			if m == nil {
				continue
			}
			for k := range m {
				if m[k] >= 0 {
					m[k] += from
				}
			}
			if o := extremalAt(step, text, m, tactic); o != nil && len(out) < maxClaims {
				out = append(out, *o)
			}
		}
	}
	return out
}

// extremalWindow is how far before "factor of" the words of extremalRE are read.
const extremalWindow = 100

// extremalAt reads the claim whose words extremalRE matched at m.
func extremalAt(step int, text string, m []int, tactic string) *obligation.Obligation {
	num, ok := objectAt(text, m[1])
	if !ok {
		return nil
	}
	said, ok := lastObject(text, num.e, extremalIsRE)
	if !ok {
		return nil
	}
	if sentence := sentenceWithout(text, m[0], said.e); vetoOf(sentence) != "" || amongRE.MatchString(sentence) {
		return nil
	}
	n, okN := wholeOf(num)
	v, okV := wholeOf(said)
	if !okN || !okV || n.Sign() <= 0 || n.BitLen() > maxFactorBits {
		return nil
	}
	words := strings.ToLower(text[m[2]:m[3]])
	largest := words != "smallest" && words != "least" && words != "lowest"
	kind := strings.Fields(strings.ToLower(text[m[4]:m[5]]))
	is0, what, ok := extremalFactor(n, largest, has(kind, "prime"), has(kind, "odd"), has(kind, "even"))
	if !ok {
		return nil
	}
	name := strings.Join(append([]string{words}, append(kind, "factor")...), " ")
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, m[0], said.e), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("the %s of %s = %s", name, n, v)
	o.Prop = fmt.Sprintf("(%s : Rat) = (%s : Rat)", is0, v)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	fact := fmt.Sprintf("the %s of %s is %s (%s)", name, n, is0, what)
	o.Note = "a factor of a closed number stated in words: " + fact
	o.WhyProof = fact
	o.WhyDisproof = fmt.Sprintf("%s, not %s", fact, v)
	return o
}

// has reports w among the words.
func has(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}

// wholeOf is the side's value when it is a whole number.
func wholeOf(s side) (*big.Int, bool) {
	r, ok := s.val.Rat()
	if !ok || !r.IsInt() {
		return nil, false
	}
	return new(big.Int).Set(r.Num()), true
}

// extremalFactor is the largest or least factor of n of the kind, with how it was found; ok is
// false for a kind not read, a factor that does not exist, or a factoring the bounds leave open.
func extremalFactor(n *big.Int, largest, prime, odd, even bool) (*big.Int, string, bool) {
	switch {
	case prime && even:
		if n.Bit(0) != 0 {
			return nil, "", false
		}
		return big.NewInt(2), "2 is the only even prime", true
	case prime:
		ps, ok := primeFactors(n, largest || odd)
		if odd {
			for len(ps) > 0 && ps[0].Cmp(big.NewInt(2)) == 0 {
				ps = ps[1:]
			}
		}
		if !ok || len(ps) == 0 {
			return nil, "", false
		}
		names := make([]string, len(ps))
		for i, p := range ps {
			names[i] = p.String()
		}
		pick := ps[0]
		if largest {
			pick = ps[len(ps)-1]
		}
		return pick, "its prime factors are " + strings.Join(names, ", "), true
	case odd && largest:
		m := new(big.Int).Rsh(n, n.TrailingZeroBits())
		return m, fmt.Sprintf("%s = 2^%d × %s", n, n.TrailingZeroBits(), m), true
	case even && largest:
		if n.Bit(0) != 0 {
			return nil, "", false
		}
		return n, "the number itself is even", true
	}
	return nil, "", false
}

// primeFactors lists the distinct prime factors of n in increasing order, found by trial
// division; ok is false when a cofactor is left that the trial bound cannot show prime. complete
// says whether all are needed (a least factor needs only the first one found).
func primeFactors(n *big.Int, complete bool) ([]*big.Int, bool) {
	if n.IsUint64() {
		return primeFactors64(n.Uint64(), complete)
	}
	r := new(big.Int).Set(n)
	var out []*big.Int
	q, mod, bd := new(big.Int), new(big.Int), new(big.Int)
	for d := uint64(2); d <= trialBig; d++ {
		bd.SetUint64(d)
		if q.QuoRem(r, bd, mod); mod.Sign() != 0 {
			continue
		}
		out = append(out, new(big.Int).Set(bd))
		if !complete {
			return out, true
		}
		for mod.Sign() == 0 {
			r.Set(q)
			q.QuoRem(r, bd, mod)
		}
		if r.IsUint64() {
			rest, ok := primeFactors64(r.Uint64(), true)
			return append(out, rest...), ok
		}
	}
	return nil, false // a cofactor past 64 bits with no factor up to the bound: open
}

// primeFactors64 is primeFactors for a number of 64 bits.
func primeFactors64(n uint64, complete bool) ([]*big.Int, bool) {
	var out []*big.Int
	for d := uint64(2); n > 1; d++ {
		if d > n/d {
			return append(out, new(big.Int).SetUint64(n)), true // no factor up to its root: prime
		}
		if d > trialSmall {
			return nil, false // a cofactor the bound leaves open
		}
		if n%d != 0 {
			continue
		}
		out = append(out, new(big.Int).SetUint64(d))
		if !complete {
			return out, true
		}
		for n%d == 0 {
			n /= d
		}
	}
	return out, true
}
