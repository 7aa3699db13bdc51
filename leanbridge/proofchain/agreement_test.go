package proofchain_test

// The REPL backend (leanbridge) and the language-server backend (leanbridge/lsp) judge the
// same chains step by step through the one Checker interface, each on its simulator (the
// test binary re-executed as `leanprm sim repl` or as the LSP simulator; see TestMain). Both
// simulators elaborate with the same engine (replsim; lspsim uses replsim.ElaborateFile), so
// their per-step verdicts must agree exactly. This file is an external test package so that
// it may import both clients, which import proofchain.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

func childEnv(mode string) []string {
	return []string{"LEANPRM_TEST_CHILD=" + mode, "GORACE=atexit_sleep_ms=0"}
}

// stepVerdict is a step's verdict in the terms both backends are compared on. Message
// positions are left out: the REPL reports tactic-mode messages at line 0, the language
// server at the step's lines.
type stepVerdict struct {
	Index    int
	Tactic   string
	Run      bool
	Accepted bool
	Goals    []string
	Messages []string
}

// verdicts reduces a result's steps: a step is run unless it is NotRun or, for the language
// server (lspRun), an earlier step had an error (Lean goes on after an error it recovers
// from, so the server may report on steps the REPL never sent).
func verdicts(res *proofchain.Result, lspRun bool) []stepVerdict {
	var out []stepVerdict
	failed := false
	for _, s := range res.Steps {
		v := stepVerdict{Index: s.Index, Tactic: s.Tactic, Run: s.Status != proofchain.NotRun && !(lspRun && failed), Accepted: s.Accepted()}
		if s.Accepted() {
			v.Goals = s.Goals
		}
		for _, m := range s.Messages {
			v.Messages = append(v.Messages, m.String())
		}
		failed = failed || proofchain.HasError(s.Messages)
		out = append(out, v)
	}
	return out
}

type namedChain struct {
	name    string
	chain   proofchain.Chain
	verdict string // "verified", "failed" or "" (either: the hand-written chains)
}

// honestChains reads every honest proof of the verification suite that is a `by` block
// (term-mode proofs have no steps) as a chain, and derives failing variants from each: a
// wrong tactic in the middle (one that throws, and an unknown name, which Lean logs and
// recovers from), an unfinished proof and a sorry in place of the last step.
func honestChains(t *testing.T) []namedChain {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "verify", "honest.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []namedChain
	proofs, skipped := 0, 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var row struct{ ID, Proof string }
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		proofs++
		ch, err := proofchain.FromSource(row.Proof, "")
		if err != nil {
			if !strings.Contains(err.Error(), "not a `by` block") {
				t.Fatalf("%s: %v", row.ID, err)
			}
			skipped++
			continue
		}
		with := func(steps []string) proofchain.Chain {
			c := ch
			c.Steps = steps
			return c
		}
		mid := len(ch.Steps) / 2
		insert := func(tac string) []string { return slices.Insert(slices.Clone(ch.Steps), mid, tac) }
		last := len(ch.Steps) - 1
		unfinished := ch.Steps[:last]
		if last == 0 {
			unfinished = []string{"skip"}
		}
		out = append(out,
			namedChain{row.ID, ch, "verified"},
			namedChain{row.ID + "/wrong tactic (thrown)", with(insert("contradiction")), "failed"},
			namedChain{row.ID + "/wrong tactic (logged)", with(insert("exact no_such_lemma")), "failed"},
			namedChain{row.ID + "/unfinished", with(unfinished), "failed"},
			namedChain{row.ID + "/sorry", with(append(slices.Clone(ch.Steps[:last]), "sorry")), "failed"},
		)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if proofs-skipped < 15 {
		t.Fatalf("only %d of %d honest proofs are `by` blocks", proofs-skipped, proofs)
	}
	return out
}

func TestBackendsAgreeOnSimulators(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	w, err := repl.StartWorker(ctx, repl.Config{
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

	var replC, server proofchain.Checker = w, c
	if rr, lr := must(replC.CheckChain(ctx, proofchain.Chain{Statement: "theorem t : True", Steps: []string{"trivial"}})), must(server.CheckChain(ctx, proofchain.Chain{Statement: "theorem t : True", Steps: []string{"trivial"}})); rr.Backend != proofchain.BackendREPL || lr.Backend != proofchain.BackendLSP {
		t.Errorf("backends %q and %q", rr.Backend, lr.Backend)
	}
	chains := []namedChain{
		{chain: proofchain.Chain{Statement: "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q", Steps: []string{"constructor", "exact hp", "exact hq"}}},
		{chain: proofchain.Chain{Statement: "theorem t (p q : Prop) (hq : q) : p ∨ q", Steps: []string{"right", "exact hq"}}},
		{chain: proofchain.Chain{Statement: "theorem t (p q : Prop) (hq : q) : p → q", Steps: []string{"intro hp", "exact hq"}}},
		{chain: proofchain.Chain{Statement: "theorem t : 2 + 2 = 4", Steps: []string{"decide"}}},
		{chain: proofchain.Chain{Statement: "theorem t : 2 + 2 = 5", Steps: []string{"decide", "rfl"}}},
		{chain: proofchain.Chain{Statement: "theorem t (p : Prop) (hp : p) : p ∧ True", Steps: []string{"constructor", "exact foo", "trivial"}}},
		{chain: proofchain.Chain{Statement: "theorem t (x : Nat) : x = x", Steps: []string{"rfl"}}},
		// The demo (testdata/demo/proof.lean): focus blocks and omega with hypotheses.
		{chain: proofchain.Chain{Statement: "theorem amc_lin (x y : Int) (h₁ : x + y = 10) (h₂ : x - y = 2) : x = 6 ∧ y = 4",
			Steps: []string{"constructor", "· omega", "· omega"}}, verdict: "verified"},
		{chain: proofchain.Chain{Statement: "theorem t : True ∧ True", Steps: []string{"constructor <;> trivial"}}, verdict: "verified"},
		{chain: proofchain.Chain{Statement: "theorem t (n : Nat) : n + 0 = n", Steps: []string{"induction n", "rfl"}}, verdict: "failed"},
	}
	for i := range chains {
		chains[i].name = fmt.Sprint(chains[i].chain.Statement, " ", chains[i].chain.Steps)
	}
	chains = append(chains, honestChains(t)...)
	agree := 0
	for _, nc := range chains {
		ch := nc.chain
		rr, err := replC.CheckChain(ctx, ch)
		if err != nil {
			t.Fatalf("%s: REPL: %v", nc.name, err)
		}
		lr, err := server.CheckChain(ctx, ch)
		if err != nil {
			t.Fatalf("%s: LSP: %v", nc.name, err)
		}
		ok := true
		errorf := func(format string, args ...any) {
			t.Helper()
			t.Errorf("%s: "+format, append([]any{nc.name}, args...)...)
			ok = false
		}
		if rr.Checker != "sim" || lr.Checker != "sim" {
			errorf("checkers %q and %q", rr.Checker, lr.Checker)
		}
		if rr.Verified != lr.Verified {
			errorf("verified: REPL %v %q, LSP %v %q\nLSP file:\n%s", rr.Verified, rr.Problems, lr.Verified, lr.Problems, lr.Text)
		}
		switch {
		case nc.verdict == "verified" && !rr.Verified:
			errorf("not verified: %q", rr.Problems)
		case nc.verdict == "failed" && rr.Verified:
			errorf("verified, but it is a failing variant")
		}
		rv, lv := verdicts(rr, false), verdicts(lr, true)
		if len(rv) != len(lv) {
			errorf("%d REPL verdicts, %d LSP verdicts", len(rv), len(lv))
			continue
		}
		for i := range rv {
			a, b := rv[i], lv[i]
			if a.Run != b.Run || a.Accepted != b.Accepted || !reflect.DeepEqual(a.Goals, b.Goals) {
				errorf("step %d %q:\nREPL %+v\nLSP  %+v", i, ch.Steps[i], a, b)
			}
			// Lean goes on after an error it recovers from, so the language server may have
			// messages about steps the REPL backend did not send; those are not compared.
			if a.Run && !reflect.DeepEqual(a.Messages, b.Messages) {
				errorf("step %d %q: messages:\nREPL %q\nLSP  %q", i, ch.Steps[i], a.Messages, b.Messages)
			}
			if a.Run && !a.Accepted && len(a.Messages) == 0 {
				errorf("step %d: a failure without a message: %+v", i, a)
			}
		}
		if ok {
			agree++
		}
	}
	t.Logf("%d of %d chains agree step by step", agree, len(chains))
}

func must(r *proofchain.Result, err error) *proofchain.Result {
	if err != nil {
		panic(err)
	}
	return r
}
