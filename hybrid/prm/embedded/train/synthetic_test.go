package train

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// writeSyntheticData lays out a tiny synthetic data set in the shape of
// ../shared/data: word problems about adding and multiplying, with right
// solutions and solutions whose arithmetic is wrong. All text is made up
// here.
func writeSyntheticData(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(42, 43))
	names := []string{"Ann", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"}
	things := []string{"apples", "books", "coins", "shells", "stamps", "marbles"}

	type problem struct {
		q     string
		right []string
		wrong []string // wrong[1] has the error
	}
	gen := func() problem {
		n, th := names[rng.IntN(len(names))], things[rng.IntN(len(things))]
		a, b, k := 2+rng.IntN(40), 2+rng.IntN(40), 2+rng.IntN(9)
		q := fmt.Sprintf("%s has %d %s and finds %d more, then buys %d times as many as that. How many %s does %s buy?", n, a, th, b, k, th, n)
		s := a + b
		right := []string{
			fmt.Sprintf("%s starts with %d %s and finds %d more.", n, a, th, b),
			fmt.Sprintf("That makes %d + %d = %d %s.", a, b, s, th),
			fmt.Sprintf("Buying %d times as many gives %d * %d = %d %s.", k, k, s, k*s, th),
			fmt.Sprintf("The answer is %d.", k*s),
		}
		bad := s + 1 + rng.IntN(5)
		wrong := []string{
			right[0],
			fmt.Sprintf("That makes %d + %d = %d %s.", a, b, bad, th),
			fmt.Sprintf("Buying %d times as many gives %d * %d = %d %s.", k, k, bad, k*bad, th),
			fmt.Sprintf("The answer is %d.", k*bad),
		}
		return problem{q, right, wrong}
	}
	write := func(rel string, rows []any) {
		path := filepath.Join(dir, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		f, err := os.Create(path)
		require.NoError(t, err)
		defer f.Close()
		enc := json.NewEncoder(f)
		for _, r := range rows {
			require.NoError(t, enc.Encode(r))
		}
	}

	var prm, mr, gsm, dev []any
	for i := range 60 {
		p := gen()
		prm = append(prm, map[string]any{
			"original_question": p.q, "modified_question": p.q, "question": p.q,
			"original_process": p.right, "modified_process": p.wrong,
			"error_steps": []int{2, 3, 4}, "modified_steps": []int{2}, "idx": fmt.Sprintf("syn_%d", i),
			"classification": "counterfactual", "reason": "synthetic",
		})
	}
	for i := range 30 {
		p := gen()
		steps := make([]string, len(p.wrong))
		for j, s := range p.wrong {
			steps[j] = fmt.Sprintf("Step %d: %s", j+1, s)
		}
		mr = append(mr, map[string]any{
			"uuid": fmt.Sprintf("syn-mr-%d", i), "question": p.q, "model_output_steps": steps,
			"model_output_solution_correctness": "wrong", "model_output_solution_first_error_step": 2,
			"question_type": "original", "ground_truth_solution": strings.Join(p.right, "\n"),
		})
	}
	for range 40 {
		a, b := 2+rng.IntN(50), 2+rng.IntN(50)
		gsm = append(gsm, map[string]any{
			"question": fmt.Sprintf("A shop sells %d pens in the morning and %d in the afternoon. How many pens does it sell?", a, b),
			"answer":   fmt.Sprintf("It sells %d+%d = <<%d+%d=%d>>%d pens.\n#### %d", a, b, a, b, a+b, a+b, a+b),
		})
	}
	for i := range 40 {
		p := gen()
		row := map[string]any{"id": fmt.Sprintf("gsm8k-%d", i), "problem": p.q, "steps": p.right, "label": -1}
		if i%2 == 1 {
			row["steps"], row["label"] = p.wrong, 1
		}
		dev = append(dev, row)
	}
	write("prmbench/prm800k_train_p1_first400_4o_synthetic.jsonl", prm)
	write("mr-gsm8k/labeled.jsonl", mr)
	write("gsm8k/train.jsonl", gsm)
	write("processbench/gsm8k.dev.jsonl", dev)
	return dir
}
