// Package replsim is a simulator of the Lean 4 REPL (leanprover-community/repl). It is not
// Lean and never claims to be: it runs no Lean code, has no kernel and checks no proofs
// beyond the small arithmetic fragment described below.
//
// It exists so that leanprm's REPL client, worker pool and scoring pipeline can be tested
// and benchmarked on machines without a Lean toolchain, including under injected faults.
// Verdicts that come from it are recorded with the checker name "sim", never "lean"
// (docs/CONTRACTS.md §2).
//
// This package is the simulator's last stage, the REPL itself: the JSON-over-stdio server
// (framing, Lean's Json.pretty printer, request dispatch), its environments and proof states
// by id, pickles, the command-line flags and the fault injection (Serve, Main, Server). What
// a command means is decided by the stages below it, each a package of internal/leansim:
// syntax (lexer, parser, printer), elab (environments, goals, typing, exact evaluation),
// decide (omega and grind), tactic (tactics and proof terms) and frontend (commands and
// whole files). None of them imports anything from translate. The rest of this comment
// describes the simulator as a whole, as a client sees it.
//
// # How it identifies itself
//
// `#eval Lean.versionString` answers with an info message whose data is the quoted string
// "<version>-leanprm-simulator" (for example "4.32.0-leanprm-simulator"; the version comes
// from -version, default frontend.DefaultVersion). Real Lean answers with its bare version. A client
// probes this at start-up and labels the peer accordingly. Pickle files the simulator
// writes are JSON documents marked "leanprm-simulator-pickle", not .olean files. Every error
// about something it does not model starts with "leanprm-simulator:" and says "this is a
// simulator, not Lean".
//
// # The protocol, byte for byte
//
// Input framing is the REPL's getLines: lines up to one that is blank after trimming, each
// with trailing whitespace removed, joined with nothing between them; a request starting
// with `#` or `--` is skipped; end of input ends the process with status 0. Requests are
// dispatched in the REPL's order (tactic, environment pickle, environment unpickle, proof
// state pickle, proof state unpickle, command, file) with Lean's FromJson rules. Replies
// are printed with a reimplementation of Lean's `Json.pretty` (80 columns, reverse
// lexicographic keys, Wadler-style groups that count the closing brackets after them),
// then an empty line, then a flush. Every reply recorded in shared/lean/transcripts is
// re-printed byte-identically by this printer (TestPrinterMatchesTranscripts), and 23 of the
// 38 transcripts are reproduced byte for byte by the simulator itself
// (TestTranscriptReplay lists the others and why they are out of scope). Malformed JSON,
// an unknown request, or a missing file ends the process as the REPL does:
// "uncaught exception: …" on stderr, status 1. Environment and proof state ids start at 0
// and only grow.
//
// # What it decides
//
// Commands in the obligation dialect of docs/CONTRACTS.md §1 and a little more:
//
//	example : P := by TAC
//	example : ¬(P) := by TAC
//	example (v1 : Rat) (h1 : v1 = T) : P := by subst_vars; TAC
//	theorem name … := by TAC        def name [: T] := term        #eval term
//	axiom name … : P                #print axioms name              #check @name
//	set_option … in CMD             open … in CMD               private / @[attr] CMD
//
// where P combines relations (= ≠ < > ≤ ≥) of arithmetic terms (+ - * / % ^ ⁻¹, unary -,
// ascriptions such as (2 : Rat), scientific literals such as 2.5) with ∧ ∨ ¬ → ↔, ∀ and ∃
// over Nat, Int, Rat and Prop (∃ k, … infers k's type from the terms it is compared with), and
// terms may apply Nat.succ, Nat.pred, Nat.gcd, Nat.lcm, Int.natAbs, Int.toNat and Int.ofNat
// (also as `succ n` under `open Nat`, or `n.succ`). Arithmetic is exact (math/big) with Lean's
// semantics: within a relation every leaf takes the largest type among its leaves (Nat < Int
// < Rat), unascribed numerals default to Nat and unascribed scientific literals to Float; Nat
// subtraction truncates, Nat division floors, Int division is Euclidean, and x / 0 = 0 in
// every type. Float claims and typing errors (Neg Nat, OfScientific Nat, …) fail the way
// Lean's elaborator fails. The lexer reads Lean's comments (nested; the character after `/-`
// is skipped, as Lean does; an unterminated one is an error), strings, raw strings r#"…"#,
// characters and «escaped» names; s!"…{e}…" elaborates its holes.
//
// # Proofs: tactics and terms
//
// Each tactic works on the main goal as the Lean tactic does for this fragment, and fails
// with an error that says "not simulated" outside it — never with a false success:
//
//   - decide, decide +kernel, native_decide (also decide +native and (config := {native :=
//     true})), rfl, trivial and, with Mathlib (-mathlib and `import Mathlib`), norm_num decide
//     closed claims by exact evaluation. A true claim is accepted; a false one gets an error at
//     the tactic (norm_num leaves ⊢ False, as Mathlib's does). Huge numbers do not hang the
//     simulator: exponents at or above 2^24 and results above 2^19 bits fail with "(kernel)
//     deep recursion detected" or "maximum recursion depth has been reached", and plain decide
//     refuses exponents above Lean's exponentiation.threshold (256).
//   - omega: linear arithmetic over Nat and Int from the hypotheses (package decide): + - and
//     multiplication by constants, / and % by literals, Nat subtraction, Nat.succ, casts
//     Nat → Int, ¬ ∧ ∨ → ↔; other subterms are atoms. The negated goal and the hypotheses are
//     refuted case by case with exact elimination and Fourier–Motzkin with integer rounding.
//     Sound, but weaker than Lean's omega (no dark shadow): when it finds no contradiction it
//     says so ("omega could not prove the goal:" and why), it does not invent a counterexample.
//   - grind: the symbolic obligations of docs/CONTRACTS.md §1b over Rat (package decide), decided
//     exactly. Identities (∀ over Rat, side conditions p ≠ 0) are compared as rational
//     functions over Q by evaluation on a grid, independently of the exact checker (the simulator imports nothing from translate): a false one fails; a true one is accepted when
//     every divisor is nonzero under the side conditions; otherwise Lean's x / 0 = 0 decides
//     at the rational roots of the divisors in one variable (`∀ x : Rat, x / x = 1` fails,
//     `∀ x : Rat, x / x * x = x` holds), and in several variables a counterexample on a
//     small grid makes it fail, else it is "not simulated".
//     An implication from equations in one unknown without division is accepted when its
//     conclusion vanishes at every root of the hypotheses' gcd (ideal or radical membership,
//     which grind's Gröbner basis finds), and fails when a rational root refutes it. The
//     failure reads "`grind` failed", case grind, the context with the negated goal, ⊢ False,
//     as Lean's does (its diagnostics are shorter). The rest is "not simulated".
//   - subst h (h : a = b: a variable b becomes a, else a variable a becomes b; the
//     hypotheses that mentioned it move last, as Lean's revert/intro does), subst x, subst_vars.
//   - intro x y, intros; exfalso; assumption; contradiction (False, a ≠ a, or P with ¬P);
//     constructor on ∧, ↔ and True (tags left/right, mp/mpr); left, right on ∨; show P (P must
//     be the goal up to unfolding ≥ > ≠ ¬); by_cases; case, next, all_goals, · blocks; try;
//     stop (admits every goal and skips the rest); skip; done; sorry; admit; open … in and
//     set_option … in (the option has no effect); t1 <;> t2 (t1 on the main goal, then t2
//     on every goal it made).
//   - exact e, apply e, have h : P := e / := by …, have h := e, obtain pat : P := e,
//     obtain pat := h, rcases h with pat (patterns ⟨a, b⟩, a | b, rfl, _, -; a hypothesis
//     that is taken apart is cleared), rw [e, ← e] and rewrite … at h.
//
// Every other tactic of core Lean, and of Mathlib when it is imported, is known by name
// (the tables of package syntax) and answered with a "not simulated" error, as are arguments a simulated
// tactic does not take here. Only a word that names no tactic (or a Mathlib tactic without
// Mathlib) is a parse error, "unknown tactic", placed one character into the word as Lean's
// parser places it (`errorAtSavedPos "unknown tactic" true` in Lean's Parser/Tactic.lean).
//
// Errors are recovered from as Lean does: a tactic that throws ends its block, with no
// "unsolved goals" after it; an elaboration error in exact (an unknown name, a type
// mismatch) is logged, the goal is closed with a synthetic sorry and the block goes on; a
// command that does not parse is elaborated up to the error (Lean elaborates the partial
// syntax), and of that elaboration only "unsolved goals" and unsynthesized placeholders are
// kept (elabCommandTopLevel, option showPartialSyntaxErrors).
//
// Proof terms are hypotheses, theorems and axioms of the environment, core lemmas (elab/library.go:
// Nat and Int arithmetic, And.intro, Or.inl/inr, Iff.intro, False.elim, absurd; their
// statements written from memory of Lean's core, every one true), applications of these to
// terms and proofs (`_` and implicit arguments are solved by first-order unification with the
// expected proposition and with the arguments' propositions), ⟨…⟩ for ∧ ↔ ∃ True,
// fun x => … for ∀ → ¬, `by` blocks, projections .1 .2 .left .right .mp .mpr, .symm of = and
// ≠, .elim of False, sorry, rfl and trivial. Propositions are compared up to the names of
// bound variables, ascriptions that do not cast, the unfoldings of ≥ > ≠ ¬ and Nat.succ n =
// n + 1, and the values of closed Nat and Int literal arithmetic — what Lean's definitional
// unfolding sees; nothing more. rw rewrites the first instance of the left side (outermost
// first, left to right, not under binders, inside casts) and all its copies, then tries rfl.
// A variable introduced under the name of an existing one makes the old one inaccessible
// (x✝), as in Lean, so that two variables never share a name.
//
// Proof states work as in the REPL: `sorry` (as a tactic or a term) yields a "declaration
// uses `sorry`" warning and a sorries entry whose proof state accepts tactic requests; every
// tactic above runs in tactic mode too, with its messages at line 0.
//
// # #print axioms
//
// `#print axioms NAME` answers with an info message on the command, in Lean's words:
// "'NAME' depends on axioms: [propext, Classical.choice, Quot.sound]" or "'NAME' does not
// depend on any axioms"; an unknown name is an error. The list is what the simulator
// elaborated the declaration with: sorryAx when it used sorry or had an error (Lean's error
// recovery elaborates to sorryAx too), Lean.ofReduceBool for native_decide, the axiom's own
// name for a user `axiom` and for everything that uses it, propext for omega and simp,
// propext, Classical.choice and Quot.sound for norm_num, and the union of those of every
// theorem a proof refers to. decide, rfl, subst, intro, rw and the core lemmas add none.
// Which axioms real Lean reports for omega, simp and the core lemmas was not checked; only
// the ones that matter to a checker (sorryAx, Lean.ofReduceBool, user axioms) are certain to
// appear where Lean's would. The order is propext, sorryAx, Classical.choice, Quot.sound,
// then the others by name.
//
// # #check
//
// `#check @NAME` (also `@_root_.NAME`, and under any `set_option … in`) answers with an info
// message on the command, "@NAME : TYPE". TYPE is not Lean's output: it is the simulator's own
// explicit form of the statement as it elaborated it (frontend/check.go), every literal, operator and
// relation tagged with the type it was elaborated at, casts and resolved function names
// shown, so that two statements print alike exactly when the simulator elaborated them alike.
// pp options do not change it. It exists for verify-proof's semantic guard, which compares
// this report for a proof with the report for the official statement alone; on the simulator
// that comparison is between two simulator reports, never with Lean's.
//
// # What it does not do
//
// It has no info trees (allTactics and infotree are accepted and ignored), no linters, no
// induction, cases, calc, refine, simp beyond closed claims, no general function
// application or definitions with parameters, no universes, structures or type classes,
// no other form of #check and no other #print. Tactics it knows but does not model are
// answered with a "not simulated" error. Its Lean-shaped failure messages follow Lean 4's wording as closely
// as known but were not checked against a real Lean: no recorded transcript contains one.
// Lean's goal printer wraps terms wider than 120 columns; this one does not. Decide-family
// tactics accept true Rat claims, although real `decide` and `rfl` may get stuck on Rat's
// irreducible operations (PROTOCOL.md §3.2); use decide +kernel with real Lean.
//
// # Faults
//
// Options (and the equivalent flags of Main) inject latency, crashes (uncaught exception,
// stack overflow in the middle of a reply, or a segmentation-fault report), hangs that only
// an interrupt ends, garbage bytes, a half reply followed by exit, multi-megabyte valid
// replies and harmless stderr noise, at fixed points (-crash-after N, …) or at random with a
// seeded generator (-fault-rate P -seed S -faults crash,hang,…). -faults-after-start N
// keeps the first N requests free of faults (a client's start-up checks). AcceptAll makes a
// lying simulator that proves anything, for testing that a client's start-up probe rejects
// it; -tactic-mode-lies lies in tactic mode only — a failing tactic reports "Completed", as
// the REPL once did for wrong proofs (repl issue #44) — so that a client's command-mode
// re-check can be tested; -grind-lies lies in grind only (it proves anything), so that a
// client's identity probe can be tested on a peer whose closed arithmetic is right.
//
// # Usage
//
// As a process, through the leanprm binary:
//
//	leanprm sim repl -latency 5ms -fault-rate 0.1 -seed 7
//
// In a test, with in-memory streams:
//
//	in := strings.NewReader(`{"cmd": "example : (1 : Rat) / 2 < 1 := by decide +kernel"}` + "\n\n")
//	var out, errOut bytes.Buffer
//	status := replsim.Serve(ctx, in, &out, &errOut, replsim.Options{})
//	// out holds `{"env": 0}` and an empty line; status is 0.
//
// Server.Handle answers a single request without any transport.
//
// # Whole files, for a language server
//
// frontend.ElaborateFile runs the command mode above on a whole file (its import header, then its
// commands, in a fresh environment) and returns what a language server reports: each
// command's messages with REPL positions and ranges (1-based lines, code-point columns),
// "unsolved goals" marked, whether a declaration's tactic proof was accomplished (no error,
// no sorry), whether an unknown import stopped the file, and the goals before and after each
// top-level tactic. The language-server simulator (internal/leansim/lspsim) is built on it, so
// that the two simulators decide the same fragment the same way:
//
//	f := frontend.ElaborateFile("theorem t : True := by\n  trivial\n", frontend.FileOptions{})
//	// f.Messages() is empty; f.Commands[0].Accomplished is true;
//	// f.GoalsAt(syntax.Pos{Line: 2, Col: 9}) is []string{}, true (no goals after trivial).
//
// frontend.FileResult.GoalsAt models $/lean/plainGoal: inside a tactic the goals before it, at or
// after its end on its last line the goals after it, nothing after a tactic that failed or
// never ran. Only top-level tactics are recorded: at the end of a line whose last tactic is
// nested (`· omega`), the answer is the goals after the enclosing top-level tactic — what the
// REPL reports after that step — where real Lean may show the nested tactic's.
package replsim
