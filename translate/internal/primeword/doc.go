// Package primeword reads claims in words about one whole number: that it
// is prime, composite or a perfect square ("91 is prime", "50 is not a
// perfect square"), each decided by a certificate in the dialect (a
// factorisation, a square root, or the two squares the number lies
// between). The symbolic reader runs it over each step (symbolic.Reader).
package primeword
