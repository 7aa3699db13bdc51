package verify

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseAxiomsReport(t *testing.T) {
	for _, tc := range []struct {
		data   string
		name   string
		axioms []string
		ok     bool
	}{
		{"'t1' depends on axioms: [propext, Classical.choice, Quot.sound]", "t1", []string{"propext", "Classical.choice", "Quot.sound"}, true},
		{"'t1' does not depend on any axioms", "t1", []string{}, true},
		{"  'Foo.t1' depends on axioms: [propext]\n", "Foo.t1", []string{"propext"}, true},
		{"'t1'' depends on axioms: [sorryAx]", "t1'", []string{"sorryAx"}, true},
		{"'h'' does not depend on any axioms", "h'", []string{}, true},
		{"'«my thm»' depends on axioms: [Lean.ofReduceBool, Lean.trustCompiler]", "«my thm»", []string{"Lean.ofReduceBool", "Lean.trustCompiler"}, true},
		// The pretty printer may break a long list over lines.
		{"'big' depends on axioms: [propext,\n  Classical.choice,\n  Quot.sound]", "big", []string{"propext", "Classical.choice", "Quot.sound"}, true},
		// A Lean with one axiom per native computation (lean4 PR #12217) prints generated names.
		{"'n' depends on axioms: [n._native.native_decide.ax_1_1]", "n", []string{"n._native.native_decide.ax_1_1"}, true},
		{"'t1' depends on axioms: []", "", nil, false},
		{"'t1' depends on axioms: [propext", "", nil, false},
		{"'t1' depends on axioms: [a, , b]", "", nil, false},
		{"'t1' depends on axioms: [a] and more", "", nil, false},
		{"t1 depends on axioms: [propext]", "", nil, false},
		{"'' does not depend on any axioms", "", nil, false},
		{"unknown constant 't1'", "", nil, false},
		{"", "", nil, false},
	} {
		name, axioms, ok := ParseAxiomsReport(tc.data)
		assert.Equal(t, tc.ok, ok, "%q", tc.data)
		assert.Equal(t, tc.name, name, "%q", tc.data)
		assert.Equal(t, tc.axioms, axioms, "%q", tc.data)
	}
}

func TestJudge(t *testing.T) {
	const line = 4
	report := func(data string) Message { return Message{Severity: "info", Line: line, Data: data} }
	ok := report("'t1' depends on axioms: [propext]")
	for _, tc := range []struct {
		name   string
		reply  Reply
		want   []Code
		axioms []string
	}{
		{"standard axioms", Reply{Messages: []Message{report("'t1' depends on axioms: [propext, Classical.choice, Quot.sound]")}}, nil, []string{"propext", "Classical.choice", "Quot.sound"}},
		{"no axioms", Reply{Messages: []Message{report("'t1' does not depend on any axioms")}}, nil, []string{}},
		{"linter warnings are fine", Reply{Messages: []Message{{Severity: "warning", Line: 2, Data: "unused variable `h`"}, ok}}, nil, []string{"propext"}},
		{"report with unknown position", Reply{Messages: []Message{{Severity: "info", Data: "'t1' does not depend on any axioms"}}}, nil, []string{}},
		{"sorryAx", Reply{Messages: []Message{report("'t1' depends on axioms: [propext, sorryAx]")}}, []Code{CodeDisallowedAxioms, CodeLeanSorry}, []string{"propext", "sorryAx"}},
		{"native_decide", Reply{Messages: []Message{report("'t1' depends on axioms: [Lean.ofReduceBool, Lean.trustCompiler]")}}, []Code{CodeDisallowedAxioms}, []string{"Lean.ofReduceBool", "Lean.trustCompiler"}},
		{"user axiom", Reply{Messages: []Message{report("'t1' depends on axioms: [cheat]")}}, []Code{CodeDisallowedAxioms}, []string{"cheat"}},
		{"error message", Reply{Messages: []Message{{Severity: "error", Line: 3, Column: 2, Data: "unsolved goals\na b : Nat\n⊢ a = 6"}, ok}}, []Code{CodeLeanError}, []string{"propext"}},
		{"error severity in capitals", Reply{Messages: []Message{{Severity: "Error", Line: 3, Data: "x"}, ok}}, []Code{CodeLeanError}, []string{"propext"}},
		{"sorry warning with backticks", Reply{Messages: []Message{{Severity: "warning", Line: 1, Data: "declaration uses `sorry`"}, ok}}, []Code{CodeLeanSorry}, []string{"propext"}},
		{"sorry warning with apostrophes", Reply{Messages: []Message{{Severity: "warning", Line: 1, Data: "declaration uses 'sorry'"}, ok}}, []Code{CodeLeanSorry}, []string{"propext"}},
		{"sorries in the reply", Reply{Sorries: []Sorry{{Goal: "⊢ a = 6", Line: 2, Column: 4}}, Messages: []Message{ok}}, []Code{CodeLeanSorry}, []string{"propext"}},
		{"no report", Reply{}, []Code{CodeAxiomsMissing}, nil},
		{"two reports", Reply{Messages: []Message{ok, ok}}, []Code{CodeAxiomsMissing}, nil},
		{"report about another theorem", Reply{Messages: []Message{report("'t2' depends on axioms: [propext]")}}, []Code{CodeAxiomsMissing}, nil},
		{"report on another line", Reply{Messages: []Message{{Severity: "info", Line: 2, Data: "'t1' does not depend on any axioms"}, ok}}, []Code{CodeAxiomsSpoofed}, []string{"propext"}},
		{"garbled report", Reply{Messages: []Message{report("'t1' depends on axioms: propext")}}, []Code{CodeAxiomsMissing}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Judge(tc.reply, "t1", line, 0, DefaultAllowedAxioms)
			assert.Equal(t, tc.want, codesOf(v.Reasons), "%v", v.Reasons)
			assert.Equal(t, tc.axioms, v.Axioms)
		})
	}
}

func TestJudgeMapsLinesBack(t *testing.T) {
	// Cmd had one preamble line before the submission, so Cmd line 3 is submission line 2.
	v := Judge(Reply{Messages: []Message{
		{Severity: "error", Line: 3, Column: 5, Data: "type mismatch"},
		{Severity: "error", Line: 1, Column: 0, Data: "in the preamble"},
		{Severity: "info", Line: 6, Data: "'t1' does not depend on any axioms"},
	}}, "t1", 6, 1, DefaultAllowedAxioms)
	require.Len(t, v.Reasons, 2)
	assert.Equal(t, Reason{Code: CodeLeanError, Detail: "type mismatch", Line: 2, Column: 5}, v.Reasons[0])
	assert.Equal(t, 0, v.Reasons[1].Line, "a preamble position has no place in the submission")
}

func TestJudgeStricterAllowList(t *testing.T) {
	v := Judge(Reply{Messages: []Message{{Severity: "info", Line: 2, Data: "'t1' depends on axioms: [propext, Classical.choice]"}}},
		"t1", 2, 0, []string{"propext"})
	assert.Equal(t, []Code{CodeDisallowedAxioms}, codesOf(v.Reasons))
	assert.Contains(t, v.Reasons[0].Detail, "Classical.choice")
}

// blockingRunner answers only when its context ends.
type blockingRunner struct{}

func (blockingRunner) Backend() string { return "lean" }
func (blockingRunner) RunCommand(ctx context.Context, _, _ string) (Reply, error) {
	<-ctx.Done()
	return Reply{}, ctx.Err()
}

// recordingKernel answers verdict and keeps the context it was called with.
type recordingKernel struct {
	verdict KernelVerdict
	ctx     context.Context
}

func (k *recordingKernel) CheckKernel(ctx context.Context, _ KernelInput) KernelVerdict {
	k.ctx = ctx
	return k.verdict
}

func TestCheckWithRunner(t *testing.T) {
	honest := st1 + " := by\n  subst hb; subst h; rfl"
	t.Run("verified", func(t *testing.T) {
		r := &scriptedRunner{backend: "lean"}
		res := Check(context.Background(), st1, honest, Options{Runner: r, Header: "import Mathlib"})
		assert.Equal(t, Result{Status: StatusVerified, Checker: "lean", Theorem: "t1", Axioms: []string{"propext", "Quot.sound"},
			Tier: "repl", Kernel: NotKernelReplayed}, res, "without a kernel tier the result says it was not kernel-replayed")
		assert.Equal(t, []string{"import Mathlib\n", "import Mathlib\n"}, r.headers, "the proof, then the statement alone in the same header")
	})
	t.Run("kernel tier", func(t *testing.T) {
		for _, kv := range []KernelVerdict{{Accepted: true}, {Reasons: []Reason{{Code: CodeKernelRejected}}}, {Error: true, Reasons: []Reason{{Code: CodeKernelUnavailable}}}} {
			k := &recordingKernel{verdict: kv}
			res := Check(context.Background(), st1, honest, Options{Runner: &scriptedRunner{backend: "lean"}, Kernel: k, Timeout: time.Minute})
			assert.Equal(t, "kernel", res.Tier)
			_, rowDeadline := k.ctx.Deadline()
			assert.False(t, rowDeadline, "the kernel tier runs under its own limit (kernel.timeout), not the row's lean.timeout")
			switch {
			case kv.Accepted:
				assert.Equal(t, StatusVerified, res.Status)
				assert.Equal(t, KernelReplayed, res.Kernel)
			case kv.Error:
				assert.Equal(t, StatusError, res.Status)
				assert.Empty(t, res.Kernel)
			default:
				assert.Equal(t, StatusFailed, res.Status)
				assert.Empty(t, res.Kernel)
			}
		}
	})
	t.Run("simulator is named sim", func(t *testing.T) {
		res := Check(context.Background(), st1, honest, Options{Runner: &scriptedRunner{backend: "sim"}})
		assert.Equal(t, "sim", res.Checker)
	})
	t.Run("Lean error fails", func(t *testing.T) {
		r := &scriptedRunner{backend: "lean", replies: map[string]Reply{"rfl": {Messages: []Message{{Severity: "error", Line: 2, Column: 24, Data: "The rfl tactic failed"}}}}}
		res := Check(context.Background(), st1, honest, Options{Runner: r})
		assert.Equal(t, StatusFailed, res.Status)
		assert.Equal(t, []Reason{{Code: CodeLeanError, Detail: "The rfl tactic failed", Line: 2, Column: 24}}, res.Reasons)
	})
	t.Run("stricter axioms", func(t *testing.T) {
		res := Check(context.Background(), st1, honest, Options{Runner: &scriptedRunner{backend: "lean"}, AllowedAxioms: []string{"propext"}})
		assert.Equal(t, StatusFailed, res.Status)
		assert.Equal(t, []Code{CodeDisallowedAxioms}, res.Codes())
	})
	t.Run("timeout fails the proof", func(t *testing.T) {
		res := Check(context.Background(), st1, honest, Options{Runner: blockingRunner{}, Timeout: 10 * time.Millisecond})
		assert.Equal(t, StatusFailed, res.Status)
		assert.Equal(t, []Code{CodeTimeout}, res.Codes())
	})
	t.Run("cancellation is a checker error", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res := Check(ctx, st1, honest, Options{Runner: blockingRunner{}, Timeout: time.Hour})
		assert.Equal(t, StatusError, res.Status)
		assert.Equal(t, []Code{CodeCheckerError}, res.Codes())
	})
	t.Run("runner failure", func(t *testing.T) {
		res := Check(context.Background(), st1, honest, Options{Runner: &scriptedRunner{backend: "lean", err: errors.New("REPL exited")}})
		assert.Equal(t, StatusError, res.Status)
		assert.Equal(t, "lean", res.Checker)
		assert.Contains(t, res.Reasons[0].Detail, "REPL exited")
	})
	t.Run("no runner", func(t *testing.T) {
		res := Check(context.Background(), st1, honest, Options{})
		assert.Equal(t, StatusError, res.Status)
		assert.Equal(t, []Code{CodeNoChecker}, res.Codes())
	})
	t.Run("bad statement", func(t *testing.T) {
		res := Check(context.Background(), "def x := 1", honest, Options{Runner: &scriptedRunner{backend: "lean"}})
		assert.Equal(t, StatusError, res.Status)
		assert.Equal(t, []Code{CodeStatementInvalid}, res.Codes())
	})
	t.Run("bad header", func(t *testing.T) {
		res := Check(context.Background(), st1, honest, Options{Runner: &scriptedRunner{backend: "lean"}, Header: "open Real"})
		assert.Equal(t, StatusError, res.Status)
	})
	t.Run("statement imports join the header", func(t *testing.T) {
		r := &scriptedRunner{backend: "lean"}
		res := Check(context.Background(), "import Aesop\n"+st1, "import Aesop\n"+honest, Options{Runner: r, Header: "import Mathlib"})
		assert.Equal(t, StatusVerified, res.Status, "%v", res.Reasons)
		assert.Equal(t, []string{"import Mathlib\nimport Aesop\n", "import Mathlib\nimport Aesop\n"}, r.headers)
	})
	t.Run("miniF2F layout", func(t *testing.T) {
		// The Lean 4 miniF2F files: imports, options and opens, then the theorem with a stub.
		const pre = "import Mathlib\nimport Aesop\n\nset_option maxHeartbeats 400000\n\nopen BigOperators Real Nat Topology Rat\n\n"
		statement := pre + "/-- The sum of 1/2 and 1/3. -/\ntheorem mathd_algebra_x : (1 : ℝ) / 2 + 1 / 3 = 5 / 6 := by\n  sorry"
		proof := pre + "theorem mathd_algebra_x : (1 : ℝ) / 2 + 1 / 3 = 5 / 6 := by\n  norm_num"
		r := &scriptedRunner{backend: "lean"}
		res := Check(context.Background(), statement, proof, Options{Runner: r, Header: "import Mathlib\nimport Aesop"})
		assert.Equal(t, StatusVerified, res.Status, "%v", res.Reasons)
		assert.Equal(t, []string{"import Mathlib\nimport Aesop\n", "import Mathlib\nimport Aesop\n"}, r.headers)
		// Opening one more namespace than the official preamble is not a copy of it.
		res = Check(context.Background(), statement, strings.Replace(proof, "Rat\n", "Rat Classical\n", 1), Options{Runner: r, Header: "import Mathlib\nimport Aesop"})
		assert.Equal(t, StatusRejected, res.Status)
		assert.Contains(t, res.Codes(), CodeOpenRebinding)
		// Raising the official option beyond the cap is not a copy either.
		res = Check(context.Background(), statement, strings.Replace(proof, "400000", "0", 1), Options{Runner: r, Header: "import Mathlib\nimport Aesop"})
		assert.Contains(t, res.Codes(), CodeUnlimitedHeartbeats)
	})
	t.Run("rejected proofs never reach Lean", func(t *testing.T) {
		r := &scriptedRunner{backend: "lean"}
		res := Check(context.Background(), st1, strings.Replace(honest, "rfl", "sorry", 1), Options{Runner: r})
		assert.Equal(t, StatusRejected, res.Status)
		assert.Zero(t, r.calls)
	})
}

// TestCallerDeadlineIsNoVerdict: a caller's deadline (a request's timeout) that falls before
// the row's own limit is no verdict — StatusError, never a failed proof — even when the
// row's timer and the caller's fire at the same moment and in either order. Before, the row
// inherited the caller's deadline as its own, and whichever timer fired first decided.
func TestCallerDeadlineIsNoVerdict(t *testing.T) {
	honest := st1 + " := by\n  subst hb; subst h; rfl"
	for i := range 40 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(1+i%3)*time.Millisecond)
		res := CheckInput(ctx, Input{ID: "p", Statement: st1, Proof: honest}, Options{Runner: blockingRunner{}, Timeout: 30 * time.Second})
		cancel()
		require.Equal(t, StatusError, res.Status, "run %d: %+v", i, res)
		assert.NotContains(t, res.Codes(), CodeTimeout, "run %d", i)
	}
}
