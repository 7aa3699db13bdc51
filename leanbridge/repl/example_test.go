package repl_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"

	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// A pool checks obligations on the prelude; Accepted is the REPL's "proved".
// (Compiled, not run: it needs `make lean`.)
func ExampleNewPool() {
	ctx := context.Background()
	pool, err := repl.NewPool(ctx, repl.Config{ProjectDir: "lean-project", Workers: 2})
	if errors.Is(err, repl.ErrREPLNotFound) {
		log.Fatal(err) // says to run `make lean`
	}
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	resp, err := pool.Command(ctx, "", repl.CommandRequest{
		Cmd: "example : (1 : Rat) / 2 + (1 : Rat) / 3 = (5 : Rat) / 6 := by decide +kernel",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(pool.Backend(), resp.Accepted())
}

// A raw session, as `leanprm lean repl` runs one: requests and replies are JSON, ids are the
// worker's (equal to the REPL's until its first restart).
func ExampleWorker_SendRaw() {
	ctx := context.Background()
	w, err := repl.StartWorker(ctx, repl.Config{ProjectDir: "lean-project", SkipProbe: true})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	reply, err := w.SendRaw(ctx, json.RawMessage(`{"cmd": "def f : Nat := by sorry"}`))
	switch {
	case errors.Is(err, repl.ErrInvalidRequest), errors.Is(err, repl.ErrStaleState):
		fmt.Println("not sent:", err)
	case err != nil:
		log.Fatal(err)
	default:
		fmt.Println(string(reply))
	}
}

// A proof chain: every tactic judged in tactic mode, the whole proof re-checked as a command.
// (Compiled, not run: it needs `make lean`.)
func ExamplePool_CheckChain() {
	ctx := context.Background()
	pool, err := repl.NewPool(ctx, repl.Config{ProjectDir: "lean-project"})
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	ch, err := proofchain.Parse([]byte(`{
		"statement": "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6",
		"steps": ["subst hb", "subst h", "rfl"]}`))
	if err != nil {
		log.Fatal(err)
	}
	res, err := pool.CheckChain(ctx, ch)
	if err != nil {
		log.Fatal(err) // a crash or timeout: no verdict (*proofchain.Error)
	}
	for _, s := range res.Steps {
		fmt.Println(s.Index, s.Tactic, s.Status, s.Goals)
	}
	fmt.Println(res.Verified, res.Checker) // true lean
}
