package frontend

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

func pos(line, col int) syntax.Pos { return syntax.Pos{Line: line, Col: col} }

func TestElaborateFileMessagesPerCommand(t *testing.T) {
	file := "theorem good : 2 + 2 = 4 := by decide\n" +
		"\n" +
		"theorem bad : 2 + 2 = 5 := by\n" +
		"  decide\n"
	res := ElaborateFile(file, FileOptions{})
	require.False(t, res.Fatal)
	require.Len(t, res.Commands, 2)

	good := res.Commands[0]
	assert.Equal(t, pos(1, 0), good.Pos)
	assert.Equal(t, pos(1, 37), good.End)
	assert.Empty(t, good.Messages)
	assert.True(t, good.Accomplished)

	bad := res.Commands[1]
	assert.Equal(t, pos(3, 0), bad.Pos)
	assert.Equal(t, pos(4, 8), bad.End)
	assert.False(t, bad.Accomplished)
	assert.Equal(t, []FileMessage{{
		Severity: "error", Pos: pos(4, 2), End: pos(4, 8),
		Data: "tactic 'decide' proved that the proposition\n  2 + 2 = 5\nis false",
	}}, bad.Messages)
	assert.Equal(t, bad.Messages, res.Messages(), "the file's messages are the commands' in order")

	// the goal view: inside a tactic the goals before it, at its end the goals after it
	require.Len(t, res.Tactics, 2)
	goals, ok := res.GoalsAt(pos(1, 33))
	assert.True(t, ok)
	assert.Equal(t, []string{"⊢ 2 + 2 = 4"}, goals)
	goals, ok = res.GoalsAt(pos(1, 37))
	assert.True(t, ok)
	assert.Equal(t, []string{}, goals, "no goals left: empty, not null")
	_, ok = res.GoalsAt(pos(4, 8))
	assert.False(t, ok, "after a tactic that failed Lean shows nothing")
	_, ok = res.GoalsAt(pos(2, 0))
	assert.False(t, ok, "a blank line between commands has no goals")
}

func TestElaborateFileUnsolvedGoals(t *testing.T) {
	res := ElaborateFile("example : 1 = 1 ∧ 2 = 2 := by\n  constructor\n  decide\n", FileOptions{})
	require.Len(t, res.Commands, 1)
	assert.False(t, res.Commands[0].Accomplished)
	assert.Equal(t, []FileMessage{{
		Severity: "error", Pos: pos(1, 27), End: pos(3, 8),
		Data:          "unsolved goals\ncase right\n⊢ 2 = 2",
		UnsolvedGoals: true,
	}}, res.Commands[0].Messages)
	require.Len(t, res.Tactics, 2)
	assert.Equal(t, []string{"case left\n⊢ 1 = 1", "case right\n⊢ 2 = 2"}, res.Tactics[0].After)
	assert.Equal(t, []string{"case right\n⊢ 2 = 2"}, res.Tactics[1].After)
}

func TestElaborateFileRecoversFromAParseError(t *testing.T) {
	file := "theorem a : 1 = 1 := by\n" +
		"  exat rfl\n" +
		"theorem b : 3 = 3 := by rfl\n"
	res := ElaborateFile(file, FileOptions{})
	require.Len(t, res.Commands, 2)
	// the bad tactic is a parse error; elaborating the partial proof (no tactic) leaves the
	// goal unsolved, which Lean keeps
	a := res.Commands[0]
	require.Len(t, a.Messages, 2)
	assert.Equal(t, FileMessage{Severity: "error", Pos: pos(2, 3), End: pos(2, 6), Data: "unknown tactic"}, a.Messages[0])
	assert.Equal(t, "unsolved goals\n⊢ 1 = 1", a.Messages[1].Data)
	assert.True(t, a.Messages[1].UnsolvedGoals)
	assert.False(t, a.Accomplished)
	require.Len(t, res.Tactics, 2)
	assert.Equal(t, pos(2, 2), res.Tactics[0].Pos)
	assert.False(t, res.Tactics[0].Ran, "the tactic that does not parse never runs")

	// the next command is read and proved as if nothing had happened
	assert.Equal(t, pos(3, 0), res.Commands[1].Pos)
	assert.Empty(t, res.Commands[1].Messages)
	assert.True(t, res.Commands[1].Accomplished)
	assert.True(t, res.Tactics[1].Ran)
	assert.Equal(t, []string{"⊢ 3 = 3"}, res.Tactics[1].Before)
}

func TestElaborateFileImports(t *testing.T) {
	res := ElaborateFile("import Mathlib\nexample : 1 = 1 := by norm_num\n", FileOptions{})
	assert.True(t, res.Fatal, "an unknown import stops the file")
	require.Len(t, res.Commands, 1, "nothing after the header is elaborated")
	require.Len(t, res.Commands[0].Messages, 1)
	assert.Contains(t, res.Commands[0].Messages[0].Data, "unknown module prefix 'Mathlib'")
	assert.Equal(t, pos(1, 0), res.Commands[0].Messages[0].Pos)
	assert.Equal(t, pos(1, 14), res.Commands[0].Messages[0].End)

	res = ElaborateFile("import Mathlib\nexample : 1 = 1 := by norm_num\n", FileOptions{Mathlib: true})
	assert.False(t, res.Fatal)
	require.Len(t, res.Commands, 2, "the header is a command of its own")
	assert.Empty(t, res.Messages())
	assert.True(t, res.Commands[1].Accomplished)

	res = ElaborateFile("import LeanPRM.Basic\nexample : 1 = 1 := by rfl\n", FileOptions{Packages: []string{"LeanPRM"}})
	assert.False(t, res.Fatal)
	assert.Empty(t, res.Messages())
}

func TestRunCommandsThreadsTheEnvironment(t *testing.T) {
	first := RunCommands("theorem t : 2 ^ 3 = 8 := by decide\ntheorem u : 1 = 1 := by native_decide", nil, Config{})
	require.Empty(t, first.Msgs)
	require.NotNil(t, first.Env.Lookup("t"))

	// a later command sees the earlier declarations and their axioms
	next := RunCommands("#print axioms t\n#print axioms u\ntheorem t : 1 = 1 := by rfl", first.Env, Config{})
	require.Len(t, next.Msgs, 3)
	assert.Equal(t, "info", next.Msgs[0].Severity)
	assert.Equal(t, "'t' does not depend on any axioms", next.Msgs[0].Data)
	assert.Equal(t, "'u' depends on axioms: [Lean.ofReduceBool]", next.Msgs[1].Data)
	assert.Equal(t, "error", next.Msgs[2].Severity)
	assert.Equal(t, "'t' has already been declared", next.Msgs[2].Data)
	assert.Equal(t, pos(3, 8), next.Msgs[2].Pos)

	// and the base environment is not changed by the commands run on top of it
	again := RunCommands("#print axioms v\ntheorem v : 1 = 1 := by rfl", first.Env, Config{})
	require.NotEmpty(t, again.Msgs)
	assert.Equal(t, "error", again.Msgs[0].Severity, "v is not declared yet when #print runs")
	assert.Nil(t, first.Env.Lookup("v"))
	assert.NotNil(t, again.Env.Lookup("v"))
}

func TestRunCommandsEvalAndSorry(t *testing.T) {
	out := RunCommands("#eval (7 : Int) / -2\n#eval (1 : Rat) / 3 + 1 / 6\nexample : 5 = 5 := by sorry", nil, Config{})
	require.Len(t, out.Msgs, 3)
	assert.Equal(t, "-3", out.Msgs[0].Data, "Int division is Euclidean: 7 = (-2)·(-3) + 1")
	assert.Equal(t, "(1 : Rat)/2", out.Msgs[1].Data)
	assert.Equal(t, "warning", out.Msgs[2].Severity)
	assert.Equal(t, "declaration uses `sorry`", out.Msgs[2].Data)
	require.Len(t, out.Sorries, 1)
	assert.Equal(t, "⊢ 5 = 5", out.Sorries[0].Goal.Pretty(false))
	assert.Equal(t, pos(3, 22), *out.Sorries[0].Pos)
}

func TestCheckPrintsTheElaboratedStatement(t *testing.T) {
	// #check @NAME shows every decision the elaborator made: the type of each operator,
	// relation and literal, and casts. A Nat variable in an Int statement is cast.
	out := RunCommands("theorem t (a : Int) (n : Nat) : a + 2 > a - n := by omega\n#check @t\n#check @nope", nil, Config{})
	require.Len(t, out.Msgs, 2, "%v", out.Msgs)
	assert.Equal(t, "info", out.Msgs[0].Severity)
	assert.Equal(t, "@t : (∀ (a : Int) (n : Nat), (>[Int] (+[Int] a (2 : Int)) (-[Int] a (↑[Nat→Int] n))))", out.Msgs[0].Data)
	assert.Equal(t, "error", out.Msgs[1].Severity)
	assert.Equal(t, "Unknown identifier `nope`", out.Msgs[1].Data)
}
