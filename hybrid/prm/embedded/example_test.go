package embedded_test

import (
	"context"
	"fmt"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/embedded"
)

// ExampleDefault scores a chain with the committed model and finds the
// first step below its threshold. (No output is pinned: it is the model's,
// and retraining may change it.)
func ExampleDefault() {
	m, err := embedded.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	steps := []chain.Step{{Text: "In May she sold 48 / 2 = 24 clips."}, {Text: "In all she sold 48 + 24 = 72 clips."}}
	scores, err := m.ScoreChain(context.Background(), "Natalia sold 48 clips in April and half as many in May. How many in all?", steps)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(scores, hybrid.FirstError(scores, m.Threshold)) // calibrated P(step is right)
}
