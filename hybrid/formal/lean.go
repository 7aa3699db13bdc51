package formal

import (
	"context"

	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/translate"
)

// RetryRunner is what TranslateLean needs of a REPL pool: a command that is retried once on
// a fresh process after a crash or timeout, and the backend that answered.
type RetryRunner interface {
	CommandRetry(ctx context.Context, header string, req repl.CommandRequest) (*repl.CommandResponse, error)
	Backend() string
}

// translateReply is the REPL's answer as the translator reads it: every message with its span
// (a missing end position reads as 0) and the line of each sorry (0 without a position). Lists
// stay nil when the answer has none.
func translateReply(resp *repl.CommandResponse) translate.LeanReply {
	var out translate.LeanReply
	for _, m := range resp.Messages {
		lm := translate.LeanMessage{Severity: m.Severity, Line: m.Pos.Line, Column: m.Pos.Column, Data: m.Data}
		if m.EndPos != nil {
			lm.EndLine, lm.EndColumn = m.EndPos.Line, m.EndPos.Column
		}
		out.Messages = append(out.Messages, lm)
	}
	for _, s := range resp.Sorries {
		line := 0
		if s.Pos != nil {
			line = s.Pos.Line
		}
		out.SorryLines = append(out.SorryLines, line)
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
	return translateReply(resp), nil
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
