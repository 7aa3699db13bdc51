package proofchain

import (
	"strings"

	"github.com/leanprm/leanprm/internal/leantext"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// declKeywordPrefix reports whether s starts with a declaration: theorem, lemma or example,
// after comments, modifiers, attributes and `set_option … in` / `open … in`.
func declKeywordPrefix(s string) bool {
	toks := codeTokens(verify.Lex(s).Tokens)
	for i := 0; i < len(toks); {
		t := toks[i]
		switch {
		case t.Kind == verify.Ident && modifiers[t.Text]:
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
	var b strings.Builder
	b.WriteString(normalizeStatement(ch.Statement))
	b.WriteString(" := by\n")
	for _, step := range ch.Steps {
		body := leantext.StepBody(step)
		for _, l := range strings.Split(body, "\n") {
			if strings.TrimSpace(l) == "" {
				b.WriteString("\n")
				continue
			}
			b.WriteString("  " + strings.TrimRight(l, " \t") + "\n")
		}
	}
	return chainText(ch.Preamble, b.String())
}

// IsDeclaration reports whether s starts a declaration (theorem, lemma or example) after
// comments, modifiers, attributes and `set_option … in` / `open … in`; a statement that
// does not is a bare proposition.
func IsDeclaration(s string) bool { return declKeywordPrefix(s) }
