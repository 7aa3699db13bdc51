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
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/simchild"
	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

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
	require.NoError(t, err)
	defer f.Close()
	var out []namedChain
	proofs, skipped := 0, 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var row struct{ ID, Proof string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &row))
		proofs++
		ch, err := proofchain.FromSource(row.Proof, "")
		if err != nil {
			require.ErrorContains(t, err, "not a `by` block", row.ID)
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
	require.NoError(t, sc.Err())
	require.GreaterOrEqual(t, proofs-skipped, 15, "only %d of %d honest proofs are `by` blocks", proofs-skipped, proofs)
	return out
}

func TestBackendsAgreeOnSimulators(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	w, err := repl.StartWorker(ctx, simchild.Config(1))
	require.NoError(t, err)
	defer w.Close()
	c, err := lsp.Start(ctx, lsp.Options{Dir: t.TempDir(), Command: []string{os.Args[0]}, Env: simchild.Env("lspsim")})
	require.NoError(t, err)
	defer c.Close(context.Background())

	var replC, server proofchain.Checker = w, c
	trivial := proofchain.Chain{Statement: "theorem t : True", Steps: []string{"trivial"}}
	rt, lt := must(replC.CheckChain(ctx, trivial)), must(server.CheckChain(ctx, trivial))
	assert.Equal(t, proofchain.BackendREPL, rt.Backend, "backends %q and %q", rt.Backend, lt.Backend)
	assert.Equal(t, proofchain.BackendLSP, lt.Backend, "backends %q and %q", rt.Backend, lt.Backend)
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
		require.NoError(t, err, "%s: REPL", nc.name)
		lr, err := server.CheckChain(ctx, ch)
		require.NoError(t, err, "%s: LSP", nc.name)
		// ok stays true while every check on this chain passes.
		ok := assert.Equal(t, "sim", rr.Checker, "%s: checkers %q and %q", nc.name, rr.Checker, lr.Checker)
		ok = assert.Equal(t, "sim", lr.Checker, "%s: checkers %q and %q", nc.name, rr.Checker, lr.Checker) && ok
		ok = assert.Equal(t, rr.Verified, lr.Verified, "%s: verified: REPL %v %q, LSP %v %q\nLSP file:\n%s", nc.name, rr.Verified, rr.Problems, lr.Verified, lr.Problems, lr.Text) && ok
		switch nc.verdict {
		case "verified":
			ok = assert.True(t, rr.Verified, "%s: not verified: %q", nc.name, rr.Problems) && ok
		case "failed":
			ok = assert.False(t, rr.Verified, "%s: verified, but it is a failing variant", nc.name) && ok
		}
		rv, lv := verdicts(rr, false), verdicts(lr, true)
		if !assert.Len(t, lv, len(rv), "%s: %d REPL verdicts, %d LSP verdicts", nc.name, len(rv), len(lv)) {
			continue
		}
		for i := range rv {
			a, b := rv[i], lv[i]
			step := fmt.Sprintf("%s: step %d %q:\nREPL %+v\nLSP  %+v", nc.name, i, ch.Steps[i], a, b)
			ok = assert.Equal(t, a.Run, b.Run, step) && ok
			ok = assert.Equal(t, a.Accepted, b.Accepted, step) && ok
			ok = assert.Equal(t, a.Goals, b.Goals, step) && ok
			// Lean goes on after an error it recovers from, so the language server may have
			// messages about steps the REPL backend did not send; those are not compared.
			if a.Run {
				ok = assert.Equal(t, a.Messages, b.Messages, "%s: step %d %q: messages:\nREPL %q\nLSP  %q", nc.name, i, ch.Steps[i], a.Messages, b.Messages) && ok
				if !a.Accepted {
					ok = assert.NotEmpty(t, a.Messages, "%s: step %d: a failure without a message: %+v", nc.name, i, a) && ok
				}
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
