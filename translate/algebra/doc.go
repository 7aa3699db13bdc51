// Package algebra decides polynomial and rational-function identities over
// Q exactly, for the symbolic claims of translate.
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
// # Closed forms: surds, integer functions, trigonometric values
//
// A Surd is an exact real number of the field generated over Q by square
// and cube roots of rationals: Σ qᵢ·mᵢ with nonzero rationals qᵢ and
// distinct radical monomials mᵢ = ∏ pⱼ^(eⱼ/6), pⱼ prime and 0 < eⱼ < 6.
// Sixth roots unify the two kinds: √p = p^(3/6), ∛p = p^(2/6), and
// √2·∛2 = 2^(5/6). Root factors a rational's numerator and denominator,
// turns each prime power into sixths and pulls whole powers into the
// coefficient (√18 = 3√2, ∛16 = 2∛2, √(1/2) = √2/2); products do the same
// (√2·√3 = √6, (√2)² = 2). A root of another index is exact when it
// lands in the field (⁴√16 = 2, ⁴√4 = √2) and ErrUnsupported otherwise
// (⁴√2). PowRat gives rational powers the same way (8^(2/3) = 4,
// 2^(101/2) = 2^50·√2).
//
// The form is canonical because the monomials are linearly independent
// over Q. Besicovitch (1940): if p₁, …, p_k are distinct primes and each
// nᵢ ≥ 1, the numbers ∏ pᵢ^(aᵢ/nᵢ) with 0 ≤ aᵢ < nᵢ are linearly
// independent over Q (the real roots, which is our case). With nᵢ = 6 for
// every prime this covers all monomials of any Surd. So a sum of distinct
// monomials with nonzero rational coefficients is never 0, two Surds are
// equal exactly when their term lists are, Equal is structural, and Sign
// knows zero from the form alone.
//
// Sign encloses each monomial R^(1/6) (R = ∏ p^e) in [L, L+1]/2^k with
// L = ⌊(R·2^(6k))^(1/6)⌋ computed exactly on integers (an integer square
// root, then an integer cube root), and doubles k until the enclosure of
// the sum excludes 0. This is interval evaluation at increasing precision
// on integers rather than big.Float, so that no rounding mode (big.Float's
// Sqrt does not report its accuracy) takes part in a decision. A nonzero
// Surd has a nonzero value, so the loop ends.
//
// Division by one term q·m multiplies by (1/(q·∏p))·m'. A divisor of
// several terms is multiplied by conjugates, one prime at a time, until one
// term is left: p^(1/6) ↦ −p^(1/6) removes the odd sixths of p, then
// a²+b²+c²−ab−bc−ca (for the parts with p^0, p^(1/3), p^(2/3)) removes p.
// Each product is a norm to a subfield, so it is nonzero, and it stays in
// the span of the monomials the divisor generates, at most MaxDivDim of
// them (1/(√2+√3) = √3−√2, 1/(1+∛2+∛4) = ∛2−1 exactly).
//
// Bounds (ErrTooLarge): a radicand's numerator or denominator past
// MaxRadicandBits, a radical of a prime past MaxRadicandPrime (trial
// division stops there; a cofactor of larger primes is accepted only when
// its root is an integer), |n| > MaxSurdPow in Pow, more than MaxSurdTerms
// terms in a result of Pow or Div, a divisor spanning more than MaxDivDim
// monomials. Add, Sub and Mul have no error: Mul's result has at most the
// product of its arguments' term counts, and a caller multiplying in a
// loop checks Len.
//
// Integer functions on big.Int: Factorial (n ≤ MaxFactorial), Binomial,
// GCD, LCM, Mod (the residue 0 ≤ r < |m|), and IntLog, the exact rational
// log_b x when there is one (log_4 8 = 3/2); CmpLog compares any
// log_b x, rational or not, with a rational exactly (x^t against b^s), so
// a caller can decide whether a decimal is a rounding of an irrational log
// (log_5 49 = 2.64 is not). TrigPi gives sin, cos, tan,
// sec, csc and cot at multiples of π/12, and tan and cot at odd multiples
// of π/24, all of which lie in Q(√2, √3); anything else is ErrUnsupported
// and a value that does not exist ErrUndefined.
//
// ErrUnsupported means "not decided here", never "false": a caller leaves
// such a claim to another checker.
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
