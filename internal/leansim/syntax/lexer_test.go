package syntax

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLexPositionsInCodePoints(t *testing.T) {
	// ℕ and → are three bytes each in UTF-8 but one column each: REPL columns count code
	// points (PROTOCOL §1.4).
	toks := Lex("(n : ℕ) → n = n\n  -- a comment\n/- a /- nested -/ block -/ x")
	type tok struct {
		text     string
		pos, end Pos
	}
	var got []tok
	for _, tk := range toks {
		got = append(got, tok{tk.Text, tk.Pos, tk.End})
	}
	assert.Equal(t, []tok{
		{"(", Pos{1, 0}, Pos{1, 1}},
		{"n", Pos{1, 1}, Pos{1, 2}},
		{":", Pos{1, 3}, Pos{1, 4}},
		{"ℕ", Pos{1, 5}, Pos{1, 6}},
		{")", Pos{1, 6}, Pos{1, 7}},
		{"→", Pos{1, 8}, Pos{1, 9}},
		{"n", Pos{1, 10}, Pos{1, 11}},
		{"=", Pos{1, 12}, Pos{1, 13}},
		{"n", Pos{1, 14}, Pos{1, 15}},
		{"x", Pos{3, 27}, Pos{3, 28}}, // both comments are skipped, the nested one whole
		{"", Pos{3, 28}, Pos{3, 28}},
	}, got)
	assert.Equal(t, TkEOF, toks[len(toks)-1].Kind)
	assert.True(t, toks[len(toks)-2].newline, "x is the first token on its line")
	assert.False(t, toks[1].newline)
}

func TestLexKinds(t *testing.T) {
	for _, tc := range []struct {
		src  string
		kind TokenKind
		text string
	}{
		{"theorem", TkSym, "theorem"}, // a keyword lexes as a symbol
		{"omega", TkIdent, "omega"},   // a tactic name does not
		{"Nat.succ", TkIdent, "Nat.succ"},
		{"«theorem»", TkIdent, "theorem"}, // an escaped name is never a keyword
		{"42", tkNum, "42"},
		{"2.5", tkDec, "2.5"},
		{"1e-3", tkDec, "1e-3"},
		{`"a\"b"`, tkStr, `"a\"b"`},
		{"'a'", tkChar, "'a'"},
		{"#eval", TkSym, "#eval"},
		{":=", TkSym, ":="},
		{"<;>", TkSym, "<;>"},
		{`"open`, tkBad, `"open`}, // a string that does not close
		{"/- never closed", tkBad, "/-"},
	} {
		toks := Lex(tc.src)
		require.Len(t, toks, 2, tc.src) // the token and EOF
		assert.Equal(t, tc.kind, toks[0].Kind, tc.src)
		assert.Equal(t, tc.text, toks[0].Text, tc.src)
	}
	assert.True(t, Lex("«theorem»")[0].Escaped)
}

func TestUnexpected(t *testing.T) {
	for _, tc := range []struct {
		src, expected, want string
	}{
		{")", "term", "unexpected token ')'; expected term"},
		{"foo", "':'", "unexpected identifier; expected ':'"},
		{"", "command", "unexpected end of input; expected command"},
		{"/- open", "", "unterminated comment"},
	} {
		e := Unexpected(Lex(tc.src)[0], tc.expected)
		assert.Equal(t, tc.want, e.Msg, tc.src)
	}
	e := Unexpected(Lex("\n  )")[0], "term")
	assert.Equal(t, "2:2: unexpected token ')'; expected term", e.Error())
}
