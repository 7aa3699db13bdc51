package lsp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/internal/leantext"
)

// Chain is a formal proof chain: a theorem statement and its tactic steps, in order.
type Chain struct {
	// Header is put before the theorem, e.g. "import Mathlib". May be empty.
	Header string
	// Statement is the declaration without its proof, e.g.
	// "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q". A statement that does not start
	// with theorem, lemma or example is taken as a proposition: "example : <Statement>".
	// A trailing ":= by" or ":=" is dropped.
	Statement string
	// Steps are the tactics. A step may span several lines (its relative indentation is
	// kept); it must not be blank.
	Steps []string
}

// StepResult is the verdict on one step. It has the shape of the REPL backend's per-step
// verdict so that the two can be compared field by field: Index, Tactic, Accepted, Goals
// (the goals after the step, one pretty-printed goal per entry, empty when none remain) and
// Messages (compare Severity and Data; positions differ by nature, since the REPL reports
// tactic-mode messages at line 0).
type StepResult struct {
	Index    int    `json:"index"`  // 0-based position in Chain.Steps
	Tactic   string `json:"tactic"` // the step as given
	Accepted bool   `json:"accepted"`
	// Goals after the step, from $/lean/plainGoal at the end of the step's last line.
	// Empty: no goals remain. Nil: unknown (the step failed or was skipped, or the server
	// had no goal there).
	Goals []string `json:"goals"`
	// Messages are the diagnostics whose range starts on the step's lines.
	Messages []Message `json:"messages,omitempty"`
	// Skipped: not judged, because an earlier step failed and this one has no diagnostics
	// of its own. Lean may or may not have run it: a thrown error ends the tactic block,
	// but Lean goes on after errors it recovers from (an unknown name inside `exact` closes
	// the goal with a synthetic sorry). Either way the step is not accepted.
	Skipped bool `json:"skipped,omitempty"`
	// Lines are the step's first and last line in ChainResult.Text (0-based).
	Lines [2]int `json:"lines"`
}

// Message is a diagnostic in the REPL's terms: Severity is "error", "warning", "info" or
// "hint", Data the text; Pos/EndPos are REPL positions (1-based line, code-point column)
// in ChainResult.Text and Range the LSP range.
type Message struct {
	Severity string  `json:"severity"`
	Data     string  `json:"data"`
	Pos      REPLPos `json:"pos"`
	EndPos   REPLPos `json:"endPos"`
	Range    Range   `json:"range"`
}

// ChainResult is the verdict on a whole chain.
type ChainResult struct {
	Text  string       `json:"text"` // the file that was elaborated
	Steps []StepResult `json:"steps"`
	// Verified: processing completed, the server published diagnostics for this version,
	// no error diagnostic anywhere, no "declaration uses `sorry`" warning, no unsolved goals,
	// every step accepted, and no goal left after the last step.
	Verified bool `json:"verified"`
	// Problems says why the chain is not verified (empty when it is).
	Problems    []string     `json:"problems,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	Checker     string       `json:"checker"` // "lean" or "sim" (see ServerInfo.Checker)
	Server      ServerInfo   `json:"server"`
}

// BuildChainFile assembles the Lean file for a chain: the header, the statement followed
// by ":= by", then each step on its own lines, indented by two spaces. It returns the text
// and each step's first and last line (0-based).
func BuildChainFile(ch Chain) (string, [][2]int, error) {
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
	if !hasDeclKeyword(stmt) {
		stmt = "example : " + stmt
	}
	var lines []string
	if h := strings.TrimRight(normalizeText(ch.Header), "\n \t"); h != "" {
		lines = append(lines, strings.Split(h, "\n")...)
		lines = append(lines, "")
	}
	lines = append(lines, strings.Split(stmt+" := by", "\n")...)
	spans := make([][2]int, len(ch.Steps))
	for i, step := range ch.Steps {
		body := leantext.StepBody(step)
		if strings.TrimSpace(body) == "" {
			return "", nil, fmt.Errorf("lsp: chain step %d is blank", i)
		}
		spans[i][0] = len(lines)
		for _, l := range strings.Split(body, "\n") {
			if strings.TrimSpace(l) == "" {
				lines = append(lines, "")
				continue
			}
			lines = append(lines, "  "+strings.TrimRight(l, " \t"))
		}
		spans[i][1] = len(lines) - 1
	}
	return strings.Join(lines, "\n") + "\n", spans, nil
}

func hasDeclKeyword(s string) bool {
	for _, kw := range []string{"theorem ", "lemma ", "example ", "example:"} {
		if strings.HasPrefix(s, kw) {
			return true
		}
	}
	return false
}

// CheckChain elaborates a chain once and judges every step: a step fails when an error
// diagnostic starts on its lines; the steps after a failed one are not accepted (Skipped
// unless they have diagnostics of their own); the goals after each accepted step come from
// $/lean/plainGoal at the end of its last line (all asked at once). An error outside every
// step (e.g. "unsolved goals", reported from `by`) fails the chain, not a step. Errors are
// those of Check and Goals.
func (c *Client) CheckChain(ctx context.Context, ch Chain) (*ChainResult, error) {
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
	out := &ChainResult{Text: res.Text.String(), Diagnostics: res.Diagnostics, Server: res.Server, Checker: res.Server.Checker()}
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
			out.Problems = append(out.Problems, fmt.Sprintf("line %d: %s", d.Range.Start.Line+1, firstLine(d.Message)))
		case d.IsError():
			out.Problems = append(out.Problems, fmt.Sprintf("line %d: error: %s", d.Range.Start.Line+1, firstLine(d.Message)))
		}
	}

	var (
		positions []Position
		asked     []int
		failed    bool
	)
	for i, sp := range spans {
		st := StepResult{Index: i, Tactic: ch.Steps[i], Lines: sp}
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
			st.Skipped = len(st.Messages) == 0
			out.Problems = append(out.Problems, fmt.Sprintf("step %d was not run: an earlier step failed", i+1))
		case res.Fatal:
			out.Problems = append(out.Problems, fmt.Sprintf("step %d: not judged, processing stopped", i+1))
		default:
			st.Accepted = true
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
	if last := out.Steps[len(out.Steps)-1]; last.Accepted {
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

func toMessage(t *Text, d Diagnostic) Message {
	m := Message{Severity: d.Severity.String(), Data: d.Message, Range: d.Range}
	if d.Severity == 0 {
		m.Severity = SeverityError.String()
	}
	m.Pos, _ = t.ToREPL(d.Range.Start)
	m.EndPos, _ = t.ToREPL(d.Range.End)
	return m
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
