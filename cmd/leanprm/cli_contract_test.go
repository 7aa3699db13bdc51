package main

// The command line as a newcomer meets it (issue: one input contract, messages and help a person
// reads). Each test runs Run with the user's own arguments and checks stdout, stderr and the exit
// status together.

import (
	"context"
	"os"
	"path/filepath"
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
		_, errOut, code := runCLI(t, "", args...)
		assert.Equal(t, exitError, code, errOut)
		assert.Contains(t, errOut, "--data DIR")
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
		{[]string{"sim", "lsp", "--help"}, []string{"Usage:\n  leanprm sim lsp [flags]", "Flags:", "--latency duration", "not Lean"},
			[]string{"Usage of", "  -latency"}},
		{[]string{"sim", "repl", "--help"}, []string{"Usage:\n  leanprm sim repl [flags]", "--latency duration", "not Lean"}, []string{"  -latency"}},
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
