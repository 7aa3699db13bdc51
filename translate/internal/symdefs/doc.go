// Package symdefs reads what a problem defines for the symbolic reader
// (package symbolic) to substitute in the steps: functions ("Let $f(x) =
// x^2 - 3x + 1$"), sequences (a closed form, or a recurrence with its
// initial values, computed exactly), and the letters that usually name
// functions but multiply a bracket in a given chain (p(1 - p)). It also
// says which of them a chain keeps (ChainDefsWith): a step that defines a
// name anew leaves it unsubstituted. It also reads what the steps define
// for the steps after them (chainseq.go: sequences; scope.go: whether a
// step asserts a definition at all, for the symbolic reader's functions).
// The rules are in docs/TRANSLATE.md ("Functions and sequences the
// problem defines", "Functions, polynomials and sequences a step
// defines"); every reader here is linear in its input and bounded.
package symdefs
