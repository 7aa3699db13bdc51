package verify

import "fmt"

// Code names why a proof was not verified. Codes are stable strings: scripts and the testdata
// suite match on them.
type Code string

// Reading the candidate. Any of these rejects it: Lean might read the text differently.
const (
	CodeLexError      Code = "lex_error"           // unterminated comment/string/char/«ident», bad escape, ambiguous string
	CodeInvalidUTF8   Code = "invalid_utf8"        // anywhere, comments included
	CodeNULByte       Code = "nul_byte"            // anywhere
	CodeBidiControl   Code = "bidi_control"        // U+202A–E, U+2066–9, U+200E/F, U+061C anywhere
	CodeInvisibleChar Code = "invisible_character" // zero-width, non-ASCII space or control character in code
)

// The statement.
const (
	CodeStatementMissing   Code = "statement_missing"   // no declaration with the official theorem's name
	CodeStatementDuplicate Code = "statement_duplicate" // that name (or its last component) declared more than once
	CodeStatementChanged   Code = "statement_changed"   // header differs from the official one, token for token
	CodeNameRedefined      Code = "name_redefined"      // a declaration reuses a name the statement mentions
	CodeOpenRebinding      Code = "open_rebinding"      // `open` in effect where the statement is elaborated
	CodeScopeChange        Code = "scope_change"        // namespace, variable, include, omit, export, dangling `in`
	CodeImport             Code = "import"              // import beyond the allowed header, or not at the top
)

// What the proof uses.
const (
	CodeSorry               Code = "sorry"                 // sorry, sorryAx, stop
	CodeAdmit               Code = "admit"                 // the admit tactic (a synonym of sorry)
	CodeNativeDecide        Code = "native_decide"         // native_decide, decide +native, bv_decide, Lean.ofReduceBool…
	CodeAxiom               Code = "axiom"                 // axiom / constant declarations
	CodeOpaque              Code = "opaque"                // opaque declarations
	CodeEval                Code = "eval"                  // #eval
	CodeExit                Code = "exit"                  // #exit
	CodePrintCommand        Code = "print_command"         // #print (could forge the axioms report)
	CodeHashCommand         Code = "hash_command"          // any other #command
	CodeRunCode             Code = "run_code"              // run_cmd, run_tac, run_elab, run_meta, by_elab
	CodeMetaCode            Code = "meta_code"             // Lean.* API, initialize, simprocs
	CodeIO                  Code = "io"                    // IO, EIO, BaseIO, IO.Process, System.*, unsafeIO…
	CodeUnsafe              Code = "unsafe"                // unsafe, unsafeCast and friends
	CodeExtern              Code = "extern"                // @[extern], @[export]
	CodeImplementedBy       Code = "implemented_by"        // @[implemented_by], @[csimp]
	CodeDebugOption         Code = "debug_option"          // set_option debug.*
	CodeUnlimitedHeartbeats Code = "unlimited_heartbeats"  // maxHeartbeats 0 (or beyond the cap)
	CodeRecursionDepth      Code = "recursion_depth"       // maxRecDepth 0 or beyond the cap
	CodeResourceOption      Code = "resource_option"       // synthInstance.maxSize, exponentiation.threshold 0 or beyond the cap
	CodeOptionNotAllowed    Code = "option_not_allowed"    // any other set_option outside the allow list
	CodeSyntaxExtension     Code = "syntax_extension"      // macro, syntax, notation, infix…, macro_rules
	CodeElab                Code = "elab"                  // elab, elab_rules
	CodeDecidableInstance   Code = "decidable_instance"    // instance … Decidable …, attribute [instance] on one
	CodeInstanceOverride    Code = "instance_override"     // any other instance, unif_hint, default_instance
	CodePartial             Code = "partial"               // partial definitions (compiled code the kernel never sees)
	CodeTacticConfig        Code = "tactic_config"         // a tactic configuration that is not a literal (it would be evaluated)
	CodeCommandNotAllowed   Code = "command_not_allowed"   // a command outside the allow list
	CodeAttributeNotAllowed Code = "attribute_not_allowed" // an attribute outside the allow list
	CodeInternalNamespace   Code = "internal_namespace"    // a namespace or declaration in Lean, System, IO or Std.Internal
)

// Lean's verdict (only after every static check passed).
const (
	CodeLeanError        Code = "lean_error"        // a message with severity error
	CodeLeanSorry        Code = "lean_sorry"        // sorries in the reply, a "declaration uses sorry" warning, or sorryAx
	CodeDisallowedAxioms Code = "disallowed_axioms" // #print axioms lists more than propext, Classical.choice, Quot.sound
	CodeAxiomsMissing    Code = "axioms_missing"    // no (or more than one) readable #print axioms report for the theorem
	CodeAxiomsSpoofed    Code = "axioms_spoofed"    // an axioms report that our #print axioms line did not produce
	CodeTimeout          Code = "timeout"           // Lean did not answer within Options.Timeout
	// The semantic guard (guard.go): the theorem's elaborated type, printed in full, differs
	// from the official statement's in a clean environment; or no such report could be read.
	CodeTypeChanged       Code = "type_changed"
	CodeTypeReportMissing Code = "type_report_missing"
)

// Run problems: not a verdict on the proof.
const (
	CodeStatementInvalid Code = "statement_invalid" // the official statement itself cannot be read
	CodeCheckerError     Code = "checker_error"     // the Runner failed (crash, no REPL, cancelled)
	CodeNoChecker        Code = "no_checker"        // static checks passed but no Runner was configured
	CodeMalformedRow     Code = "malformed_row"     // a batch line that is not a usable row
	// CodeSandboxViolation: the Lean process broke a sandbox limit (memory, processes) and
	// was killed for it; no verdict, never verified.
	CodeSandboxViolation Code = "sandbox_violation"
	// CodeKernelUnavailable: the kernel tier was to run and a tool is missing, failed or ran
	// out of kernel.timeout: no verdict.
	CodeKernelUnavailable Code = "kernel_unavailable"
)

// The kernel-replay tier (leanbridge/kernel; the default where its tools are installed).
const (
	// CodeKernelRejected: the module's replay through the kernel (leanchecker, or Comparator's
	// kernels on its export) failed, or the module did not compile.
	CodeKernelRejected Code = "kernel_rejected"
)

// codeDocs describes every code; Describe and the tests use it (a code without an entry is a bug).
var codeDocs = map[Code]string{
	CodeLexError:            "the text cannot be read with confidence",
	CodeInvalidUTF8:         "invalid UTF-8",
	CodeNULByte:             "NUL byte",
	CodeBidiControl:         "bidirectional control character",
	CodeInvisibleChar:       "invisible or control character in code",
	CodeStatementMissing:    "the official theorem is missing",
	CodeStatementDuplicate:  "the official theorem's name is declared more than once",
	CodeStatementChanged:    "the theorem statement differs from the official one",
	CodeNameRedefined:       "a declaration reuses a name the statement mentions",
	CodeOpenRebinding:       "`open` changes how the statement's names resolve",
	CodeScopeChange:         "namespace/variable/include/omit/export change the statement's scope",
	CodeImport:              "import beyond the allowed header",
	CodeSorry:               "uses sorry",
	CodeAdmit:               "uses admit",
	CodeNativeDecide:        "uses native code in the proof (native_decide)",
	CodeAxiom:               "declares an axiom",
	CodeOpaque:              "declares an opaque constant",
	CodeEval:                "#eval runs code",
	CodeExit:                "#exit stops checking",
	CodePrintCommand:        "#print could forge the axioms report",
	CodeHashCommand:         "#command not allowed in a proof",
	CodeRunCode:             "runs metaprogram code",
	CodeMetaCode:            "uses Lean's metaprogramming API or registers code",
	CodeIO:                  "uses IO",
	CodeUnsafe:              "uses unsafe code",
	CodeExtern:              "binds to external code",
	CodeImplementedBy:       "replaces compiled code (implemented_by/csimp)",
	CodeDebugOption:         "sets a debug option",
	CodeUnlimitedHeartbeats: "removes the heartbeat limit",
	CodeRecursionDepth:      "sets an abusive maxRecDepth",
	CodeResourceOption:      "sets a resource limit to 0 or beyond its cap",
	CodeOptionNotAllowed:    "sets an option outside the allow list",
	CodeSyntaxExtension:     "defines syntax, notation or macros",
	CodeElab:                "defines an elaborator",
	CodeDecidableInstance:   "overrides a Decidable instance",
	CodeInstanceOverride:    "declares or changes instances or unification hints",
	CodeLeanError:           "Lean reported an error",
	CodeLeanSorry:           "Lean reports the proof uses sorry",
	CodeDisallowedAxioms:    "depends on axioms beyond propext, Classical.choice, Quot.sound",
	CodeAxiomsMissing:       "no readable #print axioms report for the theorem",
	CodeAxiomsSpoofed:       "an axioms report not produced by the checker's own #print axioms",
	CodeTimeout:             "Lean did not finish in time",
	CodeTypeChanged:         "the theorem elaborates differently from the official statement in a clean environment",
	CodeTypeReportMissing:   "no readable report of the theorem's elaborated type",
	CodeStatementInvalid:    "the official statement cannot be read",
	CodeCheckerError:        "the checker failed",
	CodeNoChecker:           "no Lean checker configured",
	CodeMalformedRow:        "malformed input row",
	CodePartial:             "declares a partial definition",
	CodeTacticConfig:        "a tactic configuration that is not a literal (it would run while Lean elaborates)",
	CodeCommandNotAllowed:   "a command outside the allow list",
	CodeAttributeNotAllowed: "an attribute outside the allow list",
	CodeInternalNamespace:   "declares inside Lean's internal namespaces (Lean, System, IO, Std.Internal)",
	CodeSandboxViolation:    "the Lean process broke a sandbox limit and was killed",
	CodeKernelRejected:      "the kernel replay rejected the proof",
	CodeKernelUnavailable:   "the kernel tier could not run",
}

// Describe returns a one-line description of c.
func Describe(c Code) string {
	if d, ok := codeDocs[c]; ok {
		return d
	}
	return string(c)
}

// Reason is one finding. Line and Column locate it in the candidate proof as submitted (1-based
// line, 0-based code-point column), or are 0 when it has no place.
type Reason struct {
	Code   Code   `json:"code"`
	Detail string `json:"detail,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

func (r Reason) String() string {
	if r.Line > 0 {
		return fmt.Sprintf("%s at %d:%d: %s", r.Code, r.Line, r.Column, r.Detail)
	}
	if r.Detail == "" {
		return string(r.Code)
	}
	return fmt.Sprintf("%s: %s", r.Code, r.Detail)
}
