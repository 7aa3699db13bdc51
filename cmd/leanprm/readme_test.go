package main

// The README's examples, run as the README states them. The test reads README.md at run time, so
// an example cannot drift from what is tested.
//
// Convention (also in docs/CLI.md):
//
//   - Every ```sh or ~~~sh block is preceded by an HTML comment (invisible on GitHub) that starts
//     "<!-- readme-test" and holds one line per command of the block:
//
//     COMMAND-PREFIX => EXPECTATION; EXPECTATION; …
//
//     COMMAND-PREFIX is the start of the command line it is about ("*" for every command of the
//     block). An expectation is `exit N` (the exit status), `stdout: "text"` or `stderr: "text"`
//     (the stream contains text), `file: NAME` (the command created NAME), `run: CMD (why)` (run
//     CMD instead, saying why, e.g. `make demo` is the build plus scripts/demo.sh), or
//     `skip: why` for a command that cannot run here (real Lean, a GPU, a cluster, the
//     internet); the reason is printed with -v.
//   - A command without a line fails the test: a new README example must say what it does.
//   - Commands run with sh in a temporary directory holding testdata/ and scripts/ of the
//     repository and bin/leanprm (this test binary, re-executed as leanprm), as on a fresh clone:
//     no ../shared beside it (a README command that names ../shared fails the test). The data
//     the examples read is what the README's `leanprm data fetch` line downloads, from a
//     loopback server of synthetic benchmark files (datafetchtest, through LEANPRM_DATA_MIRROR
//     and LEANPRM_DATA_PINS) into a temporary XDG_DATA_HOME.
//   - The verdict table is checked by the comment that follows it ("readme-test verdicts"): each
//     backquoted claim in the "what it proves" column, scored alone by check --json, gets the
//     row's verdict; a claim in the "in the merged score" column of the verified row scores 1
//     from source formal.

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/cli/datafetch/datafetchtest"
)

type readmeCmd struct {
	line   string // the command as the README writes it
	expect string // its readme-test line, after "=>"
	block  int    // which shell block of the README it is in
}

// readmeBlocks returns the commands of every shell block with their expectations; a command
// without one is reported by name.
func readmeBlocks(t *testing.T, readme string) (cmds []readmeCmd, missing []string) {
	lines := strings.Split(readme, "\n")
	var directive []string // the lines of the last readme-test comment
	blocks := 0
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "<!-- readme-test") && !strings.HasPrefix(l, "<!-- readme-test verdicts") {
			directive = nil
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "-->"; i++ {
				directive = append(directive, strings.TrimSpace(lines[i]))
			}
			continue
		}
		if l != "```sh" && l != "~~~sh" {
			continue
		}
		fence := l[:3]
		blocks++
		var block []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != fence; i++ {
			c := strings.TrimSpace(lines[i])
			if c == "" || strings.HasPrefix(c, "#") {
				continue
			}
			// A continued line (curl … -d '{…' over two lines) belongs to the command before.
			if len(block) > 0 && (strings.Count(block[len(block)-1], "'")%2 == 1) {
				block[len(block)-1] += "\n" + lines[i]
				continue
			}
			block = append(block, stripComment(c))
		}
		for _, c := range block {
			found := false
			for _, d := range directive {
				prefix, exp, ok := strings.Cut(d, "=>")
				prefix = strings.TrimSpace(prefix)
				if ok && (prefix == "*" || strings.HasPrefix(c, prefix)) {
					cmds, found = append(cmds, readmeCmd{line: c, expect: strings.TrimSpace(exp), block: blocks}), true
					break
				}
			}
			if !found {
				missing = append(missing, c)
			}
		}
		directive = nil
	}
	return cmds, missing
}

// stripComment drops a trailing "# …" comment outside quotes.
func stripComment(c string) string {
	inQ := rune(0)
	for i, r := range c {
		switch {
		case inQ != 0 && r == inQ:
			inQ = 0
		case inQ == 0 && (r == '"' || r == '\''):
			inQ = r
		case inQ == 0 && r == '#' && i > 0 && c[i-1] == ' ':
			return strings.TrimSpace(c[:i])
		}
	}
	return c
}

func readREADME(t *testing.T) string {
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	return string(b)
}

// readmeDir is a working directory laid out as the README's commands expect, and the
// environment they run in: the fixture benchmarks served on loopback for `data fetch`, a data
// directory of their own.
func readmeDir(t *testing.T) (work string, env []string) {
	root := t.TempDir()
	work = filepath.Join(root, "work")
	require.NoError(t, os.MkdirAll(filepath.Join(work, "bin"), 0o755))
	repo, err := filepath.Abs("../..")
	require.NoError(t, err)
	for _, d := range []string{"testdata", "scripts", "lean-project"} {
		require.NoError(t, os.Symlink(filepath.Join(repo, d), filepath.Join(work, d)))
	}
	self, err := os.Executable()
	require.NoError(t, err)
	script := "#!/bin/sh\nLEANPRM_RUN_AS_MAIN=1 exec " + strconv.Quote(self) + " \"$@\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(work, "bin", "leanprm"), []byte(script), 0o755))
	srv := datafetchtest.NewServer(t)
	pins := filepath.Join(root, "pins.json")
	datafetchtest.WriteSources(t, datafetchtest.Benchmarks(srv), pins)
	env = append(os.Environ(), "LEANPRM_RUN_AS_MAIN=", "XDG_DATA_HOME="+filepath.Join(root, "data-home"),
		"LEANPRM_DATA_MIRROR="+srv.URL, "LEANPRM_DATA_PINS="+pins, "LEANPRM_SHARED="+filepath.Join(root, "no-shared"))
	return work, env
}

var quoted = regexp.MustCompile(`^(stdout|stderr): "(.*)"$`)

// TestREADMEExamples runs every shell example of the README and checks what its readme-test
// line says it does.
func TestREADMEExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the README's commands")
	}
	cmds, missing := readmeBlocks(t, readREADME(t))
	require.Empty(t, missing, "README commands without a readme-test line (see the top of readme_test.go)")
	require.NotEmpty(t, cmds)
	work, env := readmeDir(t)
	sessions := map[int][]readmeCmd{} // blocks that are one shell session (readme_session_test.go)
	for _, c := range cmds {
		sessions[c.block] = append(sessions[c.block], c)
	}
	t.Cleanup(func() {
		if !t.Failed() {
			assert.Empty(t, readmeLeftovers(t, work), "files the README's examples create are git-ignored (.gitignore) or go to a scratch directory")
		}
	})
	for _, c := range cmds {
		if block := sessions[c.block]; isSession(block) {
			if c == block[0] {
				t.Run(c.line, func(t *testing.T) { runREADMESession(t, work, env, block) })
			}
			continue
		}
		t.Run(c.line, func(t *testing.T) {
			run := c.line
			var checks []string
			for _, ex := range strings.Split(c.expect, ";") {
				ex = strings.TrimSpace(ex)
				switch {
				case strings.HasPrefix(ex, "skip:"):
					t.Skip("README marks it:", ex)
				case strings.HasPrefix(ex, "run:"):
					run = strings.TrimSpace(strings.TrimPrefix(ex, "run:"))
					if k := strings.Index(run, " ("); k > 0 {
						run = run[:k]
					}
				case ex != "":
					checks = append(checks, ex)
				}
			}
			require.NotContains(t, run, "../shared", "a README example reads the data `leanprm data fetch` puts in data.dir, which a clone has; ../shared is the tests' own")
			require.NotEmpty(t, checks, "a readme-test line states what the command does")
			cmd := exec.CommandContext(context.Background(), "sh", "-c", run)
			cmd.Dir = work
			cmd.Env = append(env[:len(env):len(env)], "XDG_CONFIG_HOME="+t.TempDir())
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else {
				require.NoError(t, err)
			}
			for _, ex := range checks {
				switch {
				case strings.HasPrefix(ex, "exit "):
					want, err := strconv.Atoi(strings.TrimPrefix(ex, "exit "))
					require.NoError(t, err, "readme-test %q", ex)
					assert.Equal(t, want, code, "exit status; stderr: %s", stderr.String())
				case strings.HasPrefix(ex, "file: "):
					_, err := os.Stat(filepath.Join(work, strings.TrimPrefix(ex, "file: ")))
					assert.NoError(t, err, "the command writes %s", ex)
				case quoted.MatchString(ex):
					m := quoted.FindStringSubmatch(ex)
					got := stdout.String()
					if m[1] == "stderr" {
						got = stderr.String()
					}
					assert.Contains(t, got, m[2], "%s of %q", m[1], run)
				default:
					t.Fatalf("readme-test: unknown expectation %q", ex)
				}
			}
		})
	}
}

// readmeLeftovers are the files the README's examples left in their working directory that
// the repository's .gitignore does not ignore (a "/NAME" line): run in a checkout, they would
// show up as changes.
func readmeLeftovers(t *testing.T, work string) []string {
	ignore, err := os.ReadFile("../../.gitignore")
	require.NoError(t, err)
	ignored := map[string]bool{}
	for _, l := range strings.Split(string(ignore), "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(l), "/"); ok {
			ignored[strings.TrimSuffix(name, "/")] = true
		}
	}
	entries, err := os.ReadDir(work)
	require.NoError(t, err)
	var left []string
	for _, en := range entries {
		switch name := en.Name(); {
		case name == "testdata" || name == "scripts" || name == "lean-project" || name == "bin":
		case !ignored[name]:
			left = append(left, name)
		}
	}
	return left
}

// TestREADMEVerdictTable scores each claim the verdict table gives as an example and checks that
// it gets the row's verdict.
func TestREADMEVerdictTable(t *testing.T) {
	readme := readREADME(t)
	start := strings.Index(readme, "| verdict | what it proves |")
	require.GreaterOrEqual(t, start, 0, "the verdict table")
	end := strings.Index(readme[start:], "<!-- readme-test verdicts")
	require.Greater(t, end, 0, "the verdict table is followed by its readme-test comment")
	note := readme[start+end:]
	note = note[:strings.Index(note, "-->")]
	problem := regexp.MustCompile(`under the problem "([^"]*)"`).FindStringSubmatch(note)
	require.Len(t, problem, 2)
	code := regexp.MustCompile("`([^`]*)`")
	type example struct{ claim, verdict, source string }
	var examples []example
	for _, row := range strings.Split(strings.TrimSpace(readme[start:start+end]), "\n")[2:] {
		cells := strings.Split(row, " | ")
		require.GreaterOrEqual(t, len(cells), 3, row)
		verdict := code.FindStringSubmatch(cells[0])[1]
		if verdict == "none" {
			verdict = "none"
		}
		for _, m := range code.FindAllStringSubmatch(cells[1], -1) {
			if strings.Contains(m[1], " = ") || strings.Contains(m[1], "≡") {
				examples = append(examples, example{claim: m[1], verdict: verdict})
			}
		}
		for _, m := range code.FindAllStringSubmatch(cells[2], -1) {
			if strings.Contains(m[1], " = ") {
				examples = append(examples, example{claim: m[1], verdict: verdict, source: "formal"})
			}
		}
	}
	require.GreaterOrEqual(t, len(examples), 10, "the table's examples")
	var md strings.Builder
	for i, ex := range examples {
		if i > 0 {
			md.WriteString("\n---\n\n")
		}
		if strings.Contains(ex.claim, "0.95") {
			md.WriteString("Problem: " + problem[1] + "\n\n")
		}
		md.WriteString("Step 1: " + ex.claim + "\n")
	}
	f := filepath.Join(t.TempDir(), "verdicts.md")
	require.NoError(t, os.WriteFile(f, []byte(md.String()), 0o644))
	var out, errOut strings.Builder
	require.NoError(t, Run(context.Background(), []string{"check", "--json", "--checker", "exact", f}, strings.NewReader(""), &out, &errOut), errOut.String())
	var res []struct {
		Steps []struct {
			Verdict string  `json:"verdict"`
			Score   float64 `json:"score"`
			Source  string  `json:"source"`
		} `json:"steps"`
	}
	require.NoError(t, json.Unmarshal([]byte(out.String()), &res))
	require.Len(t, res, len(examples))
	for i, ex := range examples {
		st := res[i].Steps[0]
		assert.Equal(t, ex.verdict, st.Verdict, "README: %q is %s", ex.claim, ex.verdict)
		if ex.source != "" {
			assert.Equal(t, ex.source, st.Source, "README: %q scores from %s", ex.claim, ex.source)
			assert.Equal(t, 1.0, st.Score, "README: %q scores 1", ex.claim)
		}
	}
}
