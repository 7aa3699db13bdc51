package verify

import (
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// The checks on where the proof stands: its import header, the official preamble, and the
// declaration of the official statement (target, header, the scopes around it).

func (c *candidate) checkImports() {
	i := 0
	for i < len(c.toks) && c.toks[i].IsWord("import") {
		if i+1 >= len(c.toks) || c.toks[i+1].Kind != syntax.Ident {
			c.add(CodeImport, &c.toks[i], "`import` without a module name")
			i++
			break
		}
		if mod := c.toks[i+1].Text; !importAllowed(mod, c.allowed) {
			c.add(CodeImport, &c.toks[i], "import of %s, which is not in the allowed header %v", mod, c.allowed)
		}
		i += 2
	}
	c.importEnd = i
}

func (c *candidate) matchPreamble() {
	p := c.st.Preamble
	if len(p) == 0 || c.importEnd+len(p) > len(c.toks) {
		return
	}
	for k, t := range p {
		u := c.toks[c.importEnd+k]
		if u.Kind != t.Kind || u.Text != t.Text || u.Hole != t.Hole {
			return
		}
	}
	// The copy must end where the official preamble ends: `open Nat Classical` starts with
	// the tokens of `open Nat` but opens more. So the next token must start a new command.
	if hi := c.importEnd + len(p); hi == len(c.toks) || startsCommand(c.toks[hi]) {
		c.trustLo, c.trustHi = c.importEnd, hi
	}
}

// commandWords are keywords that can only begin a command, so a token stream that continues
// with one of them has finished the previous command.
var commandWords = map[string]bool{
	"set_option": true, "open": true, "section": true, "end": true, "universe": true, "mutual": true,
	"attribute": true, "export": true, "namespace": true, "variable": true, "include": true,
	"omit": true, "import": true, "deriving": true,
}

func startsCommand(t syntax.Token) bool {
	switch t.Kind {
	case syntax.HashCommand:
		return true
	case syntax.Symbol:
		return t.Text == "@["
	case syntax.Ident:
		if t.Escaped || len(t.Name) != 1 {
			return false
		}
		w := t.Name[0]
		if commandWords[w] || syntax.IsDeclKeyword(w) || syntax.IsModifier(w) {
			return true
		}
		r, ok := keywordRules[w]
		return ok && r.code != CodeSorry && r.code != CodeAdmit && r.code != CodeNativeDecide
	}
	return false
}

type decl struct {
	kw   int // index of the keyword
	name int // index of the name token, or -1
}

func (c *candidate) declarations() []decl {
	var ds []decl
	for j, t := range c.toks {
		if c.stopped(j) {
			return ds
		}
		if t.Hole > 0 || t.Kind != syntax.Ident || t.Escaped || len(t.Name) != 1 || !syntax.IsDeclKeyword(t.Text) {
			continue
		}
		if j < c.importEnd || (j >= c.trustLo && j < c.trustHi) {
			continue
		}
		// `constant` is no Lean 4 keyword: a declaration only where a command starts.
		if t.Text == "constant" && t.Col != 0 && (j == 0 || !syntax.IsModifier(leanWord(&c.toks[j-1]))) {
			continue
		}
		// `class inductive X`, `class abbrev X`: the name follows the second keyword.
		if t.Text == "class" && j+1 < len(c.toks) && (c.toks[j+1].IsWord("inductive") || c.toks[j+1].IsWord("abbrev")) {
			continue
		}
		d := decl{kw: j, name: -1}
		if t.Text != "example" && j+1 < len(c.toks) && c.toks[j+1].Kind == syntax.Ident && !c.toks[j+1].IsWord("where") {
			d.name = j + 1
		}
		ds = append(ds, d)
	}
	return ds
}

func lastComponent(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return name
}

func (c *candidate) checkTarget() {
	st := c.st
	var exact, similar []decl
	ds := c.declarations()
	for _, d := range ds {
		if d.name < 0 {
			continue
		}
		n := strings.TrimPrefix(c.toks[d.name].FullName(), "_root_.")
		switch {
		case n == st.Name:
			exact = append(exact, d)
		case lastComponent(n) == lastComponent(st.Name):
			similar = append(similar, d)
		}
	}
	switch {
	case len(exact) == 0:
		c.add(CodeStatementMissing, nil, "no declaration named %s; the proof must state `%s` exactly as given", st.NameText, headerPreview(st))
		return
	case len(exact) > 1:
		t := c.toks[exact[1].kw]
		c.add(CodeStatementDuplicate, &t, "%s is declared %d times", st.NameText, len(exact))
	}
	for _, d := range similar {
		t := c.toks[d.name]
		c.add(CodeStatementDuplicate, &t, "%s is declared next to %s, so a bare name could resolve to either", t.Text, st.NameText)
	}
	target := exact[0]
	lo := max(c.importEnd, c.trustHi)
	declStart := syntax.DeclStart(c.toks, lo, target.kw)
	start := declStart
	if h := c.st.Header; len(h) > 0 && !isSym(h[0], "@[") {
		// Attributes on the theorem itself (`@[simp] theorem …`) are not part of the statement;
		// the attribute rules judge them.
		for start < target.kw && isSym(c.toks[start], "@[") {
			start = c.skipBracket(start)
		}
	}
	c.compareHeader(start)
	c.checkScopes(declStart, target.kw)

	for _, d := range ds {
		if d.kw == target.kw || d.name < 0 {
			continue
		}
		t := c.toks[d.name]
		n := strings.TrimPrefix(t.FullName(), "_root_.")
		// n itself and each of its dotted suffixes: a map lookup each, so the check is linear
		// in the declarations however many names the statement mentions.
		for suffix := n; ; {
			if _, ok := st.mentions[suffix]; ok {
				c.add(CodeNameRedefined, &t, "declares %s, which the statement's %s could resolve to", t.Text, suffix)
				break
			}
			k := strings.IndexByte(suffix, '.')
			if k < 0 {
				break
			}
			suffix = suffix[k+1:]
		}
	}
	end := c.targetEnd
	if end < 0 {
		end = target.kw + 1
	}
	depth := 0
	for i := lo; i < end && i < len(c.toks); i++ {
		if c.stopped(i) {
			return
		}
		t := &c.toks[i]
		switch {
		case t.IsWord("namespace") || t.IsWord("section") || t.IsWord("mutual"):
			depth++
		case t.IsWord("end") && depth > 0:
			depth--
		case t.IsWord("open"):
			// `open … in` scopes one command. On the theorem itself (`open Nat in theorem …`)
			// it is allowed: what it changes in the statement, the semantic guard sees (the
			// printed type names every constant in full), and the reserved namespaces are
			// refused wherever they are opened (checkOpen). Scoped onto a `section` it
			// stays in force inside that section, which checkScopes judges. Inside a
			// namespace or section closed before the theorem, a plain open ends with it.
			if next, ok := c.afterIn(i); ok && next == declStart {
				c.checkOpenOnTheorem(i)
				continue
			}
			if _, ok := c.afterIn(i); ok || (depth > 0 && i < declStart) {
				continue
			}
			c.add(CodeOpenRebinding, t, "`open` before the theorem statement changes how its names resolve")
		}
	}
}

// instanceScopes are namespaces whose scoped instances change how a statement elaborates
// without changing a word of it: `open Classical` activates `Classical.propDecidable`
// (`scoped instance (priority := low) propDecidable`, src/Init/Classical.lean), so every
// `Decidable p` of the statement may resolve to it. Opened onto the theorem they are
// refused; the semantic guard would see the different instance too.
var instanceScopes = map[string]bool{"Classical": true}

// checkOpenOnTheorem judges `open … in` scoped onto the theorem.
func (c *candidate) checkOpenOnTheorem(i int) {
	for j := i + 1; j < len(c.toks) && !c.toks[j].IsWord("in"); j++ {
		u := &c.toks[j]
		if u.Kind == syntax.Ident && instanceScopes[leanName(u)[0]] {
			c.add(CodeOpenRebinding, u, "`open %s` on the theorem activates scoped instances that change how its statement elaborates", u.Text)
		}
	}
}

// skipBracket returns the index after the bracket group opened at i.
func (c *candidate) skipBracket(i int) int {
	depth := 0
	for j := i; j < len(c.toks); j++ {
		switch {
		case syntax.IsOpen(c.toks[j]):
			depth++
		case syntax.IsClose(c.toks[j]):
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(c.toks)
}

// checkScopes: the theorem must not sit inside a namespace, section or mutual block (which
// rename it or add variables to it); `variable`, `include` and `omit` may only appear inside a
// namespace or section that ends before the theorem, or after it; every namespace and
// section must be closed (an open one would change what our appended `#print axioms` names).
func (c *candidate) checkScopes(declStart, kw int) {
	type scope struct {
		tok     int
		changed bool // a section that declared variables or opened namespaces
	}
	var stack []scope
	changedAt := map[int]bool{} // scopes opened with a prefix scoped onto them (`open X in section`)
	for i := max(c.importEnd, c.trustHi); i < len(c.toks); i++ {
		if c.stopped(i) {
			return
		}
		t := &c.toks[i]
		if t.Kind != syntax.Ident || t.Escaped {
			continue
		}
		switch t.Text {
		case "namespace", "section", "mutual":
			stack = append(stack, scope{tok: i, changed: changedAt[i]})
		case "end":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case "variable", "include", "omit", "open", "universe":
			if next, ok := c.afterIn(i); ok {
				if c.opensScope(next) {
					changedAt[next] = true // in force until that scope ends
				}
				if t.Text == "open" {
					break // `open … in`: checkTarget judges it
				}
			}
			for k := range stack {
				stack[k].changed = true
			}
			if len(stack) == 0 && i < declStart && t.Text != "open" && t.Text != "universe" {
				c.add(CodeScopeChange, t, "`%s` before the theorem, outside a section that ends before it (it can add hypotheses to the theorem)", t.Text)
			}
		}
		if i == declStart {
			// A plain section around the theorem renames nothing; a namespace or mutual block
			// does, and a section with variables or opens changes its statement.
			for _, s := range stack {
				if o := &c.toks[s.tok]; !o.IsWord("section") || s.changed {
					c.add(CodeScopeChange, o, "the theorem is inside `%s` (it would be renamed or given the scope's variables)", o.Text)
					break
				}
			}
		}
	}
	for _, s := range stack {
		o := &c.toks[s.tok]
		c.add(CodeScopeChange, o, "`%s` is never closed with `end`", o.Text)
	}
}

func headerPreview(st *Statement) string {
	if len(st.Header) == 0 {
		return ""
	}
	s := st.Src[st.Header[0].Off:st.Header[len(st.Header)-1].End]
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 120 {
		s = string(r[:117]) + "..."
	}
	return s
}

func (c *candidate) compareHeader(start int) {
	h := c.st.Header
	for k, want := range h {
		i := start + k
		if i >= len(c.toks) {
			c.add(CodeStatementChanged, nil, "the theorem header ends early; expected %q", want.Text)
			return
		}
		got := c.toks[i]
		if got.Kind != want.Kind || got.Text != want.Text || got.Hole != want.Hole {
			c.add(CodeStatementChanged, &got, "found %q where the official statement has %q", got.Text, want.Text)
			return
		}
		if k > 0 {
			prev := h[k-1]
			spacingMatters := (prev.Kind == syntax.Symbol && want.Kind == syntax.Symbol) || prev.Text == "." || want.Text == "."
			if spacingMatters && got.Glued != want.Glued {
				c.add(CodeStatementChanged, &got, "spacing before %q differs from the official statement", got.Text)
				return
			}
			if got.Col == 0 && want.Col != 0 {
				c.add(CodeStatementChanged, &got, "%q moved to column 0, which ends a term in Lean", got.Text)
				return
			}
		}
	}
	i := start + len(h)
	// `:=`, or `|` for a theorem in equation-compiler style (`| 0 => … | n + 1 => …`).
	if i >= len(c.toks) || c.toks[i].Kind != syntax.Symbol || (c.toks[i].Text != ":=" && c.toks[i].Text != "|") {
		var t *syntax.Token
		found := "the end of the text"
		if i < len(c.toks) {
			t = &c.toks[i]
			found = strconv.Quote(t.Text)
		}
		c.add(CodeStatementChanged, t, "the official header must be followed by `:=`, found %s", found)
		return
	}
	c.targetEnd = i
}
