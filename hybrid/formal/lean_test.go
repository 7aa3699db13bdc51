package formal

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/simchild"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// translateReply keeps every message with its span (no end position reads as 0) and the line
// of every sorry (0 without a position); an empty answer gives nil lists.
func TestTranslateReply(t *testing.T) {
	resp := &repl.CommandResponse{
		Messages: []repl.Message{
			{Severity: "error", Pos: repl.Pos{Line: 2, Column: 4}, EndPos: &repl.Pos{Line: 2, Column: 9}, Data: "type mismatch"},
			{Severity: "warning", Pos: repl.Pos{Line: 3, Column: 0}, Data: "declaration uses 'sorry'"},
		},
		Sorries: []repl.Sorry{{Goal: "⊢ False", Pos: &repl.Pos{Line: 3, Column: 7}}, {Goal: "⊢ True"}},
	}
	tr := translateReply(resp)
	require.Len(t, tr.Messages, 2)
	e := tr.Messages[0]
	assert.Equal(t, [5]any{"error", 2, 4, "type mismatch", 9}, [5]any{e.Severity, e.Line, e.Column, e.Data, e.EndColumn}, "first message: %+v", e)
	assert.Equal(t, 2, e.EndLine, "end of the first message: %+v", e)
	e = tr.Messages[1]
	assert.Equal(t, 3, e.Line, "second message: %+v", e)
	assert.Zero(t, e.EndLine, "a message without endPos: %+v", e)
	assert.Zero(t, e.EndColumn, "a message without endPos: %+v", e)
	assert.Equal(t, []int{3, 0}, tr.SorryLines, "sorry lines")
	empty := translateReply(&repl.CommandResponse{})
	assert.Nil(t, empty.Messages, "an empty reply gave non-nil lists: %+v", empty)
	assert.Nil(t, empty.SorryLines, "an empty reply gave non-nil lists: %+v", empty)
}

// The translator's adapter and verify's runner over one simulator pool read a real reply
// alike (the same messages at the same starts, the same sorry lines), and name the simulator.
func TestAdaptersOnSimulator(t *testing.T) {
	p := simchild.Pool(t, 1)
	const cmd = "theorem t1 : 1 + 1 = 3 := by decide\ntheorem t2 : 2 = 2 := by sorry\n"
	tl, vr := TranslateLean(p, ""), verify.REPLRunner(p)
	a, err := tl.RunCommand(simchild.Context(t), cmd)
	require.NoError(t, err)
	b, err := vr.RunCommand(simchild.Context(t), "", cmd)
	require.NoError(t, err)
	require.NotEmpty(t, a.Messages)
	require.Len(t, b.Messages, len(a.Messages))
	for i, m := range a.Messages {
		v := b.Messages[i]
		assert.Equal(t, m.Severity, v.Severity, "message %d: translate %+v, verify %+v", i, m, v)
		assert.Equal(t, m.Line, v.Line, "message %d: translate %+v, verify %+v", i, m, v)
		assert.Equal(t, m.Column, v.Column, "message %d: translate %+v, verify %+v", i, m, v)
		assert.Equal(t, m.Data, v.Data, "message %d: translate %+v, verify %+v", i, m, v)
	}
	require.NotEmpty(t, b.Sorries)
	require.Len(t, b.Sorries, len(a.SorryLines))
	for i, s := range b.Sorries {
		assert.Equal(t, a.SorryLines[i], s.Line, "sorry %d: verify line against translate", i)
	}
	assert.Equal(t, repl.BackendSim, tl.Backend(), "translate backend")
	assert.Equal(t, repl.BackendSim, vr.Backend(), "verify backend")
}
