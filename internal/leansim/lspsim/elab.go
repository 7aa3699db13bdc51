package lspsim

import (
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/frontend"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// Elaboration is the REPL simulator's (frontend.ElaborateFile): both simulators decide the
// same fragment of Lean the same way. This file only turns its results into a language
// server's terms: diagnostics with 0-based lines and UTF-16 columns, leanTags, the silent
// "Goals accomplished!", and plain goals at LSP positions.

// diagnostic is what the simulator publishes (PROTOCOL.md §2.5).
type diagnostic struct {
	Range     lspRange `json:"range"`
	FullRange lspRange `json:"fullRange"`
	Severity  int      `json:"severity"`
	Source    string   `json:"source"`
	Message   string   `json:"message"`
	LeanTags  []int    `json:"leanTags,omitempty"`
	IsSilent  bool     `json:"isSilent,omitempty"`
}

const (
	sevError   = 1
	sevWarning = 2
	sevInfo    = 3
)

// Lean's diagnostic tags (leanTags).
const (
	tagUnsolvedGoals     = 1
	tagGoalsAccomplished = 2
)

// projectPackages are the module roots lean-project provides besides core Lean and Mathlib.
var projectPackages = []string{"LeanPRM", "REPL"}

// fileResult is the elaboration of one document version.
type fileResult struct {
	lines   []string
	fatal   bool           // an import failed: processing stopped (fileProgress kind 2)
	decls   [][]diagnostic // diagnostics per command, in order; published cumulatively
	declEnd []int          // last line of each command
	elab    *frontend.FileResult
}

func (r *fileResult) all() []diagnostic {
	out := []diagnostic{}
	for _, d := range r.decls {
		out = append(out, d...)
	}
	return out
}

// elaborate elaborates a document. silent: the client supports isSilent diagnostics.
// Mathlib is always available, as it is in lean-project.
func elaborate(text string, silent bool) *fileResult {
	f := frontend.ElaborateFile(text, frontend.FileOptions{Mathlib: true, Packages: projectPackages})
	r := &fileResult{lines: strings.Split(text, "\n"), fatal: f.Fatal, elab: f}
	for _, c := range f.Commands {
		ds := []diagnostic{}
		for _, m := range c.Messages {
			rg := lspRange{Start: r.fromREPL(m.Pos), End: r.fromREPL(m.End)}
			d := diagnostic{Range: rg, FullRange: rg, Severity: severity(m.Severity), Source: "Lean 4", Message: m.Data}
			if m.UnsolvedGoals {
				d.LeanTags = []int{tagUnsolvedGoals}
			}
			ds = append(ds, d)
		}
		if c.Accomplished && silent {
			// Lean's range is the declaration's first line, its fullRange the declaration.
			start := r.fromREPL(c.Pos)
			firstLine := lspRange{Start: start, End: lspPos{start.Line, u16(r.lines[start.Line])}}
			ds = append(ds, diagnostic{Range: firstLine, FullRange: lspRange{Start: start, End: r.fromREPL(c.End)},
				Severity: sevInfo, Source: "Lean 4", Message: "Goals accomplished!",
				LeanTags: []int{tagGoalsAccomplished}, IsSilent: true})
		}
		r.decls = append(r.decls, ds)
		r.declEnd = append(r.declEnd, r.fromREPL(c.End).Line)
	}
	return r
}

func severity(s string) int {
	switch s {
	case "warning":
		return sevWarning
	case "info":
		return sevInfo
	}
	return sevError
}

// fromREPL converts a REPL position (1-based line, code-point column) to an LSP one,
// clamped to the text.
func (r *fileResult) fromREPL(p syntax.Pos) lspPos {
	line := min(max(p.Line-1, 0), len(r.lines)-1)
	units, cps := 0, 0
	for _, c := range r.lines[line] {
		if cps == p.Col {
			break
		}
		units++
		if c >= 0x10000 {
			units++ // a surrogate pair
		}
		cps++
	}
	return lspPos{line, units}
}

// goalAt answers $/lean/plainGoal at an LSP position (frontend.FileResult.GoalsAt): nil and
// false where Lean answers null.
func (r *fileResult) goalAt(p lspPos) ([]string, bool) {
	if p.Line < 0 || p.Line >= len(r.lines) {
		return nil, false
	}
	line := r.lines[p.Line]
	col := len([]rune(line[:byteOff(line, p.Character)]))
	return r.elab.GoalsAt(syntax.Pos{Line: p.Line + 1, Col: col})
}
