// Package translate turns the mathematical claims inside the steps of a
// reasoning chain into formal obligations over Lean's Rat, and decides
// them with Lean, with an exact-rational checker, or with both.
//
// Precision is the product: a false refutation of a correct step does
// more harm than ten missed checks. Whatever a careful reader could take
// two ways is left alone with a recorded reason (StepResult.Skipped), and
// a claim is refuted only when it is false under every reading the
// translator knows of.
//
// # Usage
//
//	tr, err := translate.New(translate.Options{}) // exact checker, decide +kernel
//	if err != nil { … }
//	res, err := tr.Chain(ctx, "id", []string{
//		"Natalia sold 48/2 = 24 clips in May.",
//		`So \( \frac{1}{3} \approx 0.33 \) and 3 + 4 = 8.`,
//	})
//	// res.Steps[0].Verdict == StepVerified, res.Steps[1].Verdict == StepRefuted
//	res, err = tr.ChainProblem(ctx, "id", "A $140 bag has a 5% discount. What does it cost?",
//		[]string{"$140 * 0.95 = $134."})
//	// res.Steps[0].Verdict == StepRefuted: 0.95 is the problem's, not a rounding
//	translate.Render(os.Stdout, []translate.ChainResult{res}, translate.FormatTable)
//
// With Options.Lean set (an adapter over the REPL pool, built in cmd/),
// each chain costs one REPL command, and the exact checker runs beside
// Lean unless Options.NoExact is set: any difference between their
// verdicts becomes an Error verdict carrying both answers.
//
// # What is recognised
//
// A step is lexed in prose mode and in math mode (\( \), \[ \], $ $,
// $$ $$, align-like environments). Outside math mode, $12 and \$12 are
// money; a $ opens inline math only by the pandoc rule (a non-space after
// the opening $, a non-space before the closing one, no digit after it)
// and when no run of prose words sits between the two.
//
//   - Numbers: integers, decimals (.5 too), thousands separators (1,234
//     and 1{,}234), negatives, percentages (25% is 25/100 where it
//     multiplies or stands alone; "25% of 80" multiplies), scientific
//     literals in prose (1.5e3), a trailing ellipsis (0.333...), and
//     the Unicode vulgar fractions ½ ⅓ ¾ … (read as \frac{1}{2}, so that
//     "2½" and "2 ½" stay mixed numbers), and a boxed answer that is one
//     plain number ("= \boxed{43000}", \boxed{\$7}); other boxed content
//     is left alone.
//   - Operators: + - − × · * / ÷ ^ and x between numbers, brackets,
//     \frac \dfrac \tfrac (\frac12 too), \cdot \times \div \left \right,
//     ^{…}, √ and \sqrt / \sqrt[n] when the root is rational (the root is
//     replaced by its value and a KindSqrtSide obligation r*r = a ∧ r ≥ 0
//     is added), ² and ³.
//   - Relations: chains a = b = c, ≠ < > ≤ ≥ and their LaTeX names,
//     "\(A\) is equal to \(B\)" and "\(A\) equals \(B\)" when A is a
//     computation without names and B a closed expression with no word
//     after it, and
//     approximations (≈, \approx, or = against a decimal that is not the
//     exact value).
//   - Units after numbers ("9 bicycles x 2 wheels/bicycle", "$15/student",
//     "5 students per row", \text{ pounds}, ^\circ) are read as
//     dimensions. A power glued to a unit raises the unit, never the
//     number: "20 cm²", "20 ft^2", "20 sq ft", "12 square yards", "8
//     cubic feet", "20 feet squared". One letter after a number is a
//     unit only for g, s, h, l and L; other letters are names (see
//     below). A claim whose two sides carry different dimensions is
//     left alone; a rate on one side only, or a unit that converts
//     (hours, feet, …) on one side only when the sides could be one
//     quantity in two units (their ratio within 2 % of a whole number
//     or of a common factor such as 2.54; any ratio for temperatures),
//     can be verified but not refuted: "20 - 2 * 2.5 = 10 ounces" is
//     refuted, "2 * 30 = 1 hour" is not.
//   - A quantity named in words, computed, then given its value under
//     the same name with nothing else between ("\text{Total} = 52 + 24
//     \] \[ \text{Total} = 76", "Leftover = 100 - 20. So leftover =
//     80."): one claim, 52 + 24 = 76 (labelchain.go; "then" or any other
//     word between leaves the two alone).
//   - Names: "x = 5", "let n = 12", "so t = 3.5" (in math mode any
//     one-letter name, in prose a letter next to an operator) bind a value
//     that later claims of the same chain use as a hypothesis with the
//     generated names v1/h1. A name bound to two values, bound in a
//     conditional or tentative sentence, or defined by an expression is
//     not trusted anywhere in its scope; "let x be …" starts a new scope.
//     The dialect carries one hypothesis per declaration, so a claim with
//     two names is left alone.
//   - "a / b/c": writers mean division by the fraction, the usual
//     precedence says (a / b) / c. When the text marks the fraction (a
//     spaced or ÷ division before an unspaced b/c: "$2000 / 2/3",
//     "2/ 1/5", "10 ÷ 1/2") the claim is read as a / (b/c) and left to
//     right only keeps a refutation back. When it marks nothing
//     ("500/1/10", "14 / 1 / 4") the claim is verified or refuted only
//     when both readings agree, and left alone otherwise.
//
// # Symbolic claims
//
// Inside math regions a second reader (symexpr.go) reads expressions with
// names (and in prose equations that stand apart as formulas: "…: 4J + 20
// = 100. This simplifies to 5J + 20 = 100." — digits, one-letter names
// next to operators or as coefficients, operators and brackets only,
// with a clause mark or a connecting word such as "so" or "to" on each
// side; "3 x 4 = 12", "5 m = 500cm", "L = 2 times J" are not formulas,
// see proseformula.go): one-letter names (two letters side by side are a product; three
// are a word and refused; e and i are refused as possible constants),
// subscripts (a_1, a_{n+1}), a few Greek letters (\pi is refused),
// implicit multiplication, \frac (\frac12 too), \cdot, \times, \div,
// integer powers (x^2, x^{-1}, ², ³; x^23 is refused), powers of a
// positive closed rational to halves and thirds (8^{2/3} is ∛(8²) = 4,
// as algebra.PowRat reads it; x^{1/2} and (-8)^{2/3} are refused),
// \left \right,
// \boxed, and closed square and cube roots, factorials and binomials
// (\sqrt{18}, \sqrt[3]{16}, 8!, \binom{10}{3}). It refuses decimals,
// a/bc, mixed numbers, f(x)-style applications (f g h F G H P Q T p q S
// before a bracket), derivatives, radicals of expressions with names
// (√(x²) = x is not an identity over Q, yet writers mean it for x ≥ 0)
// and anything else it does not know. A math line (split at \\, \quad,
// commas, arrows and \text{…}) is split at "=" into members; a line with
// another relation, ± or an ellipsis is left alone. The kinds:
//
//   - KindIdentity: a rewriting, ∀ names, denominators ≠ 0 → L = R.
//     Verified whenever it holds as an identity of rational functions
//     (true for every value, so sound in any context). Refuted only when
//     the text marks a rewriting: a link of an "=" chain that starts from
//     an expression (not a lone name or its power, which is a definition
//     or an equation: r² = (h-2)² + k² = (h-4)² + k²), a line starting
//     with "=" that continues the last member of the previous line (also
//     across steps), or a lone A = B after "factor", "expand",
//     "simplify", "rewrite" whose object is an expression ("this
//     polynomial", or the same expression shown inline), and in all three
//     only when the leading terms as written cancel (a rewriting keeps
//     them; an equation read as an identity does not). A lone A = B whose
//     two sides differ by a nonzero constant is false as an identity and
//     as an equation, and is refuted too (x³ - 1 = (x + 1)(x² - x + 1)),
//     unless a side is a lone name ("set x = x + 1"). Two equations in
//     several unknowns on consecutive lines are a rewriting of one side
//     when their other sides are the same closed value and a rewriting
//     cue stands between them ("expand the cube and simplify", "which can
//     be rewritten as", or no word at all when the leading terms cancel
//     as a rewriting's do): that side's identity is decided, with the same
//     unknowns once terms cancel; and an equation whose left minus right
//     side differs from the previous one's by a nonzero constant after an
//     operation cue ("add 12 to both sides") shares no solution with it
//     and is refuted as the identity A.l - A.r = B.l - B.r (symeqrw.go).
//     Lists, substitutions, other equations named, conditions and lone
//     names keep the pair alone. Consecutive lines with the same left
//     side written identically ("\[SA_{\text{cube}} = 6(6^{2/3})\]
//     \[SA_{\text{cube}} = 6 \cdot 6^{1/3}\]", "V_{new} = (2L)(2W)(3H)",
//     "simplifying", "V_{new} = 4·2·3·LWH") rewrite one value: closed
//     right sides are compared exactly unless the left side is a lone
//     letter (roots listed one per line); right sides with names must hold
//     the same unknowns and are an identity, read after a rewriting cue,
//     or between adjacent lines when the left side is an expression, not a
//     name or its power (a subscript word such as \text{cube} is a name).
//   - KindImplication: equation B after equation A in the same single
//     unknown, joined by an arrow, a cue word ("so", "gives",
//     "simplifies to", …) or adjacent displays: ∀ x, A → B. Verified when
//     A's polynomial divides B's. Refuted only when the two share no root
//     (B is not one case of A, as y + 2 = 5 is of (y + 2)² = 25) and a
//     rational root of A fails B. With no rational root, B being A
//     rearranged with a wrong constant (the left minus right sides
//     differ by a nonzero constant after scaling: x² - 2x - 7 = 0 then
//     (x - 7)(x + 5) = 0) is the identity A.l - A.r = c·(B.l - B.r),
//     refuted at a witness; so is B of A's degree sharing no root with
//     an A that has real roots (odd degree, or a quadratic with a positive
//     discriminant: x² - 3x = 1, "factoring", (x - 1)(x - 3) = 0). Equations listed side by side ("or", "and",
//     commas, numbered (1) (2), "the pair of equations", "these
//     equations") are no derivation, and systems (several unknowns) are
//     left alone. A step's first equation derives from the equation that
//     ended the previous step only when the words before it name an
//     operation on it ("expanding", "subtracting 3", "simplifying"; words
//     such as "equation", "both" and "sides" otherwise announce another
//     equation, except in "simplifying the equation", "adding 1000 to
//     both sides", "multiplying both sides by 4 to clear the fraction").
//     Steps that are nothing but an equation ("Step 5: 193 - x - 13 =
//     160", "Step 6: -x + 18 = 160") derive one from the other from the
//     third such step in a row on, unless either is a proper factor of
//     the one before (cases of "(x - 2)(x + 3) = 0" listed one a step).
//     Division by a number keeps an equation polynomial (x/10 = 5).
//   - KindSolution: "x = c" after one-unknown equations of the same step
//     (within three lines, none unreadable in between): the equation at
//     x = c, in the hypothesis form v1 = c. Verified when c satisfies
//     one of them, refuted when it satisfies none (against the last).
//     A step with no equation before its "x = c" that opens by solving
//     ("Solving for x, we get: x = 19") takes the equation that ended the
//     previous step ("… so we can write: 60 - 3x = 9."), when it is in
//     the same unknown and no list of equations is named.
//   - KindClosedValue: a closed claim with square or cube roots or exact
//     trigonometric values (\sin, \cos, \tan, \sec, \csc, \cot of a
//     rational multiple of π or of whole degrees written with ^\circ, in
//     brackets unless the argument is one factor; \sin 30 without a unit
//     and \sin \pi x are refused), decided
//     exactly in Q(√, ∛) (algebra.Surd); P is the certificate "the sixth
//     powers agree and the signs agree", with both sides' values computed
//     (Lean checks the certificate's arithmetic, not the radicals); for
//     values that are sums of radicals ("12 + 6\sqrt{3} = 30"), whose
//     powers are not rational, P is "the coefficients of each radical
//     agree" in the canonical form of algebra.Surd. A
//     whole number within 1 of an irrational side may be its floor:
//     never refuted. With factorials or binomials and no root, P spells
//     them as products, so Lean computes them. A decimal after ≈ a closed
//     radical ("√6336 ≈ 79.6") is a KindApproximation: approximate when
//     it is the rounding or truncation of the radical (P bounds the sixth
//     power), unknown otherwise; never verified, never refuted.
//   - KindClosedValue also: gcd and lcm (\gcd, \operatorname{lcm},
//     \text{lcm}, plain gcd(a, b)) of two positive integers, \lfloor x
//     \rfloor and \lceil x \rceil of a closed rational, \log_b x of
//     closed rationals with a rational value (\log without a base and \ln
//     are refused), and "a \bmod m = r" (a, m single terms; read in
//     modular chains, where a congruent r out of range is left alone).
//     P is a closed certificate (symcert.go): conjuncts that pin each
//     value (g divides a and b and u·a + v·b = g; l·g = a·b; n ≤ x < n +
//     1; x^q = b^p with b, x > 0, b ≠ 1; a = m·q + r with 0 ≤ r < m), then
//     the claim with the values in place; the reason names the value
//     computed ("gcd(42, 56) is 14, not 7"). Such claims are also read
//     between the links of a chain of inequalities ("1 < \log_5 49 =
//     2.64"). A decimal of an irrational log_b x (b > 1) is a
//     KindApproximation: approximate within its rounding or truncation,
//     refuted only when more than ten units of its last digit and 5 % away
//     (P bounds the log by powers, b^s ≤ x^t), left alone in between.
//     In words too: "the gcd of 42 and 7 is 1" (gcd, lcm, greatest common
//     divisor, least common multiple, hcf), and, in a step about digits,
//     "the sum of the digits of 1521 is 9" and "2228 (sum = 12)", whose P
//     writes the number in its decimal digits and sums them; a value
//     followed by an operator, a relation or a word that goes on
//     computing ("is 2 times 3", "is \( 1 + 0 + 8 + 9 = 18 \)") is left
//     to the other readers.
//     A division with remainder in prose or math, "194 ÷ 11 = 17 with a
//     remainder of 9", "\(1121 \div 243 = 4\) remainder \(133\)", "10
//     \div 13 = 0\, \text{R}\, 10" (whole numbers standing alone), is two
//     such claims, ⌊a / m⌋ = q and a mod m = r; one that holds as
//     a = m·q + r with r ≥ m (a partial division) is left alone.
//     "x = \frac{p \pm \sqrt{N}}{d}" followed by the same line with a whole
//     number M for the root is the claim √N = M (P: N = M·M).
//     A name bound to one exact number by the arithmetic reader's
//     bindings (chain.go's rules) is replaced by it in closed lines that
//     hold a factorial, binomial, radical or one of these functions
//     (symbind.go); the Note says so.
//   - KindCongruence: a ≡ b (mod m) with integer members (\pmod, (\mod
//     m), \bmod; in a chain "n ≡ 56 ≡ 6" the last link, whatever the
//     members before it): P is the division a - b = m·q + r with 0 ≤ r < m; a
//     proof verifies the congruence when r = 0 and refutes it when r > 0.
//     Congruences are read in modular chains too, where the other
//     symbolic kinds are not ("=" may mean "≡"). "a \mid b" and "a \nmid
//     b" between closed integers (one relation on the line) are
//     congruences b ≡ 0 (mod |a|) with the same certificate.
//
// A closed rational link inside math that the arithmetic reader made no
// obligation of (a form it does not read) is a KindEquality of the
// symbolic reader, never refuted in a step the arithmetic reader doubts,
// against a running computation (the right side starts with the left
// side's value) or a whole number within 1 (a quotient with remainder).
//
// A one-variable function defined in a math region, "T(x) = x^2 + 1"
// (also after "let"), is replaced by its definition in later lines and
// steps, so "T(4) = 16" is a closed claim (refuted: 17) and "T(a+1) =
// a^2 + 2a + 2" an identity; the Note says so. A function defined for a
// case ("if", "for", "when", …), or defined twice in different ways
// anywhere in the chain, is never replaced.
//
// Equations in a sentence that states a case, an assumption, a trial or a
// definition ("if", "let", "suppose", "try", "check", "for some", "define",
// "vertex", …) are neither premises nor conclusions, and a sentence that
// may be rejecting its claims ("not", "wrong", "impossible", "?", …) keeps
// them from being refuted (OnDisproof unknown, with a Note). Words of
// testing a candidate ("test", "try", "check", "plug", "substitute",
// "correct") and "equation" hedge the symbolic readings of their
// sentence but not a closed computation written out in it ("we test c =
// 12: 1728 + 432 + 1 = 2017" and "an equation for the total mass: 90 +
// 200 + 400 = 600" are refuted).
//
// The symbolic declarations are those of docs/CONTRACTS.md §1b: "example :
// ∀ (v1 … vn : Rat), H → … → P := by " + Options.IdentityTactic (default
// grind), with generated names in order of first appearance and the
// denominators' side conditions "d ≠ 0" as hypotheses. The second line is
// never a negated ∀: it is the closed instance at the exact checker's
// witness (or, for a claim that holds, at a point where every denominator
// is nonzero), "example : ¬(H[v:=c] → … → P[v:=c]) := by " + Tactic. The
// exact checker proves the ∀ line by normal forms of rational functions
// (every divisor in the text must be a nonzero constant or one of the
// hypotheses, so Lean's x / 0 = 0 never decides), or by divisibility for
// an implication, and decides the instance by evaluation after checking
// that it is P with each name replaced by one literal. A Lean that
// implements SymbolicLean and reports that its workers failed the
// identity-tactic probe receives no ∀ line: the exact verdict stands with
// a warning.
//
// # Approximations
//
// Every decimal literal with d decimals stands for any value within
// 10^-d of it (a rounding or a truncation to d places), and these radii
// propagate through the arithmetic to a tolerance t between the two sides
// of a claim.
//
// Except a decimal the problem states (TranslateProblem, ChainProblem):
// a decimal literal of the problem ("$0.15 per gallon", "$1,234.50",
// "$.5"), and for each percentage p of it ("5%", "5 %", "5\%", "5
// percent") p/100, 1 - p/100 and 1 + p/100, are exact by definition, and
// a step's decimal with one of these values (0.95, 1.05, 95.0%) has no
// radius in a computation whose result stands alone on the other side:
// "$140 * 0.95 = $134" with a 5% discount is refuted (140 × 0.95 is
// 133), as are "2080 x $0.15 = $322" and "$52,500 + ($52,500 * 0.05) =
// $55,625"; the reason says which decimals were taken as the problem
// states them. Everything else keeps its radius: decimals the problem
// does not state ("140 * 0.9523"), a literal with an ellipsis, a value
// shown alone on a side, which is the shown value of the other side's
// result and may be its rounding whatever the problem says ("1/3 = 0.33"
// is approximate even when the problem states 0.33; "1/3 = 0.4" stays
// unknown), and a computation set against another computation, where the
// decimal may stand in for an exact value ("1/3 * 6 = 0.33 * 6"). Names
// bound to a decimal ("p = 0.15") keep its radius too. The problem is
// read by a bounded byte scanner (its first 64 KiB, at most 256 values,
// literals of at most 30 digits; invalid UTF-8 only ends a number);
// whole numbers need nothing, they are exact already. The context cache
// keys on the values found, so two problems that state other values
// never share a kept chain. A whole number standing alone against a side that is not
// whole may be a floor or ceiling ("25 / 4 = 6 bags") and gets a
// tolerance of 1, except where it ends an "=" chain, with no word after
// it, against a member written with \frac and no decimal: a fraction
// being simplified ("\frac{1}{\frac{5}{2}} = 1" is refuted). Then, for
// A = B:
//
//   - A equals B exactly: KindEquality, P is A = B, verified when proved.
//     An exact equality where the right side is a finite decimal is an
//     approximation only when the left side does not equal it.
//   - One side is a lone decimal R with d ≥ 1 places (or the relation is
//     ≈) and R is the rounding of the other side X to R's last place u
//     (nearest, either way at a tie) or its truncation toward zero:
//     KindApproximation, P is R - u/2 ≤ X ∧ X ≤ R + u/2 (1/3 = 0.33, 2/3
//     = 0.7) or R ≤ X ∧ X < R + u (2/3 = 0.6; mirrored below zero). A
//     proof makes the claim Approximate, never Verified: it holds as a
//     rounding, not as written. A disproof does not refute it. A value
//     with an ellipsis needs |X - R| < u. A word asking for an exact value
//     anywhere in the step ("exactly", "exact", "precisely") takes this
//     reading away: such a claim is verified only when exact, and
//     otherwise left alone unless the bound below refutes it.
//   - |A - B| ≥ t: the difference exceeds anything rounding or truncation
//     explains. With t = 0 the obligation is A = B; otherwise it is
//     KindRoundingBound, P is A - B < t ∧ B - A < t, whose disproof
//     refutes the claim (1/3 = 0.35).
//   - Otherwise (1/3 = 0.4, a rounding away from zero, which no everyday
//     convention produces but rounding of the decimals could explain):
//     unknown, no obligation.
//
// For ≈ the tolerance also allows a twentieth of the value and the last
// shown place of a whole number (1000/7 ≈ 140). Inequalities are refuted
// only when violated by at least t.
//
// # What is left alone
//
// Prose around a number ("6 rows of 5 = 30", "5 students per row = 30
// students", labels like "Step 3 = 5"), ranges (2-3 hours), times and
// ratios (12:30, 3:4), dates, mixed numbers (2 1/2, 2 and 1/2,
// 2\frac12), conventions readers disagree on (6/2(1+2), 1/2x, -3^2 = 9
// when (-3)^2 would make it true, (20/80) × 100 = 25% when 25 would),
// \boxed{…}, environments other than math ones (cases, arrays), division
// by zero (Lean's Rat has a/0 = 0, so such a claim never reaches a
// checker), irrational and negative roots (outside math regions; inside
// them the symbolic reader decides closed radicals), functions,
// factorials outside math regions,
// unsupported commands, and numbers modified by the next word ("12
// thousand", "17 R 5", "3 to 5"). Whatever the reader does not evaluate
// next to a number makes the claim unknown, never a shorter claim: a
// letter glued to it (5A, 4i, 3a), a lone letter after it ("3 y"), a
// Greek letter or a symbol (6π, 2 θ, 5‰, 5′, 0.3̅), a repeating decimal
// (0.(3), 0.1(6), 0.\overline{3}), or a word that goes on computing
// ("4 plus 1", "16 over 4", "6 pi", "8 divided by 2", "2 sqrt 3", "9
// squared"). 0^0 is a convention readers disagree on and is left alone,
// and "3/3 - 2/3 = 1/3 of $150" may state 1/3 (of the money) or
// 1/3 * 150: decided only when both readings agree. Claims in a sentence that may be
// rejecting them (a question, "not", "wrong", "contradiction", "if", a
// following "This is not true"), in a chain doing modular arithmetic
// ("mod", \equiv, carries), or in a chain whose other sides hold names it
// cannot evaluate can be verified but never refuted. An "if" alone hedges
// only its own clause: in "If Sam had 70 loaves, the bakery has 70 * 7 -
// 40 = 380" the computation after the comma (or colon, or "then") is
// stated, whatever the supposition, and refuted when false. An equation
// whose first side is the value just plugged in ("Plugging in $1$ we get
// $1 = \sqrt{9} + 4$") is the equation at a candidate, stated to be
// tested: verified or left alone, never refuted.
//
// # Obligations and verdicts
//
// Each Obligation records its span in the step, the normalised claim,
// its Kind, the Lean proposition P and the two declarations sent for it
// (P and ¬(P), docs/CONTRACTS.md §1), what a proof and a disproof of P
// stand for (OnProof, OnDisproof, with a Note when one of them is
// Unknown), the verdict, its reason, the checker and Lean's messages. The
// reason gives the values computed ("48 / 2 is 24, not 25"). A step is
// refuted if any obligation is refuted, verified if it has obligations
// and all are verified, approximate if all are verified or approximate
// and one is approximate, and none otherwise.
//
// The Lean text is built only from parsed numbers, fixed operators and
// generated names; ValidateDeclaration checks a line against the dialect
// and the fuzz tests check every emitted line with it, so no text of a
// step can reach Lean.
//
// # Checkers
//
// The exact checker ("exact") parses each emitted declaration with the
// dialect grammar and evaluates it with math/big.Rat: it decides the text
// Lean would see, not the translator's own tree. The Lean checker sends
// all declarations of a chain in one command, one declaration per line
// (P of obligation i on line 2i+1, ¬(P) on line 2i+2), and reads the
// reply by line: a line is accepted when no error or sorry lands on it;
// an error spanning lines rejects all of them; an error that cannot be
// placed on a line turns every verdict of the chain into an Error. P
// accepted alone gives OnProof, ¬(P) alone gives OnDisproof, neither is
// Unknown, both is an Error. The checker name is what Lean.Backend()
// returns ("lean", or "sim" for the simulator).
//
// With both checkers, two answers that differ make the verdict Error with
// both shown. A checker that failed (Lean.RunCommand returned an error:
// a crash or a timeout, which the caller has already retried once) gave
// no answer: its Answer is marked Failed, the other checker's verdict
// stands, and the obligation and the chain carry a warning. A failure
// with no other checker is an Error.
//
// # Limits
//
// Limits caps the bytes of a step, the obligations per step and chain,
// the digits of a literal, exponents and the size of intermediate values.
// A step that exceeds them, or is not valid UTF-8, is left alone with a
// reason; nothing panics (FuzzTranslate).
package translate
