// Package verify checks candidate Lean 4 proofs of official theorem statements at contest
// grade: "verified" must not be fakeable. It backs `leanprm verify-proof`.
//
// A proof is verified only when both layers agree.
//
// # 1. Static checks, before Lean
//
// syntax.Lex reads the candidate the way Lean's tokenizer does (nested /- -/ comments, --, doc
// comments, strings with escapes and gaps, raw strings, char literals, «escaped» identifiers,
// s!"…{…}…" interpolation whose holes are code) and reports what it cannot read with
// confidence: unterminated constructs, invalid UTF-8, NUL, bidirectional controls anywhere,
// invisible characters in code, and strings whose extent depends on whether they are
// interpolated. Each problem's kind maps to a reason code (codeOf) and rejects the candidate. Forbidden words inside comments and strings are harmless and allowed;
// formatting tricks (comments between tokens, «sorry», odd whitespace) do not hide code.
//
// CheckStatic then applies the policy documented on it, each rule with its own Code: the
// official header repeated token for token, and nothing around it that could change what it
// means (open before it, namespace, variable, instances, notation, options) or how it is
// checked (sorry, admit, native_decide, axioms, #eval, #exit, #print, run_cmd, IO, unsafe,
// extern, implemented_by, debug options, unlimited heartbeats, huge resource limits, macros,
// elaborators, include_str, `open Lean`). Every keyword, attribute and option is compared as
// the name Lean reads, whatever its spelling (`«instance»`, `_root_.Lean.Elab`,
// `«Lean».«Elab»`), and whole tokens are compared, never parts of identifiers: a hypothesis
// named hUnsafe or native is fine.
//
// # No user code at elaboration time
//
// Lean runs user-written code while elaborating only through a few doors, and each is closed
// by construction rather than by listing payloads (rules.go): a tactic configuration
// (`(config := …)`, and `(item := …)` after a tactic that takes one) must be a literal
// structure of literal fields, since Lean evaluates it; commands and attributes must be on
// allow lists (a known Lean or Mathlib command or an attribute outside them is refused);
// options are on checkOption's list; elaboration-time evaluators and term elaborators
// (`#eval`, `run_tac`, `by_elab`, `type_of%`, `%[…]`), `partial`, `implemented_by`, `extern`,
// `unsafe` are refused, and so are IO actions reached without the word IO (`timeit`,
// `println!`, a leading-dot `.Process.run`), as a second line. Scopes are judged by where
// they are: a helper `namespace`, a `section` with variables, `open … in` before a helper are
// fine when they end before the theorem; the theorem itself must not sit in a namespace or a
// section that changed its scope. The scan is linear and looks at its context every 4096
// tokens (CheckStaticContext); the row's Timeout covers it. What the rules miss runs in the
// sandbox (leanbridge/sandbox), and a sandbox violation is an error (sandbox_violation).
//
// # 2. Confirmation with Lean
//
// Only after every static check passed, the candidate runs through a Runner (REPLRunner over
// the REPL pool; "lean", or "sim" for the repository's simulator) as one command on the header environment,
// with `#print axioms NAME` and the semantic guard's `#check` (GuardCommand) appended, each on
// its own line. Judge accepts the reply when there is no error message, no sorry (the reply's
// sorries, or a "declaration uses sorry" warning in either quoting), and exactly one axioms
// report for the theorem, on the appended line, listing only propext, Classical.choice and
// Quot.sound. So native_decide (Lean.ofReduceBool, or a generated native axiom), sorryAx and
// new axioms fail here too, even if they slipped past layer 1.
//
// # 3. The semantic guard
//
// A list of forbidden tokens is never complete, so the last word is Lean's own reading of the
// statement, compared the way contest judges compare it. In the candidate's command, after
// everything the candidate declared, GuardCommand asks Lean for `#check @_root_.NAME` with
// pp.all and its sub-options set explicitly: the theorem's elaborated type with every implicit
// argument, instance, universe level, coercion and fully qualified constant name printed. The
// same command runs in a clean environment (a separate REPL command on the same header)
// holding only the official preamble and statement, proved by sorry. The proof is verified
// only if the two reports are the same text. An instance, default instance, unification hint,
// notation, macro, option or `open` that changed how the statement elaborates (which
// constants its names resolve to, which instances fill its implicit arguments, which type its
// numerals get) shows up as a different constant in the report and the proof fails with
// type_changed. The comparison is syntactic on purpose: a `T₁ = T₂ := rfl` check would run
// in the candidate's environment, where a cheating instance can change definitional equality.
// In a batch the clean report is computed once per statement and header.
//
// What the guard relies on, and what it cannot catch:
//
//   - It compares only the theorem's type. A cheat that leaves the statement alone but makes
//     Lean accept a wrong proof (a kernel bug, native code, a metaprogram that adds a
//     declaration without the kernel) is the business of layer 1 and #print axioms.
//   - It trusts the printer: the static layer refuses what could change how `#check` prints
//     (delaborators, unexpanders, notation, pp options set for the rest of the file, Lean's
//     API), and the guard sets the pp options that matter itself. Printing is not proved
//     injective: two types that differ only in what pp.all does not show (metadata, binder
//     names, the internal form of a literal) print alike. A report abbreviated with ⋯ is not
//     compared (type_report_missing).
//   - Constants are compared by name. A proof cannot redeclare a name the header or the
//     statement uses (Lean refuses a second declaration), but the meaning of header constants
//     is taken as given.
//   - The statement must elaborate in a clean environment of the header; if it does not,
//     the row has no verdict (statement_invalid).
//   - On the simulator the two reports are the simulator's own explicit form, compared with
//     each other; it models no instances, so there the guard mainly checks that the same
//     statement was proved.
//
// # The kernel tier
//
// With Options.Kernel (verify-proof --tier kernel, leanbridge/kernel), a proof the REPL tier
// verified is also built into an .olean inside the sandbox and replayed through the kernel
// (leanchecker --fresh); with Comparator installed its statement closure is compared with the
// official one at kernel level. A proof is then verified only if both tiers say so; a missing
// tool is kernel_unavailable (no verdict).
//
// # Results
//
// Check returns a Result: verified, failed (Lean said no), rejected (static, Lean not run) or
// error (no verdict: the statement could not be read, or the checker failed), with Reasons
// (Code, detail, line and column in the submission) and the Checker that ran.
//
// RunBatch streams JSONL rows {"id", "statement", "proof"} (optional "header": import lines,
// "imports": module names) with bounded memory, in input order, reporting malformed lines by
// line number (and id, when the line has one) and going on; NewRenderer writes the report as JSON lines or a table; ExitCode
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
