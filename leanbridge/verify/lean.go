package verify

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Runner runs Lean source through a checker. It is what verify needs from the REPL pool:
// REPLRunner is the product's, over a *repl.Pool; tests use stand-ins that say what they are.
type Runner interface {
	// RunCommand elaborates cmd as one REPL `cmd` on the environment of header (import lines,
	// "" for the prelude). Positions in the Reply are relative to cmd: line 1 is cmd's first
	// line, whatever header was imported. Lean's own errors are Messages, not an error: the
	// error result is for the checker failing (crash, timeout, REPL error reply).
	RunCommand(ctx context.Context, header, cmd string) (Reply, error)
	// Backend names the checker: "lean" for real Lean, "sim" for the repository's simulator.
	Backend() string
}

// Reply is what Lean said about a command (the REPL's CommandResponse, reduced).
type Reply struct {
	Messages []Message
	Sorries  []Sorry
}

// Message is one Lean message. Severity is "info", "warning" or "error". Line is 1-based and
// Column 0-based in code points, as the REPL reports them; Line 0 means unknown.
type Message struct {
	Severity     string
	Line, Column int
	Data         string
}

// Sorry is one entry of the REPL's "sorries".
type Sorry struct {
	Goal         string
	Line, Column int
}

// DefaultAllowedAxioms are the axioms of standard mathematics in Lean: propositional
// extensionality, choice, and quotient soundness.
var DefaultAllowedAxioms = []string{"propext", "Classical.choice", "Quot.sound"}

// sorryWarning matches Lean's "declaration uses 'sorry'" warning in both spellings: older
// toolchains quote with apostrophes, newer ones (and the REPL transcripts in
// ../shared/lean/transcripts) with backticks. Quotes are optional so a future change of quoting
// still matches.
var sorryWarning = regexp.MustCompile("(?i)declaration uses\\s*[`'‘’\"]?sorry")

// ParseAxiomsReport reads the message of `#print axioms NAME`:
//
//	'NAME' depends on axioms: [propext, Classical.choice, Quot.sound]
//	'NAME' does not depend on any axioms
//
// (Lean.Elab.Print; the list may be wrapped over lines by the pretty printer). ok is false
// for anything else. NAME may itself contain apostrophes (`foo'`).
func ParseAxiomsReport(data string) (name string, axioms []string, ok bool) {
	s := strings.TrimSpace(data)
	if !strings.HasPrefix(s, "'") {
		return "", nil, false
	}
	const none = "' does not depend on any axioms"
	if strings.HasSuffix(s, none) && len(s) > len(none)+1 {
		return s[1 : len(s)-len(none)], []string{}, true
	}
	const some = "' depends on axioms: ["
	i := strings.Index(s, some)
	if i < 1 || !strings.HasSuffix(s, "]") {
		return "", nil, false
	}
	name = s[1:i]
	list := s[i+len(some) : len(s)-1]
	for _, a := range strings.Split(list, ",") {
		a = strings.Join(strings.Fields(a), "")
		if a == "" || strings.ContainsAny(a, "[]'") {
			return "", nil, false
		}
		axioms = append(axioms, a)
	}
	return name, axioms, true
}

// LeanVerdict is what the confirmation step concluded from a Reply.
type LeanVerdict struct {
	Reasons []Reason
	// Axioms is the parsed `#print axioms` list (nil when none was found).
	Axioms []string
}

// Judge applies the acceptance rule to Lean's reply for cmd (see CheckStatic's Cmd): no
// message of severity error, no sorries, no "declaration uses sorry" warning, and exactly one
// axioms report for name, on axiomsLine, listing only allowed axioms. shift maps Cmd lines back
// to the submission's (see StaticReport.LineShift).
func Judge(rep Reply, name string, axiomsLine, shift int, allowed []string) LeanVerdict {
	var v LeanVerdict
	add := func(code Code, m *Message, format string, args ...any) {
		r := Reason{Code: code, Detail: fmt.Sprintf(format, args...)}
		// The checker's own lines (#print axioms, the guard's #check) have no place in the
		// submission.
		if m != nil && m.Line-shift > 0 && m.Line < axiomsLine {
			r.Line, r.Column = m.Line-shift, m.Column
		}
		v.Reasons = append(v.Reasons, r)
	}
	var reports []Message
	for i := range rep.Messages {
		m := &rep.Messages[i]
		sev := strings.ToLower(strings.TrimSpace(m.Severity))
		switch {
		case sev == "error":
			add(CodeLeanError, m, "%s", clip(m.Data, 300))
		case sorryWarning.MatchString(m.Data):
			add(CodeLeanSorry, m, "%s", clip(m.Data, 200))
		}
		if _, _, ok := ParseAxiomsReport(m.Data); ok {
			if m.Line != 0 && m.Line != axiomsLine {
				add(CodeAxiomsSpoofed, m, "an axioms report on line %d, not from the checker's #print axioms", m.Line)
				continue
			}
			reports = append(reports, *m)
		}
	}
	if len(rep.Sorries) > 0 {
		s := rep.Sorries[0]
		r := Reason{Code: CodeLeanSorry, Detail: fmt.Sprintf("%d sorry goal(s), first: %s", len(rep.Sorries), clip(s.Goal, 120))}
		if s.Line-shift > 0 {
			r.Line, r.Column = s.Line-shift, s.Column
		}
		v.Reasons = append(v.Reasons, r)
	}
	switch len(reports) {
	case 0:
		add(CodeAxiomsMissing, nil, "no `#print axioms %s` report in Lean's reply", name)
		return v
	case 1:
	default:
		add(CodeAxiomsMissing, nil, "%d axioms reports where one was expected", len(reports))
		return v
	}
	got, axioms, _ := ParseAxiomsReport(reports[0].Data)
	if !sameName(got, name) {
		add(CodeAxiomsMissing, nil, "the axioms report is about %s, not %s", got, name)
		return v
	}
	v.Axioms = axioms
	// After an error Lean elaborates the failed part as sorryAx (error recovery): that sorryAx is
	// a consequence of the error already reported, not a second finding that reads like a
	// hidden sorry. Any other axiom still counts.
	recovered := slices.ContainsFunc(v.Reasons, func(r Reason) bool { return r.Code == CodeLeanError })
	var bad []string
	for _, a := range axioms {
		if !slices.Contains(allowed, a) && !(recovered && a == "sorryAx") {
			bad = append(bad, a)
		}
	}
	if len(bad) > 0 {
		add(CodeDisallowedAxioms, nil, "depends on %s (allowed: %s)", strings.Join(bad, ", "), strings.Join(allowed, ", "))
		if slices.Contains(bad, "sorryAx") {
			add(CodeLeanSorry, nil, "depends on sorryAx")
		}
	}
	return v
}

// sameName compares a name as Lean prints it with the theorem's name, ignoring «» escapes
// and a `_root_.` prefix.
func sameName(printed, name string) bool {
	norm := func(s string) string {
		s = strings.TrimPrefix(s, "_root_.")
		return strings.NewReplacer("«", "", "»", "").Replace(s)
	}
	return norm(printed) == norm(name)
}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
