package formal

import (
	"context"

	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/verify"
	"github.com/leanprm/leanprm/translate"
)

// CommandRunner is what VerifyRunner needs of a REPL pool: one command on a header
// environment, and the backend that answered ("lean" or "sim").
type CommandRunner interface {
	Command(ctx context.Context, header string, req repl.CommandRequest) (*repl.CommandResponse, error)
	Backend() string
}

// RetryRunner is what TranslateLean needs of a REPL pool: a command that is retried once on
// a fresh process after a crash or timeout, and the backend that answered.
type RetryRunner interface {
	CommandRetry(ctx context.Context, header string, req repl.CommandRequest) (*repl.CommandResponse, error)
	Backend() string
}

// reply is a REPL command's answer in the terms both adapters read: every message with its
// span (translate reads the end, verify does not) and every sorry with its start.
type reply struct {
	messages []translate.LeanMessage
	sorries  []verify.Sorry
}

// replyOf is the one mapping of a REPL reply: a missing end position reads as 0, a sorry
// without a position as line 0, column 0. Lists stay nil when the reply has none.
func replyOf(resp *repl.CommandResponse) reply {
	var r reply
	for _, m := range resp.Messages {
		lm := translate.LeanMessage{Severity: m.Severity, Line: m.Pos.Line, Column: m.Pos.Column, Data: m.Data}
		if m.EndPos != nil {
			lm.EndLine, lm.EndColumn = m.EndPos.Line, m.EndPos.Column
		}
		r.messages = append(r.messages, lm)
	}
	for _, s := range resp.Sorries {
		vs := verify.Sorry{Goal: s.Goal}
		if s.Pos != nil {
			vs.Line, vs.Column = s.Pos.Line, s.Pos.Column
		}
		r.sorries = append(r.sorries, vs)
	}
	return r
}

// translateReply is r as the translator reads it: messages, and the line of each sorry.
func (r reply) translateReply() translate.LeanReply {
	out := translate.LeanReply{Messages: r.messages}
	for _, s := range r.sorries {
		out.SorryLines = append(out.SorryLines, s.Line)
	}
	return out
}

// verifyReply is r as contest checking reads it: messages by their start, and the sorries.
func (r reply) verifyReply() verify.Reply {
	out := verify.Reply{Sorries: r.sorries}
	for _, m := range r.messages {
		out.Messages = append(out.Messages, verify.Message{Severity: m.Severity, Line: m.Line, Column: m.Column, Data: m.Data})
	}
	return out
}

// TranslateLean lets the translator run its per-chain command on the pool, under the header
// environment. A crashed or timed-out REPL is retried once on a fresh process; a second
// failure reaches the translator as an error (a failed checker, whose answer never cancels
// the exact checker's verdict).
func TranslateLean(r RetryRunner, header string) translate.Lean {
	return translateLean{r: r, header: header}
}

type translateLean struct {
	r      RetryRunner
	header string
}

func (a translateLean) RunCommand(ctx context.Context, cmd string) (translate.LeanReply, error) {
	resp, err := a.r.CommandRetry(ctx, a.header, repl.CommandRequest{Cmd: cmd})
	if err != nil {
		return translate.LeanReply{}, err
	}
	return replyOf(resp).translateReply(), nil
}

func (a translateLean) Backend() string { return a.r.Backend() }

// SymbolicOK is the pool's identity-probe result (docs/CONTRACTS.md §1b): whether the
// translator may send it symbolic (∀) lines. A runner that has no probe to report gets them.
func (a translateLean) SymbolicOK() bool {
	if s, ok := a.r.(translate.SymbolicLean); ok {
		return s.SymbolicOK()
	}
	return true
}

var _ translate.SymbolicLean = translateLean{}

// VerifyRunner adapts a pool to verify.Runner, so that verify-proof confirms candidates with
// this REPL. Lean's own errors come back as messages; only a failure of the REPL itself is
// an error.
func VerifyRunner(r CommandRunner) verify.Runner { return verifyRunner{r} }

type verifyRunner struct{ r CommandRunner }

func (v verifyRunner) RunCommand(ctx context.Context, header, cmd string) (verify.Reply, error) {
	resp, err := v.r.Command(ctx, header, repl.CommandRequest{Cmd: cmd})
	if err != nil {
		return verify.Reply{}, err
	}
	return replyOf(resp).verifyReply(), nil
}

func (v verifyRunner) Backend() string { return v.r.Backend() }
