// Package decide holds the decision procedures behind the simulators' omega and grind
// tactics, each a function of a goal and its environment: Omega refutes the negated goal with
// the hypotheses over Nat and Int by exact elimination and Fourier–Motzkin with integer
// rounding (sound, weaker than Lean's omega), and Grind decides the symbolic obligations of
// docs/CONTRACTS.md §1b over Rat (identities of rational functions compared by evaluation on a
// grid, Lean's x / 0 = 0 at the roots of the divisors, implications from equations in one
// unknown by gcd and radical membership), answering "not simulated" (ErrGrindFragment)
// outside what it knows. It is an independent witness: it imports nothing from translate, so
// `--checker both` with the simulator compares two deciders, not one with itself.
package decide
