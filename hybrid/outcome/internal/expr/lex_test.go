package expr

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var tokenKindNames = map[TokenKind]string{
	EOFToken: "eof", NumberToken: "num", IdentToken: "id", WordToken: "word", FuncToken: "fn",
	OpToken: "op", FracToken: "frac", SqrtToken: "sqrt", BinomToken: "binom", PiToken: "pi",
	InfinityToken: "inf", EmptySetToken: "empty", MatrixToken: "matrix",
}

// tokenString writes tokens as "kind:text" separated by spaces, so a
// table states the whole token stream in one line.
func tokenString(toks []Token) string {
	parts := make([]string, len(toks))
	for i, t := range toks {
		parts[i] = tokenKindNames[t.Kind]
		if t.Text != "" {
			parts[i] += ":" + t.Text
		}
	}
	return strings.Join(parts, " ")
}

func TestLexTokens(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// numbers: thousands separators join the groups, only groups of three
		{"1,000,000", "num:1000000"},
		{"1{,}000", "num:1000"},
		{`1\,000`, "num:1000"},
		{"1 000", "num:1000"},
		{"1,00", "num:1 op:, num:00"},
		{"12345,678", "num:12345 op:, num:678"},
		{"1,000,0000", "num:1000 op:, num:0000"}, // a group of four digits ends the separators
		{"3.25", "num:3.25"},
		{".5", "num:.5"},
		// commands: operators are normalised, sizing is dropped, text is read
		{`\frac{1}{2}`, "frac op:{ num:1 op:} op:{ num:2 op:}"},
		{`\dfrac12`, "frac num:12"},
		{`\left( x \right)`, "op:( id:x op:)"},
		{`3\cdot 4 \times 5 \div 6`, "num:3 op:* num:4 op:* num:5 op:/ num:6"},
		{`x \le 1 \geq y \neq z`, "id:x op:≤ num:1 op:≥ id:y op:≠ id:z"},
		{`\text{cm}`, "word:cm"},
		{`\mathrm{m}`, "id:m"},
		{`\alpha + \sin x`, "id:alpha op:+ fn:sin id:x"},
		{`\pi \infty \emptyset \varnothing \sqrt \binom`, "pi inf empty empty sqrt binom"},
		// Unicode forms read as their LaTeX counterparts
		{"3×4−1", "num:3 op:* num:4 op:- num:1"},
		{"x²+y³", "id:x op:^ num:2 op:+ id:y op:^ num:3"},
		{"α≤π", "id:α op:≤ pi"},
		{"√2", "sqrt num:2"},
		{"∅ ∞", "empty inf"},
		// plain words
		{"pi infinity sqrt sin", "pi inf sqrt fn:sin"},
		{"x or y and z", "id:x op:or id:y op:and id:z"},
		{"five", "word:five"},
		{"red", "word:red"},
		{"xy", "word:xy"},          // a short word alone stays a word
		{"2xy", "num:2 id:x id:y"}, // after a number it is a product of letters
		{"xy+1", "id:x id:y op:+ num:1"},
		{"2cm", "num:2 word:cm"}, // a unit is never a product of letters
		// dollars are currency or delimiters; & separates like a comma
		{"$5$", "num:5"},
		{"a & b", "id:a op:, id:b"},
		{"1...", "num:1 op:…"},
		{"Done.", "word:Done"},
	} {
		toks, err := Lex(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, tokenString(toks), "Lex(%q)", tc.in)
	}
}

func TestLexNumberParts(t *testing.T) {
	for _, tc := range []struct {
		in             string
		text, rep, exp string
		dot, approx    bool
	}{
		{in: "42", text: "42"},
		{in: "0.1\\overline{6}", text: "0.1", rep: "6", dot: true},
		{in: "0.\\overline{142857}", text: "0.", rep: "142857", dot: true},
		{in: "0.\\dot{3}", text: "0.", rep: "3", dot: true},
		{in: "0.1\\overline 6", text: "0.1", rep: "6", dot: true},
		{in: "1.5e-3", text: "1.5", exp: "-3", dot: true},
		{in: "2E5", text: "2", exp: "5"},
		{in: "6e+2", text: "6", exp: "+2"},
		{in: "3.14...", text: "3.14", dot: true, approx: true},
		{in: `2.718\ldots`, text: "2.718", dot: true, approx: true},
	} {
		toks, err := Lex(tc.in)
		require.NoError(t, err, tc.in)
		require.Len(t, toks, 1, "%s: %s", tc.in, tokenString(toks))
		got := toks[0]
		assert.Equal(t, NumberToken, got.Kind, tc.in)
		assert.Equal(t, tc.text, got.Text, tc.in)
		assert.Equal(t, tc.rep, got.Rep, tc.in)
		assert.Equal(t, tc.exp, got.Exp, tc.in)
		assert.Equal(t, tc.dot, got.Dot, tc.in)
		assert.Equal(t, tc.approx, got.Approx, tc.in)
	}
	// an exponent needs no letter right after its digits: in 2e5x the e
	// is a letter
	toks, err := Lex("2e5x")
	require.NoError(t, err)
	assert.Equal(t, "num:2 id:e num:5 id:x", tokenString(toks))
	// an ellipsis after an integer is no decimal going on
	toks, err = Lex("3...")
	require.NoError(t, err)
	assert.False(t, toks[0].Approx)
}

func TestLexSpacing(t *testing.T) {
	toks, err := Lex("5 m")
	require.NoError(t, err)
	require.Len(t, toks, 2)
	assert.False(t, toks[0].spaced)
	assert.True(t, toks[1].spaced, "whitespace before m is recorded")
	toks, err = Lex("5m")
	require.NoError(t, err)
	assert.False(t, toks[1].spaced)
}

func TestLexMatrix(t *testing.T) {
	toks, err := Lex(`\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}`)
	require.NoError(t, err)
	require.Len(t, toks, 1)
	assert.Equal(t, MatrixToken, toks[0].Kind)
	assert.Equal(t, [][]string{{" 1 ", " 2 "}, {" 3 ", " 4 "}}, toks[0].matrows)

	// an array's column spec is not a cell
	toks, err = Lex(`\begin{array}{cc} 5 & 6 \end{array}`)
	require.NoError(t, err)
	assert.Equal(t, [][]string{{" 5 ", " 6 "}}, toks[0].matrows)
}

func TestLexErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want error
		msg  string
	}{
		{`\foo`, ErrUnsupported, `\foo`},
		{"#", ErrUnsupported, "the character '#'"},
		{"€", ErrUnsupported, "the character '€'"},
		{`\overline{3}`, ErrUnsupported, "outside a decimal"},
		{`0.\overline{}`, ErrUnsupported, "a repeating decimal without digits"},
		{`\begin{pmatrix} 1`, ErrUnsupported, "without its \\end"},
		{`\begin`, ErrUnsupported, "without an environment"},
		{`\text{#}`, ErrUnsupported, "the character '#'"},
		{strings.Repeat("9", MaxDigits+1), ErrTooLarge, fmt.Sprintf("more than %d digits", MaxDigits)},
		{"1e1234567", ErrTooLarge, "digits"},
	} {
		_, err := Lex(tc.in)
		require.Error(t, err, tc.in)
		assert.True(t, errors.Is(err, tc.want), "Lex(%q): %v", tc.in, err)
		assert.Contains(t, err.Error(), tc.msg, tc.in)
	}
	// the bound itself is allowed
	toks, err := Lex(strings.Repeat("9", MaxDigits))
	require.NoError(t, err)
	assert.Len(t, toks[0].Text, MaxDigits)
}

func TestBraced(t *testing.T) {
	for _, tc := range []struct {
		s    string
		i    int
		text string
		next int
		ok   bool
	}{
		{"{ab}c", 0, "ab", 4, true},
		{"  {a{b}c}", 0, "a{b}c", 9, true},
		{`{a\}b}`, 0, `a\}b`, 6, true}, // an escaped brace does not close
		{"x{a}", 0, "", 0, false},
		{"{ab", 0, "", 0, false},
	} {
		text, next, ok := Braced(tc.s, tc.i)
		assert.Equal(t, tc.ok, ok, tc.s)
		assert.Equal(t, tc.text, text, tc.s)
		assert.Equal(t, tc.next, next, tc.s)
	}
}
