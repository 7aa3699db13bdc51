package arithfn

import (
	"fmt"
	"strings"
)

// factor is N's prime factorization by trial division, in increasing
// order of the primes; N ≤ maxN, so at most 10^5 divisions.
func factor(n int64) (ps, es []int64) {
	for p := int64(2); p*p <= n; p++ {
		if n%p != 0 {
			continue
		}
		e := int64(0)
		for n%p == 0 {
			n /= p
			e++
		}
		ps, es = append(ps, p), append(es, e)
	}
	if n > 1 {
		ps, es = append(ps, n), append(es, 1)
	}
	return ps, es
}

// value is fn at n, exact; false when n is outside 1 … maxN.
func value(fn function, n int64) (int64, bool) {
	if n < 1 || n > maxN {
		return 0, false
	}
	ps, es := factor(n)
	v := int64(1)
	for i, p := range ps {
		pk, sum := int64(1), int64(1) // p^e and 1 + p + … + p^e, both ≤ σ(n) < 5n
		for range es[i] {
			pk *= p
			sum = sum*p + 1
		}
		switch fn {
		case totient:
			v *= pk / p * (p - 1)
		case divCount:
			v *= es[i] + 1
		case divSum:
			v *= sum
		}
	}
	return v, true
}

// factorText is n's factorization for people, "2^3 · 3^2"; "1" for 1.
func factorText(n int64) string {
	ps, es := factor(n)
	if len(ps) == 0 {
		return "1"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprint(p)
		if es[i] > 1 {
			parts[i] += fmt.Sprintf("^%d", es[i])
		}
	}
	return strings.Join(parts, " · ")
}
