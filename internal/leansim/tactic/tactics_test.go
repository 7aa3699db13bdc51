package tactic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// newRun returns a ProofRun in a core-Lean environment and the elaborated goal `⊢ stmt` in a
// context of natural-number variables vars.
func newRun(t *testing.T, stmt string, vars ...string) (*ProofRun, *elab.Goal) {
	t.Helper()
	env := &elab.Env{Imports: []string{"Init"}, Defs: map[string]*elab.Def{}}
	g := &elab.Goal{}
	for _, v := range vars {
		g.Add(elab.Hyp{Name: v, Ty: syntax.TypeNat})
	}
	p := &syntax.Parser{Toks: syntax.Lex(stmt)}
	target, err := p.Expr(0, 0)
	require.NoError(t, err, stmt)
	require.Equal(t, syntax.TkEOF, p.Peek().Kind, stmt)
	sc := &elab.Scope{Env: env, Hyps: g.Hyps}
	require.NoError(t, sc.ElabProp(target), stmt)
	g.Target = target
	return &ProofRun{Env: env}, g
}

// block splits src into the tactics of one block, as the parser does after `by`.
func block(t *testing.T, src string) []*syntax.Tactic {
	t.Helper()
	toks := syntax.Lex(src)
	tacs := syntax.SplitTactics(toks[:len(toks)-1], toks[0].Pos.Col)
	for _, tc := range tacs {
		require.Nil(t, syntax.ValidateTactic(tc, false), src)
	}
	return tacs
}

func TestDecideClosesATrueProposition(t *testing.T) {
	for _, stmt := range []string{"2 + 2 = 4", "7 / 2 = 3", "2 - 5 = 0", "(1 : Int) - 3 < 0", "10 % 4 = 2 ∧ ¬(3 = 4)"} {
		r, g := newRun(t, stmt)
		left, th := r.RunSeq(block(t, "decide"), []*elab.Goal{g})
		require.Nil(t, th, "%s: %v", stmt, th)
		assert.Empty(t, left, stmt)
		assert.False(t, r.Errors, stmt)
		assert.False(t, r.SorryUsed, stmt)
		assert.Empty(t, r.AxiomList(), "%s: decide uses no axiom", stmt)
	}
}

func TestDecideRefusesAFalseProposition(t *testing.T) {
	r, g := newRun(t, "2 + 2 = 5")
	left, th := r.RunSeq(block(t, "decide"), []*elab.Goal{g})
	require.NotNil(t, th)
	assert.Equal(t, "tactic 'decide' proved that the proposition\n  2 + 2 = 5\nis false", th.Msg)
	assert.Equal(t, syntax.Pos{Line: 1, Col: 0}, th.Pos)
	assert.Equal(t, syntax.Pos{Line: 1, Col: 6}, th.End)
	require.Len(t, left, 1, "a failed tactic leaves the goal as it was")
	assert.Equal(t, "⊢ 2 + 2 = 5", left[0].Pretty(false))

	// Nat subtraction truncates and division floors: these are false in Nat
	for _, stmt := range []string{"2 - 5 + 5 = 2", "7 / 2 * 2 = 7"} {
		r, g := newRun(t, stmt)
		_, th := r.RunSeq(block(t, "decide"), []*elab.Goal{g})
		require.NotNil(t, th, stmt)
		assert.Contains(t, th.Msg, "is false", stmt)
	}

	// a free variable is refused, not decided
	r, g = newRun(t, "n + 0 = n", "n")
	_, th = r.RunSeq(block(t, "decide"), []*elab.Goal{g})
	require.NotNil(t, th)
	assert.Contains(t, th.Msg, "expected type must not contain free variables\n  n + 0 = n")

	// only the lying simulator accepts a false claim
	r, g = newRun(t, "2 + 2 = 5")
	r.AcceptAll = true
	left, th = r.RunSeq(block(t, "decide"), []*elab.Goal{g})
	assert.Nil(t, th)
	assert.Empty(t, left)
}

func TestDecideRelatives(t *testing.T) {
	r, g := newRun(t, "2 ^ 10 = 1024")
	left, th := r.RunSeq(block(t, "native_decide"), []*elab.Goal{g})
	require.Nil(t, th)
	assert.Empty(t, left)
	assert.Equal(t, []string{"Lean.ofReduceBool"}, r.AxiomList(), "native_decide trusts the compiler")

	r, g = newRun(t, "3 = 4")
	_, th = r.RunSeq(block(t, "native_decide"), []*elab.Goal{g})
	require.NotNil(t, th)
	assert.Equal(t, "tactic 'native_decide' evaluated that the proposition\n  3 = 4\nis false", th.Msg)

	r, g = newRun(t, "3 = 4")
	_, th = r.RunSeq(block(t, "rfl"), []*elab.Goal{g})
	require.NotNil(t, th)
	assert.Contains(t, th.Msg, "Tactic `rfl` failed: The left-hand side\n  3\nis not definitionally equal to the right-hand side\n  4")
}

func TestOmegaAndIntro(t *testing.T) {
	r, g := newRun(t, "∀ n : Nat, n + 1 > n")
	var steps []string
	obs := func(pos, end syntax.Pos, before, after []*elab.Goal, ran, failed bool) {
		s := "ran"
		if !ran {
			s = "not run"
		} else if failed {
			s = "failed"
		}
		if len(after) > 0 {
			s += ": " + r.PrettyGoals(after)
		}
		steps = append(steps, s)
	}
	left, th := r.RunSeqObs(block(t, "intro n\nomega"), []*elab.Goal{g}, obs)
	require.Nil(t, th)
	assert.Empty(t, left)
	assert.Equal(t, []string{"ran: n : Nat\n⊢ n + 1 > n", "ran"}, steps)
	assert.Equal(t, []string{"propext"}, r.AxiomList())

	r, g = newRun(t, "n + 1 = n", "n")
	left, th = r.RunSeq(block(t, "omega"), []*elab.Goal{g})
	require.NotNil(t, th, "omega must not prove a false claim")
	assert.Contains(t, th.Msg, "omega could not prove the goal")
	assert.Len(t, left, 1)
}

func TestFailureStopsTheBlock(t *testing.T) {
	r, g := newRun(t, "1 = 2")
	var ran []bool
	obs := func(_, _ syntax.Pos, _, after []*elab.Goal, didRun, failed bool) {
		ran = append(ran, didRun && !failed)
		if failed {
			assert.Nil(t, after)
		}
	}
	_, th := r.RunSeqObs(block(t, "skip\ndecide\nsorry"), []*elab.Goal{g}, obs)
	require.NotNil(t, th)
	assert.Equal(t, []bool{true, false, false}, ran, "skip ran, decide threw, sorry never ran")
	assert.False(t, r.SorryUsed, "the sorry after the failure was not run")
}

func TestConstructorAndCombinators(t *testing.T) {
	r, g := newRun(t, "1 = 1 ∧ 2 < 3")
	left, th := r.RunSeq(block(t, "constructor"), []*elab.Goal{g})
	require.Nil(t, th)
	require.Len(t, left, 2)
	assert.Equal(t, "case left\n⊢ 1 = 1", left[0].Pretty(false))
	assert.Equal(t, "case right\n⊢ 2 < 3", left[1].Pretty(false))

	left, th = r.RunSeq(block(t, "constructor <;> decide"), []*elab.Goal{g})
	require.Nil(t, th)
	assert.Empty(t, left)

	r, g = newRun(t, "1 = 1 ∧ 3 < 2")
	_, th = r.RunSeq(block(t, "constructor <;> decide"), []*elab.Goal{g})
	require.NotNil(t, th, "<;> runs decide on every goal, and the second is false")
	assert.Contains(t, th.Msg, "3 < 2\nis false")

	left, th = r.RunSeq(block(t, "constructor\n· decide\n· try decide"), []*elab.Goal{g})
	require.NotNil(t, th, "try swallows decide's failure, so the focused goal stays unsolved")
	assert.Contains(t, th.Msg, "unsolved goals\ncase right\n⊢ 3 < 2")
	assert.Len(t, left, 1)
}

func TestSorryAndDone(t *testing.T) {
	r, g := newRun(t, "n * 0 = 0", "n")
	left, th := r.RunSeq(block(t, "done"), []*elab.Goal{g})
	require.NotNil(t, th)
	assert.Equal(t, "unsolved goals\nn : Nat\n⊢ n * 0 = 0", th.Msg)
	assert.Len(t, left, 1)

	left, th = r.RunSeq(block(t, "sorry"), []*elab.Goal{g})
	require.Nil(t, th)
	assert.Empty(t, left)
	assert.True(t, r.SorryUsed)
	assert.True(t, r.ExplicitSry)
	require.Len(t, r.Sorries, 1)
	assert.Equal(t, "n : Nat\n⊢ n * 0 = 0", r.Sorries[0].Goal.Pretty(false))
	require.NotNil(t, r.Sorries[0].Pos, "a sorry in command mode has a position")

	// in tactic mode (a REPL proof step) errors and sorries carry no position
	r, g = newRun(t, "1 = 1")
	r.TacticMode = true
	r.LogError(syntax.Pos{Line: 3, Col: 4}, syntax.Pos{Line: 3, Col: 9}, "boom")
	_, _ = r.RunSeq(block(t, "sorry"), []*elab.Goal{g})
	assert.Equal(t, syntax.Pos{}, r.Msgs[0].Pos)
	assert.Equal(t, syntax.Pos{}, *r.Msgs[0].End)
	assert.Nil(t, r.Sorries[0].Pos)
	assert.True(t, r.Errors)
}

func TestTacticsOutsideTheFragmentAreRefused(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"induction n", "leanprm-simulator: tactic 'induction' is not simulated (this is a simulator, not Lean)"},
		{"simp_all", "leanprm-simulator: tactic 'simp_all' is not simulated (this is a simulator, not Lean)"},
		{"skip 3", "leanprm-simulator: 'skip' with arguments is not simulated (this is a simulator, not Lean)"},
		{"rfl 2", "leanprm-simulator: 'rfl' with arguments is not simulated (this is a simulator, not Lean)"},
	} {
		r, g := newRun(t, "n = n", "n")
		left, th := r.RunSeq(block(t, tc.src), []*elab.Goal{g})
		require.NotNil(t, th, tc.src)
		assert.Equal(t, tc.want, th.Msg, tc.src)
		assert.Len(t, left, 1, "%s: the goal stays open", tc.src)
	}

	r, _ := newRun(t, "1 = 1")
	_, th := r.RunSeq(block(t, "decide"), nil)
	require.NotNil(t, th)
	assert.Equal(t, "No goals to be solved", th.Msg)
}
