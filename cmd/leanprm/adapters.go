package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"

	"github.com/leanprm/leanprm/leanbridge"
	"github.com/leanprm/leanprm/translate"
)

// commander is the part of the REPL pool the translate adapter uses.
type commander interface {
	CommandRetry(ctx context.Context, header string, req leanbridge.CommandRequest) (*leanbridge.CommandResponse, error)
	Backend() string
}

// translateLean lets the translator run its per-chain command on the pool, under the
// configured header environment. A crashed or timed-out REPL is retried once on a fresh
// process; a second failure reaches the translator as an error (a failed checker, whose
// answer never cancels the exact checker's verdict).
type translateLean struct {
	pool   commander
	header string
}

var _ translate.Lean = translateLean{}

func (a translateLean) RunCommand(ctx context.Context, cmd string) (translate.LeanReply, error) {
	resp, err := a.pool.CommandRetry(ctx, a.header, leanbridge.CommandRequest{Cmd: cmd})
	if err != nil {
		return translate.LeanReply{}, err
	}
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
	return out, nil
}

func (a translateLean) Backend() string { return a.pool.Backend() }

// jsonLine encodes v as one JSONL line.
func jsonLine(v any) (io.Reader, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(append(b, '\n')), nil
}
