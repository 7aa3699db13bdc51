package leanbridge

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/internal/leantext"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// StepStatus is the verdict on one step of a chain.
type StepStatus string

const (
	// StepAccepted: Lean ran the step without an error.
	StepAccepted StepStatus = "accepted"
	// StepFailed: Lean rejected the step (a thrown "Lean error:" reply, or an error message).
	StepFailed StepStatus = "failed"
	// StepNotRun: an earlier step failed, so this one was not sent.
	StepNotRun StepStatus = "not run"
)

// StepResult is the REPL's verdict on one step. Its first fields have the shape of the
// language-server backend's per-step verdict (leanbridge/lsp.StepResult: Index, Tactic,
// Accepted, Goals, Messages); Verdict reduces either to the StepVerdict both can be compared
// on.
type StepResult struct {
	Index    int        `json:"index"`  // 0-based position in Chain.Steps
	Tactic   string     `json:"tactic"` // the step as given
	Status   StepStatus `json:"status"`
	Accepted bool       `json:"accepted"` // Status == StepAccepted
	// Goals after the step, one pretty-printed goal each; empty when none remain. Nil
	// unless the step was accepted.
	Goals []string `json:"goals"`
	// Messages are Lean's messages about the step. The REPL reports tactic-mode messages at
	// line 0. A thrown failure (the REPL's {"message": "Lean error:\n…"} reply) is one error
	// Message with the text after "Lean error:\n", and Thrown is set.
	Messages []Message `json:"messages,omitempty"`
	Thrown   bool      `json:"thrown,omitempty"`
	// ProofStatus is the REPL's proofStatus after the step (PROTOCOL.md §1.4); "" when the
	// step threw or was not run. Only "Completed" means a kernel-checked proof.
	ProofStatus string `json:"proofStatus,omitempty"`
	// Sorries counts the sorries the step created (a `sorry` tactic, or an elaboration error
	// that Lean papered over). The step is accepted, but the chain is not verified.
	Sorries int `json:"sorries,omitempty"`
}

// Recheck is the command-mode check of the assembled proof.
type Recheck struct {
	Accepted bool      `json:"accepted"` // no error message, no sorry, no sorry warning
	Messages []Message `json:"messages,omitempty"`
	Sorries  int       `json:"sorries,omitempty"`
}

// ChainResult is the verdict on a chain.
type ChainResult struct {
	// Statement is the command that elaborated the statement: the preamble, then the
	// statement with `:= by sorry`.
	Statement string `json:"statement"`
	// StatementMessages are Lean's messages about that command; an error among them means
	// the statement did not elaborate and no step was run.
	StatementMessages []Message `json:"statementMessages,omitempty"`
	// Goal is the statement's goal, the proof state the first step runs on.
	Goal  string       `json:"goal,omitempty"`
	Steps []StepResult `json:"steps"`
	// ProofStatus is the proofStatus after the last step that ran.
	ProofStatus string `json:"proofStatus,omitempty"`
	// Text is the assembled proof: the preamble, the statement, ":= by", and each step on its
	// own lines, indented by two spaces.
	Text string `json:"text"`
	// Recheck is the command-mode check of Text; nil when it was not run (a step failed or
	// the proof was not complete).
	Recheck *Recheck `json:"recheck,omitempty"`
	// Verified: every step accepted, the last proofStatus is "Completed", and Text re-checks
	// in command mode with no error and no sorry. Tactic mode alone is not trusted: it once
	// accepted wrong proofs (repl issue #44).
	Verified bool `json:"verified"`
	// Problems says why the chain is not verified (empty when it is).
	Problems []string `json:"problems,omitempty"`
	// Checker is who judged: "lean" or "sim" (the repository's simulator), from the worker.
	Checker string `json:"checker"`
}

// StepVerdict is the per-step verdict in the terms both backends share, for comparing them:
// the REPL backend (StepResult.Verdict) and the language-server backend (lsp.StepResult:
// Index, Tactic, Accepted, Goals, Messages' Severity and Data, and Run = !Skipped). Message
// positions are left out: the REPL reports tactic-mode messages at line 0, the language
// server at the step's lines.
type StepVerdict struct {
	Index    int              `json:"index"`
	Tactic   string           `json:"tactic"`
	Run      bool             `json:"run"`
	Accepted bool             `json:"accepted"`
	Goals    []string         `json:"goals"`
	Messages []VerdictMessage `json:"messages,omitempty"`
}

// VerdictMessage is a message without its position.
type VerdictMessage struct {
	Severity string `json:"severity"`
	Data     string `json:"data"`
}

// Verdict reduces a step result to a StepVerdict.
func (s StepResult) Verdict() StepVerdict {
	v := StepVerdict{Index: s.Index, Tactic: s.Tactic, Run: s.Status != StepNotRun, Accepted: s.Accepted, Goals: s.Goals}
	for _, m := range s.Messages {
		v.Messages = append(v.Messages, VerdictMessage{Severity: m.Severity, Data: m.Data})
	}
	return v
}

// Verdicts reduces every step.
func (r *ChainResult) Verdicts() []StepVerdict {
	out := make([]StepVerdict, len(r.Steps))
	for i, s := range r.Steps {
		out[i] = s.Verdict()
	}
	return out
}

// ChainError reports a chain that got no verdict because the checker failed: the REPL
// crashed, timed out or was closed, a proof state went stale with its process, or a reply
// made no sense. It wraps the cause (errors.Is ErrProcessDied, ErrStaleState, ErrTimeout, …).
type ChainError struct {
	Step int    // the step being run, or -1 for the statement and the recheck
	Op   string // "statement", "step", "recheck"
	Err  error
}

func (e *ChainError) Error() string {
	if e.Step >= 0 {
		return fmt.Sprintf("leanbridge: proof chain: %s %d: %v", e.Op, e.Step, e.Err)
	}
	return fmt.Sprintf("leanbridge: proof chain: %s: %v", e.Op, e.Err)
}

func (e *ChainError) Unwrap() error { return e.Err }

// declKeywordPrefix reports whether s starts with a declaration: theorem, lemma or example,
// after comments, modifiers, attributes and `set_option … in` / `open … in`.
func declKeywordPrefix(s string) bool {
	toks := codeTokens(verify.Lex(s).Tokens)
	for i := 0; i < len(toks); {
		t := toks[i]
		switch {
		case t.Kind == verify.Ident && modifiers[t.Text]:
			i++
		case t.Text == "@[":
			for d := 0; i < len(toks); i++ {
				switch toks[i].Text {
				case "@[", "[":
					d++
				case "]":
					d--
				}
				if d == 0 {
					break
				}
			}
			i++
		case t.IsWord("set_option") || t.IsWord("open"):
			for i < len(toks) && !toks[i].IsWord("in") {
				i++
			}
			i++
		default:
			return t.IsWord("theorem") || t.IsWord("lemma") || t.IsWord("example")
		}
	}
	return false
}

// normalizeStatement drops a trailing ":=", ":= by" or ":= by sorry" and turns a bare
// proposition into "example : P".
func normalizeStatement(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
	for _, suffix := range []string{"sorry", "by", ":="} {
		if t := strings.TrimSuffix(s, suffix); t != s && (suffix == ":=" || t == "" || strings.ContainsAny(t[len(t)-1:], " \n\t=")) {
			s = strings.TrimSpace(t)
		}
	}
	if !declKeywordPrefix(s) {
		s = "example : " + s
	}
	return s
}

// chainText joins the preamble and a declaration.
func chainText(preamble, decl string) string {
	if p := strings.TrimSpace(preamble); p != "" {
		return p + "\n\n" + decl
	}
	return decl
}

// StatementCommand is the command that elaborates a chain's statement with `sorry`, and the
// 1-based line of that `sorry` in it.
func StatementCommand(ch Chain) (cmd string, sorryLine int) {
	cmd = chainText(ch.Preamble, normalizeStatement(ch.Statement)+" := by\n  sorry")
	return cmd, strings.Count(cmd, "\n") + 1
}

// ProofText assembles the whole proof of a chain: preamble, statement, ":= by", then each
// step on its own lines indented by two spaces (continuation lines keep their indentation
// relative to the step's first line).
func ProofText(ch Chain) string {
	var b strings.Builder
	b.WriteString(normalizeStatement(ch.Statement))
	b.WriteString(" := by\n")
	for _, step := range ch.Steps {
		body := leantext.StepBody(step)
		for _, l := range strings.Split(body, "\n") {
			if strings.TrimSpace(l) == "" {
				b.WriteString("\n")
				continue
			}
			b.WriteString("  " + strings.TrimRight(l, " \t") + "\n")
		}
	}
	return chainText(ch.Preamble, b.String())
}

// CheckChain runs a chain on one REPL process of the pool (WithWorker): proof states belong
// to the process that made them. See Worker.CheckChain.
func (p *Pool) CheckChain(ctx context.Context, ch Chain) (*ChainResult, error) {
	var res *ChainResult
	err := p.WithWorker(ctx, func(w *Worker) error {
		var err error
		res, err = w.CheckChain(ctx, ch)
		return err
	})
	if err != nil {
		var ce *ChainError
		if errors.As(err, &ce) || errors.Is(err, ErrInvalidChain) {
			return nil, err
		}
		return nil, &ChainError{Step: -1, Op: "waiting for a worker", Err: err}
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
// *ChainError and no result: there is no verdict.
func (w *Worker) CheckChain(ctx context.Context, ch Chain) (*ChainResult, error) {
	if err := ch.Validate(); err != nil {
		return nil, err
	}
	w.pin()
	defer w.unpin()
	cmd, sorryLine := StatementCommand(ch)
	res := &ChainResult{Statement: cmd, Text: ProofText(ch), Steps: make([]StepResult, len(ch.Steps))}
	for i, s := range ch.Steps {
		res.Steps[i] = StepResult{Index: i, Tactic: s, Status: StepNotRun}
	}
	fail := func(step int, op string, err error) (*ChainResult, error) {
		return nil, &ChainError{Step: step, Op: op, Err: err}
	}

	resp, err := w.CommandOnHeader(ctx, ch.Header, CommandRequest{Cmd: cmd})
	if err != nil {
		return fail(-1, "statement", err)
	}
	res.Checker = w.Backend()
	res.StatementMessages = resp.Messages
	if errs := resp.Errors(); len(errs) > 0 {
		res.Problems = append(res.Problems, fmt.Sprintf("the statement (with the preamble) does not elaborate: line %d: %s", errs[0].Pos.Line, firstLine(errs[0].Data)))
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
		sr.Status = StepAccepted
		var goals []string
		for _, tac := range splitStep(step) {
			r, err := w.ProofStep(ctx, ProofStepRequest{Tactic: tac, ProofState: ps})
			var re *ReplyError
			if errors.As(err, &re) && strings.HasPrefix(re.Message, "Lean error:") {
				sr.Status, sr.Thrown, sr.ProofStatus = StepFailed, true, ""
				sr.Messages = append(sr.Messages, Message{Severity: "error", Data: strings.TrimPrefix(strings.TrimPrefix(re.Message, "Lean error:"), "\n")})
				break
			}
			if err != nil {
				return fail(i, "step", err)
			}
			ps, goals = r.ProofState, r.Goals
			sr.ProofStatus = r.ProofStatus
			sr.Messages = append(sr.Messages, r.Messages...)
			sr.Sorries += len(r.Sorries)
			if hasError(r.Messages) {
				sr.Status = StepFailed
				break
			}
		}
		if sr.Status == StepFailed {
			failed = i
			res.ProofStatus = sr.ProofStatus
			res.Problems = append(res.Problems, fmt.Sprintf("step %d failed: %s", i+1, firstLine(firstError(sr.Messages))))
			break
		}
		if w.cfg.afterChainStep != nil {
			w.cfg.afterChainStep(w, i)
		}
		sr.Accepted = true
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
	res.Recheck = &Recheck{Accepted: resp.Accepted(), Messages: resp.Messages, Sorries: len(resp.Sorries)}
	if !res.Recheck.Accepted {
		why := "it uses sorry"
		if errs := resp.Errors(); len(errs) > 0 {
			why = fmt.Sprintf("line %d: %s", errs[0].Pos.Line, firstLine(errs[0].Data))
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

func firstError(ms []Message) string {
	for _, m := range ms {
		if m.Severity == "error" {
			return m.Data
		}
	}
	return ""
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
