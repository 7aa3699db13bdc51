package repl

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// The probe claims, in the obligation dialect of docs/CONTRACTS.md §1: closed Rat arithmetic
// that needs real evaluation (1/2 + 1/3 is neither syntactically 5/6 nor 1/6), so that a tactic
// which accepts everything, or nothing, is caught.
const (
	probeTrueProp  = "(1 : Rat) / 2 + (1 : Rat) / 3 = (5 : Rat) / 6"
	probeFalseProp = "(1 : Rat) / 2 + (1 : Rat) / 3 = (1 : Rat) / 6"
)

// ProbeResult is what a worker answered at start-up: its version and backend, and whether the
// configured tactic proved a known-true claim and failed a known-false one.
// `leanprm doctor` prints it.
type ProbeResult struct {
	Backend         string // "lean" or "sim"
	Version         string // reported by the REPL
	ExpectedVersion string // from lean-toolchain; "" if unchecked
	Tactic          string
	Header          string // the header the claims ran under ("" = prelude)

	TrueClaim     string    // the command sent for the true claim
	TrueAccepted  bool      // no error message and no sorry
	TrueMessages  []Message // what Lean said about it
	FalseClaim    string
	FalseRejected bool // at least one error message
	FalseMessages []Message

	Duration time.Duration // both claims, including the header import

	// The identity probe (docs/CONTRACTS.md §1b), run only when the closed probe passed.
	// IdentityOK is false when it did not run, when the identity tactic failed a true
	// identity, or when it accepted a false one; IdentityReason then says which.
	IdentityTactic string
	Identity       []IdentityProbe
	IdentityOK     bool
	IdentityReason string
}

// IdentityProbe is one claim of the identity probe and what the worker did with it.
type IdentityProbe struct {
	Claim    string    // the declaration (one line of the probe's command)
	True     bool      // the claim holds in Lean (must be proved), else it must be rejected
	Proved   bool      // no error message and no sorry
	Rejected bool      // at least one error message
	Messages []Message // what Lean said about it
}

// OK reports whether the worker's answer was the right one.
func (p IdentityProbe) OK() bool {
	if p.True {
		return p.Proved
	}
	return p.Rejected
}

// SymbolicOK reports whether the identity tactic passed its probe: only then may the worker
// receive the symbolic ∀ lines of docs/CONTRACTS.md §1b. Closed arithmetic does not depend
// on it.
func (r ProbeResult) SymbolicOK() bool { return r.IdentityOK }

// Passed reports whether the worker behaved: the true claim accepted, the false one rejected.
func (r ProbeResult) Passed() bool { return r.TrueAccepted && r.FalseRejected }

// The identity probe's claims, in the symbolic dialect of docs/CONTRACTS.md §1b. The second
// needs its side condition: without it, v1 = 0 gives 0 / 0 = 0 ≠ 1 in Lean, so a tactic that
// proves it must have used the hypothesis; the third is that same identity without the side
// condition, false in Lean, which catches a tactic that reasons about / as a field does but
// ignores Lean's x / 0 = 0; the last is a plain false expansion.
var identityProbes = []struct {
	prop  string
	holds bool
}{
	{"∀ (v1 : Rat), (v1 + (1 : Rat)) ^ 2 = v1 ^ 2 + (2 : Rat) * v1 + (1 : Rat)", true},
	{"∀ (v1 : Rat), v1 ≠ (0 : Rat) → (v1 ^ 2 + v1) / v1 = v1 + (1 : Rat)", true},
	{"∀ (v1 : Rat), (v1 ^ 2 + v1) / v1 = v1 + (1 : Rat)", false},
	{"∀ (v1 : Rat), (v1 + (1 : Rat)) ^ 2 = v1 ^ 2 + (1 : Rat)", false},
}

// IdentityProbeCommand returns the identity probe for a tactic: one command with one
// declaration per line, as translate sends obligations (so Lean's line numbers tell the
// claims apart, and the probe costs one request), and whether each line's claim holds.
func IdentityProbeCommand(tactic string) (cmd string, lines []string, holds []bool) {
	for _, p := range identityProbes {
		lines = append(lines, "example : "+p.prop+" := by "+tactic)
		holds = append(holds, p.holds)
	}
	return strings.Join(lines, "\n"), lines, holds
}

// judgeLines splits a command reply by declaration line: proved (no error, no sorry on that
// line) and rejected (an error on it). A sorry without a position counts against every line.
func judgeLines(r *CommandResponse, n int) (proved, rejected []bool, msgs [][]Message) {
	proved, rejected, msgs = make([]bool, n), make([]bool, n), make([][]Message, n)
	for i := range proved {
		proved[i] = true
	}
	for _, s := range r.Sorries {
		for i := range proved {
			if s.Pos == nil || s.Pos.Line == i+1 {
				proved[i] = false
			}
		}
	}
	for _, m := range r.Messages {
		i := m.Pos.Line - 1
		if i < 0 || i >= n {
			// A message Lean could not place on a line: it tells against every claim.
			for j := range proved {
				proved[j] = proved[j] && m.Severity != "error" && !isSorryWarning(m)
				msgs[j] = append(msgs[j], m)
			}
			continue
		}
		msgs[i] = append(msgs[i], m)
		if m.Severity == "error" {
			proved[i], rejected[i] = false, true
		}
		if isSorryWarning(m) {
			proved[i] = false
		}
	}
	return proved, rejected, msgs
}

// ProbeCommands returns the two probe commands for a tactic: the true claim, then the false one.
func ProbeCommands(tactic string) (trueClaim, falseClaim string) {
	return "example : " + probeTrueProp + " := by " + tactic,
		"example : " + probeFalseProp + " := by " + tactic
}

// runProbe runs both claims on the probe header. It returns a *ProbeError if the worker did
// not behave; the result is filled in as far as it got either way.
func (w *Worker) runProbe(ctx context.Context) (ProbeResult, error) {
	t0 := time.Now()
	res := ProbeResult{
		Backend:         w.Backend(),
		Version:         w.Version(),
		ExpectedVersion: w.cfg.ExpectedVersion,
		Tactic:          w.cfg.Tactic,
		Header:          w.cfg.ProbeHeader,
	}
	res.TrueClaim, res.FalseClaim = ProbeCommands(w.cfg.Tactic)
	fail := func(cause error, format string, args ...any) (ProbeResult, error) {
		res.Duration = time.Since(t0)
		return res, &ProbeError{Result: res, Reason: fmt.Sprintf(format, args...), Err: cause}
	}
	c, err := w.live(ctx)
	if err != nil {
		return fail(err, "no REPL process: %v", err)
	}
	env, err := w.headerEnv(ctx, c, w.cfg.ProbeHeader)
	if err != nil {
		return fail(err, "%v", err)
	}
	run := func(cmd string) (*CommandResponse, error) {
		rep, err := w.requestOn(ctx, c, CommandRequest{Cmd: cmd, Env: &env}, w.cfg.StartTimeout, "start-up probe")
		if err != nil {
			return nil, err
		}
		if rep.Command == nil {
			return nil, fmt.Errorf("the REPL answered %.200s", rep.Raw)
		}
		return rep.Command, nil
	}
	tr, err := run(res.TrueClaim)
	if err != nil {
		return fail(err, "true claim: %v", err)
	}
	res.TrueMessages, res.TrueAccepted = tr.Messages, tr.Accepted()
	fr, err := run(res.FalseClaim)
	if err != nil {
		return fail(err, "false claim: %v", err)
	}
	res.FalseMessages, res.FalseRejected = fr.Messages, len(fr.Errors()) > 0
	res.Duration = time.Since(t0)
	switch {
	case !res.TrueAccepted && !res.FalseRejected:
		return fail(nil, "it accepted neither claim correctly: %s fails to prove %q and does not reject %q", res.Tactic, probeTrueProp, probeFalseProp)
	case !res.TrueAccepted:
		return fail(nil, "%s does not prove the true claim %q: %s", res.Tactic, probeTrueProp, firstMessage(tr.Messages))
	case !res.FalseRejected:
		return fail(nil, "%s \"proves\" the false claim %q: the checker accepts anything", res.Tactic, probeFalseProp)
	}
	// The identity probe: a wrong verdict only withholds symbolic lines from this worker; a
	// request that fails (the process died, a timeout) fails the start as above.
	res.IdentityTactic = w.cfg.IdentityTactic
	cmd, lines, holds := IdentityProbeCommand(w.cfg.IdentityTactic)
	ir, err := run(cmd)
	if err != nil {
		res.IdentityReason = fmt.Sprintf("identity probe: %v", err)
		return fail(err, "identity probe: %v", err)
	}
	proved, rejected, msgs := judgeLines(ir, len(lines))
	res.IdentityOK = true
	for i, line := range lines {
		p := IdentityProbe{Claim: line, True: holds[i], Proved: proved[i], Rejected: rejected[i], Messages: msgs[i]}
		res.Identity = append(res.Identity, p)
		if p.OK() || !res.IdentityOK {
			continue
		}
		res.IdentityOK = false
		if p.True {
			res.IdentityReason = fmt.Sprintf("%s does not prove the true identity %q: %s", res.IdentityTactic, identityProbes[i].prop, firstMessage(p.Messages))
		} else {
			res.IdentityReason = fmt.Sprintf("%s \"proves\" the false identity %q", res.IdentityTactic, identityProbes[i].prop)
		}
	}
	res.Duration = time.Since(t0)
	if !res.IdentityOK {
		w.log.Warn("the identity tactic failed its probe: this worker receives no symbolic lines", "reason", res.IdentityReason)
	}
	return res, nil
}

func firstMessage(ms []Message) string {
	for _, m := range ms {
		if m.Severity == "error" {
			return m.Data
		}
	}
	if len(ms) > 0 {
		return ms[0].Data
	}
	return "(no message; a sorry?)"
}
