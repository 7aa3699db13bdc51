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

// allowedCommands are the commands a contest proof may use. A command keyword that is not
// here, and that Lean or Mathlib knows (knownCommands), is refused (command_not_allowed); the
// #commands have their own rules (checkToken).
var allowedCommands = map[string]bool{
	"theorem": true, "lemma": true, "def": true, "abbrev": true, "example": true,
	"structure": true, "inductive": true, "class": true, "instance": true, "mutual": true,
	"open": true, "namespace": true, "section": true, "end": true, "variable": true,
	"universe": true, "set_option": true, "attribute": true, "noncomputable": true,
	"private": true, "protected": true, "nonrec": true, "deriving": true, "alias": true,
	"irreducible_def": true, "termination_by": true, "decreasing_by": true, "where": true,
	"include": true, "omit": true, "import": true, "in": true,
}

// knownCommands are command keywords of Lean 4 core, Batteries and Mathlib that a proof does
// not need; each one starts code Lean runs, changes the environment outside the kernel's
// view, or changes how the rest of the file reads. (Those with a more specific rule, such as
// elab or macro, are refused under that rule's code.)
var knownCommands = []string{
	"export", "add_decl_doc", "assert_not_exists", "assert_not_imported", "compile_inductive",
	"compile_def", "declare_aesop_rule_sets", "declare_bitwise_uint_theorems", "declare_command_config_elab",
	"declare_config_elab", "declare_simp_like_tactic", "declare_uint_theorems", "deriving_handler",
	"grind_pattern", "init_quot", "initialize_simps_projections",
	"library_note", "mk_iff_of_inductive_prop", "recall", "register_builtin_option", "register_error_explanation",
	"register_label_attr", "register_linter_set", "register_simp_attr", "register_tactic_tag",
	"run_builtin_initialize", "suppress_compilation", "unseal", "seal", "with_weak_namespace",
	"add_aesop_rules", "erase_aesop_rules", "builtin_grind_propagator", "grind_propagator",
	"builtin_dsimproc", "builtin_simproc_decl", "open_locale", "tactic_extension", "test_extern",
}

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
	"simp_arith": true, "seval": true, "term_parser_doc": false, "expose": true, "grind_norm": true,
	"symm_simps": true, "nontriviality": true, "norm_num_lemma": false, "positivity_lemma": false,
	"csimp_lemma": false, "reassoc": true, "elementwise": true, "subset_simps": true,
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
}

// elaboratorWords followed by a glued `%` are term elaborators (`type_of% e`): refused, since
// they give terms whose expected type a leading-dot name resolves against.
var elaboratorWords = map[string]bool{
	"type_of": true, "decl_name": true, "ensure_type_of": true, "ensure_expected_type": true,
	"unsafe": true, "no_implicit_lambda": false, "clear": false, "with_decl_name": true,
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
	"sleep": false, "Handle": true, "readBinFile": true, "writeFile": true, "readFile": true,
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

var knownCommandSet = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range knownCommands {
		m[w] = true
	}
	return m
}()
