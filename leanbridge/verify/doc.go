// Package verify checks candidate Lean 4 proofs of official theorem statements at contest
// grade: "verified" must not be fakeable. It backs `leanprm verify-proof`.
//
// A proof is verified only when both layers agree.
//
// # 1. Static checks, before Lean
//
// Lex reads the candidate the way Lean's tokenizer does (nested /- -/ comments, --, doc
// comments, strings with escapes and gaps, raw strings, char literals, «escaped» identifiers,
// s!"…{…}…" interpolation whose holes are code), and rejects what it cannot read with
// confidence: unterminated constructs, invalid UTF-8, NUL, bidirectional controls anywhere,
// invisible characters in code, and strings whose extent depends on whether they are
// interpolated. Forbidden words inside comments and strings are harmless and allowed;
// formatting tricks (comments between tokens, «sorry», odd whitespace) do not hide code.
//
// CheckStatic then applies the policy documented on it, each rule with its own Code: the
// official header repeated token for token, and nothing around it that could change what it
// means (open before it, namespace, variable, instances, notation, options) or how it is
// checked (sorry, admit, native_decide, axioms, #eval, #exit, #print, run_cmd, IO, unsafe,
// extern, implemented_by, debug options, unlimited heartbeats, macros, elaborators).
//
// # 2. Confirmation with Lean
//
// Only after every static check passed, the candidate runs through a Runner (the REPL pool;
// "lean", or "sim" for the repository's simulator) as one command on the header environment,
// with `#print axioms NAME` appended on its own line. Judge accepts the reply when there is no
// error message, no sorry (the reply's sorries, or a "declaration uses sorry" warning in either
// quoting), and exactly one axioms report for the theorem, on the appended line, listing only
// propext, Classical.choice and Quot.sound. So native_decide (Lean.ofReduceBool, or a generated
// native axiom), sorryAx and new axioms fail here too, even if they slipped past layer 1.
//
// # Results
//
// Check returns a Result: verified, failed (Lean said no), rejected (static, Lean not run) or
// error (no verdict: the statement could not be read, or the checker failed), with Reasons
// (Code, detail, line and column in the submission) and the Checker that ran.
//
// RunBatch streams JSONL rows {"id", "statement", "proof"} (optional "header": import lines,
// "imports": module names) with bounded memory, in input order, reporting malformed lines by
// line number and going on; NewRenderer writes the report as JSON lines or a table; ExitCode
// maps the Summary to 0 (all verified), 3 (some failed, rejected or malformed) or 1 (run error).
//
// # Example
//
//	statement := "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"
//	proof := statement + " := by\n  subst hb\n  subst h\n  rfl"
//	res := verify.Check(ctx, statement, proof, verify.Options{Runner: runner, Timeout: time.Minute})
//	if res.Status != verify.StatusVerified {
//		for _, r := range res.Reasons {
//			fmt.Println(r) // e.g. "sorry at 2:2: `sorry`"
//		}
//	}
//
// Batch:
//
//	sum, err := verify.RunBatch(ctx, os.Stdin, os.Stdout, verify.BatchOptions{
//		Options:  verify.Options{Runner: runner, Header: "import Mathlib"},
//		Workers:  4,
//		Format:   verify.FormatTable,
//		Progress: func(p verify.Progress) { bar.Set(p.Total) },
//	})
//	os.Exit(verify.ExitCode(sum, err))
//
// The suites in testdata/verify (cheating.jsonl: each cheat tagged with the Code that must
// reject it; honest.jsonl: proofs that must pass) are also valid RunBatch input.
package verify
