package leanbridge

import (
	"context"

	"github.com/leanprm/leanprm/leanbridge/verify"
)

// commandRunner is what VerifyRunner needs of a pool: one command on a header environment.
type commandRunner interface {
	Command(ctx context.Context, header string, req CommandRequest) (*CommandResponse, error)
	Backend() string
}

// VerifyRunner adapts a Pool (or anything with its Command and Backend) to verify.Runner, so
// that verify-proof confirms candidates with this REPL. Lean's own errors come back as
// messages; only a failure of the REPL itself is an error.
func VerifyRunner(p commandRunner) verify.Runner { return verifyRunner{p} }

type verifyRunner struct{ p commandRunner }

func (r verifyRunner) RunCommand(ctx context.Context, header, cmd string) (verify.Reply, error) {
	resp, err := r.p.Command(ctx, header, CommandRequest{Cmd: cmd})
	if err != nil {
		return verify.Reply{}, err
	}
	var out verify.Reply
	for _, m := range resp.Messages {
		out.Messages = append(out.Messages, verify.Message{Severity: m.Severity, Line: m.Pos.Line, Column: m.Pos.Column, Data: m.Data})
	}
	for _, s := range resp.Sorries {
		vs := verify.Sorry{Goal: s.Goal}
		if s.Pos != nil {
			vs.Line, vs.Column = s.Pos.Line, s.Pos.Column
		}
		out.Sorries = append(out.Sorries, vs)
	}
	return out, nil
}

func (r verifyRunner) Backend() string { return r.p.Backend() }
