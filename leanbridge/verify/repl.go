package verify

import (
	"context"

	"github.com/leanprm/leanprm/leanbridge/repl"
)

// Pool is what REPLRunner needs of a REPL pool (*repl.Pool): one command on a header
// environment, and the backend that answers ("lean", or "sim" for the simulator).
type Pool interface {
	Command(ctx context.Context, header string, req repl.CommandRequest) (*repl.CommandResponse, error)
	Backend() string
}

// REPLRunner is the Runner that confirms candidates with a REPL pool: verify-proof and
// serve's /v1/verify both use it. Lean's own errors come back as Messages; only a failure of
// the REPL itself (crash, timeout, error reply) is an error. The command runs once
// (Pool.Command, not CommandRetry).
func REPLRunner(p Pool) Runner { return poolRunner{p} }

type poolRunner struct{ p Pool }

func (r poolRunner) RunCommand(ctx context.Context, header, cmd string) (Reply, error) {
	resp, err := r.p.Command(ctx, header, repl.CommandRequest{Cmd: cmd})
	if err != nil {
		return Reply{}, err
	}
	return replyOf(resp), nil
}

func (r poolRunner) Backend() string { return r.p.Backend() }

// replyOf reduces the REPL's answer to a Reply: messages by their start (verify reads no
// ends), and the sorries, one without a position at line 0, column 0. Lists stay nil when the
// answer has none.
func replyOf(resp *repl.CommandResponse) Reply {
	var out Reply
	for _, m := range resp.Messages {
		out.Messages = append(out.Messages, Message{Severity: m.Severity, Line: m.Pos.Line, Column: m.Pos.Column, Data: m.Data})
	}
	for _, s := range resp.Sorries {
		vs := Sorry{Goal: s.Goal}
		if s.Pos != nil {
			vs.Line, vs.Column = s.Pos.Line, s.Pos.Column
		}
		out.Sorries = append(out.Sorries, vs)
	}
	return out
}
