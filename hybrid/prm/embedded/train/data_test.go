package train

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/internal/mathtext"
)

// A made-up reference solution in GSM8K's format.
const (
	refProblem = "A farm has 48 hens and 17 ducks. Half of the hens lay eggs, and each duck eats 3 pounds of feed. How many animals are there, and how many hens lay?"
)

var refLines = []string{
	"Half of the hens lay: 48/2 = <<48/2=24>>24 hens.",
	"The animals number 48 + 17 + 24 = <<48+17+24=89>>89.",
	"#### 89",
}

// corruptAll tries kind on refLines with many seeds and returns the
// corrupted steps it made.
func corruptAll(t *testing.T, kind int) []chain.Chain {
	t.Helper()
	var out []chain.Chain
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 7))
		neg, pos, ok := corrupt(refProblem, refLines, kind, rng)
		if !ok {
			continue
		}
		at := neg.FirstError
		require.GreaterOrEqual(t, at, 0)
		assert.Equal(t, chain.Wrong, neg.Steps[at].Label)
		assert.Equal(t, chain.Correct, pos.Steps[at].Label)
		assert.NotEqual(t, neg.Steps[at].Text, pos.Steps[at].Text)
		for i := range neg.Steps {
			if i != at {
				assert.Equal(t, chain.Unlabeled, neg.Steps[i].Label)
				assert.Equal(t, pos.Steps[i].Text, neg.Steps[i].Text, "only the corrupted step differs")
			}
		}
		assert.NotContains(t, neg.Steps[at].Text, "<<", "annotations are cleaned")
		out = append(out, neg)
	}
	return out
}

// claimsHold reports whether every arithmetic claim of text is true.
func claimsHold(text string) bool {
	var a mathtext.Analyzer
	res := a.Analyze(text)
	return len(res.Claims) > 0 && res.False() == 0
}

func TestCorruptKinds(t *testing.T) {
	// A wrong printed result: the calculation is false.
	negs := corruptAll(t, KindResult)
	require.NotEmpty(t, negs)
	for _, n := range negs {
		assert.False(t, claimsHold(n.Steps[n.FirstError].Text), n.Steps[n.FirstError].Text)
	}

	// The reasoning corruptions keep every calculation true.
	seen := map[string]bool{}
	for _, kind := range []int{KindOperand, KindOperation, KindProblemOperand, KindDroppedTerm, KindCrossOp, KindReversed} {
		negs := corruptAll(t, kind)
		require.NotEmpty(t, negs, "kind %d", kind)
		for _, n := range negs {
			text := n.Steps[n.FirstError].Text
			assert.True(t, claimsHold(text), "kind %d: %s", kind, text)
			seen[text] = true
		}
	}
	// Examples of what they make.
	assert.True(t, seen["Half of the hens lay: 48*2 = 96 hens."], "operation: %v", seen)
	assert.True(t, seen["The animals number 48 + 24 = 72."] || seen["The animals number 48 + 17 = 65."], "dropped term: %v", seen)
	assert.True(t, seen["The animals number 48 + 3 + 24 = 75."] || seen["The animals number 3 + 17 + 24 = 44."] ||
		seen["Half of the hens lay: 17/2 = 8.5 hens."], "problem operand: %v", seen)
	assert.True(t, seen["Half of the hens lay: 48-2 = 46 hens."], "cross operation: %v", seen)
	assert.True(t, seen["The animals number 48 * 17 + 24 = 840."] || seen["The animals number 48 + 17 * 24 = 456."], "cross operation: %v", seen)
	assert.True(t, seen["Half of the hens lay: 2/48 = 0.04 hens."], "reversed: %v", seen)
	// Reversal needs a two-term difference or quotient: the three-term
	// sum is never reversed.
	for _, n := range corruptAll(t, KindReversed) {
		assert.Equal(t, 0, n.FirstError, n.Steps[n.FirstError].Text)
	}

	// Unknown kinds make nothing.
	_, _, ok := corrupt(refProblem, refLines, weakKinds, rand.New(rand.NewPCG(1, 2)))
	assert.False(t, ok)
}

func TestPerturb(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range []float64{0, 1, 7, 250, 0.5, -3, -100, -2.5} {
		for range 20 {
			nv := perturb(v, rng) // terminates for every sign
			assert.NotEqual(t, v, nv)
			assert.Equal(t, v < 0, nv < 0, "%v -> %v", v, nv)
		}
	}
}

func TestFirstErrorOnly(t *testing.T) {
	c := chain.Chain{FirstError: 1, Steps: []chain.Step{
		{Label: chain.Correct}, {Label: chain.Wrong}, {Label: chain.Correct}, {Label: chain.Wrong}}}
	firstErrorOnly(&c)
	assert.Equal(t, []chain.Label{chain.Correct, chain.Wrong, chain.Unlabeled, chain.Unlabeled},
		[]chain.Label{c.Steps[0].Label, c.Steps[1].Label, c.Steps[2].Label, c.Steps[3].Label})
	ok := chain.Chain{FirstError: chain.NoError, Steps: []chain.Step{{Label: chain.Correct}}}
	firstErrorOnly(&ok)
	assert.Equal(t, chain.Correct, ok.Steps[0].Label)
}

func writeJSONL(t *testing.T, path string, rows ...any) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	var b strings.Builder
	for _, r := range rows {
		j, err := json.Marshal(r)
		require.NoError(t, err)
		b.Write(j)
		b.WriteByte('\n')
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}

func TestLoadPRMBench(t *testing.T) {
	dir := t.TempDir()
	row := func(class string, errs []int) map[string]any {
		return map[string]any{
			"original_question": "q", "modified_question": "q", "question": "q",
			"original_process": []string{"a", "b", "c", "d"}, "modified_process": []string{"a", "B", "c", "D"},
			"error_steps": errs, "classification": class, "idx": class,
		}
	}
	writeJSONL(t, filepath.Join(dir, "prmbench", "prm800k_train_p1_first400_4o_counterfactual.jsonl"), row("counterfactual", []int{2, 4}))
	writeJSONL(t, filepath.Join(dir, "prmbench", "prm800k_train_p1_first400_4o_redundency.jsonl"), row(prmbenchRedundant, []int{2}))
	got, err := loadPRMBench(dir, t.Logf)
	require.NoError(t, err)
	require.Len(t, got, 2, "the counterfactual modified process and the original once; no redundant one")
	mod, orig := got[0].chain, got[1].chain
	assert.Equal(t, "counterfactual", mod.Subset)
	assert.Equal(t, 1, mod.FirstError)
	assert.Equal(t, []chain.Label{chain.Correct, chain.Wrong, chain.Unlabeled, chain.Unlabeled},
		[]chain.Label{mod.Steps[0].Label, mod.Steps[1].Label, mod.Steps[2].Label, mod.Steps[3].Label})
	assert.Equal(t, chain.NoError, orig.FirstError)
	for _, s := range orig.Steps {
		assert.Equal(t, chain.Correct, s.Label)
	}
}

func TestLoadMRGSM8KWithReferences(t *testing.T) {
	dir := t.TempDir()
	row := map[string]any{
		"uuid": "u1", "question": "Tom has 3 bags of 7 marbles. How many marbles?",
		"model_output_steps":                []string{"Step 1: 3 bags.", "Step 2: 3 + 7 = 10 marbles."},
		"model_output_solution_correctness": "wrong", "model_output_solution_first_error_step": 2,
		"question_type":         "original",
		"ground_truth_solution": "He has 3*7 = <<3*7=21>>21 marbles.\n#### 21",
	}
	writeJSONL(t, filepath.Join(dir, "mr-gsm8k", "labeled.jsonl"), row, row)
	got, err := loadSource(dir, srcMRGSM8K, nil, nil, t.Logf)
	require.NoError(t, err)
	require.Len(t, got, 3, "two model solutions and one reference")
	ref := got[2].chain
	assert.Equal(t, chain.NoError, ref.FirstError)
	assert.Equal(t, []string{"He has 3*7 = 21 marbles.", "The answer is 21."}, ref.Texts())
	for _, s := range ref.Steps {
		assert.Equal(t, chain.Correct, s.Label)
	}
	assert.Equal(t, got[0].group, got[2].group, "held out together with its problem")
}
