package verify

import (
	"strings"
)

// This file holds the rules that keep user-written code from running while Lean elaborates the
// proof. Lean evaluates code at elaboration time only through a few doors: a tactic
// configuration (elaborated and then evaluated: `simp (config := { maxSteps := f 0 })`), a
// command or term elaborator (`#eval`, `run_cmd`, `by_elab`, `elab`, `macro`, `type_of%`…),
// an attribute whose handler runs the declaration (`@[init]`, `@[tactic]`…), and native
// evaluation (`decide +native`, `native_decide`). Each door is closed by an allow list where
// one can be written: configurations must be literal structures of literal fields, commands
// and attributes must be on the lists below, options on checkOption's. What a door would run
// (IO actions reached without the word IO: `timeit`, `println!`, `IO.Process.run` through a
// leading dot) is refused as well, as a second line.

// allowedAttributes are the attributes a proof may attach: they register a declaration with
// an existing procedure (simp sets, congruence, eliminators, reducibility) and run nothing of
// it. instance is allowed here and judged by checkInstance; every attribute not listed is
// refused (attribute_not_allowed), those that run code under a more specific code (see
// attributeRules and metaAttributes).
var allowedAttributes = map[string]bool{
	"simp": true, "norm_cast": true, "push_cast": true, "ext": true, "refl": true, "symm": true,
	"trans": true, "congr": true, "gcongr": true, "mono": true, "reducible": true,
	"irreducible": true, "semireducible": true, "inline": true, "noinline": true,
	"specialize": true, "macro_inline": true, "elab_as_elim": true, "induction_eliminator": true,
	"cases_eliminator": true, "match_pattern": true, "nolint": true, "deprecated": true,
	"instance": true, "aesop": true, "grind": true, "simps": true, "to_additive": true,
	"fun_prop": true, "continuity": true, "measurability": true, "field_simps": true,
	"zify_simps": true, "qify_simps": true, "mfld_simps": true, "bound": true, "coe": true,
	"pp_nodot": true, "inherit_doc": true, "local": true, "scoped": true, "class": true,
	"simp_arith": true, "seval": true, "expose": true, "grind_norm": true,
	"symm_simps": true, "nontriviality": true, "reassoc": true, "elementwise": true, "subset_simps": true,
}

// evaluatorWords run or print code while Lean elaborates, or are IO actions that a tactic
// configuration or an elaborator could run without naming IO: refused as code wherever they
// appear (run_code, io).
var evaluatorWords = map[string]rule{
	"timeit":               {CodeIO, "`timeit` (an IO action)"},
	"allocprof":            {CodeIO, "`allocprof` (an IO action)"},
	"dbg_trace":            {CodeRunCode, "`dbg_trace` (prints while code runs)"},
	"dbgTrace":             {CodeRunCode, "`dbgTrace`"},
	"dbgTraceIfShared":     {CodeRunCode, "`dbgTraceIfShared`"},
	"dbgSleep":             {CodeRunCode, "`dbgSleep`"},
	"dbgStackTrace":        {CodeRunCode, "`dbgStackTrace`"},
	"println!":             {CodeIO, "`println!` (an IO action)"},
	"print!":               {CodeIO, "`print!` (an IO action)"},
	"eprintln!":            {CodeIO, "`eprintln!` (an IO action)"},
	"eprint!":              {CodeIO, "`eprint!` (an IO action)"},
	"throwError":           {CodeMetaCode, "`throwError` (metaprogram code)"},
	"throwErrorAt":         {CodeMetaCode, "`throwErrorAt` (metaprogram code)"},
	"logInfo":              {CodeMetaCode, "`logInfo` (metaprogram code)"},
	"evalExpr":             {CodeMetaCode, "`evalExpr`"},
	"partial":              {CodePartial, "`partial` (a definition the kernel cannot see, whose compiled code runs like unsafe code)"},
	"unsafeBaseIO":         {CodeIO, "`unsafeBaseIO`"},
	"runST":                {CodeRunCode, "`runST`"},
	"withStdout":           {CodeIO, "`withStdout`"},
	"withStderr":           {CodeIO, "`withStderr`"},
	"ensure_type_of":       {CodeRunCode, "`ensure_type_of%`"},
	"ensure_expected_type": {CodeRunCode, "`ensure_expected_type%`"},
	// grind's `on_failure term` (src/Init/Grind/Tactics.lean, in the versions whose grind
	// syntax ends in `("on_failure " term)?`) is a callback that grind evaluates while Lean
	// elaborates: a door beside the configuration.
	"on_failure": {CodeRunCode, "`grind … on_failure` (a callback run while Lean elaborates)"},
}

// elaboratorWords followed by a glued `%` are term elaborators (`type_of% e`): refused, since
// they give terms whose expected type a leading-dot name resolves against.
var elaboratorWords = map[string]bool{
	"type_of": true, "decl_name": true, "ensure_type_of": true, "ensure_expected_type": true,
	"unsafe": true, "with_decl_name": true,
	"compile_inductive": true, "gen_injective_theorems": true, "simproc_pattern": true,
	"include_str": true, "runTactic": true,
}

// ioComponents are namespaces of IO that a leading-dot name can reach without the word IO
// (`.Process.run` under an expected type `IO _`).
var ioComponents = map[string]bool{
	"Process": true, "FS": true, "getStdout": true, "getStderr": true, "getStdin": true,
	"setStdout": true, "setStderr": true, "appDir": true, "appPath": true, "currentDir": true,
	"getEnv": true, "removeFile": true, "removeDirAll": true, "createDirAll": true,
	"setAccessRights": true, "monoMsNow": true, "monoNanosNow": true, "getRandomBytes": true,
	"Handle": true, "readBinFile": true, "writeFile": true, "readFile": true,
}

// excerpt shortens hostile text for a message: at most 40 runes.
func excerpt(s string) string {
	const max = 40
	n := 0
	for i := range s {
		if n == max {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// umbrellaModules import every module below them, so importing one of their submodules adds
// nothing the header does not have.
var umbrellaModules = []string{"Init", "Std", "Mathlib", "Batteries", "Aesop", "Qq", "Plausible"}

// importAllowed: m is allowed, or a submodule of an allowed umbrella module.
func importAllowed(m string, allowed []string) bool {
	for _, a := range allowed {
		if m == a {
			return true
		}
		for _, u := range umbrellaModules {
			if a == u && strings.HasPrefix(m, u+".") {
				return true
			}
		}
	}
	return false
}
