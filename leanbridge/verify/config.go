package verify

import (
	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// Tactic configurations. Lean evaluates a tactic's configuration while it elaborates the
// proof (`optConfig` in src/Init/Tactics.lean is elaborated by `declare_config_elab`, which
// evaluates the term with `evalExpr`), so whatever a configuration names runs then: a MetaM
// callback (`solve_by_elim (discharge := f)`), a loop (`simp (maxSteps := f 0)`). The rule
// is not a list of tactics: every `(ident := …)` that stands where a tactic's configuration
// does, after ANY tactic word, known or not, must be a literal built from literal values.
//
// Where a configuration stands: Lean's tactic parsers put `optConfig` right after the
// tactic's keyword, so an item follows the tactic word, possibly after other items (`+item`,
// `-item`, `(item := …)`). A tactic word stands where a tactic starts: after `by`, `;`,
// `<;>`, `·`, `=>`, `|`, `<|>`, a tactic combinator (`try`, `all_goals`, …), inside a
// parenthesised tactic, or first on a line (Lean's tactic blocks ask only that a tactic stand
// no left of the block's first, so any line may start one). A named argument of a function (`exact f
// (n := x)`, `rw [foo (n := x)]`) stands after a term word instead, and names a declaration,
// so it is no configuration: a word the candidate declared, a dotted name or an «escaped»
// one (Lean never reads one of those as a keyword) is a term.

// tacticFields take a tactic sequence, not a value: Lean's discharger clause
// (src/Init/Tactics.lean: `syntax discharger := atomic(" (" patternIgnore(&"discharger" <|>
// &"disch")) " := " withoutPosition(tacticSeq) ")"`), shared by simp, simp_all, field_simp,
// norm_num and the other simp-like tactics. Its tactics are checked like any others (the
// `:=` before them is a tactic position).
var tacticFields = map[string]bool{"disch": true, "discharger": true}

// tacticCombinators take a tactic right after them.
var tacticCombinators = map[string]bool{
	"by": true, "try": true, "repeat": true, "repeat'": true, "iterate": true, "all_goals": true,
	"any_goals": true, "focus": true, "first": true, "classical": true, "with_reducible": true,
	"with_reducible_and_instances": true, "with_unfolding_all": true, "fail_if_success": true,
	"success_if_fail": true, "on_goal": true, "pick_goal": true, "then": true, "else": true,
	"checkpoint": true, "save": true, "solve": true, "case": true, "case'": true, "next": true,
	"conv": true, "skip": true, "exacts": true, "refine_lift": true, "and_then": true,
	"in": true, // `set_option … in tac`, `open … in tac`
}

// tacticSymbols are the symbols after which a tactic starts.
var tacticSymbols = map[string]bool{";": true, "<;>": true, "·": true, "=>": true, "|": true, "<|>": true}

// checkConfig applies the configuration rule to the `(` at i: `(config := V)` anywhere, and
// `(item := V)` where a tactic's configuration stands, must have a literal V (see
// checkValue); `(disch := tacs)` holds tactics. `native := …` in a configuration is native
// evaluation.
func (c *candidate) checkConfig(i int) {
	if i+3 >= len(c.toks) || c.toks[i+1].Kind != syntax.Ident || !isSym(c.toks[i+2], ":=") {
		return
	}
	name := leanWord(&c.toks[i+1])
	if name == "" {
		return // `(A.b := …)`: no configuration item
	}
	if name == "config" && c.namedArgOf(i) {
		return // `helper (config := h)`: a parameter of the proof's own lemma called config
	}
	if name != "config" {
		h := c.configHead(i)
		if h < 0 || !c.tacticAt(h) {
			return // a named argument of a function (`f (native := h)`)
		}
		if tacticFields[name] {
			return
		}
	}
	if name == "native" {
		c.add(CodeNativeDecide, &c.toks[i+1], "`%s := …` in a tactic configuration (decide by native code)", c.toks[i+1].Text)
	}
	c.checkValue(i+3, name)
}

// namedArgOf: the `(` at i follows a name no tactic can have: one the candidate declared, a
// dotted or an «escaped» one. (`(config := …)` is judged as a configuration everywhere else,
// whatever word it follows.)
func (c *candidate) namedArgOf(i int) bool {
	if i == 0 {
		return false
	}
	p := &c.toks[i-1]
	return p.Kind == syntax.Ident && (p.Escaped || len(p.Name) > 1 || c.declaredLast[p.Name[0]])
}

// configHead walks back from the `(` at i over earlier configuration items (`(a := …)`,
// `+a`, `-a`) to the word they follow, and returns its index, or -1 when no plain word
// (a possible tactic keyword) is there.
func (c *candidate) configHead(i int) int {
	for j := i - 1; j >= 0 && j >= i-64; j-- { // bounded: the scan stays linear
		t := &c.toks[j]
		switch {
		case isSym(*t, ")"):
			depth := 0
			for ; j >= 0 && j >= i-64; j-- {
				if syntax.IsClose(c.toks[j]) {
					depth++
				} else if syntax.IsOpen(c.toks[j]) {
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if j < 0 || j+2 >= i || c.toks[j+1].Kind != syntax.Ident || !isSym(c.toks[j+2], ":=") {
				return -1 // `(…)` that is no configuration item: an argument
			}
		case t.Kind == syntax.Ident && j > 0 && t.Glued && (isSym(c.toks[j-1], "+") || isSym(c.toks[j-1], "-")):
			j-- // `+item`
		case t.Kind == syntax.Ident:
			if t.Escaped || len(t.Name) != 1 || c.declaredLast[t.Name[0]] || commandWord(t.Name[0]) {
				return -1
			}
			return j
		default:
			return -1
		}
	}
	return -1
}

// commandWord: words that begin a command, whose `(name := …)`, `(priority := …)` are
// command options, not tactic configurations.
func commandWord(w string) bool {
	if allowedCommands[w] || syntax.IsDeclKeyword(w) || syntax.IsModifier(w) || w == "local" || w == "scoped" {
		return true
	}
	_, ok := keywordRules[w]
	return ok
}

// tacticAt reports whether the word at h stands where Lean reads a tactic (see the top of
// this file).
func (c *candidate) tacticAt(h int) bool {
	if h == 0 {
		return false
	}
	p := &c.toks[h-1]
	switch p.Kind {
	case syntax.Ident:
		if w := leanWord(p); !p.Escaped && tacticCombinators[w] {
			return true
		}
	case syntax.Number:
		if h >= 2 && (c.toks[h-2].IsWord("iterate") || c.toks[h-2].IsWord("on_goal") || c.toks[h-2].IsWord("pick_goal")) {
			return true
		}
	case syntax.Symbol:
		switch {
		case tacticSymbols[p.Text]:
			return true
		case p.Text == ".":
			return !c.toks[h].Glued // `. tac`, the ASCII focusing dot
		case p.Text == ":=":
			return h >= 3 && tacticFields[leanWord(&c.toks[h-2])] && isSym(c.toks[h-3], "(")
		case p.Text == "(" || p.Text == "{":
			// A parenthesised tactic: the bracket itself stands where a tactic does.
			return h >= 2 && c.startsTactic(h-1)
		}
	}
	return c.newLine(h)
}

// startsTactic is tacticAt without looking through brackets (so the test is constant time).
func (c *candidate) startsTactic(h int) bool {
	p := &c.toks[h-1]
	switch {
	case p.Kind == syntax.Ident && !p.Escaped && tacticCombinators[leanWord(p)]:
		return true
	case p.Kind == syntax.Symbol && tacticSymbols[p.Text]:
		return true
	}
	return c.newLine(h)
}

// newLine: the token at h is the first of its line, and not at column 0 (where a command
// starts). Lean's tactic sequences only ask that a tactic stand no left of the block's first
// (sepByIndent's checkColGe), so a deeper line may hold a new tactic as well as a term's
// continuation: it is read as a tactic, which refuses more, never less.
func (c *candidate) newLine(h int) bool {
	t, p := &c.toks[h], &c.toks[h-1]
	return t.Line != p.Line && t.Col != 0
}

// checkValue checks that the value starting at i, up to a `,`, `}` or `)` outside its own
// brackets, is a literal, and reports where it is not; it returns the index after the value.
// A literal is a sequence of atoms (a constructor applied to literals: `.pos [1]`, or
// conv's `occs := 1 2`): a number (`-` glued before it allowed), a string, a character,
// true, false, `*`, an enumeration constant `.name` that no declaration of the proof could
// shadow, a list `[literal, …]`, a parenthesised literal, or a structure instance
// `{ field := literal, … }` of those.
func (c *candidate) checkValue(i int, field string) int {
	start := i
	for i < len(c.toks) {
		t := &c.toks[i]
		if isSym(*t, ",") || isSym(*t, "}") || isSym(*t, ")") || isSym(*t, "]") {
			if i == start {
				c.add(CodeTacticConfig, t, "configuration %s: no value", field)
			}
			return i
		}
		if t.Kind == syntax.Ident && i > start && i+1 < len(c.toks) && isSym(c.toks[i+1], ":=") {
			return i // the next field of a structure instance, on its own line
		}
		next, ok := c.atom(i, field)
		if !ok {
			c.add(CodeTacticConfig, t, "configuration %s: %s is not a literal (a configuration is evaluated while Lean elaborates, so it may hold only numbers, strings, true, false, `.constant`, lists and `{ field := literal }`)", field, excerpt(t.Text))
			return len(c.toks) // one finding per value
		}
		if next <= i {
			return len(c.toks)
		}
		i = next
	}
	return i
}

// maxValueDepth bounds the nesting of brackets in a configuration value (hostile input could
// nest them a million deep).
const maxValueDepth = 32

// atom reads one literal atom at i (see checkValue); ok is false where none starts.
func (c *candidate) atom(i int, field string) (int, bool) {
	t := &c.toks[i]
	if c.valueDepth >= maxValueDepth {
		return i, false
	}
	c.valueDepth++
	defer func() { c.valueDepth-- }()
	switch {
	case t.Kind == syntax.Number || t.Kind == syntax.String || t.Kind == syntax.Char:
		return i + 1, true
	case t.IsWord("true") || t.IsWord("false"):
		return i + 1, true
	case isSym(*t, "*"):
		return i + 1, true
	case isSym(*t, "-") && i+1 < len(c.toks) && c.toks[i+1].Kind == syntax.Number && c.toks[i+1].Glued:
		return i + 2, true
	case isSym(*t, ".") && i+1 < len(c.toks) && c.toks[i+1].Kind == syntax.Ident && c.toks[i+1].Glued && len(c.toks[i+1].Name) == 1:
		if n := c.toks[i+1].Name[0]; n == "mk" || n == "mk'" {
			// A structure built positionally hides which fields it sets (`.mk false true`
			// switches decide's native field on without naming it).
			return i, false
		}
		if c.declaredLast[c.toks[i+1].Name[0]] {
			c.add(CodeTacticConfig, t, "configuration field %s: `.%s` could name a definition of the proof", field, c.toks[i+1].Text)
		}
		return i + 2, true
	case isSym(*t, "[") || isSym(*t, "("):
		closer := "]"
		if t.Text == "(" {
			closer = ")"
		}
		j := i + 1
		for j < len(c.toks) && !isSym(c.toks[j], closer) {
			j = c.checkValue(j, field)
			if j < len(c.toks) && isSym(c.toks[j], ",") {
				j++
			} else if j < len(c.toks) && !isSym(c.toks[j], closer) {
				return len(c.toks), true // reported inside
			}
		}
		return j + 1, true
	case isSym(*t, "{"):
		j := i + 1
		for j < len(c.toks) && !isSym(c.toks[j], "}") {
			// field := literal (, | newline) …
			if c.toks[j].Kind != syntax.Ident || j+1 >= len(c.toks) || !isSym(c.toks[j+1], ":=") {
				c.add(CodeTacticConfig, &c.toks[j], "configuration %s: only `field := literal` entries are allowed, found %s", field, excerpt(c.toks[j].Text))
				return len(c.toks), true
			}
			sub := leanWord(&c.toks[j])
			if sub == "native" {
				c.add(CodeNativeDecide, &c.toks[j], "`native := …` in a tactic configuration (decide by native code)")
			}
			j = c.checkValue(j+2, sub)
			if j < len(c.toks) && isSym(c.toks[j], ",") {
				j++
			}
		}
		return j + 1, true
	}
	return i, false
}

func isSym(t syntax.Token, s string) bool { return t.Kind == syntax.Symbol && t.Text == s }
