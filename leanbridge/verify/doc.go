// Package verify checks candidate Lean 4 proofs of official theorem statements at contest
// grade, so that "verified" cannot be faked. It backs `leanprm verify-proof` and serve's
// /v1/verify: static checks before Lean (Lean's tokenizer, a policy on every token, no user
// code at elaboration time), then one REPL command whose reply must carry no error, no sorry
// and only the standard axioms, then the semantic guard (Lean's own report of the statement's
// type, compared with the official statement's), and optionally the kernel tier. REPLRunner
// runs it over the REPL pool; RunBatch streams JSONL rows with bounded memory.
//
// The layers, their rules and what the guard cannot catch are in docs/VERIFY.md.
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
