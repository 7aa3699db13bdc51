package outcome

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// decimalOf writes r as a terminating decimal, or "" when it does not terminate.
func decimalOf(r *big.Rat) string {
	s := ratString(r)
	if strings.Contains(s, "/") {
		return ""
	}
	return s
}

// expansion returns the integer part, the digits before the period and the period of the
// decimal expansion of p/q (0 < p, q), by long division.
func expansion(p, q int64) (int64, string, string) {
	ip, r := p/q, p%q
	var digits []byte
	seen := map[int64]int{}
	for r != 0 {
		if at, ok := seen[r]; ok {
			return ip, string(digits[:at]), string(digits[at:])
		}
		seen[r] = len(digits)
		r *= 10
		digits = append(digits, byte('0'+r/q))
		r %= q
	}
	return ip, string(digits), ""
}

// TestFormsProperties grades generated pairs of the forms of issue 30 whose truth is computed
// here, not written by hand: mixed numbers (signed, in a percent, in a tuple) against the
// improper fraction, repeating decimals in four notations against the fraction, and unit
// conversions against the exact factor; each also against a look-alike that differs (the
// product reading of a mixed number, a neighbouring fraction, a wrong factor). No verdict may
// contradict the computed truth, and every pair must be decided.
func TestFormsProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 34))
	type pair struct {
		truth        Verdict
		gold, answer string
	}
	var pairs []pair
	add := func(truth Verdict, gold, answer string) { pairs = append(pairs, pair{truth, gold, answer}) }
	frac := func(r *big.Rat) string {
		if r.IsInt() {
			return r.Num().String()
		}
		s := fmt.Sprintf("\\frac{%s}{%s}", new(big.Int).Abs(r.Num()), r.Denom())
		if r.Sign() < 0 {
			s = "-" + s
		}
		return s
	}
	for range 150 { // mixed numbers
		w, d := rng.Int64N(50)+1, rng.Int64N(11)+2
		n := rng.Int64N(d-1) + 1
		v := big.NewRat(w*d+n, d)
		neg := new(big.Rat).Neg(v)
		product := big.NewRat(w*n, d)
		forms := []string{fmt.Sprintf("%d\\frac{%d}{%d}", w, n, d), fmt.Sprintf("%d %d/%d", w, n, d), fmt.Sprintf("%d\\tfrac%d%d", w, n%10, d%10)}
		if n >= 10 || d >= 10 {
			forms = forms[:2]
		}
		f := forms[rng.IntN(len(forms))]
		add(Equal, f, frac(v))
		add(Equal, "-"+f, frac(neg))
		add(Equal, f+"\\%", frac(new(big.Rat).Mul(v, big.NewRat(1, 100))))
		add(Equal, "("+f+", -"+f+")", "("+frac(v)+", "+frac(neg)+")")
		if product.Cmp(v) != 0 {
			add(Different, f, frac(product))
			add(Different, "-"+f, frac(new(big.Rat).Add(big.NewRat(-w, 1), big.NewRat(n, d))))
		}
	}
	for range 120 { // repeating decimals
		q := rng.Int64N(58) + 3
		p := rng.Int64N(3*q) + 1
		ip, pre, per := expansion(p, q)
		if per == "" {
			continue
		}
		v := big.NewRat(p, q)
		shown := strings.Repeat(per, 2)
		if len(per) == 1 {
			shown = strings.Repeat(per, 3)
		}
		for _, f := range []string{
			fmt.Sprintf("%d.%s\\overline{%s}", ip, pre, per), fmt.Sprintf("%d.%s(%s)", ip, pre, per), fmt.Sprintf("%d.%s%s...", ip, pre, shown),
		} {
			add(Equal, f, frac(v))
			add(Different, f, frac(big.NewRat(p, q+1)))
		}
		if len(per) == 1 {
			add(Equal, fmt.Sprintf("%d.%s\\dot{%s}", ip, pre, per), frac(v))
		}
	}
	type conv struct {
		a, b   string
		factor *big.Rat // one a is factor b
	}
	convs := []conv{
		{"m", "cm", big.NewRat(100, 1)}, {"km", "m", big.NewRat(1000, 1)}, {"hours", "minutes", big.NewRat(60, 1)},
		{"minutes", "seconds", big.NewRat(60, 1)}, {"days", "hours", big.NewRat(24, 1)}, {"feet", "inches", big.NewRat(12, 1)},
		{"yards", "feet", big.NewRat(3, 1)}, {"kg", "g", big.NewRat(1000, 1)}, {"pounds", "ounces", big.NewRat(16, 1)},
		{"L", "mL", big.NewRat(1000, 1)}, {"gallons", "quarts", big.NewRat(4, 1)}, {"dollars", "cents", big.NewRat(100, 1)},
		{"inches", "cm", big.NewRat(254, 100)}, {"weeks", "days", big.NewRat(7, 1)}, {"years", "months", big.NewRat(12, 1)},
	}
	for range 200 { // unit conversions
		c := convs[rng.IntN(len(convs))]
		k := big.NewRat(rng.Int64N(400)+1, []int64{1, 2, 4, 5, 10}[rng.IntN(5)])
		kb := new(big.Rat).Mul(k, c.factor)
		ka, kbs := decimalOf(k), decimalOf(kb)
		if ka == "" || kbs == "" {
			continue
		}
		add(Equal, ka+" "+c.a, kbs+" "+c.b)
		add(Different, ka+" "+c.a, decimalOf(new(big.Rat).Add(kb, big.NewRat(1, 2)))+" "+c.b)
		add(Different, ka+" "+c.a, ka+" "+c.b)
	}
	g := NewGrader(GraderOptions{})
	decided := 0
	for _, p := range pairs {
		r := g.Grade(p.gold, p.answer)
		switch {
		case r.Verdict == Unknown:
			t.Errorf("%q / %q (%s) is not decided: %s", p.gold, p.answer, p.truth, r.Reason)
		case r.Verdict != p.truth:
			t.Errorf("%q / %q is %s, graded %s (%s)", p.gold, p.answer, p.truth, r.Verdict, r.Reason)
		default:
			decided++
		}
	}
	t.Logf("%d generated pairs, %d decided and right", len(pairs), decided)
	if len(pairs) < 1000 {
		t.Errorf("only %d generated pairs", len(pairs))
	}
}
