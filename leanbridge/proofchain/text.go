package proofchain

import (
	"strings"

	"github.com/leanprm/leanprm/leanbridge/leantext"
	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// declKeywordPrefix reports whether s starts with a declaration: theorem, lemma or example,
// after comments, modifiers, attributes and `set_option … in` / `open … in`.
func declKeywordPrefix(s string) bool {
	toks := codeTokens(syntax.Lex(s).Tokens)
	for i := 0; i < len(toks); {
		t := toks[i]
		switch {
		case t.Kind == syntax.Ident && modifiers[t.Text]:
			i++
		case t.Text == "@[":
			for d := 0; i < len(toks); i++ {
				switch toks[i].Text {
				case "@[", "[":
					d++
				case "]":
					d--
				}
				if d == 0 {
					break
				}
			}
			i++
		case t.IsWord("set_option") || t.IsWord("open"):
			for i < len(toks) && !toks[i].IsWord("in") {
				i++
			}
			i++
		default:
			return t.IsWord("theorem") || t.IsWord("lemma") || t.IsWord("example")
		}
	}
	return false
}

// normalizeStatement drops a trailing ":=", ":= by" or ":= by sorry" and turns a bare
// proposition into "example : P".
func normalizeStatement(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
	for _, suffix := range []string{"sorry", "by", ":="} {
		if t := strings.TrimSuffix(s, suffix); t != s && (suffix == ":=" || t == "" || strings.ContainsAny(t[len(t)-1:], " \n\t=")) {
			s = strings.TrimSpace(t)
		}
	}
	if !declKeywordPrefix(s) {
		s = "example : " + s
	}
	return s
}

// chainText joins the preamble and a declaration.
func chainText(preamble, decl string) string {
	if p := strings.TrimSpace(preamble); p != "" {
		return p + "\n\n" + decl
	}
	return decl
}

// StatementCommand is the command that elaborates a chain's statement with `sorry`, and the
// 1-based line of that `sorry` in it.
func StatementCommand(ch Chain) (cmd string, sorryLine int) {
	cmd = chainText(ch.Preamble, normalizeStatement(ch.Statement)+" := by\n  sorry")
	return cmd, strings.Count(cmd, "\n") + 1
}

// ProofText assembles the whole proof of a chain: preamble, statement, ":= by", then each
// step on its own lines indented by two spaces (continuation lines keep their indentation
// relative to the step's first line).
func ProofText(ch Chain) string {
	text, _ := Assemble(normalizeStatement(ch.Statement), ch.Steps)
	return chainText(ch.Preamble, text)
}

// Assemble writes a declaration, " := by", then each step on its own lines indented by two
// spaces: continuation lines keep their indentation relative to the step's first line, blank
// lines stay empty, trailing blanks go. It returns the text, which ends in a newline, and
// each step's first and last line in it (0-based). Both clients build their proof text with
// it: the REPL client under a preamble, the language-server client under a header.
func Assemble(decl string, steps []string) (string, [][2]int) {
	lines := strings.Split(decl+" := by", "\n")
	spans := make([][2]int, len(steps))
	for i, step := range steps {
		spans[i][0] = len(lines)
		for _, l := range strings.Split(leantext.StepBody(step), "\n") {
			if strings.TrimSpace(l) == "" {
				lines = append(lines, "")
				continue
			}
			lines = append(lines, "  "+strings.TrimRight(l, " \t"))
		}
		spans[i][1] = len(lines) - 1
	}
	return strings.Join(lines, "\n") + "\n", spans
}

// IsDeclaration reports whether s starts a declaration (theorem, lemma or example) after
// comments, modifiers, attributes and `set_option … in` / `open … in`; a statement that
// does not is a bare proposition.
func IsDeclaration(s string) bool { return declKeywordPrefix(s) }
