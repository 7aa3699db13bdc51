// Package symexpr is the symbolic reader's expression: a tree of numbers, names, + - * /,
// negation, integer powers, roots, factorials, binomials, gcd, lcm, floor, ceiling, logarithms
// and trigonometric values at rational multiples of π (Expr), read from the LaTeX or plain text
// of one side of a relation (Read, ReadDefs with the one-variable functions and constants
// defined earlier) within fixed limits on its size, depth, digits and exponents. One generic
// evaluator walks a tree in three number systems (evalTree: rationals at a point, Eval;
// Q(radicals), EvalSurd; rational functions of the names, ToRat), and Render and Plain
// write it as a dialect Term and in plain notation. It decides no claim: package symbolic does.
package symexpr
