package lsp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/leantext"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

var _ proofchain.Checker = (*Client)(nil)

// BuildChainFile assembles the Lean file for a chain: the header, then the preamble (open …,
// helper lemmas: the file has no other place before the theorem), the statement followed by
// ":= by", then each step on its own lines, indented by two spaces. A statement that does
// not start a declaration (after modifiers, attributes, `set_option … in`) is read as a
// proposition, "example : <Statement>". It returns the text and each step's first and last
// line (0-based).
func BuildChainFile(ch proofchain.Chain) (string, [][2]int, error) {
	header := ch.Header
	if ch.Preamble != "" {
		header = strings.TrimSpace(header + "\n" + ch.Preamble)
	}
	stmt := strings.TrimSpace(normalizeText(ch.Statement))
	if stmt == "" {
		return "", nil, errors.New("lsp: chain has no statement")
	}
	if len(ch.Steps) == 0 {
		return "", nil, errors.New("lsp: chain has no steps")
	}
	for _, suffix := range []string{":= by", ":="} {
		if strings.HasSuffix(stmt, suffix) {
			stmt = strings.TrimSpace(strings.TrimSuffix(stmt, suffix))
			break
		}
	}
	if !proofchain.IsDeclaration(stmt) {
		stmt = "example : " + stmt
	}
	for i, step := range ch.Steps {
		if strings.TrimSpace(leantext.StepBody(step)) == "" {
			return "", nil, fmt.Errorf("lsp: chain step %d is blank", i)
		}
	}
	prefix, offset := "", 0
	if h := strings.TrimRight(normalizeText(header), "\n \t"); h != "" {
		prefix = h + "\n\n"
		offset = strings.Count(prefix, "\n")
	}
	text, spans := proofchain.Assemble(stmt, ch.Steps)
	for i := range spans {
		spans[i][0] += offset
		spans[i][1] += offset
	}
	return prefix + text, spans, nil
}

// CheckChain elaborates a chain once and judges every step: a step fails when an error
// diagnostic starts on its lines; the steps after a failed one are not accepted (Skipped
// unless they have diagnostics of their own); the goals after each accepted step come from
// $/lean/plainGoal at the end of its last line (all asked at once). An error outside every
// step (e.g. "unsolved goals", reported from `by`) fails the chain, not a step. Verified:
// processing completed, the server published diagnostics for this version, no error
// diagnostic anywhere, no "declaration uses `sorry`" warning, no unsolved goals, every step
// accepted, and no goal left after the last step. A step not judged because an earlier one
// failed and it has no diagnostics of its own is NotRun (Lean may or may not have run it: a
// thrown error ends the tactic block, but Lean goes on after errors it recovers from); with
// diagnostics it is Failed. Errors are those of Check and Goals.
func (c *Client) CheckChain(ctx context.Context, ch proofchain.Chain) (*proofchain.Result, error) {
	text, spans, err := BuildChainFile(ch)
	if err != nil {
		return nil, err
	}
	c.opMu.Lock()
	defer c.opMu.Unlock()
	s, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	res, err := c.check(ctx, s, text)
	if err != nil {
		return nil, err
	}
	out := &proofchain.Result{Backend: proofchain.BackendLSP, Text: res.Text.String(), Checker: res.Server.Checker()}
	for _, d := range res.Diagnostics {
		out.Diagnostics = append(out.Diagnostics, toMessage(res.Text, d))
	}
	if res.Fatal {
		out.Problems = append(out.Problems, "the server stopped processing the file (fatal error)")
	}
	if !res.Published {
		// Success is never inferred from silence: no publication may mean a lost one.
		out.Problems = append(out.Problems, "the server published no diagnostics for this version")
	}
	for _, d := range res.Diagnostics {
		switch {
		case d.IsSilent:
		case d.IsSorryWarning():
			out.Problems = append(out.Problems, fmt.Sprintf("line %d: %s", d.Range.Start.Line+1, proofchain.FirstLine(d.Message)))
		case d.IsError():
			out.Problems = append(out.Problems, fmt.Sprintf("line %d: error: %s", d.Range.Start.Line+1, proofchain.FirstLine(d.Message)))
		}
	}

	var (
		positions []Position
		asked     []int
		failed    bool
	)
	for i, sp := range spans {
		st := proofchain.Step{Index: i, Tactic: ch.Steps[i], Status: proofchain.Failed, Lines: sp}
		hasErr := false
		for _, d := range res.Diagnostics {
			if d.IsSilent || d.Range.Start.Line < sp[0] || d.Range.Start.Line > sp[1] {
				continue
			}
			st.Messages = append(st.Messages, toMessage(res.Text, d))
			hasErr = hasErr || d.IsError()
		}
		switch {
		case hasErr:
			failed = true
			out.Problems = append(out.Problems, fmt.Sprintf("step %d failed", i+1))
		case failed:
			if len(st.Messages) == 0 {
				st.Status = proofchain.NotRun
			}
			out.Problems = append(out.Problems, fmt.Sprintf("step %d was not run: an earlier step failed", i+1))
		case res.Fatal:
			out.Problems = append(out.Problems, fmt.Sprintf("step %d: not judged, processing stopped", i+1))
		default:
			st.Status = proofchain.Accepted
			end, err := res.Text.LineEnd(sp[1])
			if err != nil {
				return nil, err
			}
			positions = append(positions, end)
			asked = append(asked, i)
		}
		out.Steps = append(out.Steps, st)
	}
	if len(positions) > 0 {
		goals, err := c.goals(ctx, s, positions)
		if err != nil {
			return nil, err
		}
		for k, i := range asked {
			if g := goals[k]; g != nil {
				out.Steps[i].Goals = g.Goals
			}
		}
	}
	if last := out.Steps[len(out.Steps)-1]; last.Status == proofchain.Accepted {
		switch {
		case last.Goals == nil:
			out.Problems = append(out.Problems, "no goal information after the last step")
		case len(last.Goals) > 0:
			out.Problems = append(out.Problems, fmt.Sprintf("%d goal(s) remain after the last step", len(last.Goals)))
		}
	}
	out.Verified = len(out.Problems) == 0
	return out, nil
}

// toMessage gives a diagnostic in the proof chain's terms, at its REPL position (1-based
// line, code-point column). A diagnostic without a severity is an error.
func toMessage(t *Text, d Diagnostic) proofchain.Message {
	m := proofchain.Message{Severity: d.Severity.String(), Data: d.Message}
	if d.Severity == 0 {
		m.Severity = SeverityError.String()
	}
	pos, _ := t.ToREPL(d.Range.Start)
	m.Line, m.Column = pos.Line, pos.Column
	return m
}
