package arith

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/obligation"
)

// rounding is how a shown value R (unit u in its last place) can stand
// for an exact value X, and the statement that says so.
//
// Two conventions count: rounding to the nearest (either way at a tie,
// so "1/8 = 0.12" and "0.13" both are) and truncation toward zero
// ("2/3 = 0.6"). Both are everyday and neither is an error, so a value
// that is one of them is Approximate; a value that is neither but still
// within u of X (rounding away from zero, "1/3 = 0.4") is left unknown,
// never refuted. A trailing ellipsis ("0.666...") says more digits
// follow: |X - R| < u.
type rounding struct {
	name   string // "rounding" or "truncation"
	lo, hi *big.Rat
	loOp   string // " ≤ " or " < " between lo and X
	hiOp   string // between X and hi
}

// roundingOf returns how r stands for x at unit u, or false.
func roundingOf(x, r *big.Rat, ellipsis bool, unit *big.Rat) (rounding, bool) {
	if ellipsis {
		if !withinRounding(x, r, true, unit) {
			return rounding{}, false
		}
		return rounding{name: "rounding", lo: new(big.Rat).Sub(r, unit), hi: new(big.Rat).Add(r, unit),
			loOp: " < ", hiOp: " < "}, true
	}
	if withinRounding(x, r, false, unit) {
		half := new(big.Rat).Quo(unit, big.NewRat(2, 1))
		return rounding{name: "rounding", lo: new(big.Rat).Sub(r, half), hi: new(big.Rat).Add(r, half),
			loOp: " ≤ ", hiOp: " ≤ "}, true
	}
	// Truncation toward zero: R ≤ X < R + u for X ≥ 0, R - u < X ≤ R for X < 0,
	// and R on the same side of zero as X (or zero).
	d := new(big.Rat).Sub(x, r)
	switch {
	case x.Sign() >= 0 && r.Sign() >= 0 && d.Sign() >= 0 && d.Cmp(unit) < 0:
		return rounding{name: "truncation", lo: new(big.Rat).Set(r), hi: new(big.Rat).Add(r, unit),
			loOp: " ≤ ", hiOp: " < "}, true
	case x.Sign() < 0 && r.Sign() <= 0 && d.Sign() <= 0 && new(big.Rat).Neg(d).Cmp(unit) < 0:
		return rounding{name: "truncation", lo: new(big.Rat).Sub(r, unit), hi: new(big.Rat).Set(r),
			loOp: " < ", hiOp: " ≤ "}, true
	}
	return rounding{}, false
}

// valueString shows a computed value: an integer or terminating decimal
// as it is, any other fraction with its first decimals ("1/3 = 0.3333…").
func valueString(x *big.Rat) string {
	s := RatString(x)
	if strings.Contains(s, "/") {
		return s + " = " + x.FloatString(4) + "…"
	}
	return s
}

// sideValue is "48 / 2 is 24" for a side that is not a lone literal,
// and "" for one that is (its value is its text).
func sideValue(hd *renderer, n Node, v *big.Rat) string {
	if _, ok := Lone(n); ok {
		return ""
	}
	return hd.term(n) + " is " + valueString(v)
}

// explainLink sets the reasons users read for a proof of P and of ¬(P)
// of a claim A rel B, with the values computed: "48 / 2 is 24, not 25"
// rather than "¬(P) holds". bound is the rounding bound of a
// KindRoundingBound obligation.
func explainLink(ob *obligation.Obligation, hd *renderer, A, B Node, a, b *big.Rat, rel string, bound *big.Rat) {
	sa, sb := sideValue(hd, A, a), sideValue(hd, B, b)
	va, vb := valueString(a), valueString(b)
	var parts []string
	for _, p := range []string{sa, sb} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	switch rel {
	case "=", "≈":
		switch {
		case len(parts) == 0:
			ob.WhyProof = "both sides are " + va
		default:
			ob.WhyProof = strings.Join(parts, " and ")
		}
		switch {
		case sa != "" && sb == "":
			ob.WhyDisproof = sa + ", not " + vb
		case sa == "" && sb != "":
			ob.WhyDisproof = sb + ", not " + va
		case sa != "":
			ob.WhyDisproof = sa + " but " + sb
		default:
			ob.WhyDisproof = va + " is not " + vb
		}
		if bound != nil {
			ob.WhyDisproof += fmt.Sprintf(": further apart than rounding of the numbers shown allows (%s)", RatString(bound))
		}
	case "≠":
		ob.WhyProof = va + " ≠ " + vb
		ob.WhyDisproof = "both sides are " + va
	default:
		ob.WhyProof = va + " " + rel + " " + vb
		ob.WhyDisproof = "not " + va + " " + rel + " " + vb
		if bound != nil {
			ob.WhyDisproof += fmt.Sprintf(", by more than rounding of the numbers shown allows (%s)", RatString(bound))
		}
	}
	if len(parts) > 0 && rel != "=" && rel != "≈" {
		ob.WhyProof += " (" + strings.Join(parts, ", ") + ")"
		ob.WhyDisproof += " (" + strings.Join(parts, ", ") + ")"
	}
}

// explainApprox sets the reasons of a KindApproximation obligation: the
// exact side's value and how the shown value stands for it.
func explainApprox(ob *obligation.Obligation, hd *renderer, exact Node, x, shown, unit *big.Rat, rd rounding) {
	what := hd.term(exact)
	if _, ok := Lone(exact); ok {
		what = valueString(x)
	} else {
		what += " is " + valueString(x)
	}
	ob.WhyProof = fmt.Sprintf("%s, not %s; %s is its %s to %s", what, RatString(shown), RatString(shown), rd.name, RatString(unit))
	ob.WhyDisproof = fmt.Sprintf("%s; %s is not its %s to %s", what, RatString(shown), rd.name, RatString(unit))
}

// approxOK reports whether r stands for x as a rounding or truncation.
func approxOK(x, r *big.Rat, ellipsis bool, unit *big.Rat) bool {
	_, ok := roundingOf(x, r, ellipsis, unit)
	return ok
}
