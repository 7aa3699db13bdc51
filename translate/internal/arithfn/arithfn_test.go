package arithfn

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestValue checks φ, d and σ against their definitions, counted by brute
// force, for every n up to 600.
func TestValue(t *testing.T) {
	gcd := func(a, b int64) int64 {
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	for n := int64(1); n <= 600; n++ {
		var phi, d, s int64
		for k := int64(1); k <= n; k++ {
			if gcd(k, n) == 1 {
				phi++
			}
			if n%k == 0 {
				d, s = d+1, s+k
			}
		}
		for fn, want := range map[function]int64{totient: phi, divCount: d, divSum: s} {
			got, ok := value(fn, n)
			require.True(t, ok)
			assert.Equal(t, want, got, "%s of %d", fnWhat[fn], n)
		}
	}
	v, ok := value(divSum, 9999999967) // a prime near the bound: no overflow
	assert.True(t, ok)
	assert.Equal(t, int64(9999999968), v)
	_, ok = value(totient, 0)
	assert.False(t, ok)
	_, ok = value(totient, maxN+1)
	assert.False(t, ok)
}

// TestReadSpans: each claim's span is the claim as written.
func TestReadSpans(t *testing.T) {
	for _, c := range []struct{ prev, text, span, verdict string }{
		{"", `Euler's totient function gives \(\varphi(36) = 18\).`, `\varphi(36) = 18`, "refuted"},
		{"Let τ(n) be the number of positive divisors of n.", `So τ(12) = 6 and τ(16) = 5.`, "τ(12) = 6", "verified"},
		{"", "The number of positive divisors of 84 is 10.", "number of positive divisors of 84 is 10", "refuted"},
		{"", `So \(360\) has \(20\) positive divisors.`, `360\) has \(20`, "refuted"},
	} {
		obls := Read(0, c.prev, c.text, "decide")
		require.NotEmpty(t, obls, c.text)
		assert.Equal(t, c.span, obls[0].Span.Text, c.text)
		assert.Equal(t, c.text[obls[0].Span.Start:obls[0].Span.End], obls[0].Span.Text)
		val, said, _ := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(obls[0].Prop, "("), " : Rat)"), " : Rat) = (")
		assert.Equal(t, c.verdict == "verified", val == said, "%s: %s", c.text, obls[0].Prop)
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`Euler's totient function \(\phi(1547) = 1248\).`,
		"Let d(n) be the number of divisors of n. Then d(24) = 8, and 360 has 24 divisors.",
		"The sum of the divisors of 28 is 56, σ(6) = 12 is the sum of divisors.",
		"d(d(d(", "totient φ(", "number of divisors of 99999999999 is 1",
		`The divisors of 1998 are: \[ 1, 2, 3, 6, 9, 18, 27, 37 \] Sum`, "The prime factors of 60 are 2, 3 and 5.",
		"the factors of 12 are 2, 2 and 3; the proper divisors of 6 are 1, 2, 3, 6",
	} {
		f.Add("", s)
	}
	f.Fuzz(func(t *testing.T, prev, text string) {
		obltest.Shape(t, text, Read(0, prev, text, "decide"))
	})
}

// TestDivisorListsAgainstBruteForce: for every N up to 1500, the list of
// all its divisors (with or without 1 and N) and of its prime factors is
// never refuted, and the same list with one divisor strictly between 1
// and N left out, or with a non-divisor added, is.
func TestDivisorListsAgainstBruteForce(t *testing.T) {
	join := func(xs []int64) string { return strings.Trim(strings.Join(strings.Fields(fmt.Sprint(xs)), ", "), "[]") }
	refuted := func(text string) bool { return len(Read(0, "", text, "decide")) > 0 }
	for n := int64(2); n <= 1500; n++ {
		var divs, primes []int64
		for d := int64(1); d <= n; d++ {
			if n%d == 0 {
				divs = append(divs, d)
				if d > 1 && smallestFactor(d) == d {
					primes = append(primes, d)
				}
			}
		}
		if refuted(fmt.Sprintf("The divisors of %d are %s.", n, join(divs))) ||
			len(divs) > 2 && refuted(fmt.Sprintf("The divisors of %d are %s.", n, join(divs[:len(divs)-1]))) ||
			len(primes) > 1 && refuted(fmt.Sprintf("The prime factors of %d are %s.", n, join(primes))) {
			t.Fatalf("a right list of %d refuted", n)
		}
		if len(divs) > 3 {
			mid := append(append([]int64{}, divs[:1]...), divs[2:]...) // divs[1] left out
			if !refuted(fmt.Sprintf("The divisors of %d are %s.", n, join(mid))) {
				t.Fatalf("the divisors of %d without %d not refuted", n, divs[1])
			}
		}
		for x := int64(2); x < n; x++ {
			if n%x != 0 {
				if !refuted(fmt.Sprintf("The factors of %d are %d and %d.", n, divs[len(divs)-1], x)) {
					t.Fatalf("%d listed as a factor of %d not refuted", x, n)
				}
				break
			}
		}
	}
}
