// Package program reads the final answer of a straight-line Python
// program, the way program-of-thought chains answer ("total = a + b*c",
// then "print(total)"), without running it: no interpreter, no process,
// nothing from the input executed. Read evaluates a small subset of
// Python exactly and reports the value only when it can say what the
// program prints.
//
// # The subset
//
// Statements, one a line (an optional "Step 3:" label before each is
// dropped; blank lines and # comments are skipped): assignments
// "name = expr" and augmented ones ("+=", "-=", "*=", "/=", "//=", "%=",
// "**="); and a final "print(expr)". Without a print, the value of a
// variable named answer or result is the program's answer (not both).
// Expressions: integer and decimal literals (1_000, 2.5, .5, 1e3),
// earlier variables, parentheses, unary minus and plus, + - * / // % **
// with Python's precedence and semantics (floor division and modulo take
// the sign of the divisor; / always gives a float; ** is right
// associative, binds tighter than a unary minus on its left, and needs
// an integer exponent), and the pure builtins int, float, abs, round
// (half to even, with or without digits), min, max and sum (of a list
// literal). Anything else — imports, loops, conditionals, function
// definitions, calls of other functions, attribute access, strings,
// lists outside sum/min/max, names never assigned, an indented line, a
// second print or a statement after it — is not evaluated, and
// Result.Err says which: the answer is then absent, never a guess.
//
// # Exact values and Python's floats
//
// Every value is carried twice: its exact value over the rationals (the
// program's mathematics: 2/3*24*2/3 is 32/3) and the value Python itself
// computes — an arbitrary-precision int, or an IEEE double rounded at
// each operation as CPython rounds it (int/int and float(int) correctly
// rounded, float // and % as CPython's divmod, round() on the double's
// binary value). The answer is the exact value, and it is reported only
// when Python prints exactly it: for an int result, when Python's int is
// the exact value (an int() or // of a rounded float may differ); for a
// float result, when Python's double is the double nearest the exact
// value, so that the printed text (20.0, 0.75, 10.666666666666666) is
// the exact value up to the final rounding to a double, and nothing
// else. Otherwise the program is not evaluated ("float rounding: Python
// prints 0.30000000000000004, the exact value is 3/10"). A float power
// is computed only when its exact result is a double (C libraries round
// inexact powers differently), and a sum of floats only when every
// partial sum is exact (Python 3.12 sums floats with compensation).
// Result.Printed holds what Python prints when it is a float.
//
// # Limits
//
// Programs longer than MaxBytes, lines nested deeper than 64, numbers
// past MaxBits bits (numerator or denominator), exponents past 4096 and
// literals of more than 400 digits are not evaluated; with these bounds
// one pass over the text is linear in its length, and memory is bounded.
package program
