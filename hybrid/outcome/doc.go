// Package outcome grades final answers against the ground truth: it
// extracts the final answer of a solution text and decides whether it is
// equivalent to the gold answer, for outcome rewards (RLVR), best-of-N
// accuracy and majority votes over equivalent answers.
//
// # The promise
//
// Grade returns Equal only when the two answers are proven equal, and
// Different only when they are proven different; anything else is
// Unknown, and Result.Reason always says why: the exact values compared
// ("the gold is 7000, the answer 11000"), a point where two expressions
// differ ("at x = 0 the gold x^2 + 1 is 1, the answer x^2 + 2 is 2"), or
// what was not decided. No floating point takes part: numbers are exact
// rationals, radicals are algebra.Surd values (the field of square and
// cube roots over Q, whose form is canonical), π is a transcendental
// constant (a Laurent polynomial in π with Surd coefficients is zero only
// when every coefficient is), complex numbers are pairs of those, and
// expressions with variables are rational functions over Q compared with
// algebra.Identity and refuted with algebra.Witness. The verdict does
// not depend on which argument is the gold: Grade(a, b) and Grade(b, a)
// agree, and Grade(a, a) is never Different.
//
// # Forms
//
//   - integers with separators (1,000, 1\,000, 1{,}000, 1 000), number
//     words (five), multipliers (1.5 million), units and currency ($, \$,
//     dollars, cm, \text{…}): trailing words are units; currency is
//     dropped; two different units are Unknown; a number with a unit of
//     measurement (minutes, cm, kg, …) against a bare number is never
//     proven different, since the bare number may be in another unit
//     (a count noun, "18 apples", is no such unit); letters after a
//     number (5 m, 3x against 3) may be a unit, so they never prove a
//     difference from a bare number; words that qualify the number
//     ("5 or more", "at least 3") make the answer not understood;
//   - decimals, \frac, \dfrac, \tfrac, a/b, mixed numbers (2\frac12 and
//     "2 1/2" are 5/2: a whole number followed by a fraction of integers
//     is read as a mixed number, and the reason says so), repeating
//     decimals (0.\overline{3} = 1/3, 0.1\overline{6} = 1/6), scientific
//     notation (3 \times 10^{4}, 1.5e3);
//   - radicals, π and trigonometric values at multiples of π/12
//     (2\sqrt{2} = \sqrt{8}, \sin(\pi/3) = \frac{\sqrt3}{2});
//     3.14 against π is Different, since π is irrational;
//   - percentages: see below; degrees: 30^\circ is 30, and against an
//     answer with π the degrees are converted (45^\circ = \frac{\pi}{4});
//   - polynomials and rational functions ((x+1)^2 = x^2+2x+1; 2xy is
//     2·x·y when the letters touch math); a/bc is ambiguous ((a/b)c or
//     a/(bc)) and Unknown;
//   - assignments (x = 5 against 5; x = 5 against y = 5 is Unknown),
//     ordered tuples and vectors (pmatrix), unordered solution sets
//     ("x = 1 or x = 2", "2, 1", \{1,2\}, 1 \pm \sqrt2), intervals with
//     open and closed ends and unions, inequalities (x > 3 is (3, ∞)),
//     the empty set and "no solution";
//   - complex numbers (3+4i, \frac1i = -i, \sqrt{-4} = 2i), ±∞;
//   - multiple-choice letters ((B), B, \text{(B)}, Option B);
//   - short text, compared after lower-casing and dropping \text: equal
//     text is Equal; different text is Different only inside one closed
//     vocabulary (yes/no, true/false, even/odd), else Unknown.
//
// A bare comma list is an unordered set (the convention "enter all
// solutions separated by commas"); a parenthesised list is an ordered
// tuple. A tuple against a list of the same values in another order is
// Unknown. A pair in parentheses against an interval is read as the open
// interval.
//
// # Percentages
//
// When both answers carry a percent sign, the numbers before it are
// compared. When only one does, "p%" is Equal to a plain number q when
// q = p (the percent sign read as the answer's unit: a question asked
// for a percentage) or q = p/100 (the definition of per cent): 50% is
// Equal to 50 and to 0.5. It is Different when q is neither, and Unknown
// when either comparison is undecided. Because of the two readings this
// equality is not transitive (50 and 0.5 both equal 50% and differ from
// each other): Classes therefore joins an answer to a class only when it
// is proven equal to every member.
//
// # Rounding
//
// A rounding is not equality: 0.33 against \frac13 is Different, and the
// reason says which side is the rounding, in particular when the gold
// itself is the rounded value ("the gold 0.33 is the answer's exact value
// 1/3 rounded to 2 decimal places, and a rounding is not equality"), so
// that a caller who accepts roundings can see it. An answer written as an
// approximation (\approx 3.14, 0.333...) is Unknown when the exact value
// lies within one unit of its last digit, and Different otherwise.
//
// # Extraction
//
// Extract returns the last marked answer of a text: \boxed{…} (nested
// braces; \fbox; \boxed 5 without braces), "The answer is …", "Final
// Answer: …" (including "Final Answer: The final answer is $X$. I hope it
// is correct."), "#### …", "Answer: …", else a bold last line. Earlier
// candidates are reported in Others. A text that marks none but is a
// straight-line Python program (program-of-thought chains: "Step 1:
// total = 12 * 0.5", …, "print(total)") gives the value the program
// prints, Method "program", read by internal/program: evaluated exactly
// over the rationals, never run, and reported only when Python would
// print exactly that value (its doc says how exact values relate to
// Python's floats); a program outside that subset (imports, loops,
// function definitions, strings, unknown names) is no answer, and
// Extraction.Reason says why ("program not evaluated: …"). A text that
// marks no answer gives Found = false ("no answer"), never a guess;
// ExtractOptions.Fallback "last-number" opts into the last number of
// the text.
//
// # Limits
//
// Hostile input is Unknown in bounded time and memory: answers longer
// than MaxAnswerBytes, nesting deeper than 64, numbers of more than 400
// digits, exact powers past 2^14 bits (10^{10^{10}}), powers of π past
// 16, more than 64 elements, polynomials past degree 64 (16 with three or
// more variables, at most four variables), invalid UTF-8. Extraction is
// linear in the text and reads the last 32 occurrences of each marker.
//
// Not decided (Unknown): equations that are not assignments unless they
// are the same up to sides, nested radicals (\sqrt{2+\sqrt3}), roots of
// index other than 2, 3, 6 of non-perfect powers, logarithms with
// irrational values, functions other than trigonometric ones at multiples
// of π/12, number bases, matrices against other forms, text outside a
// closed vocabulary.
//
// # Example
//
//	r := outcome.Grade("\\frac{1}{2}", "0.5")   // equal: both are 0.5
//	r = outcome.Grade("0.33", "\\frac13")       // different, and why
//	ex := outcome.Extract("... so the total is \\boxed{42}.")
//	r = outcome.Grade("42", ex.Answer)          // equal
package outcome
