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
// # Layout
//
// This package is the Translator API: Options and Limits, Translate, Chain, ChainProblem and
// Check, the caches (ScanCache, ContextCache, ExactCache), Render, and the bindings of names
// across a chain. The stages it runs live below it, each importing only those under it:
// internal/symbolic (symbolic claims, with internal/symexpr its expressions), internal/arith
// (the arithmetic reader), internal/discourse (which claims the text asserts, and the scopes of
// its cases), internal/mathtext (lexer, runs, unit words), internal/dialect (the
// obligation dialect: one parser and the exact decision), obligation (the types every stage
// and checker shares, re-exported here under their old names), algebra (exact algebra over Q)
// and lru. What the readers recognise, and what they leave alone and why, is in
// docs/TRANSLATE.md.
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
