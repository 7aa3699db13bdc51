// Package algebra decides polynomial and rational-function identities over
// Q exactly, for the symbolic claims of translate (issue 12, item 3).
//
// # Normal form
//
// A Poly is a list of terms, each a nonzero big.Rat coefficient times a
// monomial (variables sorted by name, positive exponents). The list has no
// two terms with the same monomial and is sorted in graded lexicographic
// order (higher total degree first, then by variable name and exponent).
// Every operation normalizes its result, so two equal polynomials have
// identical representations and Poly.Equal is a term-by-term comparison.
// Values are immutable.
//
// A Rat is num/den with den ≠ 0, not reduced; a/b = c/d is decided as
// a*d = c*b in Q[x...]. Such an identity holds wherever the denominators
// are nonzero; Identity returns those denominators as side conditions.
//
// # Soundness
//
// All arithmetic is on math/big values: no floating point takes part in
// any verdict, and every result is deterministic (map iteration never
// decides an order). A refutation comes with a witness point at which both
// sides are defined and differ, checkable by plain evaluation.
//
// # Bounds
//
// Pow (and Subst, which uses it) refuses results past MaxPowDegree total
// degree or MaxPowTerms terms with ErrTooLarge; Identity searches at most
// MaxWitnessPoints points for a witness.
//
// # Example
//
//	x, one := Var("x"), Int(1)
//	lhs := FromPoly(x.Add(one).Mul(x.Mul(x).Sub(x).Add(one)))
//	rhs := FromPoly(x.Mul(x).Mul(x).Add(one))
//	holds, conds := Identity(lhs, rhs) // true, no side conditions
//	_, err := Witness(lhs, rhs)        // error: nothing to refute
package algebra
