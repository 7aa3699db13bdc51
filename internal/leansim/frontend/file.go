package frontend

import (
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
	"github.com/leanprm/leanprm/internal/leansim/tactic"
)

// Whole files, as a language server's file worker elaborates them. ElaborateFile runs the
// same parser, commands and tactics as the REPL's command mode, so that a language-server
// simulator built on it (internal/leansim/lspsim) decides exactly what this simulator decides, the
// same way, and reports it in the terms a language server needs.

// FileOptions configures ElaborateFile. The zero value is a toolchain with core Lean only.
type FileOptions struct {
	// Mathlib makes `import Mathlib…` (and the packages Mathlib brings, such as Batteries and
	// Aesop) available, as Options.Mathlib does for the REPL.
	Mathlib bool
	// Packages are further module roots the project provides, e.g. "LeanPRM": importing
	// them is accepted and adds nothing.
	Packages []string
}

// FileResult is the elaboration of one file. Positions are the REPL's: 1-based lines,
// 0-based columns counted in Unicode code points (a language server converts them to
// 0-based lines and UTF-16 columns).
type FileResult struct {
	// Commands are the file's commands in order, each with its messages; the `import` header
	// comes first when there is one. A server publishes their messages cumulatively.
	Commands []FileCommand
	// Fatal reports an unknown import: Lean stops processing the file after the header (a
	// language server reports fileProgress kind 2).
	Fatal bool
	// Tactics are the top-level tactics of every declaration's `by` block, in source order.
	Tactics []TacticInfo
}

// FileCommand is one command of a file: the range from its first token to its last, and the
// messages elaborating it produced, in Lean's order.
type FileCommand struct {
	Pos, End syntax.Pos
	Messages []FileMessage
	// Accomplished: a declaration whose tactic proof finished with no error and no sorry
	// (where Lean adds its silent "Goals accomplished!" diagnostic).
	Accomplished bool
}

// FileMessage is a message in the REPL's terms. UnsolvedGoals marks the "unsolved goals"
// errors, which a language server tags (leanTags [1]).
type FileMessage struct {
	Severity      string // "error", "warning" or "info"
	Pos, End      syntax.Pos
	Data          string
	UnsolvedGoals bool
}

// TacticInfo is what one top-level tactic did, for a server's goal view ($/lean/plainGoal).
// Goals are pretty-printed, one per entry. A tactic that followed a failure, or that Lean
// could not parse, has Ran false and no goals; one that threw has Failed set and After nil.
// After is empty, not nil, when the tactic closed every goal.
type TacticInfo struct {
	Pos, End      syntax.Pos
	Before, After []string
	Ran, Failed   bool
}

// ElaborateFile elaborates the text of a whole Lean file: its `import` header, then its
// commands, exactly as the REPL simulator's command mode does with a fresh environment,
// including Lean's error recovery — a failing tactic ends its block without an "unsolved
// goals" error, an elaboration error in `exact` is logged and the proof goes on, and a
// command that does not parse keeps only the "unsolved goals" errors of its partial syntax.
func ElaborateFile(text string, opts FileOptions) *FileResult {
	rec := &fileRecorder{}
	cfg := Config{MathlibAvailable: opts.Mathlib, Version: DefaultVersion + VersionSuffix, file: rec}
	if len(opts.Packages) > 0 {
		cfg.packages = map[string]bool{}
		for _, p := range opts.Packages {
			cfg.packages[p] = true
		}
	}
	RunCommands(text, nil, cfg)
	return &rec.res
}

// Messages returns the messages of every command, in order.
func (r *FileResult) Messages() []FileMessage {
	var out []FileMessage
	for _, c := range r.Commands {
		out = append(out, c.Messages...)
	}
	return out
}

// GoalsAt answers a goal-view request at p as the simulator models Lean's: inside a tactic,
// the goals before it; at or after the end of a tactic on the line where it ends, the goals
// after it; before the first tactic of a line, the goals before that tactic. ok is false
// (Lean answers null) elsewhere, and at a tactic that failed or never ran.
//
// Only the top-level tactics of a `by` block are known: at the end of a line whose last
// tactic is nested (`· omega`, `have h : P := by omega`), the answer is the goals after the
// enclosing top-level tactic, where real Lean may show the nested tactic's.
func (r *FileResult) GoalsAt(p syntax.Pos) (goals []string, ok bool) {
	var ended, next *TacticInfo
	for i := range r.Tactics {
		t := &r.Tactics[i]
		switch {
		case !p.Before(t.Pos) && p.Before(t.End):
			if !t.Ran {
				return nil, false
			}
			return t.Before, true
		case !p.Before(t.End) && t.End.Line == p.Line:
			ended = t
		case p.Before(t.Pos) && t.Pos.Line == p.Line && next == nil:
			next = t
		}
	}
	switch {
	case ended != nil:
		return ended.After, ended.Ran && !ended.Failed
	case next != nil:
		return next.Before, next.Ran
	}
	return nil, false
}

// DefaultVersion is the Lean version the simulator claims by default. It always appends
// VersionSuffix, so no client can mistake it for Lean (docs/CONTRACTS.md §2).
const (
	DefaultVersion = "4.32.0"
	VersionSuffix  = "-leanprm-simulator"
)

// fileRecorder collects a FileResult while RunCommands runs. Its methods do nothing on a
// nil recorder, which is what the REPL's command mode has.
type fileRecorder struct {
	res FileResult
}

func (f *fileRecorder) begin(pos syntax.Pos) {
	if f != nil {
		f.res.Commands = append(f.res.Commands, FileCommand{Pos: pos, End: pos})
	}
}

// end closes the current command at end with its messages.
func (f *fileRecorder) end(end syntax.Pos, msgs []tactic.Message) {
	if f == nil {
		return
	}
	c := &f.res.Commands[len(f.res.Commands)-1]
	c.End = end
	for _, m := range msgs {
		fm := FileMessage{Severity: m.Severity, Pos: m.Pos, End: m.Pos, Data: m.Data,
			UnsolvedGoals: m.Severity == "error" && strings.HasPrefix(m.Data, "unsolved goals")}
		if m.End != nil {
			fm.End = *m.End
		}
		c.Messages = append(c.Messages, fm)
	}
}

func (f *fileRecorder) fatal() {
	if f != nil {
		f.res.Fatal = true
	}
}

func (f *fileRecorder) accomplished() {
	if f != nil {
		f.res.Commands[len(f.res.Commands)-1].Accomplished = true
	}
}

func (f *fileRecorder) tactic(t TacticInfo) {
	if f != nil {
		f.res.Tactics = append(f.res.Tactics, t)
	}
}

// observer returns the StepObserver that records a block's top-level tactics, or nil.
func (f *fileRecorder) observer(mathlib bool) tactic.StepObserver {
	if f == nil {
		return nil
	}
	pp := func(gs []*elab.Goal) []string {
		if gs == nil {
			return nil
		}
		out := make([]string, len(gs))
		for i, g := range gs {
			out[i] = g.Pretty(mathlib)
		}
		return out
	}
	return func(pos, end syntax.Pos, before, after []*elab.Goal, ran, failed bool) {
		t := TacticInfo{Pos: pos, End: end, Before: pp(before), After: pp(after), Ran: ran, Failed: failed}
		if ran && !failed && t.After == nil {
			t.After = []string{} // every goal closed (all_goals, stop, … return nil)
		}
		f.tactic(t)
	}
}
