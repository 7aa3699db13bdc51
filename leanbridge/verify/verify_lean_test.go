//go:build lean

// Tests against real Lean (`make e2e`, after `make lean`), through the production path
// (REPLRunner over a repl.Pool of sandboxed REPLs). They confirm what the rest of the suite
// can only assume from Lean's and the REPL's sources: the exact text of the sorry warning,
// the format and position of the `#print axioms` report, the axioms native_decide and sorry
// leave behind, and that the honest suite really is valid Lean.

package verify

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/sandbox"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replBinary is where `leanprm lean setup` builds the REPL inside the Lake project.
const replBinary = ".lake/packages/repl/.lake/build/bin/repl"

// startREPL starts the production path against real Lean: a repl.Pool of `lake env repl`
// workers in the Lake project, each confined by the sandbox (as `verify-proof` and `serve`
// run them, see internal/wire), read through REPLRunner. Nothing here is a test-only client.
func startREPL(t *testing.T) Runner {
	t.Helper()
	lake, err := exec.LookPath("lake")
	if err != nil {
		home, _ := os.UserHomeDir()
		if alt := filepath.Join(home, ".elan", "bin", "lake"); fileExists(alt) {
			lake = alt
		} else {
			t.Skip("lake is not on PATH (nor in ~/.elan/bin): real-Lean tests skipped; run `make lean`, then `make e2e`")
		}
	}
	project := os.Getenv("LEANPRM_LEAN_PROJECT")
	if project == "" {
		project = filepath.Join("..", "..", "lean-project")
	}
	project, err = filepath.Abs(project)
	require.NoError(t, err)
	bin := filepath.Join(project, replBinary)
	require.FileExists(t, bin, "the REPL is not built; run `make lean`")

	sb, err := sandbox.New(sandbox.Options{})
	require.NoError(t, err, "the real-Lean tests run Lean as production does, in the sandbox")
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pool, err := repl.NewPool(ctx, repl.Config{
		Command:        []string{lake, "env", bin},
		ProjectDir:     project,
		Confine:        sb.Confine,
		Workers:        1,
		RequestTimeout: 5 * time.Minute,
		StartTimeout:   5 * time.Minute,
	})
	require.NoError(t, err)
	t.Cleanup(func() { pool.Close() })
	require.Equal(t, repl.BackendLean, pool.Backend(), "the pool runs real Lean, not the simulator")
	return REPLRunner(pool)
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func leanCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// Every honest proof of the suite is real Lean and comes out verified, which also confirms that
// the REPL puts the `#print axioms` report on the appended line and that its text parses.
func TestLeanHonestSuiteVerified(t *testing.T) {
	r := startREPL(t)
	ctx := leanCtx(t)
	for _, row := range loadSuite(t, "honest.jsonl") {
		t.Run(row.ID, func(t *testing.T) {
			res := Check(ctx, row.Statement, row.Proof, Options{Runner: r, Timeout: 2 * time.Minute})
			assert.Equal(t, StatusVerified, res.Status, "%s: %v", row.Technique, res.Reasons)
			assert.Equal(t, "lean", res.Checker)
		})
	}
}

// The spellings and formats Judge relies on, read off real Lean.
func TestLeanMessageFormats(t *testing.T) {
	r := startREPL(t)
	ctx := leanCtx(t)
	run := func(cmd string) Reply {
		t.Helper()
		rep, err := r.RunCommand(ctx, "", cmd)
		require.NoError(t, err)
		for _, m := range rep.Messages {
			t.Logf("%s %d:%d %q", m.Severity, m.Line, m.Column, m.Data)
		}
		return rep
	}
	report := func(rep Reply, line int) (string, []string) {
		t.Helper()
		for _, m := range rep.Messages {
			if name, axioms, ok := ParseAxiomsReport(m.Data); ok {
				assert.Equal(t, line, m.Line, "the report sits on the #print axioms line")
				assert.Equal(t, "info", m.Severity)
				return name, axioms
			}
		}
		require.Failf(t, "no parseable axioms report", "in %+v", rep.Messages)
		return "", nil
	}

	t.Run("sorry warning and sorryAx", func(t *testing.T) {
		rep := run("theorem s1 : 1 = 1 := by sorry\n#print axioms s1\n")
		var warned bool
		for _, m := range rep.Messages {
			warned = warned || (m.Severity == "warning" && sorryWarning.MatchString(m.Data))
		}
		assert.True(t, warned, "a `declaration uses sorry` warning in one of the known spellings")
		assert.NotEmpty(t, rep.Sorries)
		name, axioms := report(rep, 2)
		assert.Equal(t, "s1", name)
		assert.Contains(t, axioms, "sorryAx")
		v := Judge(rep, "s1", 2, 0, DefaultAllowedAxioms)
		assert.Contains(t, codesOf(v.Reasons), CodeLeanSorry)
		assert.Contains(t, codesOf(v.Reasons), CodeDisallowedAxioms)
	})
	t.Run("no axioms", func(t *testing.T) {
		rep := run("theorem c1 : True := trivial\n#print axioms c1\n")
		name, axioms := report(rep, 2)
		assert.Equal(t, "c1", name)
		assert.Empty(t, axioms)
		assert.Empty(t, Judge(rep, "c1", 2, 0, DefaultAllowedAxioms).Reasons)
	})
	t.Run("standard axioms", func(t *testing.T) {
		rep := run("theorem e1 (p : Prop) : p ∨ ¬p := Classical.em p\n#print axioms e1\n")
		_, axioms := report(rep, 2)
		assert.Contains(t, axioms, "Classical.choice")
		assert.Subset(t, DefaultAllowedAxioms, axioms)
		assert.Empty(t, Judge(rep, "e1", 2, 0, DefaultAllowedAxioms).Reasons)
	})
	t.Run("native_decide leaves a disallowed axiom", func(t *testing.T) {
		rep := run("theorem n1 : 2 + 2 = 4 := by native_decide\n#print axioms n1\n")
		_, axioms := report(rep, 2)
		t.Logf("native_decide axioms on this toolchain: %v", axioms)
		assert.Contains(t, codesOf(Judge(rep, "n1", 2, 0, DefaultAllowedAxioms).Reasons), CodeDisallowedAxioms)
	})
	t.Run("user axiom", func(t *testing.T) {
		rep := run("axiom cheat : False\ntheorem a1 : 1 = 2 := cheat.elim\n#print axioms a1\n")
		_, axioms := report(rep, 3)
		assert.Contains(t, axioms, "cheat")
	})
	t.Run("prime in the name", func(t *testing.T) {
		rep := run("theorem p1' : True := trivial\n#print axioms p1'\n")
		name, _ := report(rep, 2)
		assert.Equal(t, "p1'", name)
	})
}

// Defense in depth: cheats that the static layer stops are also stopped by Lean alone.
func TestLeanCatchesCheatsWithoutStaticChecks(t *testing.T) {
	r := startREPL(t)
	ctx := leanCtx(t)
	catchable := map[string]bool{
		"sorry-plain": true, "sorry-term": true, "admit-tactic": true, "sorryax-direct": true,
		"sorry-in-helper": true, "native-decide": true, "decide-plus-native": true, "axiom-used": true,
		"axiom-false": true, "changed-renamed": true,
	}
	for _, row := range loadSuite(t, "cheating.jsonl") {
		if !catchable[row.ID] {
			continue
		}
		t.Run(row.ID, func(t *testing.T) {
			st, err := ParseStatement(row.Statement)
			require.NoError(t, err)
			cmd := strings.TrimRight(row.Proof, "\n") + "\n"
			line := strings.Count(cmd, "\n") + 1
			cmd += "#print axioms " + st.NameText + "\n"
			rep, err := r.RunCommand(ctx, "", cmd)
			require.NotErrorIs(t, err, context.DeadlineExceeded, "Lean timed out")
			require.NoError(t, err)

			v := Judge(rep, st.NameText, line, 0, DefaultAllowedAxioms)
			assert.NotEmpty(t, v.Reasons, "Lean alone accepted %s", row.Technique)
			t.Logf("%s: %v", row.ID, v.Reasons)
		})
	}
}

// The honest forms of issue 32 (testdata/guarantee/honest.jsonl) are valid Lean and come out
// verified through the production path.
func TestLeanGuaranteeHonestFormsVerified(t *testing.T) {
	r := startREPL(t)
	ctx := leanCtx(t)
	for _, row := range loadGuarantee(t, "honest.jsonl") {
		t.Run(row.ID, func(t *testing.T) {
			res := Check(ctx, row.Statement, row.Proof, Options{Runner: r, Timeout: 2 * time.Minute})
			assert.Equal(t, StatusVerified, res.Status, "%s: %v", row.Technique, res.Reasons)
			assert.Equal(t, "lean", res.Checker)
		})
	}
}
