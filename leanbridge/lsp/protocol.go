package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Wire types. Only what this client reads or writes is modelled. Decoding is lenient:
// encoding/json ignores members these structs do not name, so newer servers that add fields
// still decode. Optional Lean fields (written only when present, the `…?` fields of Lean's
// structures) are pointers or omitempty.

// Method names (PROTOCOL.md §2).
const (
	methodInitialize         = "initialize"
	methodInitialized        = "initialized"
	methodShutdown           = "shutdown"
	methodExit               = "exit"
	methodDidOpen            = "textDocument/didOpen"
	methodDidChange          = "textDocument/didChange"
	methodDidClose           = "textDocument/didClose"
	methodPublishDiagnostics = "textDocument/publishDiagnostics"
	methodWaitForDiagnostics = "textDocument/waitForDiagnostics"
	methodFileProgress       = "$/lean/fileProgress"
	methodPlainGoal          = "$/lean/plainGoal"
	methodCancelRequest      = "$/cancelRequest"
)

// ServerInfo is initialize's serverInfo: real Lean says {"name": "Lean 4 Server", …}, the
// simulator {"name": "leanprm LSP simulator", …}.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// Checker names used in verdicts (docs/CONTRACTS.md §2).
const (
	CheckerLean = "lean"
	CheckerSim  = "sim"
)

// SimulatorServerName is the serverInfo.name the repository's simulator (internal/leansim/lspsim)
// announces. Kept here as a constant, not imported, so that production code does not depend
// on the simulator; a test asserts the two agree.
const SimulatorServerName = "leanprm LSP simulator"

// Checker names the peer for verdicts: "sim" for the simulator, "lean" for a server that
// calls itself Lean ("Lean 4 Server"), "" for anything else, which must not be reported as
// Lean.
func (s ServerInfo) Checker() string {
	switch {
	case s.Name == SimulatorServerName:
		return CheckerSim
	case strings.HasPrefix(s.Name, "Lean"):
		return CheckerLean
	}
	return ""
}

type clientInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

type initializeParams struct {
	ProcessID             int                `json:"processId"`
	ClientInfo            clientInfo         `json:"clientInfo"`
	RootURI               string             `json:"rootUri,omitempty"`
	Capabilities          clientCapabilities `json:"capabilities"`
	InitializationOptions initOptions        `json:"initializationOptions"`
}

// clientCapabilities deliberately does not advertise incrementalDiagnosticSupport: this
// client replaces diagnostics per publish (PROTOCOL.md §2.3, §2.5).
type clientCapabilities struct {
	TextDocument map[string]any `json:"textDocument"`
	Lean         leanCaps       `json:"lean"`
}

type leanCaps struct {
	SilentDiagnosticSupport bool `json:"silentDiagnosticSupport"`
}

type initOptions struct {
	HasWidgets bool `json:"hasWidgets"`
}

type initializeResult struct {
	Capabilities json.RawMessage `json:"capabilities"`
	ServerInfo   *ServerInfo     `json:"serverInfo"`
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

type didOpenParams struct {
	TextDocument        textDocumentItem `json:"textDocument"`
	DependencyBuildMode string           `json:"dependencyBuildMode,omitempty"`
}

type versionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version *int   `json:"version,omitempty"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type contentChange struct {
	Text string `json:"text"`
}

type didChangeParams struct {
	TextDocument   versionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                 `json:"contentChanges"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type waitForDiagnosticsParams struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type plainGoalParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

type cancelParams struct {
	ID uint64 `json:"id"`
}

// Severity is an LSP diagnostic severity. String gives the REPL's words ("error",
// "warning", "info") so messages from both backends compare.
type Severity int

// The LSP severities.
const (
	SeverityError       Severity = 1
	SeverityWarning     Severity = 2
	SeverityInformation Severity = 3
	SeverityHint        Severity = 4
)

func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInformation:
		return "info"
	case SeverityHint:
		return "hint"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// Lean's diagnostic tags (leanTags).
const (
	LeanTagUnsolvedGoals     = 1
	LeanTagGoalsAccomplished = 2
)

// Diagnostic is one Lean diagnostic (PROTOCOL.md §2.5).
type Diagnostic struct {
	Range     Range    `json:"range"`
	FullRange *Range   `json:"fullRange,omitempty"` // Lean extension; absent means Range
	Severity  Severity `json:"severity,omitempty"`
	Source    string   `json:"source,omitempty"`
	Message   string   `json:"message"`
	Tags      []int    `json:"tags,omitempty"`
	LeanTags  []int    `json:"leanTags,omitempty"`
	IsSilent  bool     `json:"isSilent,omitempty"` // only sent because this client advertises silentDiagnosticSupport
}

// IsError reports an error diagnostic. A diagnostic without a severity counts as an error:
// LSP leaves its meaning to the client, and a checker must not read it as success.
func (d Diagnostic) IsError() bool { return d.Severity == SeverityError || d.Severity == 0 }

// Full returns FullRange, or Range when the server sent none.
func (d Diagnostic) Full() Range {
	if d.FullRange != nil {
		return *d.FullRange
	}
	return d.Range
}

func (d Diagnostic) hasLeanTag(tag int) bool {
	for _, t := range d.LeanTags {
		if t == tag {
			return true
		}
	}
	return false
}

// IsSorryWarning reports Lean's "declaration uses `sorry`" warning, in either quoting
// (backquotes on current toolchains, 'sorry' on older ones).
func (d Diagnostic) IsSorryWarning() bool {
	return strings.Contains(d.Message, "declaration uses `sorry`") || strings.Contains(d.Message, "declaration uses 'sorry'")
}

// IsUnsolvedGoals reports Lean's "unsolved goals" error.
func (d Diagnostic) IsUnsolvedGoals() bool {
	return d.hasLeanTag(LeanTagUnsolvedGoals) || strings.HasPrefix(d.Message, "unsolved goals")
}

// IsGoalsAccomplished reports the silent "Goals accomplished!" information.
func (d Diagnostic) IsGoalsAccomplished() bool { return d.hasLeanTag(LeanTagGoalsAccomplished) }

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// File progress kinds.
const (
	progressProcessing = 1
	progressFatal      = 2
)

type fileProgressParams struct {
	TextDocument versionedTextDocumentIdentifier `json:"textDocument"`
	Processing   []struct {
		Range Range `json:"range"`
		Kind  int   `json:"kind"` // absent means 1
	} `json:"processing"`
}

// PlainGoal is the answer to $/lean/plainGoal. Goals has one pretty-printed goal per entry
// and is empty when no goals remain; Rendered is Markdown ("no goals" when Goals is empty).
type PlainGoal struct {
	Rendered string   `json:"rendered"`
	Goals    []string `json:"goals"`
}
