package proofchain

import (
	"errors"
	"fmt"
	"strings"
)

// Status is the verdict on one step of a chain.
type Status string

const (
	// Accepted: Lean ran the step without an error.
	Accepted Status = "accepted"
	// Failed: Lean rejected the step (an error message, or the REPL's thrown "Lean error:").
	Failed Status = "failed"
	// NotRun: an earlier step failed, so this one was not judged.
	NotRun Status = "not run"
)

// Message is a Lean message in the terms both backends share. Line and Column are where the
// backend reports it (the REPL reports tactic-mode messages at line 0, the language server
// at the step's lines), so comparisons across backends look at Severity and Data. Its text
// form, "severity: data", is what `lean chain --json` shows.
type Message struct {
	Severity string // "error", "warning", "info" (or "hint" from the language server)
	Data     string
	Line     int // 1-based; 0 for the REPL's tactic mode
	Column   int // code points, 0-based
}

func (m Message) String() string { return m.Severity + ": " + m.Data }

// MarshalText writes the message as "severity: data" (its position is left out).
func (m Message) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads "severity: data"; the position is unknown (0).
func (m *Message) UnmarshalText(b []byte) error {
	sev, data, ok := strings.Cut(string(b), ": ")
	if !ok {
		return fmt.Errorf("proofchain: message %q is not \"severity: data\"", b)
	}
	*m = Message{Severity: sev, Data: data}
	return nil
}

// IsError reports whether m is an error.
func (m Message) IsError() bool { return m.Severity == "error" }

// HasError reports whether an error is among ms.
func HasError(ms []Message) bool {
	for _, m := range ms {
		if m.IsError() {
			return true
		}
	}
	return false
}

// Step is the verdict on one step. The JSON form is `lean chain --json`'s row; the fields
// one backend alone fills are left out of it.
type Step struct {
	Index  int    `json:"index"`  // 0-based position in Chain.Steps
	Tactic string `json:"tactic"` // the step as given
	Status Status `json:"status"`
	// Goals after the step, one pretty-printed goal each; empty when none remain. Nil
	// unless the step was accepted (and, for the language server, when it had no goal there).
	Goals    []string  `json:"goals"`
	Messages []Message `json:"messages,omitempty"`

	// REPL only. Thrown: the failure was the REPL's {"message": "Lean error:\n…"} reply (one
	// error Message with the text after "Lean error:\n"). ProofStatus is the REPL's
	// proofStatus after the step (PROTOCOL.md §1.4), "" when the step threw or was not run;
	// only "Completed" means a kernel-checked proof. Sorries counts the sorries the step
	// created (the step is accepted, but the chain is not verified).
	Thrown      bool   `json:"-"`
	ProofStatus string `json:"-"`
	Sorries     int    `json:"-"`

	// Language server only: the step's first and last line in Result.Text (0-based).
	Lines [2]int `json:"-"`
}

// Accepted reports whether the step was accepted.
func (s Step) Accepted() bool { return s.Status == Accepted }

// Recheck is the REPL's command-mode check of the assembled proof.
type Recheck struct {
	Accepted bool // no error message, no sorry, no sorry warning
	Messages []Message
	Sorries  int
}

// Result is the verdict on a chain, from either backend. Its JSON form is `lean chain
// --json`'s report; what one backend alone fills is left out of it.
type Result struct {
	Backend  string   `json:"backend"` // "repl" or "lsp"
	Checker  string   `json:"checker"` // "lean" or "sim" (the repository's simulator)
	Verified bool     `json:"verified"`
	Problems []string `json:"problems,omitempty"` // why the chain is not verified
	Steps    []Step   `json:"steps"`
	// Text is the assembled proof (REPL) or the file that was elaborated (language server).
	Text string `json:"text"`
	// StepIndexBase says the steps' index counts from 0 (tables and problems count from 1).
	StepIndexBase int `json:"step_index_base"`

	// REPL only. Statement is the command that elaborated the statement (the preamble, then
	// the statement with `:= by sorry`) and StatementMessages Lean's messages about it: an
	// error among them means no step was run. Goal is the statement's goal; ProofStatus the
	// proofStatus after the last step that ran; Recheck the command-mode check of Text, nil
	// when it was not run.
	Statement         string    `json:"-"`
	StatementMessages []Message `json:"-"`
	Goal              string    `json:"-"`
	ProofStatus       string    `json:"-"`
	Recheck           *Recheck  `json:"-"`

	// Language server only: every diagnostic of the file, in the shared terms.
	Diagnostics []Message `json:"-"`
}

// Error reports a chain that got no verdict because the checker failed: the REPL crashed,
// timed out or was closed, a proof state went stale with its process, or a reply made no
// sense. It wraps the cause.
type Error struct {
	Step int    // the step being run, or -1 for the statement and the recheck
	Op   string // "statement", "step", "recheck", "waiting for a worker"
	Err  error
}

func (e *Error) Error() string {
	if e.Step >= 0 {
		return fmt.Sprintf("leanbridge: proof chain: %s %d: %v", e.Op, e.Step, e.Err)
	}
	return fmt.Sprintf("leanbridge: proof chain: %s: %v", e.Op, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// NoVerdict reports whether err says the checker gave no verdict on a valid chain (an *Error)
// or the chain was invalid (ErrInvalid).
func NoVerdict(err error) bool {
	var ce *Error
	return errors.As(err, &ce) || errors.Is(err, ErrInvalid)
}

// Result.Backend values.
const (
	BackendREPL = "repl" // the REPL client: tactic mode, then a command-mode re-check
	BackendLSP  = "lsp"  // the language-server client: the file elaborated once
)

// FirstLine is how a problem quotes a Lean message: its first line, and " …" when more
// follows.
func FirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
