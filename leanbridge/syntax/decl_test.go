package syntax

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLeadingImports(t *testing.T) {
	for _, tc := range []struct {
		src  string
		next int
		mods []string
		err  string
	}{
		{"", 0, nil, ""},
		{"import Mathlib\nimport Aesop\ntheorem", 4, []string{"Mathlib", "Aesop"}, ""},
		{"import Mathlib.Tactic open Real", 2, []string{"Mathlib.Tactic"}, ""},
		{"open Real\nimport Mathlib", 0, nil, ""}, // imports only count at the start
		{"import «Weird Name»", 2, []string{"«Weird Name»"}, ""},
		{"import Mathlib\nimport", 0, nil, "`import` without a module name at 2:0"},
		{"import (x)", 0, nil, "`import` without a module name at 1:0"},
	} {
		lx := Lex(tc.src)
		require.True(t, lx.OK(), tc.src)
		next, mods, err := LeadingImports(lx.Tokens)
		if tc.err != "" {
			var ie *ImportError
			require.ErrorAs(t, err, &ie, tc.src)
			assert.Equal(t, tc.err, err.Error())
			continue
		}
		require.NoError(t, err, tc.src)
		assert.Equal(t, tc.next, next, tc.src)
		assert.Equal(t, tc.mods, mods, tc.src)
	}
}

func TestDeclStart(t *testing.T) {
	for _, tc := range []struct {
		src, kw, want string // want: the text of the token the declaration starts at
	}{
		{"open Real\ntheorem t : True", "theorem", "theorem"},
		{"open Real\nprivate theorem t : True", "theorem", "private"},
		{"noncomputable protected def f := 1", "def", "noncomputable"},
		{"x\n@[simp] theorem t : True", "theorem", "@["},
		{"@[simp, norm_num [a, (b)]] private lemma t : True", "lemma", "@["},
		{"«private» theorem t : True", "theorem", "theorem"}, // an escaped word is no modifier
		{"[x] theorem t : True", "theorem", "theorem"},       // a bracket that is no attribute
	} {
		toks := Lex(tc.src).Tokens
		kw := -1
		for i, tok := range toks {
			if tok.IsWord(tc.kw) {
				kw = i
			}
		}
		require.GreaterOrEqual(t, kw, 0, tc.src)
		assert.Equal(t, tc.want, toks[DeclStart(toks, 0, kw)].Text, tc.src)
	}
	// Never before lo.
	toks := Lex("private theorem t : True").Tokens
	assert.Equal(t, 1, DeclStart(toks, 1, 1))
}

func TestBrackets(t *testing.T) {
	for _, tok := range Lex("( [ { ⟨ ⦃ @[ #[ ⟪ ⁅").Tokens {
		assert.True(t, IsOpen(tok), tok.Text)
		assert.False(t, IsClose(tok), tok.Text)
	}
	for _, tok := range Lex(") ] } ⟩ ⦄ ⟫ ⁆").Tokens {
		assert.True(t, IsClose(tok), tok.Text)
		assert.False(t, IsOpen(tok), tok.Text)
	}
	for _, tok := range Lex(`x "(" ')' :=`).Tokens {
		assert.False(t, IsOpen(tok) || IsClose(tok), tok.Text)
	}
}

func TestKeywordTables(t *testing.T) {
	for _, w := range []string{"theorem", "lemma", "def", "instance", "axiom", "example"} {
		assert.True(t, IsDeclKeyword(w), w)
	}
	for _, w := range []string{"private", "protected", "noncomputable", "unsafe", "partial"} {
		assert.True(t, IsModifier(w), w)
		assert.False(t, IsDeclKeyword(w), w)
	}
	assert.False(t, IsDeclKeyword("by"))
	assert.False(t, IsModifier("theorem"))
}
