package leanbridge_test

// The REPL backend (leanbridge) and the language-server backend (leanbridge/lsp) judge the
// same chains step by step, each on its simulator (the test binary re-executed as
// `leanprm sim repl` or as the LSP simulator; see TestMain in helpers_test.go). Their
// per-step verdicts must agree. This file is an external test package so that it may import
// lsp whatever lsp imports.

import (
	"context"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/leanprm/leanprm/leanbridge"
	"github.com/leanprm/leanprm/leanbridge/lsp"
)

func childEnv(mode string) []string {
	return []string{"LEANPRM_TEST_CHILD=" + mode, "GORACE=atexit_sleep_ms=0"}
}

// lspVerdicts reduces the language server's step results to StepVerdicts: a step is run
// unless an earlier step failed (had an error).
func lspVerdicts(res *lsp.ChainResult) []leanbridge.StepVerdict {
	var out []leanbridge.StepVerdict
	failed := false
	for _, s := range res.Steps {
		v := leanbridge.StepVerdict{Index: s.Index, Tactic: s.Tactic, Run: !failed && !s.Skipped, Accepted: s.Accepted}
		if s.Accepted {
			v.Goals = s.Goals
		}
		for _, m := range s.Messages {
			v.Messages = append(v.Messages, leanbridge.VerdictMessage{Severity: m.Severity, Data: m.Data})
			failed = failed || m.Severity == "error"
		}
		out = append(out, v)
	}
	return out
}

func TestBackendsAgreeOnSimulators(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	w, err := leanbridge.StartWorker(ctx, leanbridge.Config{
		Command: []string{os.Args[0]}, Env: childEnv("replsim"), Workers: 1,
		RequestTimeout: 10 * time.Second, StartTimeout: 10 * time.Second, GracePeriod: time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	c, err := lsp.Start(ctx, lsp.Options{Dir: t.TempDir(), Command: []string{os.Args[0]}, Env: childEnv("lspsim")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())

	chains := []leanbridge.Chain{
		{Statement: "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q", Steps: []string{"constructor", "exact hp", "exact hq"}},
		{Statement: "theorem t (p q : Prop) (hq : q) : p ∨ q", Steps: []string{"right", "exact hq"}},
		{Statement: "theorem t (p q : Prop) (hq : q) : p → q", Steps: []string{"intro hp", "exact hq"}},
		{Statement: "theorem t : 2 + 2 = 4", Steps: []string{"decide"}},
		{Statement: "theorem t : 2 + 2 = 5", Steps: []string{"decide", "rfl"}},
		{Statement: "theorem t (p : Prop) (hp : p) : p ∧ True", Steps: []string{"constructor", "exact foo", "trivial"}},
		{Statement: "theorem t (x : Nat) : x = x", Steps: []string{"rfl"}},
	}
	for _, ch := range chains {
		rr, err := w.CheckChain(ctx, ch)
		if err != nil {
			t.Fatalf("%q: REPL: %v", ch.Steps, err)
		}
		lr, err := c.CheckChain(ctx, lsp.Chain{Header: ch.Header, Statement: ch.Statement, Steps: ch.Steps})
		if err != nil {
			t.Fatalf("%q: LSP: %v", ch.Steps, err)
		}
		if rr.Checker != "sim" || lr.Checker != "sim" {
			t.Errorf("checkers %q and %q", rr.Checker, lr.Checker)
		}
		if rr.Verified != lr.Verified {
			t.Errorf("%s %q: verified: REPL %v (%v), LSP %v (%v)", ch.Statement, ch.Steps, rr.Verified, rr.Problems, lr.Verified, lr.Problems)
		}
		rv, lv := rr.Verdicts(), lspVerdicts(lr)
		for i := range rv {
			a, b := rv[i], lv[i]
			if a.Run != b.Run || a.Accepted != b.Accepted || !reflect.DeepEqual(a.Goals, b.Goals) {
				t.Errorf("%s step %d %q:\nREPL %+v\nLSP  %+v", ch.Statement, i, ch.Steps[i], a, b)
			}
			if a.Run && !a.Accepted && (len(a.Messages) == 0 || len(b.Messages) == 0) {
				t.Errorf("%s step %d: a failure without a message: REPL %+v, LSP %+v", ch.Statement, i, a, b)
			}
		}
	}
}
