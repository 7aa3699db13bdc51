// Package symbolic reads the symbolic claims of a step — identities, implications between
// equations of one unknown, claimed solutions, closed values with radicals, logarithms and
// integer functions, congruences, remainders and divisibility — into obligations
// (Reader.Claims). A Reader is the tactics its declarations close with; everything else a
// reading needs arrives as arguments: the step's text and tokens, what continues from one step
// to the next (State: the last line's members, the equation that ended the previous step, the
// functions defined and the names bound to one number), and the budget of obligations. The
// rules and their guiding one — a claim is refuted only when the step can be read no other
// way — are in docs/CONTRACTS.md §1b and docs/TRANSLATE.md. Its expressions are package
// symexpr's.
package symbolic
