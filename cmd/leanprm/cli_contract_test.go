package main

// The command line as a newcomer meets it (issue: one input contract, messages and help a person
// reads). Each test runs Run with the user's own arguments and checks stdout, stderr and the exit
// status together.

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCLI runs one command line as main does and returns what a user sees.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	var out, errOut strings.Builder
	err := Run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	code = exitCode(err, &errOut)
	return out.String(), errOut.String(), code
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

// Invalid UTF-8 in a JSON Lines row is reported as file:line in every command that reads chains,
// the row is skipped, the others are processed, and the exit status says a row was lost.
func TestInvalidUTF8RowIsReportedEverywhere(t *testing.T) {
	in := writeFile(t, "u.jsonl",
		"{\"id\": \"bad\", \"problem\": \"p\", \"steps\": [\"2 + 2 = 5 \xff\"], \"label\": -1}\n"+
			"{\"id\": \"good\", \"problem\": \"p\", \"steps\": [\"2 + 2 = 4\"], \"label\": -1}\n")
	for _, cmd := range []string{"check", "translate", "compare", "select"} {
		t.Run(cmd, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", cmd, "--checker", "exact", in)
			assert.Equal(t, exitError, code, errOut)
			assert.Contains(t, errOut, in+":1:")
			assert.Contains(t, errOut, "UTF-8")
			assert.NotContains(t, out, "bad", "the row is skipped, not scored with its byte replaced")
		})
	}
}

// compare with no formal verdict at all says n/a instead of "0.0%" and "0.000".
func TestCompareWithoutVerdictsSaysNA(t *testing.T) {
	in := writeFile(t, "h.md", "Step 1: hello\n\nStep 2: the end\n")
	out, errOut, code := runCLI(t, "", "compare", "--checker", "exact", in)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "agreement n/a")
	assert.Contains(t, out, "AUC (verified above refuted) n/a")
	assert.NotContains(t, out, "0.0%")
}

// An output file that cannot be written fails before the analysis, with one plain message.
func TestOutputPathIsCheckedFirst(t *testing.T) {
	out, errOut, code := runCLI(t, "", "compare", "--checker", "exact", "--html", "/no/such/dir/r.html", repoFile(t, "testdata/demo/chain.md"))
	assert.Equal(t, exitError, code)
	assert.Empty(t, out, "nothing was analysed")
	assert.Contains(t, errOut, "--html /no/such/dir/r.html: cannot write there: no such file or directory")
}

func TestVersion(t *testing.T) {
	out, errOut, code := runCLI(t, "", "--version")
	require.Equal(t, exitOK, code, errOut)
	assert.True(t, strings.HasPrefix(out, "leanprm "), out)
	assert.Contains(t, out, "commit ")

	out, errOut, code = runCLI(t, "", "version", "--lean-project", repoFile(t, "lean-project"))
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "leanprm ")
	assert.Contains(t, out, "\ncommit ")
	pin, err := os.ReadFile(repoFile(t, "lean-project/lean-toolchain"))
	require.NoError(t, err)
	_, v, _ := strings.Cut(strings.TrimSpace(string(pin)), ":v")
	assert.Contains(t, out, "\nlean "+v)
}

func TestMistypedCommandSuggests(t *testing.T) {
	_, errOut, code := runCLI(t, "", "chek", "x.md")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `did you mean "check"?`)
}

// Messages name what is wrong in the user's terms: no Go types, no package prefixes, no prefix or
// operation said twice.
func TestMessagesWithoutGoInternals(t *testing.T) {
	in := writeFile(t, "n.jsonl", "5\n{\"id\": \"a\", \"problem\": \"p\", \"steps\": [\"1 + 1 = 2\"], \"label\": -1}\n")
	_, errOut, code := runCLI(t, "", "check", "--checker", "exact", in)
	assert.Equal(t, exitError, code)
	assert.Contains(t, errOut, in+":1: invalid JSON: a JSON number where an object belongs")

	dir := t.TempDir()
	_, errOut2, code := runCLI(t, "", "check", "--checker", "exact", dir)
	assert.Equal(t, exitError, code)

	out3, errOut3, _ := runCLI(t, "", "doctor", "--lean-project", repoFile(t, "lean-project"))
	for _, msg := range []string{errOut, errOut2, out3 + errOut3} {
		for _, bad := range []string{"Go value", "Go struct", "chain.row", "leanbridge:", "leanprm: leanprm", "json: "} {
			assert.NotContains(t, msg, bad)
		}
		assert.NotRegexp(t, `read [^:]+: read `, msg)
	}
}

// Empty, binary, missing or directory input is a run error (exit 1) naming the input in every
// command that reads a file, verify-proof and lean chain included.
func TestUnreadableInputExitsOneEverywhere(t *testing.T) {
	empty := writeFile(t, "empty.jsonl", "  \n")
	binary := writeFile(t, "bin.jsonl", "\x7fELF\x02\x01\x01\x00\x00\x00garbage")
	inputs := map[string]string{
		empty:            "the input is empty",
		binary:           "not a text file",
		"/no/such/input": "cannot read it: no such file or directory",
		t.TempDir():      "is a directory",
	}
	for _, cmd := range [][]string{{"check"}, {"translate"}, {"compare"}, {"select"}, {"verify-proof"}, {"lean", "chain"},
		{"eval", "processbench", "--calibration", repoFile(t, "testdata/demo/chain.json")}} {
		for in, msg := range inputs {
			t.Run(strings.Join(cmd, " ")+" "+filepath.Base(in), func(t *testing.T) {
				args := append(append([]string{}, cmd...), "--checker", "exact", in)
				_, errOut, code := runCLI(t, "", args...)
				assert.Equal(t, exitError, code, errOut)
				assert.Contains(t, errOut, in+": "+msg)
			})
		}
	}
	_, errOut, code := runCLI(t, "", "verify-proof", "--checker", "exact", "-")
	assert.Equal(t, exitError, code)
	assert.Contains(t, errOut, "standard input: the input is empty")
}

// A relative data.dir read from another directory: the message names --data and where it looked.
func TestRelativeDataDirHint(t *testing.T) {
	input := repoFile(t, "testdata/demo/chain.json")
	elsewhere := t.TempDir()
	t.Chdir(elsewhere)
	for _, args := range [][]string{{"train", "--cv"}, {"eval", "processbench", input}} {
		_, errOut, code := runCLI(t, "", append(args, "--data", "../shared/data")...)
		assert.Equal(t, exitError, code, errOut)
		assert.Contains(t, errOut, "--data DIR")
		assert.Contains(t, errOut, "leanprm data fetch")
		assert.Contains(t, errOut, filepath.Join(filepath.Dir(elsewhere), "shared", "data"), "the directory it looked in")
	}
}

// Every --help lists the command's own flags and only the configuration flags it uses, each with
// a placeholder for its value; no Go names, no "(default [])".
func TestHelpPages(t *testing.T) {
	cases := []struct {
		args        []string
		has, hasNot []string
	}{
		{[]string{"check", "--help"}, []string{"--repl-command CMD", "--timeout DURATION", "--checker CHECKER", "--fail-on WHAT"},
			[]string{"--nats", "--data", "--server-command", "lake env <repl>   "}},
		{[]string{"train", "--help"}, []string{"--data DIR", "--weight SOURCE=W", "mr-gsm8k=3"},
			[]string{"embedded.", "(default [])", "--repl-command", "--nats"}},
		{[]string{"serve", "--help"}, []string{"--request-timeout DURATION", "--nats URL"}, []string{"--data DIR"}},
		{[]string{"sim", "lsp", "--help"}, []string{"Usage:\n  leanprm sim lsp [flags]", "Flags:", "--latency DURATION", "--crash-after N ", "not Lean"},
			[]string{"Usage of", "  -latency", " int ", " duration "}},
		{[]string{"sim", "repl", "--help"}, []string{"Usage:\n  leanprm sim repl [flags]", "--latency DURATION", "--seed SEED", "not Lean"},
			[]string{"  -latency", " int ", " duration ", "--mathlib import"}},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, errOut, code := runCLI(t, "", c.args...)
			require.Equal(t, exitOK, code, errOut)
			page := out + errOut
			for _, s := range c.has {
				assert.Contains(t, page, s)
			}
			for _, s := range c.hasNot {
				assert.NotContains(t, page, s)
			}
		})
	}
}

// JSON keys are snake_case in every command's output (translate's lean_neg, on_proof and
// on_disproof were camelCase before; docs/CLI.md records the change).
func TestJSONKeysAreSnakeCase(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1") // for the simulator this test binary starts as its REPL
	snake := regexp.MustCompile(`^[a-z0-9]+(_[a-z0-9]+)*$`)
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				assert.Regexp(t, snake, k, "key %s.%s", path, k)
				walk(path+"."+k, x)
			}
		case []any:
			for _, x := range v {
				walk(path+"[]", x)
			}
		}
	}
	demo := repoFile(t, "testdata/demo/chain.md")
	for _, args := range [][]string{
		{"check", "--json", "--checker", "exact", "--obligations", demo},
		{"check", "--jsonl", "--repl-command", "leanprm sim repl", demo},
		{"translate", "--json", demo},
		{"verify-proof", "--jsonl", "--repl-command", "leanprm sim repl", repoFile(t, "testdata/verify/honest.jsonl")},
	} {
		out, errOut, code := runCLI(t, "", args...)
		require.Equal(t, exitOK, code, "%v: %s", args, errOut)
		dec := json.NewDecoder(strings.NewReader(out))
		n := 0
		for dec.More() {
			var v any
			require.NoError(t, dec.Decode(&v), "%v", args)
			walk(args[0], v)
			n++
		}
		assert.Positive(t, n, "%v wrote JSON", args)
	}
}

// verify-proof on a plainly false theorem reports the cause (Lean's error) and not the sorryAx
// that Lean's error recovery puts in its place, which would read like a hidden sorry; the summary
// says "1 proof".
func TestVerifyProofFalseTheoremReportsTheCause(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1") // for the simulator this test binary starts as its REPL
	st := writeFile(t, "st.lean", "theorem t : 2 + 2 = 5\n")
	pf := writeFile(t, "pf.lean", "theorem t : 2 + 2 = 5 := by decide\n")
	out, errOut, code := runCLI(t, "", "verify-proof", "--repl-command", "leanprm sim repl", "--statement", st, "--proof", pf)
	assert.Equal(t, exitFindings, code, errOut)
	assert.Contains(t, out, "lean_error")
	assert.NotContains(t, out, "disallowed_axioms")
	assert.NotContains(t, out, "lean_sorry")
	assert.Contains(t, out, "\n1 proof: ")
	assert.Contains(t, out, "0 errors")
}

// compare, select and eval write JSON with --json: one document a program can read, with the
// figures of the table.
func TestCompareSelectEvalJSON(t *testing.T) {
	demo := writeFile(t, "gsm8k.jsonl",
		`{"id": "gsm8k-a", "problem": "Tom has 2 apples and buys 3. How many?", "steps": ["He has 2 + 3 = 5 apples.", "So 5 * 2 = 11."], "label": 1}`+"\n"+
			`{"id": "gsm8k-b", "problem": "Ann has 4 pens and buys 4. How many?", "steps": ["She has 4 + 4 = 8 pens."], "label": -1}`+"\n")
	out, errOut, code := runCLI(t, "", "compare", "--json", "--checker", "exact", demo)
	require.Equal(t, exitOK, code, errOut)
	var cmp struct {
		Chains    int      `json:"chains"`
		Decided   int      `json:"decided"`
		Agreement *float64 `json:"agreement"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &cmp))
	assert.Equal(t, 2, cmp.Chains)
	assert.Positive(t, cmp.Decided)
	require.NotNil(t, cmp.Agreement)

	out, errOut, code = runCLI(t, "", "compare", "--json", "--checker", "exact", writeFile(t, "h.md", "Step 1: hello\n"))
	require.Equal(t, exitOK, code, errOut)
	var none map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &none))
	assert.Nil(t, none["agreement"], "n/a is null, not 0")
	assert.Nil(t, none["auc"])

	out, errOut, code = runCLI(t, "", "select", "--json", "--checker", "exact", demo)
	require.Equal(t, exitOK, code, errOut)
	var sel struct {
		Selections []struct {
			BestID string `json:"best_id"`
		} `json:"selections"`
		Selector string `json:"selector"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sel))
	require.Len(t, sel.Selections, 2)
	assert.Equal(t, "min", sel.Selector)

	out, errOut, code = runCLI(t, "", "eval", "processbench", "--json", "--cv", "--checker", "exact", "--calibration", demo, demo)
	require.Equal(t, exitOK, code, errOut)
	var ev struct {
		FormalChecker  string            `json:"formal_checker"`
		ProcessBench   []json.RawMessage `json:"processbench"`
		CrossValidated []json.RawMessage `json:"cross_validated"`
		Coverage       []struct {
			Subset string `json:"subset"`
			Steps  int    `json:"steps"`
		} `json:"formal_coverage"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ev))
	assert.Equal(t, "exact", ev.FormalChecker)
	assert.Len(t, ev.ProcessBench, 3, "formal, learned, hybrid")
	assert.Len(t, ev.CrossValidated, 3)
	require.NotEmpty(t, ev.Coverage, "the formal coverage per subset and its average")
	assert.Equal(t, "average", ev.Coverage[len(ev.Coverage)-1].Subset)
	assert.Positive(t, ev.Coverage[len(ev.Coverage)-1].Steps)
}

// verify-proof's table keeps its columns for an id longer than the id column: the id goes on a
// line of its own, the row under it.
func TestVerifyProofTableLongID(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	long := "a-very-long-identifier-of-a-contest-submission-0001"
	in := writeFile(t, "b.jsonl", `{"id": "`+long+`", "statement": "theorem t : 2 + 3 = 5", "proof": "theorem t : 2 + 3 = 5 := by decide"}`+"\n")
	out, errOut, code := runCLI(t, "", "verify-proof", "--repl-command", "leanprm sim repl", in)
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(out, "\n")
	require.GreaterOrEqual(t, len(lines), 3)
	col := strings.Index(lines[0], "STATUS")
	assert.Equal(t, long, lines[1])
	assert.Equal(t, col, strings.Index(lines[2], "verified"), "the status sits under STATUS:\n%s", out)
}

// check's marks: a refuted step is a proven error wherever it stands (here after the predicted
// first error); a first error whose arithmetic was verified says the learned model doubts the
// reasoning; a step that is nothing but its claims is proved (1, formal); the legend explains
// every mark and verdict the table showed.
func TestCheckMarksAndLegend(t *testing.T) {
	in := writeFile(t, "c.md", "Step 1: The muffins brought in 24 × 3 = 72 dollars.\n\nStep 2: So 48 / 2 = 24 clips.\n\nStep 3: Then 36 + 75 = 101 dollars.\n")
	out, errOut, code := runCLI(t, "", "check", "--checker", "exact", "--threshold", "0.999", in)
	require.Equal(t, exitOK, code, errOut)
	table, legend, ok := strings.Cut(out, "\nlegend:\n")
	require.True(t, ok, out)
	rows := strings.Split(table, "\n")
	row := func(n string) string {
		for _, r := range rows {
			if strings.HasPrefix(r, n+"  ") {
				return r
			}
		}
		t.Fatalf("no row %s in\n%s", n, table)
		return ""
	}
	assert.Contains(t, row("1"), "claims verified (exact)")
	assert.Contains(t, row("1"), "← first error: arithmetic verified; the reasoning is doubted by the learned model")
	assert.Regexp(t, `verified \(exact\)\s+\S+\s+1\.000\s+formal`, row("2"))
	assert.Contains(t, row("3"), "✗ proven error")
	for _, explained := range []string{"formal verified", "formal claims verified", "formal refuted", "(exact)", "source formal",
		"source learned", "✗ proven error", "← first error: arithmetic verified", "first error: step N", "min X"} {
		assert.Contains(t, legend, explained)
	}
}

// A verdict does not depend on an unrelated earlier step: an identity is verified after "hello"
// and after a step in modular arithmetic alike (where "=" may mean "≡", a false one is left
// unrefuted, never refuted); and no reader's note ("number glued to letters") stands beside a
// verified claim.
func TestVerdictIndependentOfEarlierStep(t *testing.T) {
	type result []struct {
		Steps []struct {
			Verdict string `json:"verdict"`
			Skipped []struct {
				Reason string `json:"reason"`
			} `json:"skipped"`
		} `json:"steps"`
	}
	translateStep := func(first, second string) (string, int) {
		in := writeFile(t, "c.md", "Step 1: "+first+"\n\nStep 2: "+second+"\n")
		out, errOut, code := runCLI(t, "", "translate", "--json", "--checker", "exact", in)
		require.Equal(t, exitOK, code, errOut)
		var r result
		require.NoError(t, json.Unmarshal([]byte(out), &r))
		return r[0].Steps[1].Verdict, len(r[0].Steps[1].Skipped)
	}
	for _, first := range []string{"hello", "327 mod 17 = 4"} {
		v, skipped := translateStep(first, "$(a + b)^2 = a^2 + 2ab + b^2$")
		assert.Equal(t, "verified", v, "after %q", first)
		assert.Zero(t, skipped, "no note beside the verified identity after %q", first)
		v, _ = translateStep(first, "So $6! = 720$.")
		assert.Equal(t, "verified", v, "after %q", first)
	}
	v, _ := translateStep("327 mod 17 = 4", "$x^3 - 1 = (x + 1)(x^2 - x + 1)$")
	assert.NotEqual(t, "refuted", v, "in a modular chain a claim false over Q may hold as a congruence")
	v, _ = translateStep("hello", "$x^3 - 1 = (x + 1)(x^2 - x + 1)$")
	assert.Equal(t, "refuted", v)
}
