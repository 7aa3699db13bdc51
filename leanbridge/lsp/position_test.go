package lsp_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/lsp"
)

// One line per interesting character width: ASCII; ℕ → ∀ (3 bytes, 1 code point, 1 UTF-16
// unit each); 𝓤 (4 bytes, 1 code point, 2 UTF-16 units).
const posText = "theorem t : ∀ n : ℕ, n = n → True := by\n  intro n h -- 𝓤 and ℕ\n  /- 𝓤𝓤 -/ exact foo\n"

func TestPositionConversions(t *testing.T) {
	tx := lsp.NewText(posText)
	for _, tc := range []struct {
		needle string // the first occurrence of needle, on line
		line   int
		utf16  int // its UTF-16 column
		cp     int // its code-point column
	}{
		{"theorem", 0, 0, 0},
		{"∀", 0, 12, 12},
		{"ℕ", 0, 18, 18},
		{", n =", 0, 19, 19},
		{"→", 0, 27, 27},
		{"True", 0, 29, 29},
		{"𝓤", 1, 15, 15},
		{"and", 1, 18, 17}, // after one astral character
		{"ℕ", 1, 22, 21},
		{"exact", 2, 13, 11}, // after two
		{"foo", 2, 19, 17},
	} {
		line, err := tx.Line(tc.line)
		require.NoError(t, err)
		i := strings.Index(line, tc.needle)
		require.GreaterOrEqual(t, i, 0, tc.needle)
		byteOff := strings.Index(posText, line) + i
		pos := lsp.Position{Line: tc.line, Character: tc.utf16}

		assert.Equal(t, tc.utf16, lsp.UTF16Len(line[:i]), "%q: UTF16Len", tc.needle)
		assert.Equal(t, tc.cp, utf8.RuneCountInString(line[:i]), "%q: test table", tc.needle)
		got, err := tx.Offset(pos)
		require.NoError(t, err)
		assert.Equal(t, byteOff, got, "%q: Offset", tc.needle)
		back, err := tx.PositionAt(byteOff)
		require.NoError(t, err)
		assert.Equal(t, pos, back, "%q: PositionAt", tc.needle)
		rp, err := tx.ToREPL(pos)
		require.NoError(t, err)
		assert.Equal(t, lsp.REPLPos{Line: tc.line + 1, Column: tc.cp}, rp, "%q: ToREPL", tc.needle)
		lp, err := tx.FromREPL(rp)
		require.NoError(t, err)
		assert.Equal(t, pos, lp, "%q: FromREPL", tc.needle)
	}
}

func TestPositionErrors(t *testing.T) {
	tx := lsp.NewText(posText)
	line1, _ := tx.Line(1)
	astral := lsp.UTF16Len(line1[:strings.Index(line1, "𝓤")])
	for _, p := range []lsp.Position{
		{Line: 3, Character: 1},                       // past the end of the (empty) last line
		{Line: 4, Character: 0},                       // no such line
		{Line: -1, Character: 0},                      // negative line
		{Line: 0, Character: -1},                      // negative column
		{Line: 1, Character: astral + 1},              // between the two units of 𝓤
		{Line: 1, Character: lsp.UTF16Len(line1) + 1}, // past the end of the line
	} {
		_, err := tx.Offset(p)
		assert.ErrorIs(t, err, lsp.ErrBadPosition, "%v", p)
	}
	_, err := tx.PositionAt(strings.Index(posText, "ℕ") + 1) // inside ℕ
	assert.ErrorIs(t, err, lsp.ErrBadPosition)
	_, err = tx.PositionAt(len(posText) + 1)
	assert.ErrorIs(t, err, lsp.ErrBadPosition)
	_, err = tx.FromREPL(lsp.REPLPos{Line: 0, Column: 0}) // REPL lines start at 1
	assert.ErrorIs(t, err, lsp.ErrBadPosition)
	_, err = tx.FromREPL(lsp.REPLPos{Line: 1, Column: 1000})
	assert.ErrorIs(t, err, lsp.ErrBadPosition)

	end, err := tx.LineEnd(1)
	require.NoError(t, err)
	assert.Equal(t, lsp.Position{Line: 1, Character: lsp.UTF16Len(line1)}, end)
	assert.Equal(t, 4, tx.LineCount())
}

// FuzzTextRoundTrip checks that every character boundary survives offset → position →
// offset and position → REPL → position.
func FuzzTextRoundTrip(f *testing.F) {
	f.Add(posText)
	f.Add("")
	f.Add("\n\n𝓤\n")
	f.Add("a\r\nb")
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		tx := lsp.NewText(s)
		for off := 0; off <= len(s); off++ {
			if off < len(s) && !utf8.RuneStart(s[off]) {
				continue
			}
			p, err := tx.PositionAt(off)
			require.NoError(t, err, "PositionAt(%d)", off)
			back, err := tx.Offset(p)
			require.NoError(t, err, "Offset(%v)", p)
			require.Equal(t, off, back, "Offset(%v)", p)
			r, err := tx.ToREPL(p)
			require.NoError(t, err, "ToREPL(%v)", p)
			p2, err := tx.FromREPL(r)
			require.NoError(t, err, "FromREPL(%v)", r)
			require.Equal(t, p, p2, "FromREPL(%v)", r)
		}
	})
}
