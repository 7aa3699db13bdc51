package repl

import (
	"context"
	"fmt"
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
}

// Passed reports whether the worker behaved: the true claim accepted, the false one rejected.
func (r ProbeResult) Passed() bool { return r.TrueAccepted && r.FalseRejected }

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
