package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
)

// repoFile returns the absolute path of a file in the repository (tests chdir to temp dirs).
func repoFile(t *testing.T, rel string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", rel))
	require.NoError(t, err)
	_, err = os.Stat(p)
	require.NoError(t, err)
	return p
}

func TestCheckDemoChain(t *testing.T) {
	demo := repoFile(t, "testdata/demo/chain.md")
	out, _, err := run(t, t.TempDir(), nil, "check", "--checker", "exact", demo)
	require.NoError(t, err)
	assert.Contains(t, out, "refuted (exact)")
	assert.Contains(t, out, "first error: step 4")

	_, _, err = run(t, t.TempDir(), nil, "check", "--checker", "exact", "--fail-on", "refuted", demo)
	require.Error(t, err)
	assert.Equal(t, exitFindings, exitCode(err, &strings.Builder{}))
}

func TestCheckJSONLCarriesProvenance(t *testing.T) {
	demo := repoFile(t, "testdata/demo/chain.md")
	out, _, err := run(t, t.TempDir(), nil, "check", "--checker", "exact", "--jsonl", demo)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 1)
	var res hybrid.Scored
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &res))
	require.Len(t, res.Steps, 5)
	for _, s := range res.Steps {
		assert.NotEmpty(t, s.Source, "step %d says where its score came from", s.Index)
		assert.Equal(t, "hybrid", s.Policy)
		require.NotNil(t, s.Learned)
	}
	refuted := res.Steps[3]
	assert.Equal(t, hybrid.Refuted, refuted.Verdict)
	assert.Equal(t, "exact", refuted.Checker)
	assert.Equal(t, 0.0, refuted.Score)
	require.NotEmpty(t, refuted.Obligations)
	assert.Contains(t, refuted.Obligations[len(refuted.Obligations)-1].Lean, "example :")

	// Under the learned-only policy the same step keeps its learned score.
	out, _, err = run(t, t.TempDir(), nil, "check", "--checker", "exact", "--jsonl", "--policy", "learned", demo)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &res))
	assert.Equal(t, *res.Steps[3].Learned, res.Steps[3].Score)
}

func TestCheckThroughSimulatorRecordsSim(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	demo := repoFile(t, "testdata/demo/chain.md")
	out, _, err := run(t, t.TempDir(), nil, "check", "--checker", "lean", "--repl-command", "leanprm sim repl", "--jsonl", demo)
	require.NoError(t, err)
	var res hybrid.Scored
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &res))
	assert.Equal(t, hybrid.Refuted, res.Steps[3].Verdict)
	assert.Equal(t, "sim", res.Steps[3].Checker, "a simulator's verdict is never recorded as Lean's")
}

func TestCheckMalformedRowsStillRunTheRest(t *testing.T) {
	bad := repoFile(t, "hybrid/chain/testdata/processbench.jsonl")
	out, errOut, err := run(t, t.TempDir(), nil, "check", "--checker", "exact", "--jsonl", bad)
	require.Error(t, err)
	assert.Equal(t, exitError, exitCode(err, &strings.Builder{}))
	assert.Contains(t, errOut, "processbench.jsonl:4:")
	assert.GreaterOrEqual(t, len(strings.Split(strings.TrimSpace(out), "\n")), 3, "the readable rows were scored")
}

func TestTranslateJSON(t *testing.T) {
	demo := repoFile(t, "testdata/demo/chain.md")
	out, _, err := run(t, t.TempDir(), nil, "translate", "--checker", "exact", "--json", demo)
	require.NoError(t, err)
	var res []struct {
		Checker string
		Steps   []struct {
			Verdict     string
			Obligations []struct{ Verdict, Checker, Lean string }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.Len(t, res, 1)
	assert.Equal(t, "exact", res[0].Checker)
	assert.Equal(t, "refuted", res[0].Steps[3].Verdict)
	for _, s := range res[0].Steps {
		for _, o := range s.Obligations {
			assert.True(t, strings.HasPrefix(o.Lean, "example"), o.Lean)
		}
	}
}

func TestEvalProcessBench(t *testing.T) {
	pb := repoFile(t, "hybrid/chain/testdata/processbench.jsonl")
	out, errOut, err := run(t, t.TempDir(), nil, "eval", "processbench", "--checker", "exact", "--calibration", pb, pb)
	require.Error(t, err, "the fixture has malformed rows, reported after the evaluation")
	assert.Contains(t, errOut, "processbench.jsonl:4:")
	for _, col := range []string{"formal", "learned", "hybrid", "F1", "threshold",
		"formal coverage", "proved", "disproved", "undecided", "not formalized", "first-error recall"} {
		assert.Contains(t, out, col)
	}
	assert.NotContains(t, out, "cross-validated")

	out, _, err = run(t, t.TempDir(), nil, "eval", "processbench", "--checker", "exact", "--cv", "--calibration", pb, pb)
	require.Error(t, err, "the malformed rows are still reported")
	for _, col := range []string{"cross-validated", "dev F1", "CV F1", "fold 0", "fold 1", "chosen on fold 0 / 1"} {
		assert.Contains(t, out, col)
	}
}

func TestCompareWritesHTML(t *testing.T) {
	demo := repoFile(t, "testdata/demo/chain.md")
	page := filepath.Join(t.TempDir(), "report.html")
	out, _, err := run(t, t.TempDir(), nil, "compare", "--checker", "exact", "--html", page, demo)
	require.NoError(t, err)
	assert.Contains(t, out, "refuted")
	b, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(b), "<svg")
	assert.NotContains(t, string(b), "<script", "the page is self-contained and static")
}

func TestSelectBestOfN(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "cands.jsonl")
	rows := []string{
		`{"id": "a-1", "problem": "P1: 2 apples and 3 apples.", "steps": ["2 + 3 = 6 apples in all."], "label": 0}`,
		`{"id": "a-2", "problem": "P1: 2 apples and 3 apples.", "steps": ["2 + 3 = 5 apples in all."], "label": -1}`,
	}
	require.NoError(t, os.WriteFile(f, []byte(strings.Join(rows, "\n")+"\n"), 0o644))
	out, _, err := run(t, dir, nil, "select", "--checker", "exact", f)
	require.NoError(t, err)
	assert.Contains(t, out, "a-2", "the chain whose claim verified wins over the refuted one")
}

func TestTrainMissingDataIsAClearError(t *testing.T) {
	_, _, err := run(t, t.TempDir(), nil, "train", "--data", filepath.Join(t.TempDir(), "nope"), "--out", filepath.Join(t.TempDir(), "m.bin"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nope")
}

func TestCheckJudgesLeanSteps(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	mixed, err := os.ReadFile(repoFile(t, "testdata/demo/mixed.md"))
	require.NoError(t, err)
	// A Lean step that cheats is never verified, whatever Lean says of it.
	cheat := "\n\n```lean\ntheorem c (a : Nat) (h : a = 6) : a + 4 = 10 := by\n  sorry\n```\n"
	f := filepath.Join(dir, "mixed.md")
	require.NoError(t, os.WriteFile(f, append(mixed, cheat...), 0o644))

	out, _, err := run(t, dir, nil, "check", "--checker", "lean", "--repl-command", "leanprm sim repl", "--jsonl", f)
	require.NoError(t, err)
	var res hybrid.Scored
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &res))
	require.Len(t, res.Steps, 5)

	proved := res.Steps[1]
	require.True(t, proved.Formal)
	assert.Equal(t, hybrid.Verified, proved.Verdict)
	assert.Equal(t, "sim", proved.Checker)
	assert.Equal(t, 1.0, proved.Score)

	wrong := res.Steps[3]
	assert.Equal(t, hybrid.Refuted, wrong.Verdict)
	assert.Equal(t, 0.0, wrong.Score)
	var failed bool
	for _, o := range wrong.Obligations {
		if o.Verdict == hybrid.Refuted && strings.Contains(strings.Join(o.Messages, " "), "decide") {
			failed = true
		}
	}
	assert.True(t, failed, "the failing tactic carries Lean's message: %+v", wrong.Obligations)

	cheating := res.Steps[4]
	assert.Equal(t, hybrid.Unknown, cheating.Verdict)
	require.NotEmpty(t, cheating.Obligations)
	assert.Contains(t, strings.Join(cheating.Obligations[0].Messages, " "), "sorry")

	// Without Lean, Lean steps get no formal verdict at all.
	out, _, err = run(t, dir, nil, "check", "--checker", "exact", "--jsonl", f)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &res))
	assert.Equal(t, hybrid.NoVerdict, res.Steps[1].Verdict)
}

func TestCheckNeverRefutesLeanStepsForWhatTheEnvironmentLacks(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	f := filepath.Join(dir, "mathlib-style.md")
	text := "Problem: Show two facts.\n\n" +
		"```lean\ntheorem m1 (a : ℕ) (h : a = 3) : a + 1 = 4 := by\n  subst h\n  rfl\n```\n\n" +
		"```lean\ntheorem m2 (a b : Int) (h : a < b) : a + 1 ≤ b := by\n  linarith\n```\n"
	require.NoError(t, os.WriteFile(f, []byte(text), 0o644))
	out, _, err := run(t, dir, nil, "check", "--checker", "lean", "--repl-command", "leanprm sim repl", "--jsonl", f)
	require.NoError(t, err)
	var res hybrid.Scored
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &res))
	require.Len(t, res.Steps, 2)
	for _, s := range res.Steps {
		assert.Equal(t, hybrid.Unknown, s.Verdict, "step %d: Mathlib notation or tactics without Mathlib are no refutation: %+v", s.Index, s.Obligations)
		assert.NotEqual(t, 0.0, s.Score)
	}
}
