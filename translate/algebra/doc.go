// Package algebra is exact algebra over Q: polynomials and rational functions in a
// canonical normal form with identity decisions (Identity, with the denominators as side
// conditions) and checkable counterexamples (Witness), and exact closed forms — Surd, the
// field of square and cube roots over Q with a canonical form and an exact Sign, integer
// functions (factorials, binomials, gcd/lcm, residues, exact logarithms) and trigonometric
// values at multiples of π/12, and exact powers and roots of rationals (Pow10, PowNat,
// RationalRoot). No floating point takes part in any verdict, every result is
// deterministic, and ErrUnsupported means "not decided here", never "false". It decides the
// symbolic claims of translate and the equivalence of answers in hybrid/outcome.
//
// The normal form, the bounds, why the surd form is canonical (Besicovitch), how Sign and
// division work, and the integer and trigonometric functions are in docs/ALGEBRA.md.
//
// # Example
//
//	x, one := Var("x"), Int(1)
//	lhs := FromPoly(x.Add(one).Mul(x.Mul(x).Sub(x).Add(one)))
//	rhs := FromPoly(x.Mul(x).Mul(x).Add(one))
//	holds, conds := Identity(lhs, rhs) // true, no side conditions
//	_, err := Witness(lhs, rhs)        // error: nothing to refute
//
//	a, _ := Root(big.NewRat(18, 1), 2)     // 3√2
//	b, _ := Root(big.NewRat(3, 1), 2)
//	a.Equal(SurdFromInt(3).Mul(b))         // false: √18 ≠ 3√3
//	t, _ := TrigPi("tan", big.NewRat(1, 12)) // 2 - √3
package algebra
