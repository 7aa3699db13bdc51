package repl

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

var (
	_ proofchain.Checker = (*Pool)(nil)
	_ proofchain.Checker = (*Worker)(nil)
)

// CheckChain runs a chain on one REPL process of the pool (WithWorker): proof states belong
// to the process that made them. See Worker.CheckChain.
func (p *Pool) CheckChain(ctx context.Context, ch proofchain.Chain) (*proofchain.Result, error) {
	var res *proofchain.Result
	err := p.WithWorker(ctx, func(w *Worker) error {
		var err error
		res, err = w.CheckChain(ctx, ch)
		return err
	})
	if err != nil {
		if proofchain.NoVerdict(err) {
			return nil, err
		}
		return nil, &proofchain.Error{Step: -1, Op: "waiting for a worker", Err: err}
	}
	return res, nil
}

// CheckChain judges every step of a chain with the REPL and decides whether the chain is a
// verified proof:
//
//  1. The preamble and the statement, closed with `:= by sorry`, run as one command on the
//     header's environment. An error there ends the chain: no step is run. Otherwise the
//     sorry on the statement's last line gives the proof state of the goal.
//  2. Each step runs in tactic mode on the state the previous one left (a step made of
//     several top-level tactics, "a; b", runs them in turn). A step fails when the REPL
//     throws ("Lean error:…") or answers with an error message; both happen, for different
//     tactics. The steps after a failed one are "not run".
//  3. When every step was accepted and the last proofStatus is "Completed", the assembled
//     proof (ProofText) runs as a command on the header's environment; the chain is verified
//     only if it has no error and no sorry there either.
//
// While the chain runs the worker does not recycle its process. If the process fails
// anyway (crash, timeout, a proof state gone stale with it), CheckChain returns a
// *proofchain.Error and no result: there is no verdict.
func (w *Worker) CheckChain(ctx context.Context, ch proofchain.Chain) (*proofchain.Result, error) {
	if err := ch.Validate(); err != nil {
		return nil, err
	}
	w.pin()
	defer w.unpin()
	cmd, sorryLine := proofchain.StatementCommand(ch)
	res := &proofchain.Result{Backend: proofchain.BackendREPL, Statement: cmd, Text: proofchain.ProofText(ch), Steps: make([]proofchain.Step, len(ch.Steps))}
	for i, s := range ch.Steps {
		res.Steps[i] = proofchain.Step{Index: i, Tactic: s, Status: proofchain.NotRun}
	}
	fail := func(step int, op string, err error) (*proofchain.Result, error) {
		return nil, &proofchain.Error{Step: step, Op: op, Err: err}
	}

	resp, err := w.CommandOnHeader(ctx, ch.Header, CommandRequest{Cmd: cmd})
	if err != nil {
		return fail(-1, "statement", err)
	}
	res.Checker = w.Backend()
	res.StatementMessages = chainMessages(resp.Messages)
	if errs := resp.Errors(); len(errs) > 0 {
		res.Problems = append(res.Problems, fmt.Sprintf("the statement (with the preamble) does not elaborate: line %d: %s", errs[0].Pos.Line, proofchain.FirstLine(errs[0].Data)))
		res.Problems = append(res.Problems, "no step was run")
		return res, nil
	}
	ps := -1
	for _, s := range resp.Sorries {
		if s.ProofState != nil && s.Pos != nil && s.Pos.Line == sorryLine {
			ps, res.Goal = *s.ProofState, s.Goal
		}
	}
	if ps < 0 {
		return fail(-1, "statement", fmt.Errorf("%w: no proof state for the statement's sorry on line %d (%d sorries in the reply)", ErrMalformedReply, sorryLine, len(resp.Sorries)))
	}

	failed := -1
	for i, step := range ch.Steps {
		sr := &res.Steps[i]
		sr.Status = proofchain.Accepted
		var goals []string
		for _, tac := range proofchain.SplitStep(step) {
			r, err := w.ProofStep(ctx, ProofStepRequest{Tactic: tac, ProofState: ps})
			var re *ReplyError
			if errors.As(err, &re) && strings.HasPrefix(re.Message, "Lean error:") {
				sr.Status, sr.Thrown, sr.ProofStatus = proofchain.Failed, true, ""
				sr.Messages = append(sr.Messages, proofchain.Message{Severity: "error", Data: strings.TrimPrefix(strings.TrimPrefix(re.Message, "Lean error:"), "\n")})
				break
			}
			if err != nil {
				return fail(i, "step", err)
			}
			ps, goals = r.ProofState, r.Goals
			sr.ProofStatus = r.ProofStatus
			sr.Messages = append(sr.Messages, chainMessages(r.Messages)...)
			sr.Sorries += len(r.Sorries)
			if hasError(r.Messages) {
				sr.Status = proofchain.Failed
				break
			}
		}
		if sr.Status == proofchain.Failed {
			failed = i
			res.ProofStatus = sr.ProofStatus
			res.Problems = append(res.Problems, fmt.Sprintf("step %d failed: %s", i+1, proofchain.FirstLine(firstError(sr.Messages))))
			break
		}
		if w.cfg.afterChainStep != nil {
			w.cfg.afterChainStep(w, i)
		}
		sr.Goals = append([]string{}, goals...)
		res.ProofStatus = sr.ProofStatus
		if sr.Sorries > 0 {
			res.Problems = append(res.Problems, fmt.Sprintf("step %d uses sorry", i+1))
		}
	}
	if failed >= 0 {
		for i := failed + 1; i < len(res.Steps); i++ {
			res.Problems = append(res.Problems, fmt.Sprintf("step %d was not run: an earlier step failed", i+1))
		}
		return res, nil
	}
	if res.ProofStatus != ProofStatusCompleted {
		res.Problems = append(res.Problems, "the proof is not complete after the last step: "+res.ProofStatus)
		return res, nil
	}

	resp, err = w.CommandOnHeader(ctx, ch.Header, CommandRequest{Cmd: res.Text})
	if err != nil {
		return fail(-1, "recheck", err)
	}
	res.Recheck = &proofchain.Recheck{Accepted: resp.Accepted(), Messages: chainMessages(resp.Messages), Sorries: len(resp.Sorries)}
	if !res.Recheck.Accepted {
		why := "it uses sorry"
		if errs := resp.Errors(); len(errs) > 0 {
			why = fmt.Sprintf("line %d: %s", errs[0].Pos.Line, proofchain.FirstLine(errs[0].Data))
		}
		res.Problems = append(res.Problems, "tactic mode reported Completed, but the assembled proof does not check as a command (repl issue #44): "+why)
		return res, nil
	}
	res.Verified = len(res.Problems) == 0
	return res, nil
}

func hasError(ms []Message) bool {
	for _, m := range ms {
		if m.Severity == "error" {
			return true
		}
	}
	return false
}

// chainMessages gives Lean's messages in the proof chain's terms; nil stays nil.
func chainMessages(ms []Message) []proofchain.Message {
	var out []proofchain.Message
	for _, m := range ms {
		out = append(out, proofchain.Message{Severity: m.Severity, Data: m.Data, Line: m.Pos.Line, Column: m.Pos.Column})
	}
	return out
}

func firstError(ms []proofchain.Message) string {
	for _, m := range ms {
		if m.Severity == "error" {
			return m.Data
		}
	}
	return ""
}
