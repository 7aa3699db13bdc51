package syntax

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func parseCommand(t *testing.T, src string, mathlib bool) (*Command, error) {
	t.Helper()
	p := &Parser{Toks: Lex(src), Mathlib: mathlib}
	return p.ParseCommand()
}

func tacticTexts(tacs []*Tactic) []string {
	var out []string
	for _, tc := range tacs {
		s := ""
		for _, tk := range tc.Toks[:len(tc.Toks)-1] {
			if s != "" {
				s += " "
			}
			s += tk.Text
		}
		out = append(out, s)
	}
	return out
}

func TestParseTheoremWithTacticBlock(t *testing.T) {
	src := "theorem add_two (n : Nat) (h : n > 0) : n + 2 = 2 + n := by\n  have k : n ≥ 1 := by omega\n  omega\n"
	c, err := parseCommand(t, src, false)
	require.NoError(t, err)
	assert.Equal(t, "decl", c.Kind)
	assert.Equal(t, "theorem", c.DeclKind)
	assert.Equal(t, "add_two", c.NameTok.Text)
	require.Len(t, c.Binders, 2)
	assert.Equal(t, "n", c.Binders[0].Names[0].Text)
	assert.Equal(t, "Nat", c.Binders[0].Ty.Pretty())
	assert.Equal(t, "n > 0", c.Binders[1].Ty.Pretty())
	require.NotNil(t, c.Type)
	assert.Equal(t, "=", c.Type.Op)
	assert.Equal(t, "n + 2 = 2 + n", c.Type.Pretty())

	require.True(t, c.Body.IsBy)
	assert.False(t, c.Body.Partial)
	// one tactic per line at the block's column; the nested `by omega` stays inside `have`
	assert.Equal(t, []string{"have k : n ≥ 1 := by omega", "omega"}, tacticTexts(c.Body.Tactics))
	assert.Equal(t, Pos{2, 2}, c.Body.Tactics[0].Pos)
	assert.Equal(t, Pos{3, 2}, c.Body.Tactics[1].Pos)
	assert.Equal(t, Pos{3, 7}, c.Body.Tactics[1].End)
	assert.Equal(t, Pos{3, 7}, c.Body.End)
}

func TestTacticBlockLayout(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"semicolons", "example : 1 = 1 := by skip; rfl", []string{"skip", "rfl"}},
		{"same line then indented", "example : 1 = 1 := by skip\n                      rfl", []string{"skip", "rfl"}},
		{"a deeper line continues the tactic", "example : 1 = 1 := by\n  exact\n    rfl", []string{"exact rfl"}},
		{"all_goals takes the rest after ;", "example : 1 = 1 := by all_goals skip; rfl", []string{"all_goals skip ; rfl"}},
		{"a block at the command's column is empty", "example : 1 = 1 := by\nrfl", nil},
	} {
		c, err := parseCommand(t, tc.src, false)
		if tc.want == nil {
			// the block is empty and `rfl` is left over after the command
			var trailing *TrailingErr
			require.ErrorAs(t, err, &trailing, tc.name)
			assert.Empty(t, c.Body.Tactics, tc.name)
			continue
		}
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, tacticTexts(c.Body.Tactics), tc.name)
	}
}

func TestSplitThen(t *testing.T) {
	c, err := parseCommand(t, "example : 1 = 1 ∧ 2 = 2 := by constructor <;> decide <;> rfl", false)
	require.NoError(t, err)
	require.Len(t, c.Body.Tactics, 1)
	left, right, ok := SplitThen(c.Body.Tactics[0])
	require.True(t, ok)
	// <;> is left associative: the split is at the last one
	assert.Equal(t, []string{"constructor <;> decide", "rfl"}, tacticTexts([]*Tactic{left, right}))
	_, _, ok = SplitThen(&Tactic{Toks: Lex("try decide <;> rfl")})
	assert.False(t, ok, "a <;> inside try belongs to try's sequence")
}

func TestParseCommandErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		mathlib   bool
		want      string // the error's text with its position
		partial   bool
	}{
		{"unknown tactic, placed one column in", "example : 1 = 1 := by\n  skip\n  exat rfl", false, "3:3: unknown tactic", true},
		{"a Mathlib tactic without Mathlib", "example : 1 = 1 := by linarith", false, "1:23: unknown tactic", true},
		{"statement without a colon", "theorem t 1 = 1 := by rfl", false, "1:10: unexpected token '1'; expected ':'", false},
		{"theorem without a name", "theorem : 1 = 1 := by rfl", false, "1:8: unexpected token ':'; expected identifier", false},
		{"missing :=", "example : 1 = 1 by rfl", false, "1:16: unexpected token 'by'; expected ':='", false},
		{"binder type not simulated", "example : ∀ x : Real, x = x := by rfl", false,
			"1:16: leanprm-simulator: this binder type is not simulated (this is a simulator, not Lean)", false},
		{"not a command", "rfl", false, "1:0: unexpected identifier; expected command", false},
	} {
		c, err := parseCommand(t, tc.src, tc.mathlib)
		require.Error(t, err, tc.name)
		assert.Equal(t, tc.want, err.Error(), tc.name)
		assert.Equal(t, tc.partial, c.PartialProof(), tc.name)
	}

	// the tactics before the one that does not parse are kept, it and the rest are not run
	c, _ := parseCommand(t, "example : 1 = 1 := by\n  skip\n  exat rfl\n  rfl", false)
	assert.Equal(t, []string{"skip"}, tacticTexts(c.Body.Tactics))
	assert.Equal(t, []string{"exat rfl", "rfl"}, tacticTexts(c.Body.Unparsed))

	// known but not simulated tactics parse: they fail later, saying so
	_, err := parseCommand(t, "example : 1 = 1 := by induction x", false)
	assert.NoError(t, err)
	_, err = parseCommand(t, "example : 1 = 1 := by linarith", true)
	assert.NoError(t, err, "linarith is a tactic with Mathlib")

	// a complete command followed by junk stands, with a trailing error
	c, err = parseCommand(t, "#eval 1 + 1 )", false)
	var trailing *TrailingErr
	require.ErrorAs(t, err, &trailing)
	assert.Equal(t, "1:12: unexpected token ')'; expected command", err.Error())
	assert.Equal(t, "1 + 1", c.Term.Pretty())
}

func TestParseScopedCommands(t *testing.T) {
	c, err := parseCommand(t, "set_option maxRecDepth 100 in\ntheorem t : 2 ^ 10 = 1024 := by decide", false)
	require.NoError(t, err)
	assert.Equal(t, "in", c.Kind)
	assert.Equal(t, []string{"set_option", "maxRecDepth", "100"}, []string{c.Args[0].Text, c.Args[1].Text, c.Args[2].Text})
	require.NotNil(t, c.Inner)
	assert.Equal(t, "t", c.Inner.NameTok.Text)
	assert.Equal(t, []string{"decide"}, tacticTexts(c.Inner.Body.Tactics))

	c, err = parseCommand(t, "#print axioms t", false)
	require.NoError(t, err)
	assert.Equal(t, "printAxioms", c.Kind)
	assert.Equal(t, "t", c.NameTok.Text)
}

// term parses src as one term and fails if anything is left over.
func term(t *testing.T, src string) *Node {
	t.Helper()
	p := &Parser{Toks: Lex(src)}
	n, err := p.Expr(0, 0)
	require.NoError(t, err, src)
	require.Equal(t, TkEOF, p.Peek().Kind, "%s: left over %q", src, p.Peek().Text)
	return n
}

func TestPrettyPrintsAsLean(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// parentheses only where precedence and associativity need them
		{"(a + b) * c", "(a + b) * c"},
		{"a + (b * c)", "a + b * c"},
		{"a - (b - c)", "a - (b - c)"},
		{"(a - b) - c", "a - b - c"},
		{"a ^ (b ^ c)", "a ^ b ^ c"},
		{"(a ^ b) ^ c", "(a ^ b) ^ c"},
		{"a → (b → c)", "a → b → c"},
		{"(a → b) → c", "(a → b) → c"},
		{"a = b ∧ c = d ∨ e", "a = b ∧ c = d ∨ e"},
		{"(a ∨ b) ∧ c", "(a ∨ b) ∧ c"},
		{"¬(a = b)", "¬a = b"},
		{"¬(a ∧ b)", "¬(a ∧ b)"},
		{"-(a + b)", "-(a + b)"},
		{"-a * b", "-a * b"},
		{"x⁻¹ + 1", "x⁻¹ + 1"},
		// ASCII spellings print as Lean's notation
		{"a <= b -> b >= a", "a ≤ b → b ≥ a"},
		// binders as the delaborator shows them
		{"∀ x y : Nat, x + y = y + x", "∀ (x y : Nat), x + y = y + x"},
		{"∀ (x : Nat) (y : Int), x = x", "∀ (x : Nat) (y : Int), x = x"},
		{"∀ {n : Nat}, n = n", "∀ {n : Nat}, n = n"},
		{"∃ k : Nat, k * 2 = 4", "∃ k, k * 2 = 4"},
		{"fun n => n + 1", "fun n => n + 1"},
		{"a ∧ ∀ x : Nat, x = x", "a ∧ ∀ (x : Nat), x = x"},
		// applications; one argument of the function's namespace prints in field notation
		{"Nat.succ n", "n.succ"},
		{"Nat.gcd a b + 1", "a.gcd b + 1"},
		{"Nat.succ 3", "Nat.succ 3"},
		{"f (a + b) c", "f (a + b) c"},
		// an ascription that casts nothing is not shown
		{"(2 : Nat) + 3", "2 + 3"},
		{"⟨1, rfl⟩", "⟨1, rfl⟩"},
	} {
		assert.Equal(t, tc.want, term(t, tc.in).Pretty(), tc.in)
	}
}

func TestExprStopsAtNonAssociativeChain(t *testing.T) {
	// `=` does not associate: `a = b = c` is not one term, and the parser stops before the
	// second `=`, which the command then reports.
	p := &Parser{Toks: Lex("a = b = c")}
	n, err := p.Expr(0, 0)
	require.NoError(t, err)
	assert.Equal(t, "a = b", n.Pretty())
	assert.Equal(t, "=", p.Peek().Text)
}

func TestEqualUpToBoundNames(t *testing.T) {
	a := term(t, "∀ x : Nat, x + 1 > x")
	assert.True(t, a.Equal(term(t, "∀ y : Nat, y + 1 > y")))
	assert.False(t, a.Equal(term(t, "∀ y : Int, y + 1 > y")), "the binder's type matters")
	assert.False(t, a.Equal(term(t, "∀ y : Nat, y + 1 > x")), "a free x is not the bound one")
	assert.False(t, term(t, "∀ y : Nat, y + 1 > x").Equal(a), "either way round")
	assert.True(t, term(t, "∀ x y : Nat, x < y").Equal(term(t, "∀ y x : Nat, y < x")), "names swapped")
	assert.False(t, term(t, "∀ x y : Nat, x < y").Equal(term(t, "∀ y x : Nat, x < y")), "order swapped")
	assert.True(t, term(t, "∃ k : Nat, ∀ m : Nat, m ≤ k").Equal(term(t, "∃ j : Nat, ∀ i : Nat, i ≤ j")))
	assert.False(t, a.Mentions("x"), "x is bound")
	assert.True(t, term(t, "x + 1 > x").Mentions("x"))

	body := term(t, "x + y = z")
	got := ReplaceVar(body, "x", term(t, "a * b"))
	assert.Equal(t, "a * b + y = z", got.Pretty())
	// substitution avoids capture: the bound y is primed before x := y goes in
	captured := ReplaceVar(term(t, "∀ y : Nat, x = y"), "x", term(t, "y"))
	assert.Equal(t, "∀ (y' : Nat), y = y'", captured.Pretty())
	// a variable bound under the binder shadows the one replaced
	assert.Equal(t, "∀ (x : Nat), x = x", ReplaceVar(term(t, "∀ x : Nat, x = x"), "x", term(t, "5")).Pretty())
}

func TestTermDepthBound(t *testing.T) {
	deep := ""
	for range MaxTermDepth + 10 {
		deep += "("
	}
	deep += "1"
	for range MaxTermDepth + 10 {
		deep += ")"
	}
	p := &Parser{Toks: Lex(deep)}
	_, err := p.Expr(0, 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "maximum recursion depth has been reached")
}
