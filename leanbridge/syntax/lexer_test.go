package syntax

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// texts returns the token texts of src, failing the test on lexical problems.
func texts(t *testing.T, src string) []string {
	t.Helper()
	lx := Lex(src)
	require.True(t, lx.OK(), "%q: %v", src, lx.Problems)
	var out []string
	for _, tok := range lx.Tokens {
		out = append(out, tok.Text)
	}
	return out
}

func TestLexTokens(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"theorem t1 (a : Nat) : a = a := rfl", []string{"theorem", "t1", "(", "a", ":", "Nat", ")", ":", "a", "=", "a", ":=", "rfl"}},
		{"-- sorry\nx", []string{"x"}},
		{"a--b\nc", []string{"a", "c"}},
		{"/- sorry -/ x", []string{"x"}},
		{"/- a /- b -/ sorry -/ x", []string{"x"}},                // nesting
		{"/-- doc with sorry -/ x", []string{"x"}},                // doc comment
		{"/-! module doc /- nested -/ sorry -/ x", []string{"x"}}, // module doc nests too
		{"/-/- one level -/ sorry -- -/", []string{"sorry"}},      // third char skipped, as Lean does
		{"/--/ still a doc comment -/ x", []string{"x"}},          // "/--" opens a doc comment
		{"/- -/-/ x", []string{"-", "/", "x"}},                    // closes at the first -/
		{`"sorry" x`, []string{`"sorry"`, "x"}},                   // string
		{`"a \" sorry" x`, []string{`"a \" sorry"`, "x"}},         // escaped quote
		{`"-- /- " sorry`, []string{`"-- /- "`, "sorry"}},         // comment openers inside a string
		{`'"' sorry '\''`, []string{`'"'`, "sorry", `'\''`}},      // char literals
		{`r#"x "sorry" y"# z`, []string{`r#"x "sorry" y"#`, "z"}}, // raw string
		{`r"a\" b`, []string{`r"a\"`, "b"}},                       // raw: no escapes
		{"«sorry» «a b».c", []string{"«sorry»", "«a b».c"}},       // guillemets
		{"Nat.add_comm h.1.2 x.«y»", []string{"Nat.add_comm", "h", ".", "1", ".", "2", "x.«y»"}},
		{"h' x₁ α ℕ", []string{"h'", "x₁", "α", "ℕ"}}, // identifier characters
		{"λ x => x", []string{"λ", "x", "=>", "x"}},   // λ is not a letter
		{"#eval 1 #[1] # print", []string{"#eval", "1", "#[", "1", "]", "#", "print"}},
		{"`sorry ``(x)", []string{"`sorry", "``(", "x", ")"}},
		{"0x1F 0b101 1.5e3 2.", []string{"0x1F", "0b101", "1.5e3", "2."}},
		{"f '' s ⁻¹' t", []string{"f", "''", "s", "⁻¹'", "t"}},
		{"a:=b", []string{"a", ":=", "b"}},
		{"s!\"x{a + \"}\"}y\"", []string{"s!", "s!\"x{a + \"}\"}y\""[2:], "a", "+", `"}"`}},
		{"x\t y\r\n z", []string{"x", "y", "z"}},
	} {
		assert.Equal(t, tc.want, texts(t, tc.src), "%q", tc.src)
	}
}

func TestLexNamesAndFlags(t *testing.T) {
	lx := Lex("«sorry» Foo.«bar».baz theorem «theorem» s!\"{x}\" y")
	require.True(t, lx.OK())
	toks := lx.Tokens
	assert.Equal(t, []string{"sorry"}, toks[0].Name)
	assert.True(t, toks[0].Escaped)
	assert.False(t, toks[0].IsWord("sorry"), "«sorry» is an identifier, not the keyword")
	assert.Equal(t, []string{"Foo", "bar", "baz"}, toks[1].Name)
	assert.Equal(t, "Foo.bar.baz", toks[1].FullName())
	assert.True(t, toks[2].IsWord("theorem"))
	assert.False(t, toks[3].IsWord("theorem"))
	assert.Equal(t, InterpString, toks[5].Kind)
	assert.Equal(t, "x", toks[6].Text)
	assert.Equal(t, 1, toks[6].Hole)
	assert.True(t, toks[6].Glued)
	assert.Equal(t, 0, toks[7].Hole)
	assert.False(t, toks[7].Glued)
}

func TestLexPositions(t *testing.T) {
	// Columns count code points, as REPL positions do: ℕ, →, ∀ are one column each.
	lx := Lex("theorem x : ∀ n : ℕ, n → n :=\n  /- ∀ -/ sorry")
	require.True(t, lx.OK())
	var pos [][2]int
	for _, tok := range lx.Tokens {
		pos = append(pos, [2]int{tok.Line, tok.Col})
		assert.Equal(t, lx.Src[tok.Off:tok.End], tok.Text)
	}
	assert.Equal(t, [][2]int{{1, 0}, {1, 8}, {1, 10}, {1, 12}, {1, 14}, {1, 16}, {1, 18}, {1, 19}, {1, 21}, {1, 23}, {1, 25}, {1, 27}, {2, 10}}, pos)
}

func TestLexGlued(t *testing.T) {
	lx := Lex("a := b:=c ( x)")
	require.True(t, lx.OK())
	var glued []bool
	for _, tok := range lx.Tokens {
		glued = append(glued, tok.Glued)
	}
	assert.Equal(t, []bool{false, false, false, true, true, false, false, true}, glued)
}

func TestLexProblems(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		kind ProblemKind
		msg  string
	}{
		{"unterminated comment", "x /- a", Malformed, "unterminated comment"},
		{"unterminated nested", "/- a /- b -/", Malformed, "unterminated comment"},
		{"unterminated doc", "/-- doc", Malformed, "unterminated comment"},
		{"comment opener at end", "/-", Malformed, "unterminated comment"},
		{"unterminated string", `x "abc`, Malformed, "unterminated string"},
		{"bad escape", `"a\q"`, Malformed, "invalid escape"},
		// Invalid as a plain string, valid as an interpolated one: which one Lean reads
		// depends on the syntax around it.
		{"brace escape outside interpolation", `foo! "\{"`, Malformed, "ambiguous"},
		{"unterminated char", `'a`, Malformed, "character literal"},
		{"two-char char", `'ab'`, Malformed, "character literal"},
		{"unterminated guillemet", "«sorry", Malformed, "identifier escape"},
		{"unterminated raw", `r##"a"#`, Malformed, "raw string"},
		{"unterminated interpolation", `s!"a{b"`, Malformed, "unterminated"},
		{"ambiguous string", `foo! "{" ++ sorry ++ "}"`, Malformed, "ambiguous"},
		{"bad hex", "0x", Malformed, "hexadecimal"},
		{"bad exponent", "1e+", Malformed, "exponent"},
		{"invalid utf8", "x \xff y", InvalidUTF8, "UTF-8"},
		{"invalid utf8 in comment", "-- \xc3\x28\nx", InvalidUTF8, "UTF-8"},
		{"nul", "x\x00y", NULByte, "NUL"},
		{"nul in string", "\"a\x00\"", NULByte, "NUL"},
		{"bidi in comment", "-- \u202e evil", BidiControl, "bidirectional"},
		{"bidi isolate in string", "\"\u2066\"", BidiControl, "bidirectional"},
		{"zero width space", "so\u200brry", InvisibleChar, "U+200B"},
		{"nbsp", "by\u00a0sorry", InvisibleChar, "U+00A0"},
		{"bom", "\ufeffx", InvisibleChar, "U+FEFF"},
		{"form feed", "x\fy", InvisibleChar, "U+000C"},
		{"zero width in guillemets", "«so\u200drry»", InvisibleChar, "U+200D"},
		{"deep interpolation", strings.Repeat(`s!"{`, 20) + strings.Repeat(`}"`, 20), Malformed, "nested too deeply"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lx := Lex(tc.src)
			require.NotEmpty(t, lx.Problems)
			assert.Equal(t, tc.kind, lx.Problems[0].Kind)
			assert.Contains(t, lx.Problems[0].Msg, tc.msg)
		})
	}
}

// See-through: whatever whitespace, comments or escapes separate them, the tokens are the same.
func TestLexSeesThroughFormatting(t *testing.T) {
	want := []string{"exact", "sorry"}
	for _, src := range []string{
		"exact sorry",
		"exact/- c -/sorry",
		"exact -- c\n sorry",
		"exact\n\n\n   sorry",
		"exact /- /- nested -/ -/ sorry",
	} {
		assert.Equal(t, want, texts(t, src), "%q", src)
	}
	for _, src := range []string{"exact «sorry»", "exact\u00a0sorry", "exact\u2003sorry", "exact\u200bsorry"} {
		lx := Lex(src)
		require.Len(t, lx.Tokens, 2, "%q", src)
		assert.Equal(t, []string{"sorry"}, lx.Tokens[1].Name, "%q", src)
	}
}

func TestLexLargeInputLinear(t *testing.T) {
	// A long single line of tokens must not be quadratic (columns are tracked incrementally).
	src := strings.Repeat("a + ", 200000)
	lx := Lex(src)
	require.True(t, lx.OK())
	assert.Len(t, lx.Tokens, 400000)
	last := lx.Tokens[len(lx.Tokens)-1]
	assert.Equal(t, 4*199999+2, last.Col)
}

func TestKindNames(t *testing.T) {
	assert.Equal(t, "identifier", Ident.String())
	assert.Equal(t, "command", HashCommand.String())
	assert.Equal(t, "Kind(99)", Kind(99).String())
	assert.Equal(t, "malformed", Malformed.String())
	assert.Equal(t, "invalid UTF-8", InvalidUTF8.String())
	assert.Equal(t, "ProblemKind(0)", ProblemKind(0).String())
}

// Hostile input of one token a byte stops at MaxTokens with a problem, instead of costing a
// token (about 100 bytes) per byte.
func TestLexTokenBound(t *testing.T) {
	l := Lex(strings.Repeat("(", MaxTokens+10))
	assert.Len(t, l.Tokens, MaxTokens)
	require.NotEmpty(t, l.Problems)
	assert.Contains(t, l.Problems[len(l.Problems)-1].Msg, "too long to check")
	assert.False(t, l.OK())
}
