package verify

import (
	"strings"

	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// Instances and notations the candidate writes for its own definitions. Neither can change
// what the official statement says: the statement cannot mention the candidate's names
// (name_redefined), an instance whose class is applied to the candidate's own type is found
// only for terms of that type, and a local notation whose atoms appear nowhere in the
// statement or the checker's lines cannot change how they read. What either would still
// change, the semantic guard sees.

// ownInstance: the `instance` declaration at i is on the candidate's own type: the first
// argument of its class (`instance : Inhabited P`, `instance : DecidableEq (P n)`) is a type
// the candidate declared, resolved as Lean would from the namespace the instance stands in.
// `@[instance]`, `attribute [instance]` and `deriving instance` are not judged here.
func (c *candidate) ownInstance(i int) bool {
	if c.attrNames[i] || !c.toks[i].IsWord("instance") || (i > 0 && c.toks[i-1].IsWord("deriving")) {
		return false
	}
	depth := 0
	colon := -1
	for j := i + 1; j < len(c.toks) && j <= i+48; j++ {
		u := c.toks[j]
		switch {
		case syntax.IsOpen(u):
			depth++
		case syntax.IsClose(u):
			depth--
		case depth == 0 && isSym(u, ":"):
			colon = j
		case depth == 0 && (isSym(u, ":=") || u.IsWord("where")):
			return false
		}
		if colon >= 0 {
			break
		}
	}
	j := colon + 1
	if colon < 0 || j >= len(c.toks) {
		return false
	}
	if isSym(c.toks[j], "@") {
		j++
	}
	if j+1 >= len(c.toks) || c.toks[j].Kind != syntax.Ident {
		return false
	}
	arg := j + 1
	if isSym(c.toks[arg], "(") && arg+1 < len(c.toks) {
		arg++
	}
	a := &c.toks[arg]
	if a.Kind != syntax.Ident || a.Hole > 0 {
		return false
	}
	name := strings.Join(rawName(a), ".")
	if strings.HasPrefix(name, "_root_.") {
		return c.declaredFull[strings.TrimPrefix(name, "_root_.")]
	}
	// Lean resolves a name from the innermost namespace outwards: the candidate's type must
	// be what it finds first, so every namespace from the innermost out is tried in turn
	// and the first declared match wins; a root name the candidate did not declare (Nat)
	// is never its own.
	ns := c.instanceNS[i]
	for k := len(ns); k >= 0; k-- {
		full := strings.Join(append(append([]string{}, ns[:k]...), name), ".")
		if c.declaredFull[full] {
			return true
		}
	}
	return false
}

// notationWords are the syntax extensions a candidate may declare `local`ly for its own
// definitions.
var notationWords = map[string]bool{
	"notation": true, "infix": true, "infixl": true, "infixr": true, "prefix": true, "postfix": true,
}

// reservedAtoms may never be a notation's atom: Lean's own keywords of terms and tactics, and
// the words of the checker's appended lines (`#print axioms NAME`, the guard's `set_option …
// in #check @_root_.NAME`).
var reservedAtoms = map[string]bool{
	"by": true, "fun": true, "have": true, "show": true, "from": true, "at": true, "with": true,
	"in": true, "if": true, "then": true, "else": true, "let": true, "do": true, "match": true,
	"sorry": true, "#print": true, "axioms": true, "#check": true, "set_option": true, "@": true,
	"_root_": true, ":=": true, "=>": true, "(": true, ")": true, "[": true, "]": true, "{": true,
	"}": true, ",": true, ":": true, ".": true, "true": true, "false": true, "theorem": true,
	"λ": true, "∀": true, "∃": true, "→": true, "=": true, "decide": true, "rfl": true,
}

// localNotation: the syntax extension at i is `local notation` (or a local infix…) for the
// candidate's own definition: its right-hand side names something the candidate declared,
// and none of its atoms is a token of the statement, of the official preamble or of
// reservedAtoms. Scoped and global notations stay refused: `open` or the rest of the file
// would carry them onto the statement.
func (c *candidate) localNotation(i int) bool {
	t := &c.toks[i]
	if c.st == nil || !notationWords[leanWord(t)] || i == 0 || !c.toks[i-1].IsWord("local") {
		return false
	}
	statement := map[string]bool{}
	var symbols []string // the statement's symbol tokens: an atom may not overlap one
	for _, h := range append(append([]syntax.Token{}, c.st.Header...), c.st.Preamble...) {
		statement[h.Text] = true
		if h.Kind == syntax.Symbol {
			symbols = append(symbols, h.Text)
		}
	}
	overlaps := func(atom string) bool {
		for _, sym := range symbols {
			if strings.Contains(atom, sym) || strings.Contains(sym, atom) {
				return true // `=6` would be read as one token where the statement says `a=6`
			}
		}
		return false
	}
	arrow := -1
	for j := i + 1; j < len(c.toks) && j <= i+64; j++ {
		u := &c.toks[j]
		if isSym(*u, "=>") {
			arrow = j
			break
		}
		if u.Kind != syntax.String {
			continue
		}
		atom := strings.TrimSpace(strings.Trim(u.Text, `"`))
		if atom == "" || strings.ContainsAny(atom, "\\") || statement[atom] || reservedAtoms[atom] || overlaps(atom) {
			return false
		}
		for _, w := range strings.Fields(atom) {
			if statement[w] || reservedAtoms[w] {
				return false
			}
		}
	}
	if arrow < 0 {
		return false
	}
	for j := arrow + 1; j < len(c.toks) && j <= arrow+256 && (j == arrow+1 || c.toks[j].Col != 0); j++ {
		u := &c.toks[j]
		if u.Kind == syntax.Ident && (c.declaredFull[strings.Join(rawName(u), ".")] || (len(u.Name) == 1 && c.declaredLast[u.Name[0]])) {
			return true
		}
	}
	return false
}
