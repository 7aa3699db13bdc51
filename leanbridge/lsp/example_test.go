package lsp_test

import (
	"context"
	"fmt"
	"log"

	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

// A proof chain judged through the language server (`lake serve` in the Lake project).
// (Compiled, not run: it needs `make lean`.)
func ExampleClient_CheckChain() {
	ctx := context.Background()
	c, err := lsp.Start(ctx, lsp.Options{Dir: "lean-project"})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close(context.Background())
	res, err := c.CheckChain(ctx, proofchain.Chain{
		Statement: "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q",
		Steps:     []string{"constructor", "exact hp", "exact hq"},
	})
	if err != nil {
		log.Fatal(err) // timeouts, crashes: no verdict
	}
	for _, st := range res.Steps {
		fmt.Println(st.Index, st.Tactic, st.Status, st.Goals)
	}
	fmt.Println(res.Verified, res.Checker) // true lean
}
