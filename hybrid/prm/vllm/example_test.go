package vllm_test

import (
	"context"
	"fmt"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/vllm"
)

// ExampleNew scores chains with a PRM served by vLLM (it needs the server,
// so no output is pinned).
func ExampleNew() {
	c, err := vllm.New(vllm.Options{BaseURL: "http://localhost:8000", Model: "Qwen/Qwen2.5-Math-PRM-7B"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	chains, _, err := chain.Read("chains.jsonl", chain.FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := &hybrid.Scorer{PRM: c}
	results, err := s.ScoreChains(context.Background(), chains)
	if err != nil {
		fmt.Println(err)
	}
	for _, r := range results {
		fmt.Println(r.ID, r.Scores())
	}
}
