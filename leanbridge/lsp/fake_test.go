package lsp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

// Tests against a scripted server: they control exactly what the client sees and when.

const fakeURI = "file:///fake/Scratch.lean"

func fakeOptions() lsp.Options {
	return lsp.Options{URI: fakeURI}
}

type checkOut struct {
	res *lsp.FileResult
	err error
}

func goCheck(ctx context.Context, c *lsp.Client, text string) chan checkOut {
	ch := make(chan checkOut, 1)
	go func() {
		res, err := c.Check(ctx, text)
		ch <- checkOut{res, err}
	}()
	return ch
}

func diag(line, from, to int, sev lsp.Severity, msg string) lsp.Diagnostic {
	return lsp.Diagnostic{Range: lsp.Range{Start: lsp.Position{Line: line, Character: from}, End: lsp.Position{Line: line, Character: to}}, Severity: sev, Source: "Lean 4", Message: msg}
}

type wfdParams struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type docParams struct {
	TextDocument struct {
		URI     string `json:"uri"`
		Version int    `json:"version"`
		Text    string `json:"text"`
	} `json:"textDocument"`
	ContentChanges []struct {
		Text string `json:"text"`
	} `json:"contentChanges"`
}

func TestHandshakeAndServerInfo(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	assert.Equal(t, lsp.StateReady, c.State())
	assert.Equal(t, lsp.ServerInfo{Name: "Lean 4 Server", Version: "0.3.0"}, c.ServerInfo())
	assert.Equal(t, "lean", c.Checker())
	_ = f
}

func TestServerRequestsAnsweredWithNull(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	client()
	f.send(map[string]any{"jsonrpc": "2.0", "id": "register_lean_watcher", "method": "client/registerCapability", "params": map[string]any{"registrations": []any{}}})
	f.send(map[string]any{"jsonrpc": "2.0", "id": 7, "method": "workspace/semanticTokens/refresh"})
	f.send(map[string]any{"jsonrpc": "2.0", "id": 8, "method": "workspace/inlayHint/refresh"})
	f.send(map[string]any{"jsonrpc": "2.0", "id": 9, "method": "something/unknown", "params": map[string]any{"x": 1}})
	want := []string{`"register_lean_watcher"`, "7", "8", "9"}
	for _, id := range want {
		m := f.read()
		assert.Empty(t, m.Method, "a response")
		assert.Equal(t, id, string(m.ID), "answers come back in order, with the request's id")
		assert.Equal(t, "null", string(m.Result))
		assert.Nil(t, m.Error)
	}
}

func TestVersionsReplaceDiagnostics(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()

	// Version 1 is abandoned by the caller; the client cancels its waitForDiagnostics.
	ctx1, cancel1 := context.WithCancel(context.Background())
	out1 := goCheck(ctx1, c, "A")
	open := params[docParams](t, f.expect("textDocument/didOpen"))
	assert.Equal(t, 1, open.TextDocument.Version)
	assert.Equal(t, "A", open.TextDocument.Text)
	w1 := f.expect("textDocument/waitForDiagnostics")
	assert.Equal(t, wfdParams{fakeURI, 1}, params[wfdParams](t, w1))
	cancel1()
	r1 := <-out1
	require.ErrorIs(t, r1.err, context.Canceled)
	cancelled := params[struct {
		ID json.RawMessage `json:"id"`
	}](t, f.expect("$/cancelRequest"))
	assert.Equal(t, string(w1.ID), string(cancelled.ID))

	out2 := goCheck(context.Background(), c, "B")
	change := params[docParams](t, f.expect("textDocument/didChange"))
	assert.Equal(t, 2, change.TextDocument.Version, "versions strictly increase")
	require.Len(t, change.ContentChanges, 1)
	assert.Equal(t, "B", change.ContentChanges[0].Text, "full text")
	w2 := f.expect("textDocument/waitForDiagnostics")
	assert.Equal(t, wfdParams{fakeURI, 2}, params[wfdParams](t, w2))

	stale := diag(0, 0, 1, lsp.SeverityError, "stale error of version 1")
	d1 := diag(0, 0, 1, lsp.SeverityWarning, "first")
	d2 := diag(0, 0, 1, lsp.SeverityError, "second")
	f.publish(fakeURI, 1, stale)
	f.publish(fakeURI, 2, d1)
	f.publish(fakeURI, 2, d1, d2) // cumulative: replaces, not appends
	f.publish(fakeURI, 2, d1, d2) // the real server repeats itself
	f.publish(fakeURI, 1, stale)  // late and stale
	f.replyErr(w1.ID, -32800, "Request cancelled")
	f.reply(w2.ID, map[string]any{})
	r2 := <-out2
	require.NoError(t, r2.err)
	assert.Equal(t, 2, r2.res.Version)
	assert.Equal(t, []lsp.Diagnostic{d1, d2}, r2.res.Diagnostics)
	assert.False(t, r2.res.Accepted())
}

func TestDoneOnlyWhenWaitForDiagnosticsAnswers(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	out := goCheck(context.Background(), c, "theorem t : True := by trivial")
	f.expect("textDocument/didOpen")
	w := f.expect("textDocument/waitForDiagnostics")

	// Progress says done and no diagnostics have come: still not done.
	f.progress(fakeURI, 1)
	f.publish(fakeURI, 1)
	f.roundTrip(100) // the client has now handled both notifications
	select {
	case r := <-out:
		t.Fatalf("Check returned before waitForDiagnostics answered: %+v", r)
	default:
	}
	d := diag(0, 8, 9, lsp.SeverityError, "late error")
	f.publish(fakeURI, 1, d)
	f.reply(w.ID, map[string]any{})
	r := <-out
	require.NoError(t, r.err)
	assert.Equal(t, []lsp.Diagnostic{d}, r.res.Diagnostics, "the diagnostics published before the answer")
	assert.False(t, r.res.Fatal)
}

func TestFileProgressFallbackWithoutWaitForDiagnostics(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	out := goCheck(context.Background(), c, "x")
	f.expect("textDocument/didOpen")
	w := f.expect("textDocument/waitForDiagnostics")
	f.replyErr(w.ID, -32601, "Method not found")
	f.progress(fakeURI, 1, 1) // still processing
	f.roundTrip(101)
	select {
	case r := <-out:
		t.Fatalf("Check returned while the file was still processing: %+v", r)
	default:
	}
	d := diag(0, 0, 1, lsp.SeverityInformation, "info")
	f.publish(fakeURI, 1, d)
	f.progress(fakeURI, 1) // processing: []
	r := <-out
	require.NoError(t, r.err)
	assert.Equal(t, []lsp.Diagnostic{d}, r.res.Diagnostics)
	assert.True(t, r.res.Accepted())
}

func TestFatalProgressEndsWaitAndReopens(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	out := goCheck(context.Background(), c, "import Nonexistent")
	f.expect("textDocument/didOpen")
	w := f.expect("textDocument/waitForDiagnostics")
	d := diag(0, 0, 18, lsp.SeverityError, "unknown module prefix 'Nonexistent'")
	f.publish(fakeURI, 1, d)
	f.progress(fakeURI, 1, 2) // kind 2: fatal
	r := <-out
	require.NoError(t, r.err)
	assert.True(t, r.res.Fatal)
	assert.False(t, r.res.Accepted())
	assert.Equal(t, []lsp.Diagnostic{d}, r.res.Diagnostics)
	c2 := params[struct {
		ID json.RawMessage `json:"id"`
	}](t, f.expect("$/cancelRequest"))
	assert.Equal(t, string(w.ID), string(c2.ID), "the abandoned waitForDiagnostics is cancelled")

	// The next Check starts the document afresh.
	out = goCheck(context.Background(), c, "theorem t : True := by trivial")
	closeMsg := f.expect("textDocument/didClose")
	assert.Empty(t, f.other, "nothing between cancel and didClose")
	assert.Contains(t, string(closeMsg.Params), fakeURI)
	open := params[docParams](t, f.expect("textDocument/didOpen"))
	assert.Equal(t, 2, open.TextDocument.Version)
	w = f.expect("textDocument/waitForDiagnostics")
	f.publish(fakeURI, 2)
	f.reply(w.ID, map[string]any{})
	r = <-out
	require.NoError(t, r.err)
	assert.True(t, r.res.Accepted())
}

func TestWorkerCrashIsTypedAndReopens(t *testing.T) {
	for _, code := range []int{-32901, -32902} {
		t.Run(fmt.Sprint(code), func(t *testing.T) {
			f, client := newFake(t, fakeOptions())
			c := client()
			out := goCheck(context.Background(), c, "A")
			f.expect("textDocument/didOpen")
			w := f.expect("textDocument/waitForDiagnostics")
			// Lean answers the pending requests first, then publishes the fatal progress.
			f.replyErr(w.ID, code, "Server process for "+fakeURI+" crashed, likely due to a stack overflow or a bug.")
			f.progress(fakeURI, 1, 2)
			r := <-out
			require.ErrorIs(t, r.err, lsp.ErrWorkerCrashed)
			wc, ok := errorsAsT[*lsp.WorkerCrashError](r.err)
			require.True(t, ok)
			assert.EqualValues(t, code, wc.Code)
			assert.Equal(t, fakeURI, wc.URI)
			assert.Equal(t, lsp.StateReady, c.State(), "the server itself is fine")

			out = goCheck(context.Background(), c, "B")
			f.expect("textDocument/didClose")
			open := params[docParams](t, f.expect("textDocument/didOpen"))
			assert.Equal(t, "B", open.TextDocument.Text)
			w = f.expect("textDocument/waitForDiagnostics")
			f.reply(w.ID, map[string]any{})
			r = <-out
			require.NoError(t, r.err)
			assert.Empty(t, r.res.Diagnostics)
		})
	}
}

func TestContentModifiedIsTyped(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	out := goCheck(context.Background(), c, "A")
	f.expect("textDocument/didOpen")
	w := f.expect("textDocument/waitForDiagnostics")
	f.replyErr(w.ID, -32801, "Cannot process request to closed file")
	r := <-out
	require.ErrorIs(t, r.err, lsp.ErrContentModified)
	re, ok := errorsAsT[*lsp.ResponseError](r.err)
	require.True(t, ok)
	assert.Equal(t, "textDocument/waitForDiagnostics", re.Method)
}

// The server may answer concurrent requests in any order; answers are matched by id.
func TestOutOfOrderAnswersMatchedByID(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	type chainOut struct {
		res *proofchain.Result
		err error
	}
	done := make(chan chainOut, 1)
	go func() {
		res, err := c.CheckChain(context.Background(), proofchain.Chain{Statement: "theorem t : P", Steps: []string{"a", "b", "c"}})
		done <- chainOut{res, err}
	}()
	f.expect("textDocument/didOpen")
	w := f.expect("textDocument/waitForDiagnostics")
	f.publish(fakeURI, 1)
	f.reply(w.ID, map[string]any{})
	// All three plainGoal requests are sent before any answer is awaited.
	var reqs []wireMsg
	for range 3 {
		reqs = append(reqs, f.expect("$/lean/plainGoal"))
	}
	for i := len(reqs) - 1; i >= 0; i-- {
		p := params[struct {
			Position lsp.Position `json:"position"`
		}](t, reqs[i])
		goal := fmt.Sprintf("⊢ goal after line %d", p.Position.Line)
		if i == 2 {
			f.reply(reqs[i].ID, map[string]any{"rendered": "no goals", "goals": []string{}})
			continue
		}
		f.reply(reqs[i].ID, map[string]any{"rendered": "```lean\n" + goal + "\n```", "goals": []string{goal}})
	}
	r := <-done
	require.NoError(t, r.err)
	require.Len(t, r.res.Steps, 3)
	assert.Equal(t, []string{"⊢ goal after line 1"}, r.res.Steps[0].Goals)
	assert.Equal(t, []string{"⊢ goal after line 2"}, r.res.Steps[1].Goals)
	assert.Equal(t, []string{}, r.res.Steps[2].Goals)
	assert.True(t, r.res.Verified, r.res.Problems)
	assert.Equal(t, "lean", r.res.Checker)
}

func TestGoalsNullAndBeforeCheck(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	_, err := c.Goals(context.Background(), lsp.Position{})
	require.ErrorIs(t, err, lsp.ErrNoDocument)

	out := goCheck(context.Background(), c, "x")
	f.expect("textDocument/didOpen")
	f.reply(f.expect("textDocument/waitForDiagnostics").ID, map[string]any{})
	require.NoError(t, (<-out).err)

	gc := make(chan error, 1)
	var g *lsp.PlainGoal
	go func() {
		var err error
		g, err = c.Goals(context.Background(), lsp.Position{Line: 0, Character: 1})
		gc <- err
	}()
	req := f.expect("$/lean/plainGoal")
	f.reply(req.ID, nil)
	require.NoError(t, <-gc)
	assert.Nil(t, g, "null: not inside tactic syntax")
}

func TestUnreadableFrameFailsPendingCalls(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	out := goCheck(context.Background(), c, "x")
	f.expect("textDocument/didOpen")
	f.expect("textDocument/waitForDiagnostics")
	_, err := f.conn.Write([]byte("Content-Length: nope\r\n\r\n{}"))
	require.NoError(t, err)
	r := <-out
	require.ErrorIs(t, r.err, lsp.ErrServerFailed)
	se, ok := errorsAsT[*lsp.ServerError](r.err)
	require.True(t, ok)
	assert.Equal(t, "unreadable message from the server", se.Reason)
	assert.Error(t, se.Err)
	assert.Equal(t, lsp.StateFailed, c.State())
	// A client made with Connect cannot start another server.
	_, err = c.Check(context.Background(), "y")
	require.ErrorIs(t, err, lsp.ErrCannotRestart)
	require.NoError(t, c.Close(context.Background()))
	assert.Equal(t, lsp.StateClosed, c.State())
	_, err = c.Check(context.Background(), "y")
	require.True(t, errors.Is(err, lsp.ErrClosed))
}

// The server may spell the document's URI differently (percent-encoding); its
// publications must still count.
func TestURISpellingsMatch(t *testing.T) {
	opts := fakeOptions()
	opts.URI = "file:///fake/My%20Scratch%CE%B1.lean"
	f, client := newFake(t, opts)
	c := client()
	out := goCheck(context.Background(), c, "x")
	open := params[docParams](t, f.expect("textDocument/didOpen"))
	assert.Equal(t, opts.URI, open.TextDocument.URI)
	w := f.expect("textDocument/waitForDiagnostics")
	d := diag(0, 0, 1, lsp.SeverityError, "boom")
	f.publish("file:///fake/My Scratchα.lean", 1, d)
	f.reply(w.ID, map[string]any{})
	r := <-out
	require.NoError(t, r.err)
	assert.Equal(t, []lsp.Diagnostic{d}, r.res.Diagnostics)
	assert.True(t, r.res.Published)
}

// A chain is never verified on silence: no publication for the version, no verdict.
func TestChainNotVerifiedWithoutPublication(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	done := make(chan *proofchain.Result, 1)
	go func() {
		res, err := c.CheckChain(context.Background(), proofchain.Chain{Statement: "example : True", Steps: []string{"trivial"}})
		assert.NoError(t, err)
		done <- res
	}()
	f.expect("textDocument/didOpen")
	f.reply(f.expect("textDocument/waitForDiagnostics").ID, map[string]any{}) // nothing published
	g := f.expect("$/lean/plainGoal")
	f.reply(g.ID, map[string]any{"rendered": "no goals", "goals": []string{}})
	res := <-done
	require.NotNil(t, res)
	assert.True(t, res.Steps[0].Accepted())
	assert.False(t, res.Verified)
	assert.Contains(t, res.Problems, "the server published no diagnostics for this version")
}

func TestCloseDuringCheck(t *testing.T) {
	f, client := newFake(t, fakeOptions())
	c := client()
	out := goCheck(context.Background(), c, "x")
	f.expect("textDocument/didOpen")
	f.expect("textDocument/waitForDiagnostics")
	closed := make(chan error, 1)
	go func() { closed <- c.Close(context.Background()) }()
	f.reply(f.expect("shutdown").ID, nil)
	f.expect("exit")
	f.conn.Close() // the server exits
	require.NoError(t, <-closed)
	r := <-out
	require.ErrorIs(t, r.err, lsp.ErrClosed)
	assert.Equal(t, lsp.StateClosed, c.State())
}
