package hybrid_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// lengthPRM stands in for a learned PRM in the example: it trusts short
// steps more than long ones.
type lengthPRM struct{}

func (lengthPRM) ScoreChain(_ context.Context, _ string, steps []chain.Step) ([]float64, error) {
	out := make([]float64, len(steps))
	for i, s := range steps {
		out[i] = 1 - float64(len(s.Text))/100
	}
	return out, nil
}

// arithmeticFormal stands in for a formal checker: it refutes the one
// step that claims 5 + 4 = 10 and says nothing about the others.
type arithmeticFormal struct{}

func (arithmeticFormal) JudgeSteps(_ context.Context, _ string, steps []chain.Step) ([]hybrid.FormalStep, error) {
	out := make([]hybrid.FormalStep, len(steps))
	for i, s := range steps {
		if strings.Contains(s.Text, "5 + 4 = 10") {
			out[i] = hybrid.FormalStep{Verdict: hybrid.Refuted, Checker: "exact",
				Obligations: []hybrid.Obligation{{Text: "5 + 4 = 10", Verdict: hybrid.Refuted, Checker: "exact"}}}
		}
	}
	return out, nil
}

// ExampleScorer merges learned scores with formal verdicts: the refuted
// step scores 0 and says so, the others keep their learned score.
func ExampleScorer() {
	chains, _, err := chain.Decode(strings.NewReader(
		`{"id": "gsm8k-1", "problem": "What is 2 + 3 + 4?", "steps": ["2 + 3 = 5.", "5 + 4 = 10.", "The answer is 10."]}`),
		"in.jsonl", chain.FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := &hybrid.Scorer{PRM: lengthPRM{}, Formal: arithmeticFormal{}} // Policy zero value: hybrid
	results, err := s.ScoreChains(context.Background(), chains)
	if err != nil {
		fmt.Println(err) // failed chains have Scored.Err set
		return
	}
	for _, r := range results {
		for _, st := range r.Steps {
			fmt.Printf("%d %.2f %-7s %s\n", st.Index, st.Score, st.Source, st.Verdict)
		}
		fmt.Printf("chain %.2f, first error at %d\n", r.Aggregate(hybrid.AggMin), r.Predict(0.5))
	}
	// Output:
	// 0 0.90 learned none
	// 1 0.00 formal  refuted
	// 2 0.83 learned none
	// chain 0.00, first error at 1
}
