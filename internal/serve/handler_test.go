package serve

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// recordingREPL answers every command with an empty environment and records what it got.
type recordingREPL struct {
	header, cmd string
	fresh       bool
	err         error
}

func (r *recordingREPL) CommandFresh(ctx context.Context, header string, req repl.CommandRequest) (*repl.CommandResponse, error) {
	resp, err := r.Command(ctx, header, req)
	r.fresh = true
	return resp, err
}

func (r *recordingREPL) Command(_ context.Context, header string, req repl.CommandRequest) (*repl.CommandResponse, error) {
	r.header, r.cmd, r.fresh = header, req.Cmd, false
	if r.err != nil {
		return nil, r.err
	}
	return &repl.CommandResponse{Env: 3}, nil
}

func checkTask(t *testing.T, code string) dispatch.Task {
	tk, err := task(dispatch.KindCheck, "", CheckTask{ID: "x", Code: code})
	require.NoError(t, err)
	return tk
}

func TestHandlerCheckRulesAndTheOperatorsFlag(t *testing.T) {
	ctx := context.Background()
	rr := &recordingREPL{}
	strict := NewHandler(Parts{REPL: rr, Modules: []string{"Mathlib"}})
	res := strict.Handle(ctx, checkTask(t, "import Mathlib\n#eval 1"))
	assert.Contains(t, res.Error, "rejected before Lean")
	assert.Empty(t, rr.cmd, "a rejected snippet never reaches the REPL")

	res = strict.Handle(ctx, checkTask(t, "import Mathlib\nimport Mathlib\n\ntheorem t : True := trivial"))
	require.Empty(t, res.Error)
	assert.Equal(t, "import Mathlib", rr.header, "the header, each module once")
	assert.Equal(t, "\n\n\ntheorem t : True := trivial", rr.cmd, "the body keeps its line numbers")
	var ans CheckAnswer
	require.NoError(t, json.Unmarshal(res.Payload, &ans))
	assert.JSONEq(t, `{"env": 3}`, string(ans.Response))
	assert.False(t, rr.fresh, "a pooled process by default")
	ft, err := task(dispatch.KindCheck, "", CheckTask{ID: "f", Code: "theorem t : True := trivial", Fresh: true})
	require.NoError(t, err)
	require.Empty(t, strict.Handle(ctx, ft).Error)
	assert.True(t, rr.fresh, "Fresh runs on a process of its own")

	open := NewHandler(Parts{REPL: rr, Modules: []string{"Mathlib"}, AllowUnsafeLean: true})
	res = open.Handle(ctx, checkTask(t, "#eval 1"))
	assert.Empty(t, res.Error, "the operator allowed unsafe Lean")
	assert.Equal(t, "#eval 1", rr.cmd)
	res = open.Handle(ctx, checkTask(t, "import Secret\n#eval 1"))
	assert.Contains(t, res.Error, "import Secret", "imports stay limited to the served environments")

	rr.err = repl.ErrTimeout
	res = strict.Handle(ctx, checkTask(t, "theorem t : True := trivial"))
	assert.Contains(t, res.Error, "timed out", "Kimina's client classifies a timeout by these words")

	res = NewHandler(Parts{}).Handle(ctx, checkTask(t, "theorem t : True := trivial"))
	assert.Contains(t, res.Error, "no Lean REPL")
	res = strict.Handle(ctx, dispatch.Task{Kind: "sing", Payload: json.RawMessage(`{}`)})
	assert.Contains(t, res.Error, `unknown task kind "sing"`)
	res = strict.Handle(ctx, dispatch.Task{Kind: dispatch.KindScore, Payload: json.RawMessage(`[`)})
	assert.NotEmpty(t, res.Error)
}
