package lspsim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// rawClient drives Main in-process over io.Pipes with hand-written messages.
type rawClient struct {
	t      *testing.T
	w      *io.PipeWriter
	frames chan []byte
	code   chan int
	stderr *lockedBuffer
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type msg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func startRaw(t *testing.T, flags ...string) *rawClient {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &rawClient{t: t, w: inW, frames: make(chan []byte, 1024), code: make(chan int, 1), stderr: &lockedBuffer{}}
	go func() {
		code := Main(flags, inR, outW, c.stderr)
		outW.Close()
		inR.Close()
		c.code <- code
	}()
	go func() {
		defer close(c.frames)
		br := bufio.NewReader(outR)
		for {
			b, err := readFrame(br)
			if err != nil {
				io.Copy(io.Discard, outR)
				return
			}
			c.frames <- b
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return c
}

func frame(v any) []byte {
	body, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var b bytes.Buffer
	writeFrame(&b, body)
	return b.Bytes()
}

// send writes the messages in one Write, so the simulator finds them all buffered.
func (c *rawClient) send(vs ...any) {
	var all []byte
	for _, v := range vs {
		all = append(all, frame(v)...)
	}
	_, err := c.w.Write(all)
	require.NoError(c.t, err)
}

func (c *rawClient) recv() msg {
	c.t.Helper()
	select {
	case b, ok := <-c.frames:
		require.True(c.t, ok, "the simulator closed its output; stderr: %s", c.stderr.String())
		var m msg
		require.NoError(c.t, json.Unmarshal(b, &m))
		return m
	case <-time.After(20 * time.Second): // a safety net against a hung test only
		c.t.Fatal("no message from the simulator")
	}
	return msg{}
}

// until receives messages up to and including the first that matches.
func (c *rawClient) until(match func(msg) bool) (before []msg, m msg) {
	c.t.Helper()
	for {
		m := c.recv()
		if match(m) {
			return before, m
		}
		before = append(before, m)
	}
}

func isReply(id string) func(msg) bool {
	return func(m msg) bool { return m.Method == "" && string(m.ID) == id }
}

func isMethod(method string) func(msg) bool {
	return func(m msg) bool { return m.Method == method }
}

func (c *rawClient) exitCode() int {
	c.w.Close()
	select {
	case code := <-c.code:
		return code
	case <-time.After(20 * time.Second):
		c.t.Fatal("the simulator did not exit")
	}
	return -1
}

func req(id any, method string, params any) map[string]any {
	m := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		m["params"] = params
	}
	return m
}

func note(method string, params any) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "method": method, "params": params}
}

func resp(id json.RawMessage) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": id, "result": nil}
}

const uri = "file:///sim/Test.lean"

func didOpen(version int, text string) map[string]any {
	return note("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "lean", "version": version, "text": text}})
}

func didChange(version int, text string) map[string]any {
	return note("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version}, "contentChanges": []any{map[string]any{"text": text}}})
}

func wfd(id, version int) map[string]any {
	return req(id, "textDocument/waitForDiagnostics", map[string]any{"uri": uri, "version": version})
}

func plainGoal(id, line, char int) map[string]any {
	return req(id, "$/lean/plainGoal", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": char}})
}

// handshake does initialize/initialized and answers registerCapability.
func (c *rawClient) handshake() {
	c.t.Helper()
	c.send(req(1, "initialize", map[string]any{"capabilities": map[string]any{}}))
	m := c.recv()
	require.Equal(c.t, "1", string(m.ID))
	var res struct {
		ServerInfo struct{ Name, Version string } `json:"serverInfo"`
	}
	require.NoError(c.t, json.Unmarshal(m.Result, &res))
	require.Equal(c.t, ServerName, res.ServerInfo.Name)
	c.send(note("initialized", map[string]any{}))
	m = c.recv()
	require.Equal(c.t, "client/registerCapability", m.Method)
	require.Equal(c.t, `"register_lean_watcher"`, string(m.ID))
	c.send(resp(m.ID))
}

// answerRequests answers every server request among ms.
func (c *rawClient) answerRequests(ms []msg) {
	for _, m := range ms {
		if m.Method != "" && len(m.ID) > 0 {
			c.send(resp(m.ID))
		}
	}
}

func (c *rawClient) shutdown() {
	c.t.Helper()
	c.send(req(999, "shutdown", nil))
	before, m := c.until(isReply("999"))
	c.answerRequests(before)
	assert.Equal(c.t, "null", string(m.Result))
	c.send(note("exit", nil))
}

func TestHandshakeMustStartWithInitialize(t *testing.T) {
	c := startRaw(t)
	c.send(note("initialized", map[string]any{}))
	assert.Equal(t, 1, c.exitCode())
	assert.Contains(t, c.stderr.String(), "Watchdog error: expected method 'initialize'")
}

func TestInitializedMustFollowInitialize(t *testing.T) {
	c := startRaw(t)
	c.send(req(1, "initialize", map[string]any{"capabilities": map[string]any{}}))
	c.recv()
	c.send(didOpen(1, "example : True := by trivial"))
	assert.Equal(t, 1, c.exitCode())
	assert.Contains(t, c.stderr.String(), "Watchdog error: expected method 'initialized'")
}

func TestCleanSessionExitsZero(t *testing.T) {
	c := startRaw(t)
	c.handshake()
	c.send(didOpen(1, "theorem t : 1 + 1 = 2 := by decide\n"), wfd(2, 1))
	before, m := c.until(isReply("2"))
	assert.Equal(t, "{}", string(m.Result))
	c.answerRequests(before)
	// Publications: cumulative, the final one repeated; the last progress says done.
	var pubs []string
	var lastProgress msg
	for _, b := range before {
		switch b.Method {
		case "textDocument/publishDiagnostics":
			pubs = append(pubs, string(b.Params))
		case "$/lean/fileProgress":
			lastProgress = b
		}
	}
	require.GreaterOrEqual(t, len(pubs), 2)
	assert.Equal(t, pubs[len(pubs)-2], pubs[len(pubs)-1], "the final list is published twice")
	assert.JSONEq(t, `{"textDocument":{"uri":"`+uri+`","version":1},"processing":[]}`, string(lastProgress.Params))
	c.shutdown()
	assert.Equal(t, 0, c.exitCode(), c.stderr.String())
}

func TestUnansweredServerRequestsExitThree(t *testing.T) {
	c := startRaw(t)
	c.send(req(1, "initialize", map[string]any{}), note("initialized", map[string]any{}))
	c.until(isMethod("client/registerCapability")) // not answered
	c.send(req(2, "shutdown", nil))
	c.until(isReply("2"))
	c.send(note("exit", nil))
	assert.Equal(t, 3, c.exitCode())
	assert.Contains(t, c.stderr.String(), "never answered: client/registerCapability")
}

func TestEndOfInput(t *testing.T) {
	c := startRaw(t)
	c.handshake()
	assert.Equal(t, 1, c.exitCode(), "before shutdown")
	assert.Contains(t, c.stderr.String(), "Watchdog error")

	c = startRaw(t)
	c.handshake()
	c.send(req(2, "shutdown", nil))
	c.until(isReply("2"))
	assert.Equal(t, 0, c.exitCode(), "after shutdown, end of input counts as exit")
}

func TestRequestsAfterShutdownAreInvalid(t *testing.T) {
	c := startRaw(t)
	c.handshake()
	c.send(req(2, "shutdown", nil), plainGoal(3, 0, 0))
	_, m := c.until(isReply("3"))
	require.NotNil(t, m.Error)
	assert.Equal(t, -32600, m.Error.Code)
}

func TestWaitForDiagnosticsWaitsForItsVersion(t *testing.T) {
	c := startRaw(t)
	c.handshake()
	c.send(didOpen(1, "example : 1 = 2 := by decide\n"), wfd(5, 2))
	c.send(didChange(2, "example : 1 = 1 := by decide\n"))
	before, _ := c.until(isReply("5"))
	var v2pubs int
	for _, m := range before {
		var p struct {
			Version     int   `json:"version"`
			Diagnostics []any `json:"diagnostics"`
		}
		if m.Method == "textDocument/publishDiagnostics" {
			require.NoError(t, json.Unmarshal(m.Params, &p))
			if p.Version == 2 {
				v2pubs++
				assert.Empty(t, p.Diagnostics)
			}
		}
	}
	assert.GreaterOrEqual(t, v2pubs, 2, "version 2's diagnostics come before the answer")
}

func TestClosedFileRequests(t *testing.T) {
	c := startRaw(t)
	c.handshake()
	c.send(plainGoal(2, 0, 0))
	_, m := c.until(isReply("2"))
	require.NotNil(t, m.Error)
	assert.Equal(t, -32801, m.Error.Code)
	assert.Equal(t, "Cannot process request to closed file '"+uri+"'", m.Error.Message)

	// A request held for a future version fails when the file is closed.
	c.send(didOpen(1, "example : True := by trivial\n"), wfd(3, 7))
	c.send(note("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}}))
	_, m = c.until(isReply("3"))
	require.NotNil(t, m.Error)
	assert.Equal(t, -32801, m.Error.Code)
}

func TestCancelRequest(t *testing.T) {
	c := startRaw(t)
	c.handshake()
	c.send(didOpen(1, "example : True := by trivial\n"), wfd(4, 9), note("$/cancelRequest", map[string]any{"id": 4}))
	_, m := c.until(isReply("4"))
	require.NotNil(t, m.Error)
	assert.Equal(t, -32800, m.Error.Code)
}

func TestUnknownRequest(t *testing.T) {
	c := startRaw(t)
	c.handshake()
	c.send(req(2, "textDocument/hover", map[string]any{}))
	_, m := c.until(isReply("2"))
	require.NotNil(t, m.Error)
	assert.Equal(t, -32601, m.Error.Code)
}

func TestPlainGoalAnswers(t *testing.T) {
	c := startRaw(t)
	c.handshake()
	c.send(didOpen(1, "theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact hp\n  exact hp\n"), wfd(2, 1))
	c.until(isReply("2"))
	c.send(plainGoal(3, 1, 13), plainGoal(4, 3, 10), plainGoal(5, 0, 0))
	_, m := c.until(isReply("3"))
	var g struct {
		Rendered string   `json:"rendered"`
		Goals    []string `json:"goals"`
	}
	require.NoError(t, json.Unmarshal(m.Result, &g))
	assert.Equal(t, []string{"case left\np : Prop\nhp : p\n⊢ p", "case right\np : Prop\nhp : p\n⊢ p"}, g.Goals)
	assert.Equal(t, "```lean\ncase left\np : Prop\nhp : p\n⊢ p\n```\n---\n```lean\ncase right\np : Prop\nhp : p\n⊢ p\n```", g.Rendered)
	_, m = c.until(isReply("4"))
	require.NoError(t, json.Unmarshal(m.Result, &g))
	assert.Equal(t, []string{}, g.Goals)
	assert.Equal(t, "no goals", g.Rendered)
	_, m = c.until(isReply("5"))
	assert.Equal(t, "null", string(m.Result))
}

func TestOutOfOrderReversesABurst(t *testing.T) {
	c := startRaw(t, "-out-of-order")
	c.handshake()
	c.send(didOpen(1, "theorem t : True ∧ True := by\n  constructor\n  trivial\n  trivial\n"), wfd(2, 1))
	c.until(isReply("2"))
	c.send(plainGoal(10, 1, 13), plainGoal(11, 2, 9), plainGoal(12, 3, 9))
	var ids []string
	for len(ids) < 3 {
		m := c.recv()
		if m.Method == "" {
			ids = append(ids, string(m.ID))
		}
	}
	assert.Equal(t, []string{"12", "11", "10"}, ids)
}

func TestCrashAfterMidFile(t *testing.T) {
	c := startRaw(t, "-crash-after", "2")
	c.send(req(1, "initialize", map[string]any{}), note("initialized", map[string]any{}))
	c.recv()
	c.recv()
	c.send(didOpen(1, "theorem a : True := by trivial\ntheorem b : 1 = 2 := by decide\n"))
	var got []msg
	for m := range c.frames {
		var x msg
		require.NoError(t, json.Unmarshal(m, &x))
		got = append(got, x)
	}
	assert.Equal(t, 1, <-c.code)
	require.Len(t, got, 2, "progress from the top, then the first command's diagnostics only")
	assert.Equal(t, "$/lean/fileProgress", got[0].Method)
	assert.Equal(t, "textDocument/publishDiagnostics", got[1].Method)
	assert.Contains(t, c.stderr.String(), "crashing on purpose (-crash-after 2) at textDocument/didOpen")
}

func TestHangAfterStopsWriting(t *testing.T) {
	c := startRaw(t, "-hang-after", "2")
	c.handshake()
	c.send(didOpen(1, "example : True := by trivial\n"), wfd(2, 1))
	assert.Equal(t, 1, c.exitCode())
	for m := range c.frames {
		assert.Fail(t, "unexpected message after the hang", "%s", m)
	}
	assert.Contains(t, c.stderr.String(), "hanging (-hang-after 2) at textDocument/didOpen")
}

func TestGarbageFrame(t *testing.T) {
	inR, inW := io.Pipe()
	var out bytes.Buffer
	code := make(chan int, 1)
	go func() { code <- Main([]string{"-garbage-frame-after", "1"}, inR, &out, io.Discard); inR.Close() }()
	inW.Write(append(frame(req(1, "initialize", map[string]any{})), frame(note("initialized", map[string]any{}))...))
	inW.Close()
	<-code
	assert.Contains(t, out.String(), "Content-Length: 12x\r\n\r\n{}Content-Length: ")
}

func TestWorkerCrashAndRestart(t *testing.T) {
	c := startRaw(t, "-worker-crash")
	c.handshake()
	c.send(didOpen(1, "theorem a : True := by trivial\ntheorem b : True := by trivial\n"), wfd(2, 1))
	before, m := c.until(isReply("2"))
	for _, b := range before {
		assert.NotEqual(t, `{"textDocument":{"uri":"`+uri+`","version":1},"processing":[]}`, string(b.Params), "not done")
	}
	require.NotNil(t, m.Error)
	assert.Equal(t, -32902, m.Error.Code)
	assert.Equal(t, "Server process for "+uri+" crashed, likely due to a stack overflow or a bug.", m.Error.Message)
	progress := c.recv()
	assert.Equal(t, "$/lean/fileProgress", progress.Method)
	assert.Contains(t, string(progress.Params), `"kind":2`)

	// Requests wait for the restart, which the next didChange brings.
	c.send(plainGoal(3, 0, 25))
	c.send(didChange(2, "theorem a : True := by trivial\n"))
	before, m = c.until(isReply("3"))
	assert.JSONEq(t, `{"goals":["⊢ True"],"rendered":"`+"```lean\\n⊢ True\\n```"+`"}`, string(m.Result), "inside `trivial`: the goal before it")
	var done bool
	for _, b := range before {
		done = done || (b.Method == "$/lean/fileProgress" && strings.Contains(string(b.Params), `"processing":[]`))
	}
	assert.True(t, done, "version 2 was elaborated before the held request was answered")
}

func TestBadFlags(t *testing.T) {
	var stderr bytes.Buffer
	assert.Equal(t, 2, Main([]string{"-nope"}, strings.NewReader(""), io.Discard, &stderr))
	assert.Equal(t, 2, Main([]string{"extra"}, strings.NewReader(""), io.Discard, &stderr))
}

// FuzzServer feeds the simulator a session with a fuzzed document, fuzzed goal positions and
// one fuzzed raw message; it must neither panic nor hang.
func FuzzServer(f *testing.F) {
	f.Add("theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact hp\n  exact hp\n", 1, 13, []byte(`{"jsonrpc":"2.0","id":9,"method":"$/lean/plainGoal","params":{}}`))
	f.Add("import Mathlib\nexample : (2 : ℚ) ^ 3 / 0 = 0 := by norm_num; decide +kernel\n", 0, 0, []byte(`{}`))
	f.Add("theorem t : ∀ x y : Int, x = y → y = x := by\n  intro x y h\n  exact ⟨h, h⟩ -- 𝓤\n", 2, 99, []byte(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///sim/Test.lean","version":5},"contentChanges":[{"range":{"start":{"line":0,"character":2},"end":{"line":9,"character":0}},"text":"x"}]}}`))
	f.Add("example : ((((1 : Rat))))^2^2^2 < 0 := by decide", -1, -5, []byte(`[1,2`))
	f.Fuzz(func(t *testing.T, text string, line, char int, raw []byte) {
		var in bytes.Buffer
		for _, v := range []any{
			req(1, "initialize", map[string]any{"capabilities": map[string]any{"lean": map[string]any{"silentDiagnosticSupport": true}}}),
			note("initialized", map[string]any{}),
			didOpen(1, text),
			wfd(2, 1),
			plainGoal(3, line, char),
		} {
			in.Write(frame(v))
		}
		writeFrame(&in, raw)
		in.Write(frame(plainGoal(4, line%4, char%40)))
		in.Write(frame(req(5, "shutdown", nil)))
		Main(nil, &in, io.Discard, io.Discard)
	})
}
