package syntax

import "fmt"

// declKeywords start a declaration whose name, if any, follows the keyword.
var declKeywords = map[string]bool{
	"theorem": true, "lemma": true, "def": true, "abbrev": true, "instance": true, "example": true,
	"axiom": true, "opaque": true, "structure": true, "inductive": true, "class": true,
	"constant": true, "irreducible_def": true, "alias": true,
}

// modifierWords may precede a declaration keyword.
var modifierWords = map[string]bool{
	"private": true, "protected": true, "noncomputable": true, "nonrec": true, "partial": true,
	"unsafe": true, "public": true, "meta": true,
}

// IsDeclKeyword reports whether w is a keyword that starts a declaration (`theorem`, `def`, …).
func IsDeclKeyword(w string) bool { return declKeywords[w] }

// IsModifier reports whether w is a modifier that may precede a declaration keyword
// (`private`, `noncomputable`, …).
func IsModifier(w string) bool { return modifierWords[w] }

// ImportError is an `import` with no module name after it.
type ImportError struct{ Line, Col int }

func (e *ImportError) Error() string {
	return fmt.Sprintf("`import` without a module name at %d:%d", e.Line, e.Col)
}

// LeadingImports reads `import M` pairs from the start of toks: it returns the index of the
// first token after them and the module names as written. An `import` not followed by a name is
// an *ImportError.
func LeadingImports(toks []Token) (next int, mods []string, err error) {
	i := 0
	for i < len(toks) && toks[i].IsWord("import") {
		if i+1 >= len(toks) || toks[i+1].Kind != Ident {
			return 0, nil, &ImportError{Line: toks[i].Line, Col: toks[i].Col}
		}
		mods = append(mods, toks[i+1].Text)
		i += 2
	}
	return i, mods, nil
}

// DeclStart walks back from the declaration keyword at kw over modifiers and `@[…]`
// attribute groups, not before lo, and returns where the declaration starts.
func DeclStart(toks []Token, lo, kw int) int {
	s := kw
	for s > lo {
		p := toks[s-1]
		if p.Kind == Ident && !p.Escaped && len(p.Name) == 1 && modifierWords[p.Text] {
			s--
			continue
		}
		if p.Kind == Symbol && p.Text == "]" {
			depth := 0
			j := s - 1
			for ; j >= lo; j-- {
				switch {
				case IsClose(toks[j]):
					depth++
				case IsOpen(toks[j]):
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if j >= lo && toks[j].Text == "@[" {
				s = j
				continue
			}
		}
		break
	}
	return s
}

// IsOpen reports whether t opens a bracket (`(`, `[`, `@[`, `⟨`, …).
func IsOpen(t Token) bool {
	if t.Kind != Symbol {
		return false
	}
	switch t.Text {
	case "(", "[", "{", "⟨", "⦃", "@[", "#[", "%[", "$(", "`(", "``(", "⟪", "⁅":
		return true
	}
	return false
}

// IsClose reports whether t closes a bracket.
func IsClose(t Token) bool {
	if t.Kind != Symbol {
		return false
	}
	switch t.Text {
	case ")", "]", "}", "⟩", "⦄", "⟫", "⁆":
		return true
	}
	return false
}
