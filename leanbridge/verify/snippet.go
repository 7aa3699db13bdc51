package verify

import (
	"slices"

	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// readOnlyHashCommands are the #commands a snippet may use: they print, and change nothing.
var readOnlyHashCommands = map[string]bool{
	"check": true, "check_failure": true, "print": true, "reduce": true, "synth": true,
	"guard_msgs": true, "exit": true,
}

// snippetCodes are the findings that refuse a snippet: what runs code or reaches the machine
// (#eval, run_cmd, IO, unsafe, extern, implemented_by, metaprogramming, elaborators, native
// evaluation, a tactic configuration that is not literal, a declaration in Lean's internal
// namespaces, a command keyword outside the allow list), what bends or exhausts the checker (debug options, heartbeat, recursion and
// resource limits), imports beyond the served header, other #commands, and text the rules
// cannot read with confidence. The rules that protect an official statement (sorry, axioms,
// instances, namespaces, notation, other options) do not apply: a snippet has no statement
// and its client reads the verdict from Lean's messages.
var snippetCodes = []Code{
	CodeLexError, CodeInvalidUTF8, CodeNULByte, CodeBidiControl, CodeInvisibleChar, CodeImport,
	CodeNativeDecide, CodeEval, CodeRunCode, CodeMetaCode, CodeIO, CodeUnsafe, CodeExtern,
	CodeImplementedBy, CodeDebugOption, CodeUnlimitedHeartbeats, CodeRecursionDepth,
	CodeResourceOption, CodeElab, CodeHashCommand, CodeTacticConfig, CodeInternalNamespace,
	CodeCommandNotAllowed,
}

// CheckSnippet applies verify-proof's static rules to untrusted Lean code that comes without
// an official statement (a Kimina /api/check snippet): the same lexer and token rules, keeping
// only the findings of snippetCodes (see there), in source order. None means the snippet may
// run. allowedImports are the modules its import lines may name.
func CheckSnippet(code string, allowedImports []string) []Reason {
	c := &candidate{lx: syntax.Lex(code), allowed: allowedImports, seen: map[reasonKey]bool{}, snippet: true}
	c.run()
	var out []Reason
	for _, r := range c.reasons {
		if slices.Contains(snippetCodes, r.Code) {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b Reason) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Column - b.Column
	})
	return out
}
