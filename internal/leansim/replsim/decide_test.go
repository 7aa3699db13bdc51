package replsim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// cmdReply runs one `cmd` request on a fresh server and returns the decoded reply.
func cmdReply(t *testing.T, s *Server, src string) Value {
	t.Helper()
	req := Obj().Set("cmd", Str(src))
	v, err := s.Handle(req.String())
	require.NoError(t, err, "Handle(%q)", src)
	return v
}

// errorsOf lists the error messages of a command reply.
func errorsOf(v Value) []Value {
	var out []Value
	ms, _ := v.Get("messages")
	for i := 0; i < ms.Len(); i++ {
		if sev, _ := ms.Index(i).Get("severity"); sev.s == "error" {
			out = append(out, ms.Index(i))
		}
	}
	return out
}

func data(m Value) string { d, _ := m.Get("data"); return d.s }

func TestDecisions(t *testing.T) {
	const mathlib = "import Mathlib\n"
	tests := []struct {
		name, cmd string
		opts      Options
		wantErr   string // "" means accepted: no error message and no sorry
	}{
		// Rat versus Nat semantics.
		{"rat sum", "example : (1 : Rat) / 2 + 1 / 3 = 5 / 6 := by decide +kernel", Options{}, ""},
		{"rat sum refuted", "example : ¬((1 : Rat) / 2 + 1 / 3 = 5 / 6) := by decide +kernel", Options{},
			"tactic 'decide' proved that the proposition\n  ¬1 / 2 + 1 / 3 = 5 / 6\nis false"},
		{"nat division floors", "example : 7 / 2 = 3 := by decide", Options{}, ""},
		{"rat division is exact", "example : (7 : Rat) / 2 = 3 := by decide", Options{}, "is false"},
		{"rat division value", "example : (7 : Rat) / 2 = 7 / 2 := by decide", Options{}, ""},
		{"nat subtraction truncates", "example : 2 - 5 = 0 := by decide", Options{}, ""},
		{"rat subtraction", "example : (2 : Rat) - 5 = -3 := by decide", Options{}, ""},
		{"one rat leaf makes the tree rat", "example : 2 - 5 + (1 : Rat) = -2 := by decide", Options{}, ""},
		{"nat mod", "example : 7 % 2 = 1 := by native_decide", Options{}, ""},
		{"int division is euclidean", "example : (-7 : Int) / 2 = -4 ∧ (-7 : Int) % 2 = 1 := by decide", Options{}, ""},
		{"int division negative divisor", "example : (7 : Int) / -2 = -3 ∧ (7 : Int) % -2 = 1 := by decide", Options{}, ""},
		{"scientific literals in rat", "example : (0.1 : Rat) + 0.2 = 0.3 := by decide +kernel", Options{}, ""},
		{"scientific with exponent", "example : (1.5e2 : Rat) = 150 := by decide", Options{}, ""},
		// Division by zero is 0 in Lean, which is not mathematics.
		{"nat div zero", "example : 5 / 0 = 0 := by decide", Options{}, ""},
		{"int div zero", "example : (5 : Int) / 0 = 0 := by decide", Options{}, ""},
		{"rat div zero", "example : (5 : Rat) / 0 = 0 := by decide +kernel", Options{}, ""},
		{"nat mod zero", "example : 5 % 0 = 5 := by decide", Options{}, ""},
		{"rat inverse of zero", "example : (0 : Rat)⁻¹ = 0 := by decide", Options{}, ""},
		{"rat inverse", "example : (4 : Rat)⁻¹ = 1 / 4 := by decide", Options{}, ""},
		// Connectives and relations.
		{"and true", "example : (1 : Rat) < 2 ∧ (2 : Rat) < 3 := by decide", Options{}, ""},
		{"and false", "example : (1 : Rat) < 2 ∧ (3 : Rat) < 2 := by decide", Options{}, "is false"},
		{"not true", "example : ¬((1 : Rat) = 2) := by decide", Options{}, ""},
		{"ne", "example : (1 : Rat) / 3 ≠ 0.333 := by decide", Options{}, ""},
		{"ne false", "example : (1 : Rat) / 4 ≠ 0.25 := by decide", Options{}, "is false"},
		{"le", "example : (2 : Rat) ≤ 2 := by decide", Options{}, ""},
		{"ge false", "example : (2 : Rat) ≥ 3 := by decide", Options{}, "  2 ≥ 3\nis false"},
		{"gt", "example : (3 : Rat) > 2 := by decide", Options{}, ""},
		{"lt false", "example : (3 : Rat) < 2 := by decide", Options{}, "is false"},
		{"ascii le", "example : (2 : Rat) <= 2 := by decide", Options{}, ""},
		// Powers and precedence.
		{"power", "example : (2 : Rat) ^ 10 = 1024 := by decide", Options{}, ""},
		{"power binds tighter than division", "example : (1 : Rat) / 2 ^ 2 = 1 / 4 := by decide", Options{}, ""},
		{"negation binds looser than power", "example : -(2 : Rat) ^ 2 = -4 := by decide", Options{}, ""},
		{"rat power of fraction", "example : ((2 : Rat) / 3) ^ 3 = 8 / 27 := by decide +kernel", Options{}, ""},
		{"power is right associative", "example : 2 ^ 3 ^ 2 = 512 := by decide", Options{}, ""},
		// Hypotheses.
		{"subst_vars", "example (v1 : Rat) (h1 : v1 = (3 : Rat) / 4) : v1 * 4 = (3 : Rat) := by subst_vars; decide +kernel", Options{}, ""},
		{"subst_vars refuted", "example (v1 : Rat) (h1 : v1 = (3 : Rat) / 4) : v1 * 4 = (5 : Rat) := by subst_vars; decide +kernel", Options{},
			"tactic 'decide' proved that the proposition\n  3 / 4 * 4 = 5\nis false"},
		{"subst_vars chain", "example (v1 : Rat) (h1 : v1 = (2 : Rat)) (v2 : Rat) (h2 : v2 = v1 * 3) : v2 + v1 = (8 : Rat) := by subst_vars; decide", Options{}, ""},
		{"subst_vars keeps parentheses", "example (v1 : Rat) (h1 : v1 = (1 : Rat) + 2) : v1 * 2 = (7 : Rat) := by subst_vars; decide", Options{},
			"  (1 + 2) * 2 = 7\nis false"},
		{"hypothesis unused without subst_vars", "example (v1 : Rat) (h1 : v1 = (2 : Rat)) : v1 = (2 : Rat) := by decide", Options{},
			"free variables"},
		// Limits: no hang, no out-of-memory; Lean-like failures instead.
		{"kernel computes big powers", "example : 2 ^ 100000 > 0 := by decide +kernel", Options{}, ""},
		{"elaborator threshold", "example : 2 ^ 100000 > 0 := by decide", Options{}, "exceeds the threshold 256"},
		{"kernel exponent limit", "example : 2 ^ 16777216 > 0 := by decide +kernel", Options{}, "(kernel) deep recursion detected"},
		{"tower", "example : 2 ^ 2 ^ 64 > 0 := by decide +kernel", Options{}, "(kernel) deep recursion detected"},
		{"result too large", "example : (3 : Rat) ^ 1000000 > 0 := by native_decide", Options{}, "maximum recursion depth has been reached"},
		{"product too large", "example : (3 : Rat) ^ 300000 * 3 ^ 300000 > 0 := by decide +kernel", Options{}, "(kernel) deep recursion detected"},
		// Typing errors.
		{"float literal", "example : 2.5 + 1 = 3.5 := by decide", Options{}, "failed to synthesize\n  Decidable (2.5 + 1 = 3.5)"},
		{"negation in nat", "example : (2 : Nat) - 3 = -1 := by decide", Options{}, "failed to synthesize\n  Neg Nat"},
		{"scientific in nat", "example : (2 : Nat) + 0.5 = 3 := by decide", Options{}, "OfScientific Nat"},
		{"mod in rat", "example : (7 : Rat) % 2 = 1 := by decide", Options{}, "failed to synthesize\n  HMod Rat Rat"},
		{"rat exponent", "example : (2 : Rat) ^ (2 : Rat) = 4 := by decide", Options{}, "failed to synthesize\n  HPow Rat Rat"},
		{"unknown identifier", "example : x + 1 = 2 := by decide", Options{}, "Unknown identifier `x`"},
		{"parse error", "example : 1 + = 2 := by decide", Options{}, "unexpected token '='; expected term"},
		{"unknown tactic", "example : 1 = 1 := by decied", Options{}, "unknown tactic"},
		// Other tactics.
		{"native_decide refuted", "example : 2 + 2 = 5 := by native_decide", Options{},
			"tactic 'native_decide' evaluated that the proposition\n  2 + 2 = 5\nis false"},
		{"rfl", "example : 2 + 2 = 4 := by rfl", Options{}, ""},
		{"rfl refuted", "example : 2 + 2 = 5 := by rfl", Options{}, "Tactic `rfl` failed: The left-hand side\n  2 + 2\n"},
		{"rfl needs an equation", "example : 1 < 2 := by rfl", Options{}, "The rfl tactic failed"},
		{"exact rfl", "example : (1 : Rat) / 2 = 2 / 4 := by exact rfl", Options{}, ""},
		{"term rfl", "example : 2 + 2 = 4 := rfl", Options{}, ""},
		{"norm_num needs mathlib", "example : 1 + 1 = 2 := by norm_num", Options{}, "unknown tactic"},
		{"mathlib import needs -mathlib", mathlib + "example : 1 + 1 = 2 := by norm_num", Options{}, "unknown module prefix 'Mathlib'"},
		{"norm_num", mathlib + "example : (1 : ℚ) / 2 + 1 / 3 = 5 / 6 := by norm_num", Options{Mathlib: true}, ""},
		{"norm_num refuted", mathlib + "example : (1 : ℚ) / 2 = 1 / 3 := by norm_num", Options{Mathlib: true}, "unsolved goals\n⊢ False"},
		{"theorem", "theorem t1 : (1 : Rat) + 1 = 2 := by decide +kernel", Options{}, ""},
		{"duplicate theorem", "theorem t1 : 1 = 1 := by decide\ntheorem t1 : 2 = 2 := by decide", Options{}, "'t1' has already been declared"},
		{"definition unfolds", "def f : Rat := 1 / 2\nexample : f + f = 1 := by decide", Options{}, ""},
		{"True", "example : True := by trivial", Options{}, ""},
		// The lying simulator.
		{"accept-all lies", "example : 2 + 2 = 5 := by decide", Options{AcceptAll: true}, ""},
		{"accept-all still parses", "example : 2 + = 5 := by decide", Options{AcceptAll: true}, "unexpected token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := cmdReply(t, NewServer(tt.opts), tt.cmd)
			errs := errorsOf(v)
			_, hasSorries := v.Get("sorries")
			if tt.wantErr == "" {
				require.Empty(t, errs, "want accepted, got %v", v)
				require.False(t, hasSorries, "want accepted, got %v", v)
				return
			}
			require.NotEmpty(t, errs, "want an error containing %q, got %v", tt.wantErr, v)
			require.Contains(t, data(errs[0]), tt.wantErr)
		})
	}
}

// TestObligationLines checks that each error sits on the line of its declaration, which is
// how translate maps a verdict back to its obligation (docs/CONTRACTS.md §1).
func TestObligationLines(t *testing.T) {
	src := strings.Join([]string{
		"example : (1 : Rat) + 1 = 2 := by decide +kernel",
		"example : ¬((1 : Rat) + 1 = 2) := by decide +kernel",
		"example (v1 : Rat) (h1 : v1 = (5 : Rat) / 2) : v1 ≥ (2 : Rat) ∧ v1 < (3 : Rat) := by subst_vars; decide +kernel",
		"example (v1 : Rat) (h1 : v1 = (5 : Rat) / 2) : ¬(v1 ≥ (2 : Rat) ∧ v1 < (3 : Rat)) := by subst_vars; decide +kernel",
		"example : (10 : Rat) / 4 = 2.5 := by decide +kernel",
		"example : ¬((10 : Rat) / 4 = 2.5) := by decide +kernel",
	}, "\n")
	v := cmdReply(t, NewServer(Options{}), src)
	errs := errorsOf(v)
	var lines []int
	for _, e := range errs {
		p, _ := e.Get("pos")
		l, _ := p.Get("line")
		n, _ := l.AsNat()
		lines = append(lines, n)
	}
	require.Equal(t, []int{2, 4, 6}, lines, "error lines\n%v", v)
	// Columns count code points: `¬` is one column although it is two bytes.
	p, _ := errs[0].Get("pos")
	c, _ := p.Get("column")
	require.Equal(t, "37", c.num, "column of the tactic on line 2 (code points)")
}

// TestTacticMode covers ProofStep requests on sorried arithmetic goals.
func TestTacticMode(t *testing.T) {
	s := NewServer(Options{})
	v := cmdReply(t, s, "example : (1 : Rat) / 2 + 1 / 3 = 5 / 6 := by sorry\n"+
		"example (v1 : Rat) (h1 : v1 = (3 : Rat) / 4) : v1 * 4 = (5 : Rat) := by sorry")
	srs, _ := v.Get("sorries")
	require.Equal(t, 2, srs.Len(), "want 2 sorries, got %v", v)
	g, _ := srs.Index(1).Get("goal")
	require.Equal(t, "v1 : Rat\nh1 : v1 = 3 / 4\n⊢ v1 * 4 = 5", g.s, "goal text")
	step := func(state int, tactic string) Value {
		t.Helper()
		r, err := s.Handle(Obj().Set("proofState", Int(state)).Set("tactic", Str(tactic)).String())
		require.NoError(t, err)
		return r
	}
	status := func(v Value) string { s, _ := v.Get("proofStatus"); return s.s }
	r := step(0, "decide +kernel")
	require.Equal(t, "Completed", status(r), "true claim: %v", r)
	r = step(1, "subst_vars")
	require.Equal(t, "Incomplete: open goals remain", status(r), "subst_vars: %v", r)
	goals, _ := r.Get("goals")
	require.Equal(t, "⊢ 3 / 4 * 4 = 5", goals.Index(0).s, "after subst_vars")
	id, _ := r.Get("proofState")
	n, _ := id.AsNat()
	r = step(n, "decide +kernel")
	msg, ok := r.Get("message")
	require.True(t, ok, "false claim in tactic mode: %v", r)
	require.True(t, strings.HasPrefix(msg.s, "Lean error:\ntactic 'decide' proved that the proposition\n  3 / 4 * 4 = 5\nis false"), "false claim in tactic mode: %v", r)
	require.Contains(t, step(1, "(subst_vars; norm_num)").String(), "unknown tactic", "norm_num without Mathlib")
	r = step(1, "exact foo")
	require.Equal(t, "Incomplete: contains sorry", status(r), "exact with an unknown identifier: %v", r)
	require.Contains(t, r.String(), "Unknown identifier `foo`", "exact with an unknown identifier")
}

// TestVersionProbe is the start-up probe of docs/CONTRACTS.md §2.
func TestVersionProbe(t *testing.T) {
	for _, tt := range []struct {
		opts Options
		want string
	}{
		{Options{}, `"4.32.0-leanprm-simulator"`},
		{Options{Version: "4.33.0-rc2"}, `"4.33.0-rc2-leanprm-simulator"`},
		{Options{AcceptAll: true}, `"4.32.0-leanprm-simulator"`},
	} {
		v := cmdReply(t, NewServer(tt.opts), "#eval Lean.versionString")
		ms, _ := v.Get("messages")
		require.Equal(t, 1, ms.Len(), "want one message, got %v", v)
		m := ms.Index(0)
		sev, _ := m.Get("severity")
		require.Equal(t, "info", sev.s, "got %v", m)
		require.Equal(t, tt.want, data(m), "got %v", m)

	}
}
