package verify

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/leansim/replsim"
)

// guardRunner answers like a Lean that accepts every command with the standard axioms, and
// prints the theorem's type as clean for the statement alone (the command that proves it by
// sorry) and as proof for the candidate. Not Lean: it scripts the two sides of the guard.
type guardRunner struct {
	clean, proof   string // the #check reports; "" for none
	cleanErr       error  // the clean run fails
	cleanLeanError string // the clean run gets a Lean error

	mu         sync.Mutex
	cleanCalls int
}

func (r *guardRunner) Backend() string { return "fake" }

func (r *guardRunner) RunCommand(_ context.Context, _, cmd string) (Reply, error) {
	isClean := strings.Contains(cmd, " := sorry\n"+GuardCommand("t1"))
	var rep Reply
	report := r.proof
	if isClean {
		r.mu.Lock()
		r.cleanCalls++
		r.mu.Unlock()
		if r.cleanErr != nil {
			return Reply{}, r.cleanErr
		}
		report = r.clean
		if r.cleanLeanError != "" {
			rep.Messages = append(rep.Messages, Message{Severity: "error", Line: 1, Data: r.cleanLeanError})
		}
	}
	for i, line := range strings.Split(cmd, "\n") {
		if name, ok := strings.CutPrefix(line, "#print axioms "); ok {
			rep.Messages = append(rep.Messages, Message{Severity: "info", Line: i + 1, Data: "'" + name + "' depends on axioms: [propext]"})
		}
		if strings.Contains(line, "#check @_root_.") && report != "" {
			rep.Messages = append(rep.Messages, Message{Severity: "info", Line: i + 1, Column: strings.Index(line, "#check"), Data: report})
		}
	}
	return rep, nil
}

const (
	cleanMul = "@t1 : ∀ (a b : Nat), @Eq.{1} Nat (@HMul.hMul.{0, 0, 0} Nat Nat Nat (@instHMul.{0} Nat instMulNat) a b) a"
	cheatMul = "@t1 : ∀ (a b : Nat), @Eq.{1} Nat (@HMul.hMul.{0, 0, 0} Nat Nat Nat cheatMul a b) a"
)

func TestGuardComparesElaboratedTypes(t *testing.T) {
	honest := st1 + " := by\n  omega"
	for _, tc := range []struct {
		name   string
		runner *guardRunner
		status Status
		code   Code
	}{
		{"same type", &guardRunner{clean: cleanMul, proof: cleanMul}, StatusVerified, ""},
		{"an instance changed the type", &guardRunner{clean: cleanMul, proof: cheatMul}, StatusFailed, CodeTypeChanged},
		{"no report for the proof", &guardRunner{clean: cleanMul}, StatusFailed, CodeTypeReportMissing},
		{"abbreviated report", &guardRunner{clean: "@t1 : ⋯", proof: "@t1 : ⋯"}, StatusFailed, CodeTypeReportMissing},
		{"statement does not elaborate alone", &guardRunner{clean: cleanMul, proof: cleanMul, cleanLeanError: "unknown identifier 'f'"}, StatusError, CodeStatementInvalid},
		{"no report for the statement", &guardRunner{proof: cleanMul}, StatusError, CodeStatementInvalid},
		{"clean run fails", &guardRunner{proof: cleanMul, cleanErr: errors.New("REPL crashed")}, StatusError, CodeCheckerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Check(context.Background(), st1, honest, Options{Runner: tc.runner})
			assert.Equal(t, tc.status, res.Status, "%v", res.Reasons)
			if tc.code == "" {
				assert.Empty(t, res.Reasons)
				return
			}
			assert.Equal(t, []Code{tc.code}, res.Codes(), "%v", res.Reasons)
			assert.Zero(t, res.Reasons[0].Line, "the checker's own lines have no place in the submission")
		})
	}
	t.Run("the difference is shown", func(t *testing.T) {
		res := Check(context.Background(), st1, honest, Options{Runner: &guardRunner{clean: cleanMul, proof: cheatMul}})
		require.Len(t, res.Reasons, 1)
		assert.Contains(t, res.Reasons[0].Detail, "cheatMul")
		assert.Contains(t, res.Reasons[0].Detail, "instHMul")
	})
}

func TestReferenceCommand(t *testing.T) {
	st, err := ParseStatement("import Mathlib\nopen Real\n\ntheorem r (x : ℝ) (h : 0 < x) : 0 < x ^ 2 := by\n  sorry")
	require.NoError(t, err)
	cmd, line := referenceCommand(st)
	assert.Equal(t, "open Real\ntheorem r (x : ℝ) (h : 0 < x) : 0 < x ^ 2 := sorry\n"+GuardCommand("r")+"\n", cmd)
	assert.Equal(t, 3, line)
	assert.True(t, strings.HasPrefix(GuardCommand("r"), "set_option pp.all true in "))
	assert.True(t, strings.HasSuffix(GuardCommand("Foo.r"), " in #check @_root_.Foo.r"))
	assert.True(t, strings.HasSuffix(GuardCommand("_root_.r"), " in #check @_root_.r"))
	assert.NotContains(t, GuardCommand("r"), "\n", "one line, so that its report is found by line")
}

func TestTypeReport(t *testing.T) {
	rep := Reply{Messages: []Message{
		{Severity: "info", Line: 4, Data: "'t1' does not depend on any axioms"},
		{Severity: "warning", Line: 5, Data: "unused"},
		{Severity: "info", Line: 5, Data: " @t1 : True \n"},
		{Severity: "info", Line: 2, Data: "@t1 : False"},
	}}
	got, ok := TypeReport(rep, 5)
	assert.True(t, ok)
	assert.Equal(t, "@t1 : True", got)
	_, ok = TypeReport(rep, 4)
	assert.False(t, ok, "an axioms report is not a type report")
	rep.Messages = append(rep.Messages, Message{Severity: "info", Line: 5, Data: "@t1 : True"})
	_, ok = TypeReport(rep, 5)
	assert.False(t, ok, "two reports on the guard's line: neither is trusted")
}

// A batch elaborates each official statement once in the clean environment, however many
// proofs of it it checks, and retries after a run error instead of remembering it.
func TestGuardReferenceCachedPerStatement(t *testing.T) {
	r := &guardRunner{clean: cleanMul, proof: cleanMul}
	var rows []any
	for _, id := range []string{"a", "b", "c", "d"} {
		rows = append(rows, in{"id": id, "statement": st1, "proof": st1 + " := by omega"})
	}
	var out strings.Builder
	sum, err := RunBatch(context.Background(), strings.NewReader(jsonl(rows...)), &out, BatchOptions{Options: Options{Runner: r}, Workers: 3})
	require.NoError(t, err)
	assert.Equal(t, 4, sum.Verified)
	assert.Equal(t, 1, r.cleanCalls)

	cache := newRefCache()
	calls := 0
	boom := errors.New("crash")
	get := func(err error) (string, error) {
		return cache.get(context.Background(), "k", func() (string, error) { calls++; return "x", err })
	}
	_, e := get(boom)
	assert.ErrorIs(t, e, boom)
	v, e := get(nil)
	assert.NoError(t, e)
	assert.Equal(t, "x", v)
	_, _ = get(boom)
	assert.Equal(t, 2, calls, "a run error is retried, a verdict is kept")
}

// simRunner runs commands on the repository's REPL simulator in process: each header is
// elaborated once and its env reused, as the REPL pool does.
type simRunner struct {
	mu   sync.Mutex
	s    *replsim.Server
	envs map[string]int
}

func newSimRunner() *simRunner {
	return &simRunner{s: replsim.NewServer(replsim.Options{}), envs: map[string]int{}}
}

func (r *simRunner) Backend() string { return "sim" }

func (r *simRunner) RunCommand(_ context.Context, header, cmd string) (Reply, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	type reply struct {
		Env      *int   `json:"env"`
		Message  string `json:"message"`
		Messages []struct {
			Severity string `json:"severity"`
			Pos      struct{ Line, Column int }
			Data     string `json:"data"`
		} `json:"messages"`
		Sorries []struct{ Goal string } `json:"sorries"`
	}
	send := func(req map[string]any) (reply, error) {
		b, _ := json.Marshal(req)
		v, err := r.s.Handle(string(b))
		if err != nil {
			return reply{}, err
		}
		var rep reply
		if err := json.Unmarshal([]byte(v.String()), &rep); err != nil {
			return reply{}, err
		}
		if rep.Env == nil {
			return reply{}, errors.New(rep.Message)
		}
		return rep, nil
	}
	env, ok := r.envs[header]
	if !ok {
		rep, err := send(map[string]any{"cmd": header})
		if err != nil {
			return Reply{}, err
		}
		env = *rep.Env
		r.envs[header] = env
	}
	rep, err := send(map[string]any{"cmd": cmd, "env": env})
	if err != nil {
		return Reply{}, err
	}
	var out Reply
	for _, m := range rep.Messages {
		out.Messages = append(out.Messages, Message{Severity: m.Severity, Line: m.Pos.Line, Column: m.Pos.Column, Data: m.Data})
	}
	for _, s := range rep.Sorries {
		out.Sorries = append(out.Sorries, Sorry{Goal: s.Goal})
	}
	return out, nil
}

// On the simulator, end to end: an honest proof passes the guard; a proof of another
// statement under the official name, which the static layer would refuse but the simulator
// accepts, is caught by the guard alone.
func TestGuardOnSimulator(t *testing.T) {
	r := newSimRunner()
	res := Check(context.Background(), st1, st1+" := by\n  subst hb\n  subst h\n  rfl", Options{Runner: r})
	assert.Equal(t, StatusVerified, res.Status, "%v", res.Reasons)
	assert.Equal(t, "sim", res.Checker)

	st, err := ParseStatement(st1)
	require.NoError(t, err)
	weaker := "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 2 * b := h"
	rep := rawReport(st, weaker)
	res = confirm(context.Background(), Result{Checker: "sim"}, st, "", rep, Options{Runner: r})
	assert.Equal(t, StatusFailed, res.Status, "%v", res.Reasons)
	assert.Equal(t, []Code{CodeTypeChanged}, res.Codes(), "%v", res.Reasons)
}

// rawReport builds what CheckStatic would hand to Lean for proof, without any static check:
// for tests of what Lean and the guard catch on their own.
func rawReport(st *Statement, proof string) StaticReport {
	cmd := strings.TrimRight(proof, "\n") + "\n"
	axiomsLine := strings.Count(cmd, "\n") + 1
	cmd += "#print axioms " + st.NameText + "\n" + GuardCommand(st.NameText) + "\n"
	return StaticReport{Cmd: cmd, AxiomsLine: axiomsLine, GuardLine: axiomsLine + 1}
}
