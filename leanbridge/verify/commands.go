package verify

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// Commands: where they start, which may start there, what `… in` scopes, and which
// namespaces a declaration may not enter.

// allowedCommands are the command keywords a contest proof may use where a command starts
// (see commandStarts). Every other word there is refused by name (command_not_allowed),
// unless a more specific rule refuses it under its own code (notation, axiom, elab, …). The
// #commands have their own rules (checkToken).
var allowedCommands = map[string]bool{
	"theorem": true, "lemma": true, "def": true, "abbrev": true, "example": true,
	"structure": true, "inductive": true, "class": true, "instance": true, "mutual": true,
	"open": true, "namespace": true, "section": true, "end": true, "variable": true,
	"universe": true, "set_option": true, "attribute": true, "noncomputable": true,
	"private": true, "protected": true, "nonrec": true, "deriving": true, "alias": true,
	"irreducible_def": true, "termination_by": true, "decreasing_by": true, "where": true,
	"include": true, "omit": true, "import": true, "local": true,
}

// knownCommands are command keywords of Lean 4 core, Batteries and Mathlib that a proof does
// not need; each one starts code Lean runs, changes the environment outside the kernel's
// view, or changes how the rest of the file reads. They are refused wherever the word
// stands, as a second line: the allow list judges the places where a command is known to
// start, and a command can also begin in the middle of a line, after a finished term.
// (Those with a more specific rule, such as elab or macro, are refused under that rule's
// code.)
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

var knownCommandSet = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range knownCommands {
		m[w] = true
	}
	return m
}()

// inPrefixes are the commands that the candidate may scope with `… in`: Lean's `in`
// combinator (`cmd₁ in cmd₂` is `section cmd₁ cmd₂ end`, Lean/Elab/BuiltinCommand.lean) works
// after any command, and these are the ones a proof writes before another.
var inPrefixes = map[string]bool{
	"open": true, "set_option": true, "attribute": true, "variable": true, "include": true, "omit": true,
}

// inWindow bounds how far a prefix command may reach for its `in`: `open A B C in`,
// `attribute [simp] a b in`. Longer prefixes are read as unscoped (refusing more, never less).
const inWindow = 64

// computeInChains fills inTarget: for each prefix command at i that ends in `in`, the index
// of the command it scopes, followed through a chain of prefixes (`open A in set_option x v
// in attribute [simp] f in theorem …` scopes the theorem). One pass from the right, each
// prefix looking at most inWindow tokens ahead: linear however long the chain.
func (c *candidate) computeInChains() {
	c.inTarget = make([]int32, len(c.toks))
	for i := len(c.toks) - 1; i >= 0; i-- {
		c.inTarget[i] = -1
		if i&4095 == 0 && c.stopped(i) {
			return
		}
		t := &c.toks[i]
		if t.Kind != syntax.Ident || t.Escaped || len(t.Name) != 1 || !inPrefixes[t.Name[0]] {
			continue
		}
		j := i + 1
		for ; j < len(c.toks) && j < i+inWindow; j++ {
			u := c.toks[j]
			if u.IsWord("in") {
				break
			}
			if u.Kind == syntax.Ident && startsCommand(u) && !u.IsWord("scoped") && !u.IsWord("local") {
				j = len(c.toks)
				break
			}
		}
		if j >= len(c.toks) || j >= i+inWindow {
			continue
		}
		next := j + 1
		if next < len(c.toks) && c.inTarget[next] >= 0 {
			c.inTarget[i] = c.inTarget[next]
		} else if next < len(c.toks) {
			c.inTarget[i] = int32(next)
		}
	}
}

// afterIn returns the command that the prefix at i scopes with `in` (see computeInChains);
// ok is false when it has no `in`.
func (c *candidate) afterIn(i int) (int, bool) {
	if i < 0 || i >= len(c.inTarget) || c.inTarget[i] < 0 {
		return 0, false
	}
	return int(c.inTarget[i]), true
}

// opensScope: the token at i opens a scope (`section`, `namespace`). A prefix scoped onto
// one (`open X in section`) stays in force until that scope ends: Lean expands it to
// `section open X section end`, which leaves the new section open with X opened.
func (c *candidate) opensScope(i int) bool {
	return c.toks[i].IsWord("section") || c.toks[i].IsWord("namespace") || c.toks[i].IsWord("noncomputable")
}

// checkCommands applies the command allow list where a command starts: the first token of
// the candidate, an identifier at column 0 after a finished term (Lean's application
// arguments must stand right of the command's column, so a word there is no argument), the
// command a prefix scopes with `in`, and what follows a command's attributes (`@[…]`) and
// modifiers (`private`, `local`, …).
func (c *candidate) checkCommands(lo int) {
	names := c.scopeNames(lo)
	next := lo // a command starts here
	attrDepth := 0
	inAttr := false
	for i := lo; i < len(c.toks); i++ {
		if c.stopped(i) {
			return
		}
		if i >= c.trustLo && i < c.trustHi {
			next = c.trustHi
			continue
		}
		t := &c.toks[i]
		if inAttr {
			switch {
			case syntax.IsOpen(*t):
				attrDepth++
			case syntax.IsClose(*t):
				attrDepth--
				if attrDepth == 0 {
					inAttr = false
					next = i + 1
				}
			}
			continue
		}
		start := i == next || (t.Col == 0 && t.Kind == syntax.Ident && startsWithLetter(t.Text) && i > 0 && finishesTerm(&c.toks[i-1]))
		if !start {
			continue
		}
		switch {
		case isSym(*t, "@["):
			inAttr, attrDepth = true, 1
			continue
		case t.Kind != syntax.Ident:
			continue
		}
		w := leanWord(t)
		if !t.Escaped && (syntax.IsModifier(w) || w == "local" || w == "scoped" || w == "noncomputable") {
			next = i + 1 // the command it modifies follows
		}
		if w != "" && hasOwnRule(w) {
			continue // refused under its own code
		}
		if w == "" || t.Escaped {
			c.add(CodeCommandNotAllowed, t, "%s stands where a command starts, and is no command keyword", t.Text)
			continue
		}
		if !allowedCommands[w] && !syntax.IsModifier(w) && w != "scoped" {
			c.add(CodeCommandNotAllowed, t, "the command `%s` is not on the allow list of a proof", w)
		}
		if j, ok := c.afterIn(i); ok {
			next = j
		}
		// Commands of a fixed shape end where the next one starts, on the same line too:
		// `namespace X`, `section [X]`, `end [X]`.
		switch w {
		case "namespace":
			next = i + 2
		case "section", "end":
			// The word after it is its name only if the scope is closed (or was opened)
			// under that name: a keyword there would start a new command instead.
			next = i + 1
			if i+1 < len(c.toks) && c.toks[i+1].Kind == syntax.Ident && c.toks[i+1].Line == t.Line &&
				((w == "section" && names.closed[c.toks[i+1].Text]) || (w == "end" && names.opened[c.toks[i+1].Text])) {
				next = i + 2
			}
		}
	}
}

// scopeNames are the names given to `namespace`/`section` (opened) and to `end` (closed).
type scopeNames struct{ opened, closed map[string]bool }

func (c *candidate) scopeNames(lo int) scopeNames {
	n := scopeNames{opened: map[string]bool{}, closed: map[string]bool{}}
	for i := lo; i+1 < len(c.toks); i++ {
		if c.stopped(i) {
			break
		}
		t, u := &c.toks[i], &c.toks[i+1]
		if u.Kind != syntax.Ident || u.Line != t.Line {
			continue
		}
		switch {
		case t.IsWord("namespace") || t.IsWord("section"):
			n.opened[u.Text] = true
		case t.IsWord("end"):
			n.closed[u.Text] = true
		}
	}
	return n
}

// hasOwnRule: a word refused under a more specific code wherever it stands.
func hasOwnRule(w string) bool {
	if _, ok := keywordRules[w]; ok {
		return true
	}
	if _, ok := evaluatorWords[w]; ok {
		return true
	}
	return knownCommandSet[w]
}

// termOpeners are words after which a term or tactic must follow, so a word after them at
// column 0 is that term, not a new command.
var termOpeners = map[string]bool{
	"by": true, "fun": true, "at": true, "with": true, "then": true, "else": true, "from": true,
	"do": true, "using": true, "in": true, "where": true, "deriving": true, "λ": true,
}

// finishesTerm: a term may end with t (an identifier, literal or closing bracket).
func finishesTerm(t *syntax.Token) bool {
	switch t.Kind {
	case syntax.Ident:
		return !termOpeners[leanWord(t)]
	case syntax.Number, syntax.String, syntax.Char, syntax.NameLit:
		return true
	case syntax.Symbol:
		return syntax.IsClose(*t)
	}
	return false
}

// internalNamespaces are the namespaces through which user code reaches the elaborator, the
// compiler or the machine: a declaration there can extend Lean itself (a `def` in `namespace
// Lean` is reachable from tactic configurations and elaborators as if it were Lean's own).
func internalName(comps []string) bool {
	if len(comps) == 0 {
		return false
	}
	switch comps[0] {
	case "Lean", "System", "IO":
		return true
	case "Std":
		return len(comps) > 1 && comps[1] == "Internal"
	}
	return false
}

// checkNamespaces refuses a namespace, and a declaration, whose full name lies in one of
// Lean's internal namespaces (internalName): `namespace Lean`, `namespace Std` then
// `namespace Internal`, `def Lean.f`, and `def _root_.IO.f` declared from anywhere. One pass
// with the path of open namespaces; it also records the full names of the candidate's
// declarations (declaredFull) and where each `instance` stands (instanceNS), up to
// maxNameDepth namespaces deep (deeper, nothing is recorded, and the rules that need them
// refuse more, never less), so that the pass stays linear.
func (c *candidate) checkNamespaces(lo int) {
	var path []string // the components of the open namespaces
	var sizes []int   // how many components each open scope added
	c.declaredFull = map[string]bool{}
	c.instanceNS = map[int][]string{}
	prefix := func(comps []string) []string {
		if comps[0] == "_root_" {
			return comps[1:]
		}
		// The first two components decide internalName.
		return append(append([]string{}, path[:min(len(path), 2)]...), comps...)
	}
	for i := lo; i+1 < len(c.toks); i++ {
		if c.stopped(i) {
			return
		}
		t := &c.toks[i]
		if t.Kind != syntax.Ident || t.Escaped || len(t.Name) != 1 {
			continue
		}
		n := &c.toks[i+1]
		w := t.Name[0]
		switch {
		case w == "namespace" && n.Kind == syntax.Ident:
			comps := rawName(n)
			if full := prefix(comps); internalName(full) {
				c.add(CodeInternalNamespace, n, "`namespace %s` enters Lean's internal namespace %s", n.Text, full[0])
			}
			path = append(path, comps...)
			sizes = append(sizes, len(comps))
		case w == "section":
			sizes = append(sizes, 0)
		case w == "end":
			if k := len(sizes); k > 0 {
				path = path[:len(path)-sizes[k-1]]
				sizes = sizes[:k-1]
			}
		case w == "instance" && len(path) <= maxNameDepth:
			c.instanceNS[i] = append([]string{}, path...)
		}
		if !syntax.IsDeclKeyword(w) || w == "example" || n.Kind != syntax.Ident || n.IsWord("where") {
			continue
		}
		comps := rawName(n)
		if full := prefix(comps); internalName(full) {
			c.add(CodeInternalNamespace, n, "declares %s in Lean's internal namespace %s", n.Text, full[0])
		}
		switch {
		case comps[0] == "_root_":
			c.declaredFull[strings.Join(comps[1:], ".")] = true
		case len(path) <= maxNameDepth:
			c.declaredFull[strings.Join(append(append([]string{}, path...), comps...), ".")] = true
		}
	}
}

// maxNameDepth bounds the namespace nesting under which declarations are recorded.
const maxNameDepth = 16

// rawName is the name of an identifier token as Lean reads it, `_root_` kept (leanName drops
// it): guillemets removed, an escaped part holding dots split at them.
func rawName(t *syntax.Token) []string {
	var comps []string
	for _, c := range t.Name {
		if t.Escaped && strings.Contains(c, ".") {
			comps = append(comps, strings.Split(c, ".")...)
			continue
		}
		comps = append(comps, c)
	}
	if len(comps) == 0 {
		comps = []string{""}
	}
	return comps
}

// startsWithLetter: the word's first rune is a letter (not `_`, a subscript or a symbol).
func startsWithLetter(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsLetter(r)
}
