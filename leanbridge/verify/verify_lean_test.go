//go:build lean

// Tests against real Lean (`make e2e`, after `make lean`). They confirm what the rest of the
// suite can only assume from Lean's and the REPL's sources: the exact text of the sorry warning,
// the format and position of the `#print axioms` report, the axioms native_decide and sorry
// leave behind, and that the honest suite really is valid Lean.

package verify

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replBinary is where `leanprm lean setup` builds the REPL inside the Lake project.
const replBinary = ".lake/packages/repl/.lake/build/bin/repl"

// replRunner is a minimal, test-only REPL client (the product uses REPLRunner over
// leanbridge/repl's pool): one process, one request at a time, each header imported once and
// its env reused so that reply positions are relative to the command.
type replRunner struct {
	mu   sync.Mutex
	cmd  *exec.Cmd
	in   io.WriteCloser
	dec  *json.Decoder
	envs map[string]int
}

func startREPL(t *testing.T) *replRunner {
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

	cmd := exec.Command(lake, "env", bin)
	cmd.Dir = project
	cmd.Stderr = os.Stderr
	cmd.WaitDelay = 5 * time.Second
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	r := &replRunner{cmd: cmd, in: in, dec: json.NewDecoder(out), envs: map[string]int{}}
	t.Cleanup(func() {
		_ = r.in.Close() // the REPL exits at EOF
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	return r
}

var _ Runner = (*replRunner)(nil)

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func (r *replRunner) Backend() string { return "lean" }

type replMessage struct {
	Severity string `json:"severity"`
	Pos      struct {
		Line   int `json:"line"`
		Column int `json:"column"`
	} `json:"pos"`
	Data string `json:"data"`
}

type replReply struct {
	Env      *int          `json:"env"`
	Message  string        `json:"message"`
	Messages []replMessage `json:"messages"`
	Sorries  []struct {
		Goal string `json:"goal"`
		Pos  *struct {
			Line   int `json:"line"`
			Column int `json:"column"`
		} `json:"pos"`
	} `json:"sorries"`
}

// send writes one request and reads one reply; the caller holds mu. A reply that does not
// arrive before ctx ends kills the process (the REPL cannot be interrupted).
func (r *replRunner) send(ctx context.Context, req map[string]any) (replReply, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return replReply{}, err
	}
	if _, err := r.in.Write(append(b, '\n', '\n')); err != nil {
		return replReply{}, fmt.Errorf("writing to the REPL: %w", err)
	}
	type result struct {
		rep replReply
		err error
	}
	ch := make(chan result, 1)
	go func() {
		var rep replReply
		err := r.dec.Decode(&rep)
		ch <- result{rep, err}
	}()
	select {
	case res := <-ch:
		if res.err != nil {
			return replReply{}, fmt.Errorf("reading from the REPL: %w", res.err)
		}
		if res.rep.Env == nil {
			return replReply{}, fmt.Errorf("REPL error: %s", res.rep.Message)
		}
		return res.rep, nil
	case <-ctx.Done():
		_ = r.cmd.Process.Kill()
		<-ch
		return replReply{}, ctx.Err()
	}
}

func (r *replRunner) RunCommand(ctx context.Context, header, cmd string) (Reply, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	env, ok := r.envs[header]
	if !ok {
		rep, err := r.send(ctx, map[string]any{"cmd": header})
		if err != nil {
			return Reply{}, err
		}
		for _, m := range rep.Messages {
			if m.Severity == "error" {
				return Reply{}, fmt.Errorf("header %q: %s", header, m.Data)
			}
		}
		env = *rep.Env
		r.envs[header] = env
	}
	rep, err := r.send(ctx, map[string]any{"cmd": cmd, "env": env})
	if err != nil {
		return Reply{}, err
	}
	var out Reply
	for _, m := range rep.Messages {
		out.Messages = append(out.Messages, Message{Severity: m.Severity, Line: m.Pos.Line, Column: m.Pos.Column, Data: m.Data})
	}
	for _, s := range rep.Sorries {
		x := Sorry{Goal: s.Goal}
		if s.Pos != nil {
			x.Line, x.Column = s.Pos.Line, s.Pos.Column
		}
		out.Sorries = append(out.Sorries, x)
	}
	return out, nil
}

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
