package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/report"
)

// TestGradePolicySettingsFromBinary runs the binary (the test binary as leanprm) on the
// debatable pairs of docs/OUTCOME.md's Policy table: each grade.* setting, given as a flag or
// as LEANPRM_GRADE_*, changes the verdict the way the table says, and the reason names the
// setting that decided.
func TestGradePolicySettingsFromBinary(t *testing.T) {
	rows := policyRows(t)
	assert.Contains(t, rows["`grade.percent`"], "`fraction` (p/100 only), `number` (p only)")
	assert.Contains(t, rows["`grade.bare_number`"], "`unknown`")
	for _, c := range []struct {
		args          []string
		env           string
		gold, answer  string
		verdict, says string
	}{
		{nil, "", `50\%`, "0.5", "equal", ""},
		{nil, "", `50\%`, "50", "equal", ""},
		{[]string{"--grade-percent", "fraction"}, "", `50\%`, "0.5", "equal", "(grade.percent: fraction)"},
		{[]string{"--grade-percent", "fraction"}, "", `50\%`, "50", "different", "(grade.percent: fraction)"},
		{nil, "LEANPRM_GRADE_PERCENT=number", `50\%`, "0.5", "different", "(grade.percent: number)"},
		{nil, "LEANPRM_GRADE_PERCENT=number", `50\%`, "50", "equal", "(grade.percent: number)"},
		{[]string{"--grade-percent", "either"}, "LEANPRM_GRADE_PERCENT=number", `50\%`, "0.5", "equal", ""},
		{nil, "", `5 cm`, "5", "equal", ""},
		{[]string{"--grade-bare-number", "unknown"}, "", `5 cm`, "5", "unknown", "(grade.bare_number: unknown)"},
		{nil, "LEANPRM_GRADE_BARE_NUMBER=unknown", `\$18`, "18", "unknown", "(grade.bare_number: unknown)"},
		{[]string{"--grade-bare-number", "unknown"}, "", `250 cm`, "2.5 m", "equal", ""}, // units on both sides
	} {
		cmd := child(t, append([]string{"grade", "--json", "--gold", c.gold, "--answer", c.answer}, c.args...)...)
		if c.env != "" {
			cmd.Env = append(cmd.Env, c.env)
		}
		out, err := cmd.Output()
		require.NoError(t, err, "%v %s", c.args, c.env)
		var got struct{ Verdict, Reason string }
		require.NoError(t, json.Unmarshal(out, &got), "%s", out)
		assert.Equal(t, c.verdict, got.Verdict, "%v %s: %s against %s (%s)", c.args, c.env, c.gold, c.answer, got.Reason)
		if c.says != "" {
			assert.Contains(t, got.Reason, c.says, "%v %s", c.args, c.env)
		} else {
			assert.NotContains(t, got.Reason, "grade.", "the default names no setting")
		}
	}
}

// An unknown grade.* value is refused before anything is graded: exit 2 from a flag, 1 from
// the environment, the message naming the key and its values.
func TestGradePolicyInvalidFromBinary(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  string
		code int
		want string
	}{
		{[]string{"--grade-percent", "fractoin"}, "", exitUsage, `setting grade.percent: "fractoin" is not one of either, fraction, number`},
		{nil, "LEANPRM_GRADE_BARE_NUMBER=in-unit", exitError, `setting grade.bare_number: "in-unit" is not one of in_unit, unknown`},
	} {
		cmd := child(t, append([]string{"grade", "--json", "--gold", "1", "--answer", "1"}, c.args...)...)
		if c.env != "" {
			cmd.Env = append(cmd.Env, c.env)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		var ee *exec.ExitError
		require.True(t, errors.As(err, &ee), "%v %s: %v", c.args, c.env, err)
		assert.Equal(t, c.code, ee.ExitCode())
		assert.Contains(t, stderr.String(), c.want)
		assert.Empty(t, out, "nothing graded")
	}
}

// check grades a chain's answer with the same grader: grade.bare_number from leanprm.yaml
// makes the demo's bare "2" against the gold "$2" unknown, where the default pays it equal.
func TestCheckHonoursGradeSettings(t *testing.T) {
	demo := repoFile(t, "testdata/demo/outcome.jsonl")
	outcomeOf := func(dir string) report.CheckJSON {
		t.Helper()
		out, _, err := run(t, dir, map[string]string{"XDG_CONFIG_HOME": t.TempDir()}, "check", "--checker", "exact", "--json", demo)
		require.NoError(t, err)
		var got []report.CheckJSON
		require.NoError(t, json.Unmarshal([]byte(out), &got))
		for _, c := range got {
			if c.ID == "pens-2" {
				require.NotNil(t, c.Outcome)
				return c
			}
		}
		t.Fatal("no pens-2")
		return report.CheckJSON{}
	}
	def := outcomeOf(t.TempDir())
	assert.Equal(t, "equal", string(def.Outcome.Verdict), def.Outcome.Reason)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leanprm.yaml"), []byte("grade:\n  bare_number: unknown\n"), 0o644))
	set := outcomeOf(dir)
	assert.Equal(t, "unknown", string(set.Outcome.Verdict))
	assert.Contains(t, set.Outcome.Reason, "(grade.bare_number: unknown)")
}

// policyRows are the rows of docs/OUTCOME.md's Policy table by the key their setting names.
func policyRows(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(repoFile(t, "docs/OUTCOME.md"))
	require.NoError(t, err)
	_, s, ok := strings.Cut(string(b), "\n## Policy\n")
	require.True(t, ok, "docs/OUTCOME.md has a Policy section")
	s, _, _ = strings.Cut(s, "\n## ")
	rows := map[string]string{}
	for _, l := range strings.Split(s, "\n") {
		if cells := strings.Split(l, " | "); len(cells) == 3 && strings.HasPrefix(cells[2], "`grade.") {
			key, _, _ := strings.Cut(cells[2], ":")
			rows[key] = cells[2]
		}
	}
	require.Len(t, rows, 2, "the Policy table names grade.percent and grade.bare_number")
	return rows
}
