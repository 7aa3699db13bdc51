package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeTrainData lays out a tiny made-up data directory: GSM8K-style
// solutions with calculator annotations (the weak labels' source) and a
// ProcessBench-style GSM8K dev file whose wrong chains carry a false sum.
func writeTrainData(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var gsm, pb []string
	line := func(v any) string {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		return string(b)
	}
	for i := range 60 {
		a, b, k := 3+i, 5+2*i, 2+i%5
		gsm = append(gsm, line(map[string]string{
			"question": fmt.Sprintf("Ann has %d pens and buys %d more, then packs them in boxes of %d... How many pens has she, times %d?", a, b, k, k),
			"answer":   fmt.Sprintf("She has %d+%d = <<%d+%d=%d>>%d pens.\nTimes %d is %d*%d = <<%d*%d=%d>>%d.\n#### %d", a, b, a, b, a+b, a+b, k, a+b, k, a+b, k, (a+b)*k, (a+b)*k, (a+b)*k),
		}))
	}
	for i := range 24 {
		a, b := 4+i, 7+i
		sum, label := a+b, -1
		if i%2 == 1 {
			sum, label = a+b+3, 1
		}
		pb = append(pb, line(map[string]any{
			"id": fmt.Sprintf("gsm8k-%d", i), "generator": "synthetic",
			"problem":              fmt.Sprintf("Ben has %d cards and gets %d more. How many cards does he have?", a, b),
			"steps":                []string{fmt.Sprintf("Ben starts with %d cards.", a), fmt.Sprintf("He has %d + %d = %d cards.", a, b, sum), fmt.Sprintf("The answer is %d.", sum)},
			"final_answer_correct": label == -1, "label": label,
		}))
	}
	for sub, rows := range map[string][]string{"gsm8k/train.jsonl": gsm, "processbench/gsm8k.dev.jsonl": pb} {
		p := filepath.Join(dir, sub)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(strings.Join(rows, "\n")+"\n"), 0o644))
	}
	return dir
}

func TestTrainCrossValidates(t *testing.T) {
	data := writeTrainData(t)
	work := t.TempDir()
	out, _, err := run(t, work, nil, "train", "--data", data, "--checker", "exact", "--bags", "2", "--cv")
	require.NoError(t, err)
	for _, want := range []string{"learned dev F1", "hybrid dev F1", "CV F1", "fold 0", "fold 1", "gsm8k", "average", "chosen on fold 0 / 1"} {
		assert.Contains(t, out, want)
	}
	// The hybrid side refutes every false sum at the step it is in: all
	// twelve wrong chains are found whatever threshold a fold chose.
	var gsmRow []string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "gsm8k" {
			gsmRow = f
		}
	}
	require.Len(t, gsmRow, 10, out)
	assert.Equal(t, "24", gsmRow[1])
	assert.Equal(t, []string{"100.0", "100.0", "100.0", "100.0"}, gsmRow[6:], "hybrid dev, CV and both folds")
	_, err = os.Stat(filepath.Join(work, "hybrid", "embedded", "model.bin"))
	assert.True(t, os.IsNotExist(err), "--cv alone writes no model")

	// --cv with --out measures and writes.
	m := filepath.Join(work, "m.bin")
	_, _, err = run(t, work, nil, "train", "--data", data, "--checker", "exact", "--bags", "1", "--cv", "--out", m, "--min-steps", "0") // a small synthetic set, on purpose
	require.NoError(t, err)
	_, err = os.Stat(m)
	require.NoError(t, err)
}

func TestTrainRejectsUnknownWeight(t *testing.T) {
	_, _, err := run(t, t.TempDir(), nil, "train", "--data", writeTrainData(t), "--weight", "processbench=2", "--cv")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--weight processbench")
	_, _, err = run(t, t.TempDir(), nil, "train", "--data", writeTrainData(t), "--weight", "mr-gsm8k=-1", "--cv")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "non-negative")
}

func TestTrainRejectsUnknownWeakKind(t *testing.T) {
	_, _, err := run(t, t.TempDir(), nil, "train", "--data", writeTrainData(t), "--weak-kinds", "1,99", "--cv")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "weak-label kind 99")
}

// TestTrainRefusesAHandfulOfLabels: labels of three chains alone (the README's label example,
// --sources labels) make no model worth writing: train exits 1 with the numbers and writes
// nothing. --min-steps 0 writes it anyway.
func TestTrainRefusesAHandfulOfLabels(t *testing.T) {
	dir := t.TempDir()
	labels := filepath.Join(dir, "labels.jsonl")
	_, errOut, code := runBin(t, nil, "label", "--method", "formal", "--checker", "exact", "-o", labels, repoFile(t, "testdata/label/chains.jsonl"))
	require.Equal(t, 0, code, errOut)
	model := filepath.Join(dir, "m.bin")
	_, errOut, code = runBin(t, nil, "train", "--data", dir, "--labels", labels, "--sources", "labels", "--bags", "1", "--out", model)
	assert.Equal(t, exitError, code, errOut)
	assert.Regexp(t, `train: \d+ labelled steps \(\d+ right, \d+ wrong; labels \d+\) and \d+ held out`, errOut)
	assert.Contains(t, errOut, "no model written")
	assert.NoFileExists(t, model)
	_, errOut, code = runBin(t, nil, "train", "--data", dir, "--labels", labels, "--sources", "labels", "--bags", "1", "--out", model, "--min-steps", "0")
	assert.Equal(t, 0, code, errOut)
	assert.FileExists(t, model)
}
