package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/config"
)

// TestCheckJSONSaysPredictionAndGold: `check --json/--jsonl` carries the prediction, the
// threshold and the chain aggregate, and the gold label under a name of its own, with the base
// of every step index stated.
func TestCheckJSONSaysPredictionAndGold(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "pb.jsonl")
	// Gold says step 0 is wrong; the exact checker refutes step 1 (3 + 4 = 8).
	row := `{"id": "x-1", "problem": "Add.", "steps": ["We have 2 + 2 = 4.", "Then 3 + 4 = 8.", "Done."], "label": 0}`
	require.NoError(t, os.WriteFile(f, []byte(row+"\n"), 0o644))
	for _, mode := range []string{"--json", "--jsonl"} {
		out, _, err := run(t, dir, nil, "check", "--checker", "exact", "--threshold", "0.5", "--aggregate", "min", mode, f)
		require.NoError(t, err)
		var got []map[string]any
		if mode == "--json" {
			require.NoError(t, json.Unmarshal([]byte(out), &got))
		} else {
			got = decodeLines(t, out)
		}
		require.Len(t, got, 1)
		r := got[0]
		assert.NotContains(t, r, "first_error", "%s: the ambiguous name is gone", mode)
		assert.EqualValues(t, 0, r["gold_first_error"], mode)
		assert.EqualValues(t, 1, r["predicted_first_error"], mode)
		assert.EqualValues(t, 0.5, r["threshold"], mode)
		assert.Equal(t, "min", r["aggregate"], mode)
		assert.EqualValues(t, 0, r["chain_score"], mode, "min over a refuted step")
		assert.EqualValues(t, 0, r["step_index_base"], mode)
	}

	// Unlabelled input: the gold label is null, not a magic number.
	md := filepath.Join(dir, "c.md")
	require.NoError(t, os.WriteFile(md, []byte("Step 1: 2 + 2 = 4.\n\nStep 2: So 4 + 1 = 5.\n"), 0o644))
	out, _, err := run(t, dir, nil, "check", "--checker", "exact", "--jsonl", md)
	require.NoError(t, err)
	r := decodeLines(t, out)[0]
	require.Contains(t, r, "gold_first_error")
	assert.Nil(t, r["gold_first_error"])
	assert.EqualValues(t, -1, r["predicted_first_error"], "no step below the threshold")
}

// TestExitStatusUsageMistakes: every command-line mistake exits 2, as the README says, before
// any work starts.
func TestExitStatusUsageMistakes(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "c.md")
	require.NoError(t, os.WriteFile(f, []byte("Step 1: 2 + 2 = 4.\n"), 0o644))
	batch := filepath.Join(dir, "b.jsonl")
	require.NoError(t, os.WriteFile(batch, []byte(`{"statement": "theorem x : 1 = 1", "proof": "theorem x : 1 = 1 := rfl"}`+"\n"), 0o644))
	for _, args := range [][]string{
		{"eval", "foo"},
		{"lean", "bogus"},
		{"sim", "bogus"},
		{"bogus"},
		{"check", "--timeout", "abc", "--checker", "exact", f},
		{"check", "--nope", f},
		{"check", "--workers", "many", f},
		{"verify-proof", "--output-format", "xml", batch},
		{"check", "--threshold", "NaN", "--checker", "exact", f},
		{"eval", "processbench", "--threshold", "NaN", f},
		{"check", f, f},
	} {
		_, errOut, err := run(t, dir, nil, args...)
		require.Error(t, err, "%v", args)
		var msg strings.Builder
		assert.Equal(t, exitUsage, exitCode(err, &msg), "%v: %v", args, err)
		assert.NotContains(t, errOut+msg.String(), "Go struct", "%v", args)
	}
	// Asking for a group's help is no mistake.
	out, _, err := run(t, dir, nil, "lean")
	require.NoError(t, err)
	assert.Contains(t, out, "repl")
}

// TestExitStatusNoChains: input with no chains is a failed run (1) that says so.
func TestExitStatusNoChains(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"empty.jsonl", "blank.md"} {
		f := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(f, []byte("\n  \n"), 0o644))
		for _, cmd := range []string{"check", "translate", "compare", "select"} {
			_, _, err := run(t, dir, nil, cmd, "--checker", "exact", f)
			require.Error(t, err, "%s %s", cmd, name)
			var msg strings.Builder
			assert.Equal(t, exitError, exitCode(err, &msg), "%s %s", cmd, name)
			assert.Contains(t, msg.String(), "no chains", "%s %s", cmd, name)
		}
	}
}

// TestWrongFileTypeIsOneLine: a GSM8K file given to `eval processbench` is one clear line,
// not one error per row; and a field of the wrong JSON type is named in the user's terms.
func TestWrongFileTypeIsOneLine(t *testing.T) {
	dir := t.TempDir()
	gsm := filepath.Join(dir, "train.jsonl")
	var rows []string
	for i := range 50 {
		rows = append(rows, `{"question": "How many? `+strings.Repeat("x", i)+`", "answer": "2 + 2 = 4\n#### 4"}`)
	}
	require.NoError(t, os.WriteFile(gsm, []byte(strings.Join(rows, "\n")+"\n"), 0o644))
	_, errOut, err := run(t, dir, nil, "eval", "processbench", "--checker", "exact", "--calibration", gsm, gsm)
	require.Error(t, err)
	var msg strings.Builder
	assert.Equal(t, exitError, exitCode(err, &msg))
	all := errOut + msg.String()
	assert.Contains(t, all, "looks like GSM8K, not ProcessBench")
	assert.LessOrEqual(t, strings.Count(strings.TrimSpace(all), "\n")+1, 2, "one line, not one per row:\n%s", all)

	shape := filepath.Join(dir, "shape.jsonl")
	require.NoError(t, os.WriteFile(shape, []byte(`{"id": "a-1", "problem": "p", "steps": ["1 + 1 = 2"], "label": 0}`+"\n"+
		`{"id": "a-2", "problem": "p", "steps": "1 + 1 = 2", "label": 0}`+"\n"), 0o644))
	_, errOut, err = run(t, dir, nil, "check", "--checker", "exact", shape)
	require.Error(t, err)
	assert.Contains(t, errOut, "shape.jsonl:2:")
	assert.Contains(t, errOut, `field "steps"`)
	assert.Contains(t, errOut, "a list of strings")
	assert.NotContains(t, errOut, "Go struct")
	assert.NotContains(t, errOut, "[]string")
}

// TestRelativeREPLCommandResolvesFromWorkingDir: "bin/leanprm sim repl" (the README's own
// example) names a file relative to where the user ran leanprm, even though the REPL runs
// inside the Lake project directory.
func TestRelativeREPLCommandResolvesFromWorkingDir(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "lean-project"), 0o755))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "bin"), 0o755))
	self, err := os.Executable()
	require.NoError(t, err)
	require.NoError(t, os.Symlink(self, filepath.Join(dir, "bin", "leanprm")))
	f := filepath.Join(dir, "c.md")
	require.NoError(t, os.WriteFile(f, []byte("Step 1: 2 + 2 = 5.\n"), 0o644))

	out, errOut, err := run(t, dir, nil, "check", "--checker", "lean", "--repl-command", "bin/leanprm sim repl", "--jsonl", "c.md")
	require.NoError(t, err, errOut)
	r := decodeLines(t, out)[0]
	step := r["steps"].([]any)[0].(map[string]any)
	assert.Equal(t, "refuted", step["verdict"])
	assert.Equal(t, "sim", step["checker"])

	// The same for lean.server_command, through `lean chain --backend lsp`.
	chain := filepath.Join(dir, "chain.json")
	require.NoError(t, os.WriteFile(chain, []byte(`{"statement": "theorem t : 2 + 2 = 4", "steps": ["decide"]}`), 0o644))
	out, errOut, err = run(t, dir, map[string]string{"LEANPRM_LEAN_SERVER_COMMAND": "bin/leanprm sim lsp"}, "lean", "chain", "--backend", "lsp", "chain.json")
	require.NoError(t, err, errOut)
	assert.Contains(t, out, "verified")
}

// TestEvalPRMBenchOfficialFilesRunClean: the official PRMBench test files have rows whose
// error_steps name a step past the last one. That known quirk is one summary line and the run
// succeeds; --strict makes it fatal.
func TestEvalPRMBenchOfficialFilesRunClean(t *testing.T) {
	shared := filepath.Dir(filepath.Dir(transcriptsDir(t)))
	files, _ := filepath.Glob(filepath.Join(shared, "data", "prmbench", "prm800k_test_p1_4o_c*.jsonl"))
	require.NotEmpty(t, files, "PRMBench test files under %s", shared)
	dir := t.TempDir()
	calib := filepath.Join(dir, "calib.jsonl")
	require.NoError(t, os.WriteFile(calib, []byte(
		`{"id": "c-1", "problem": "p", "steps": ["2 + 2 = 4.", "4 + 1 = 5."], "label": -1}`+"\n"+
			`{"id": "c-2", "problem": "p", "steps": ["2 + 2 = 5.", "5 + 1 = 6."], "label": 0}`+"\n"), 0o644))
	args := append([]string{"eval", "prmbench", "--checker", "exact", "--calibration", calib}, files...)
	out, errOut, err := run(t, dir, nil, args...)
	require.NoError(t, err, errOut)
	assert.Contains(t, out, "PRMScore")
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	require.Len(t, lines, 1, "one summary line:\n%s", errOut)
	assert.Contains(t, lines[0], "error_steps")
	assert.Contains(t, lines[0], "--strict")

	_, errOut, err = run(t, dir, nil, append([]string{args[0], args[1], "--strict"}, args[2:]...)...)
	require.Error(t, err)
	assert.Equal(t, exitError, exitCode(err, &strings.Builder{}))
	assert.Contains(t, errOut, "prm800k_test_p1_4o_circular.jsonl:54:")
}

// TestStepNumberingAgrees: a person reads the same step number for the same step in `check`,
// `translate` and `lean chain` (tables and summaries count from 1); JSON states its base.
func TestStepNumberingAgrees(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	demo := repoFile(t, "testdata/demo/chain.md")
	dir := t.TempDir()
	out, _, err := run(t, dir, nil, "check", "--checker", "exact", demo)
	require.NoError(t, err)
	assert.Contains(t, out, "first error: step 4")
	out, _, err = run(t, dir, nil, "translate", "--checker", "exact", demo)
	require.NoError(t, err)
	assert.Contains(t, out, "step 4: refuted", "translate names the refuted step as check does:\n%s", out)
	assert.NotContains(t, out, "step 0:")

	out, _, err = run(t, dir, nil, "translate", "--checker", "exact", "--json", demo)
	require.NoError(t, err)
	var tr []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &tr))
	require.Len(t, tr, 1)
	assert.EqualValues(t, 0, tr[0]["step_index_base"])
	assert.EqualValues(t, 3, tr[0]["steps"].([]any)[3].(map[string]any)["index"])

	// lean chain: the failing tactic is row 2 of the table, and the verdict line says step 2.
	chain := filepath.Join(dir, "chain.json")
	require.NoError(t, os.WriteFile(chain, []byte(`{"statement": "theorem t (a : Nat) (h : a = 3) : a + 1 = 5", "steps": ["subst h", "decide"]}`), 0o644))
	out, _, err = run(t, dir, nil, "lean", "chain", "--repl-command", "leanprm sim repl", chain)
	require.Error(t, err)
	assert.Contains(t, out, "step 2 failed", out)
	assert.NotContains(t, out, "step 1 failed", out)
	out, _, err = run(t, dir, nil, "lean", "chain", "--json", "--repl-command", "leanprm sim repl", chain)
	require.Error(t, err)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.EqualValues(t, 0, rep["step_index_base"])
}

// TestLeanBlocksInChains: ```lean blocks without a REPL say "not checked: no Lean" (a sorry is
// still caught before Lean), `example` is judged like `theorem`, and `translate` treats the
// blocks as Lean, giving the verdicts `check` gives.
func TestLeanBlocksInChains(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	mixed := repoFile(t, "testdata/demo/mixed.md")
	f := filepath.Join(dir, "c.md")
	text := "Problem: p\n\n" +
		"```lean\nexample (a : Nat) (h : a = 6) : a + 4 = 10 := by\n  subst h\n  decide\n```\n\n" +
		"```lean\ntheorem s (a : Nat) (h : a = 6) : a + 4 = 10 := by\n  sorry\n```\n"
	require.NoError(t, os.WriteFile(f, []byte(text), 0o644))

	// No Lean.
	out, _, err := run(t, dir, nil, "check", "--checker", "exact", f)
	require.NoError(t, err)
	assert.Contains(t, out, "not checked: no Lean")
	out, _, err = run(t, dir, nil, "check", "--checker", "exact", "--jsonl", f)
	require.NoError(t, err)
	steps := decodeLines(t, out)[0]["steps"].([]any)
	require.Len(t, steps, 2)
	first, second := steps[0].(map[string]any), steps[1].(map[string]any)
	assert.Equal(t, "none", first["verdict"])
	assert.Contains(t, jsonText(t, first["obligations"]), "not checked: no Lean")
	assert.Equal(t, "unknown", second["verdict"], "a sorry is caught without Lean")
	assert.Contains(t, jsonText(t, second["obligations"]), "sorry")

	out, _, err = run(t, dir, nil, "translate", "--checker", "exact", f)
	require.NoError(t, err)
	assert.Contains(t, out, "step 1: not checked: no Lean")
	assert.Contains(t, out, "step 2: unknown")
	assert.NotContains(t, out, "prose", "Lean is not read as prose:\n%s", out)

	// Through the simulator: `example` is verified like a theorem, and translate agrees with
	// check step by step.
	out, _, err = run(t, dir, nil, "check", "--checker", "lean", "--repl-command", "leanprm sim repl", "--jsonl", f)
	require.NoError(t, err)
	steps = decodeLines(t, out)[0]["steps"].([]any)
	assert.Equal(t, "verified", steps[0].(map[string]any)["verdict"], jsonText(t, steps[0]))
	assert.Equal(t, "sim", steps[0].(map[string]any)["checker"])

	for _, file := range []string{f, mixed} {
		out, _, err = run(t, dir, nil, "check", "--checker", "lean", "--repl-command", "leanprm sim repl", "--jsonl", file)
		require.NoError(t, err)
		var want []string
		for _, s := range decodeLines(t, out)[0]["steps"].([]any) {
			want = append(want, s.(map[string]any)["verdict"].(string))
		}
		out, _, err = run(t, dir, nil, "translate", "--checker", "lean", "--repl-command", "leanprm sim repl", "--json", file)
		require.NoError(t, err)
		var tr []struct {
			Steps []struct {
				Verdict string
				Text    string
			}
		}
		require.NoError(t, json.Unmarshal([]byte(out), &tr))
		require.Len(t, tr, 1)
		require.Len(t, tr[0].Steps, len(want))
		for i, s := range tr[0].Steps {
			if strings.HasPrefix(strings.TrimSpace(s.Text), "theorem") || strings.HasPrefix(strings.TrimSpace(s.Text), "example") {
				assert.Equal(t, want[i], s.Verdict, "%s step %d", filepath.Base(file), i+1)
			}
		}
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// TestDoctorShowsProgressAndHonoursStartTimeout: doctor says on stderr that a REPL is
// starting and under which limit, and a REPL that never answers fails the start-up check
// at the limit the user set (--start-timeout, lean.start_timeout).
func TestDoctorShowsProgressAndHonoursStartTimeout(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	for _, how := range []struct {
		args []string
		env  map[string]string
	}{
		{[]string{"--start-timeout", "1s"}, nil},
		{nil, map[string]string{"LEANPRM_LEAN_START_TIMEOUT": "1s"}},
	} {
		args := append([]string{"doctor", "--repl-command", "leanprm sim repl -hang-after 0"}, how.args...)
		out, errOut, err := run(t, dir, how.env, args...)
		require.Error(t, err)
		assert.Equal(t, exitError, exitCode(err, &strings.Builder{}))
		assert.Contains(t, errOut, "starting one REPL worker")
		assert.Contains(t, errOut, "limit 1s")
		assert.Regexp(t, `repl start\s+fail.*timed out after 1s`, out)
	}
}

// TestREADMEDocumentsEverySetting: the README's configuration block names every key leanprm
// reads (config.Keys), and asks for the Go version go.mod pins.
func TestREADMEDocumentsEverySetting(t *testing.T) {
	readme, err := os.ReadFile(repoFile(t, "README.md"))
	require.NoError(t, err)
	text := string(readme)
	start := strings.Index(text, "```yaml\nchecker:")
	require.GreaterOrEqual(t, start, 0, "the README has a configuration block")
	block := text[start : start+strings.Index(text[start+3:], "```")+3]
	for _, key := range config.Keys() {
		parts := strings.Split(key, ".")
		leaf := parts[len(parts)-1]
		assert.Regexp(t, `(?m)^\s*`+leaf+`:`, block, "README configuration block lacks %s", key)
	}

	gomod, err := os.ReadFile(repoFile(t, "go.mod"))
	require.NoError(t, err)
	var goVersion string
	for _, l := range strings.Split(string(gomod), "\n") {
		if v, ok := strings.CutPrefix(l, "go "); ok {
			goVersion = strings.TrimSpace(v)
		}
	}
	require.NotEmpty(t, goVersion)
	assert.Contains(t, text, "Go "+goVersion+" or newer", "README and go.mod agree on the Go version")
}
