package dispatch

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKeyIsContentHash(t *testing.T) {
	a := Task{Kind: KindScore, Env: "e", Payload: json.RawMessage(`{"x":1}`)}
	b := a
	b.Deadline = time.Now()
	assert.Equal(t, a.Key(), b.Key(), "the deadline is not content")
	c := a
	c.Env = "f"
	assert.NotEqual(t, a.Key(), c.Key())
	d := Task{Kind: "scoree", Env: "", Payload: json.RawMessage(`{"x":1}`)}
	e := Task{Kind: "score", Env: "e", Payload: json.RawMessage(`{"x":1}`)}
	assert.NotEqual(t, d.Key(), e.Key(), "fields are separated, not concatenated")
}

// TestInProcessFieldsStayInProcess: Task.Value and Result.ValidJSON are not part of what a
// queue carries (nor of the task's key): encoded and decoded again, they are gone.
func TestInProcessFieldsStayInProcess(t *testing.T) {
	tk := Task{Kind: KindScore, Env: "e", Payload: json.RawMessage(`{"x":1}`), Value: map[string]int{"x": 1}}
	b, err := json.Marshal(tk)
	require.NoError(t, err)
	var fields map[string]any
	require.NoError(t, json.Unmarshal(b, &fields))
	assert.ElementsMatch(t, []string{"kind", "env", "payload"}, keys(fields))
	var back Task
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Nil(t, back.Value)
	assert.Equal(t, tk.Key(), back.Key())

	r := Result{Payload: json.RawMessage(`{}`), ValidJSON: true}
	b, err = json.Marshal(r)
	require.NoError(t, err)
	fields = nil
	require.NoError(t, json.Unmarshal(b, &fields))
	assert.ElementsMatch(t, []string{"payload"}, keys(fields))
	var rback Result
	require.NoError(t, json.Unmarshal(b, &rback))
	assert.False(t, rback.ValidJSON, "a result from a queue is checked again")
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestLocalAnswersEveryTaskInOrder(t *testing.T) {
	var running, peak atomic.Int32
	h := HandlerFunc(func(ctx context.Context, t Task) Result {
		n := running.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(time.Millisecond)
		running.Add(-1)
		if string(t.Payload) == `"bad"` {
			return Result{Error: "bad item"}
		}
		return Result{Payload: t.Payload}
	})
	tasks := make([]Task, 20)
	for i := range tasks {
		tasks[i] = Task{Kind: KindCheck, Payload: json.RawMessage(`"ok"`)}
	}
	tasks[7].Payload = json.RawMessage(`"bad"`)
	tasks[9].Deadline = time.Now().Add(-time.Second)
	res := (&Local{Handler: h, Concurrency: 3}).Execute(context.Background(), tasks)
	require.Len(t, res, 20)
	for i, r := range res {
		switch i {
		case 7:
			assert.Equal(t, "bad item", r.Error)
		case 9:
			assert.Contains(t, r.Error, "deadline")
		default:
			assert.Equal(t, `"ok"`, string(r.Payload), "task %d", i)
		}
	}
	assert.LessOrEqual(t, peak.Load(), int32(3))
}

func TestLocalCancelledBatchAnswersWithErrors(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h := HandlerFunc(func(context.Context, Task) Result { return Result{Payload: json.RawMessage(`1`)} })
	res := (&Local{Handler: h, Concurrency: 1}).Execute(ctx, []Task{{Kind: KindScore}, {Kind: KindScore}})
	for _, r := range res {
		assert.Contains(t, r.Error, "not run")
	}
}
