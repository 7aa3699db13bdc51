package syntax

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// position recomputes (line, column) of a byte offset: 1-based line, code-point column.
func position(src string, off int) (int, int) {
	before := src[:off]
	line := strings.Count(before, "\n") + 1
	col := utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:])
	return line, col
}

// FuzzLex checks, on any text:
//
//  1. Lex does not panic; tokens are in order, inside the text, their Text is their source,
//     Line/Col agree with the text, and every identifier has a name.
//  2. Commenting out: text free of "/-" and "-/" wrapped in a block comment, or text without
//     newlines behind "--", contributes no tokens.
//
// (That no context the lexer accepts hides a live `sorry` from the checker is verify's
// FuzzInjectedSorry.)
func FuzzLex(f *testing.F) {
	// The proofs of the anti-cheat suite, then constructs that are easy to get wrong.
	for _, file := range []string{"cheating.jsonl", "honest.jsonl"} {
		if fh, err := os.Open(filepath.Join("..", "..", "testdata", "verify", file)); err == nil {
			sc := bufio.NewScanner(fh)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				var row struct{ Proof string }
				if json.Unmarshal(sc.Bytes(), &row) == nil {
					f.Add(row.Proof)
				}
			}
			fh.Close()
		}
	}
	for _, s := range []string{
		"", "/-", "-/", "/--/", "/-/-/", "/- /- -/", "--", "\"", "''", "'''", "«", "»", "r#\"", "r\"\"",
		"s!\"{", "s!\"{}\"", "\"{\"}\"", "``", "#[", "0x", "1e", "0b2", "1.5e+3", "h.1.2", "a.«b».c",
		"x'' y'", "\"\\u12\"", "\"\\\n  x\"", "'\\x4'", "s!\"\\{\"", "m!\"a{s!\"{b}\"}\"", "\u202e",
		"\x00", "\xff", "so\u200brry", "theorem t : True := by\n  /- ok -/ trivial",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lx := Lex(src)
		prevEnd := 0
		for i, tok := range lx.Tokens {
			require.False(t, tok.Off < prevEnd && tok.Hole == 0, "token %d %q overlaps the previous one", i, tok.Text)
			require.True(t, 0 <= tok.Off && tok.Off < tok.End && tok.End <= len(src),
				"token %d has bad extent [%d,%d) in %d bytes", i, tok.Off, tok.End, len(src))
			require.Equal(t, src[tok.Off:tok.End], tok.Text, "token %d text is its source", i)
			l, c := position(src, tok.Off)
			require.Equal(t, [2]int{l, c}, [2]int{tok.Line, tok.Col}, "token %d %q position", i, tok.Text)
			require.False(t, tok.Kind == Ident && len(tok.Name) == 0, "identifier %q without a name", tok.Text)
			if tok.Hole == 0 {
				prevEnd = tok.End
			}
		}
		if !lx.OK() {
			return
		}
		if !strings.Contains(src, "/-") && !strings.Contains(src, "-/") {
			wrapped := Lex("/- " + src + " -/ x")
			require.True(t, len(wrapped.Tokens) == 1 && wrapped.Tokens[0].Text == "x", "block comment around %q leaks tokens: %v", src, wrapped.Tokens)
		}
		if !strings.ContainsAny(src, "\n") {
			wrapped := Lex("-- " + src + "\nx")
			require.True(t, len(wrapped.Tokens) == 1 && wrapped.Tokens[0].Text == "x", "line comment %q leaks tokens: %v", src, wrapped.Tokens)
		}
	})
}
