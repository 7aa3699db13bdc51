package lspsim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"time"

	"github.com/leanprm/leanprm/internal/leansim/simflags"
)

// ServerName is what the simulator calls itself in initialize's serverInfo. Clients use it
// to tell "sim" verdicts from "lean" ones.
const ServerName = "leanprm LSP simulator"

// Version is the simulator's version in serverInfo.
const Version = "0.1.0"

type config struct {
	latency      time.Duration
	crashAfter   int
	hangAfter    int
	garbageAfter int
	outOfOrder   bool
	workerCrash  bool
	stubborn     bool
}

// Main runs the simulator on stdin/stdout until exit, end of input or a simulated crash, and
// returns the process exit status: 0 after shutdown and exit; 1 for a protocol violation
// (the message starts "Watchdog error:", as the real server's does), end of input before
// shutdown, or a simulated crash; 2 for bad flags; 3 when some server→client request was
// never answered by the time of exit.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var cfg config
	fs := flag.NewFlagSet("leanprm sim lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	simflags.SetUsage(fs, stdout, "leanprm sim lsp [flags]",
		"A simulator of the Lean 4 language server (lake serve), not Lean: Content-Length framed\nJSON-RPC on stdin/stdout, with faults to inject for tests.")
	fs.DurationVar(&cfg.latency, "latency", 0, "wait this `DURATION` before every reply and every publication")
	fs.IntVar(&cfg.crashAfter, "crash-after", 0, "handle `N` client messages, then exit with status 1 on the next (mid-file for didOpen/didChange)")
	fs.IntVar(&cfg.hangAfter, "hang-after", 0, "handle `N` client messages, then never write again (input is still read)")
	fs.IntVar(&cfg.garbageAfter, "garbage-frame-after", 0, "handle `N` client messages, then write a frame with a bad Content-Length before handling the next")
	fs.BoolVar(&cfg.outOfOrder, "out-of-order", false, "answer each burst of requests that arrive together in reverse order")
	fs.BoolVar(&cfg.workerCrash, "worker-crash", false, "the first elaboration's file worker crashes mid-file: pending requests get -32902, then fileProgress kind 2; the next didChange restarts it")
	fs.BoolVar(&cfg.stubborn, "stubborn", false, "ignore SIGINT and stay alive after end of input (only for a separate process: tests the client's kill path)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "leanprm sim lsp: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if cfg.stubborn {
		signal.Ignore(os.Interrupt)
	}
	s := &server{cfg: cfg, out: stdout, errw: stderr, docs: map[string]*simDoc{}, asked: map[string]string{}}
	return s.run(stdin)
}

const (
	stAwaitInit = iota
	stAwaitInitialized
	stRunning
	stShutdown
)

const (
	workerOK = iota
	workerCrashing
	workerCrashed
)

type simDoc struct {
	uri     string
	version int
	text    string
	res     *fileResult
	worker  int
}

// queued is a request that cannot be answered yet: waitForDiagnostics for a version not
// received, or any request for a crashed worker (Lean queues those until the restart).
type queued struct {
	id      json.RawMessage
	method  string
	uri     string
	version int
	pos     lspPos
}

type server struct {
	cfg   config
	out   io.Writer
	errw  io.Writer
	state int

	handled     int
	silent      bool
	docs        map[string]*simDoc
	queue       []queued
	asked       map[string]string // our requests awaiting an answer: raw id → method
	nextReq     int
	held        [][]byte // replies held back by -out-of-order
	hung        bool
	crashUsed   bool
	garbageSent bool
	writeErr    error
}

type inMsg struct {
	body []byte
	more bool // more input was already buffered when this message was read
	err  error
}

type rpcMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
}

func (s *server) run(stdin io.Reader) int {
	msgs := make(chan inMsg, 256)
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		br := bufio.NewReaderSize(stdin, 1<<16)
		for {
			body, err := readFrame(br)
			m := inMsg{body: body, err: err, more: err == nil && br.Buffered() > 0}
			select {
			case msgs <- m:
			case <-quit:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	for {
		m := <-msgs
		if m.err != nil {
			return s.endOfInput(m.err)
		}
		code, done := s.handle(m.body)
		if s.writeErr != nil {
			fmt.Fprintf(s.errw, "leanprm LSP simulator: writing to stdout failed: %v\n", s.writeErr)
			return 1
		}
		if done {
			return code
		}
		if s.cfg.outOfOrder && !m.more && len(msgs) == 0 {
			s.flushHeld()
		}
	}
}

func (s *server) endOfInput(err error) int {
	if s.cfg.stubborn {
		fmt.Fprintln(s.errw, "leanprm LSP simulator: end of input; staying alive (-stubborn)")
		for {
			time.Sleep(time.Hour)
		}
	}
	if !errors.Is(err, io.EOF) {
		fmt.Fprintf(s.errw, "Watchdog error: %v\n", err)
		return 1
	}
	if s.state == stShutdown {
		return s.exitCode() // after shutdown, end of input counts as exit
	}
	fmt.Fprintln(s.errw, "Watchdog error: the client closed the stream before shutdown")
	return 1
}

func (s *server) exitCode() int {
	if len(s.asked) == 0 {
		return 0
	}
	var methods []string
	for id, m := range s.asked {
		methods = append(methods, m+" (id "+id+")")
	}
	sort.Strings(methods)
	fmt.Fprintf(s.errw, "leanprm LSP simulator: %d server request(s) never answered: %s\n", len(methods), strings.Join(methods, ", "))
	return 3
}

// handle processes one message; done reports that the simulator must exit with code.
func (s *server) handle(body []byte) (code int, done bool) {
	var m rpcMsg
	if err := json.Unmarshal(body, &m); err != nil {
		fmt.Fprintf(s.errw, "Watchdog error: cannot parse message as JSON: %v\n", err)
		return 1, true
	}
	hasID := len(m.ID) > 0 && string(m.ID) != "null"
	if m.Method == "" {
		if hasID && (m.Result != nil || m.Error != nil) {
			delete(s.asked, string(m.ID)) // an answer to one of our requests
			return 0, false
		}
		fmt.Fprintf(s.errw, "Watchdog error: message is neither a request, a notification nor a response: %.80s\n", body)
		return 1, true
	}
	n := s.handled
	s.handled++
	if s.cfg.crashAfter > 0 && n == s.cfg.crashAfter {
		return s.crash(m), true
	}
	if s.cfg.hangAfter > 0 && n == s.cfg.hangAfter && !s.hung {
		s.hung = true
		fmt.Fprintf(s.errw, "leanprm LSP simulator: hanging (-hang-after %d) at %s\n", s.cfg.hangAfter, m.Method)
	}
	if s.hung {
		return 0, false
	}
	if s.cfg.garbageAfter > 0 && n == s.cfg.garbageAfter && !s.garbageSent {
		s.garbageSent = true
		s.writeRaw([]byte("Content-Length: 12x\r\n\r\n{}"))
	}
	switch s.state {
	case stAwaitInit:
		if m.Method != "initialize" || !hasID {
			fmt.Fprintf(s.errw, "Watchdog error: expected method 'initialize', got method '%s'\n", m.Method)
			return 1, true
		}
		var p struct {
			Capabilities struct {
				Lean struct {
					SilentDiagnosticSupport bool `json:"silentDiagnosticSupport"`
				} `json:"lean"`
			} `json:"capabilities"`
		}
		_ = json.Unmarshal(m.Params, &p) // lenient, like Lean's InitializeParams
		s.silent = p.Capabilities.Lean.SilentDiagnosticSupport
		s.reply(m.ID, map[string]any{
			"capabilities": map[string]any{
				"textDocumentSync": map[string]any{"openClose": true, "change": 2, "save": map[string]any{"includeText": true}},
				"hoverProvider":    true,
			},
			"serverInfo": map[string]any{"name": ServerName, "version": Version},
		})
		s.state = stAwaitInitialized
	case stAwaitInitialized:
		if m.Method != "initialized" || hasID {
			fmt.Fprintf(s.errw, "Watchdog error: expected method 'initialized', got method '%s'\n", m.Method)
			return 1, true
		}
		s.state = stRunning
		s.request(`"register_lean_watcher"`, "client/registerCapability", map[string]any{
			"registrations": []any{map[string]any{
				"id": "lean-watcher", "method": "workspace/didChangeWatchedFiles",
				"registerOptions": map[string]any{"watchers": []any{
					map[string]any{"globPattern": "**/*.lean"}, map[string]any{"globPattern": "**/*.ilean"},
				}},
			}},
		})
	case stRunning:
		return s.dispatch(m, hasID)
	case stShutdown:
		if m.Method == "exit" {
			return s.exitCode(), true
		}
		if hasID {
			s.replyErr(m.ID, -32600, "the server is shutting down")
		}
	}
	return 0, false
}

type docParams struct {
	TextDocument struct {
		URI     string `json:"uri"`
		Version *int   `json:"version"`
		Text    string `json:"text"`
	} `json:"textDocument"`
	ContentChanges []struct {
		Range *lspRange `json:"range"`
		Text  string    `json:"text"`
	} `json:"contentChanges"`
	URI      string `json:"uri"`     // waitForDiagnostics
	Version  int    `json:"version"` // waitForDiagnostics
	Position lspPos `json:"position"`
	ID       any    `json:"id"` // $/cancelRequest
}

func (s *server) dispatch(m rpcMsg, hasID bool) (int, bool) {
	var p docParams
	if len(m.Params) > 0 {
		if err := json.Unmarshal(m.Params, &p); err != nil {
			if hasID {
				s.replyErr(m.ID, -32602, "invalid params: "+err.Error())
			}
			return 0, false
		}
	}
	uri := p.TextDocument.URI
	switch m.Method {
	case "textDocument/didOpen":
		if _, open := s.docs[uri]; open {
			fmt.Fprintf(s.errw, "leanprm LSP simulator: didOpen for open document %s ignored\n", uri)
			return 0, false
		}
		d := &simDoc{uri: uri, text: strings.ReplaceAll(p.TextDocument.Text, "\r\n", "\n")}
		if p.TextDocument.Version != nil {
			d.version = *p.TextDocument.Version
		}
		s.docs[uri] = d
		s.elaborate(d, false)
	case "textDocument/didChange":
		d := s.docs[uri]
		if d == nil || p.TextDocument.Version == nil || *p.TextDocument.Version <= d.version {
			fmt.Fprintf(s.errw, "leanprm LSP simulator: didChange for %s ignored (closed document or version not increasing)\n", uri)
			return 0, false
		}
		for _, c := range p.ContentChanges {
			d.text = applyChange(d.text, c.Range, c.Text)
		}
		d.version = *p.TextDocument.Version
		d.worker = workerOK // a crashed worker restarts on the next change, as in Lean
		s.elaborate(d, false)
	case "textDocument/didClose":
		if _, open := s.docs[uri]; !open {
			return 0, false
		}
		delete(s.docs, uri)
		kept := s.queue[:0]
		for _, q := range s.queue {
			if q.uri == uri {
				s.replyErr(q.id, -32801, fmt.Sprintf("Cannot process request to closed file '%s'", uri))
				continue
			}
			kept = append(kept, q)
		}
		s.queue = kept
		s.notify("textDocument/publishDiagnostics", map[string]any{"uri": uri, "diagnostics": []any{}})
	case "textDocument/waitForDiagnostics", "$/lean/plainGoal":
		q := queued{id: m.ID, method: m.Method, uri: p.URI, version: p.Version, pos: p.Position}
		if m.Method == "$/lean/plainGoal" {
			q.uri = uri
		}
		d := s.docs[q.uri]
		switch {
		case !hasID:
		case d == nil:
			s.replyErr(m.ID, -32801, fmt.Sprintf("Cannot process request to closed file '%s'", q.uri))
		case d.worker == workerCrashing:
			s.queue = append(s.queue, q)
			s.crashWorker(d)
		case d.worker == workerCrashed:
			s.queue = append(s.queue, q)
		default:
			s.queue = append(s.queue, q)
			s.answerQueued(d)
		}
	case "shutdown":
		if hasID {
			s.reply(m.ID, nil)
		}
		s.state = stShutdown
	case "exit":
		fmt.Fprintln(s.errw, "leanprm LSP simulator: exit without shutdown")
		return 1, true
	case "$/cancelRequest":
		want, _ := json.Marshal(p.ID)
		for i, q := range s.queue {
			if bytes.Equal(q.id, want) {
				s.queue = append(s.queue[:i], s.queue[i+1:]...)
				s.replyErr(q.id, -32800, "Request cancelled")
				break
			}
		}
	case "initialized":
	default:
		if hasID {
			s.replyErr(m.ID, -32601, "Method not found: "+m.Method)
		} else if !strings.HasPrefix(m.Method, "$/") {
			fmt.Fprintf(s.errw, "leanprm LSP simulator: unknown notification %s ignored\n", m.Method)
		}
	}
	return 0, false
}

// applyChange applies one didChange content change (a full text when rng is nil).
func applyChange(text string, r *lspRange, repl string) string {
	if r == nil {
		return strings.ReplaceAll(repl, "\r\n", "\n")
	}
	lines := strings.Split(text, "\n")
	off := func(p lspPos) int {
		if p.Line >= len(lines) {
			return len(text)
		}
		o := 0
		for i := 0; i < p.Line; i++ {
			o += len(lines[i]) + 1
		}
		return o + byteOff(lines[p.Line], p.Character)
	}
	a, b := off(r.Start), off(r.End)
	if b < a {
		a, b = b, a
	}
	return text[:a] + repl + text[b:]
}

// elaborate elaborates d's text and publishes the way Lean does: progress from the top,
// cumulative diagnostics after each command (several identical publishes for one version),
// then `processing: []`, or kind 2 for a fatal header. midFileOnly stops after the first
// command's diagnostics (used by -crash-after).
func (s *server) elaborate(d *simDoc, midFileOnly bool) {
	r := elaborate(d.text, s.silent)
	d.res = r
	v := d.version
	last := len(r.lines) - 1
	end := lspPos{last, u16(r.lines[last])}
	s.progress(d.uri, v, []any{map[string]any{"range": lspRange{End: end}, "kind": 1}})
	crash := s.cfg.workerCrash && !s.crashUsed
	var acc []diagnostic
	for i := range r.decls {
		acc = append(acc, r.decls[i]...)
		s.publish(d.uri, v, acc)
		if crash {
			s.crashUsed = true
			d.worker = workerCrashing
			return
		}
		if midFileOnly {
			return
		}
		if i+1 < len(r.decls) {
			s.progress(d.uri, v, []any{map[string]any{"range": lspRange{Start: lspPos{r.declEnd[i] + 1, 0}, End: end}, "kind": 1}})
		}
	}
	if crash {
		s.crashUsed = true
		d.worker = workerCrashing
		return
	}
	if acc == nil {
		acc = []diagnostic{}
	}
	s.publish(d.uri, v, acc) // the same list again, as the real server does
	if r.fatal {
		s.progress(d.uri, v, []any{map[string]any{"range": lspRange{}, "kind": 2}})
	} else {
		s.progress(d.uri, v, []any{})
	}
	// Requests real workers send while working; a client must answer them.
	s.request("", "workspace/semanticTokens/refresh", nil)
	s.request("", "workspace/inlayHint/refresh", nil)
	s.request("", "$/leanprm/simulatorProbe", map[string]any{"note": "an unknown server request; answer null"})
	s.answerQueued(d)
}

// crashWorker simulates a file worker crash: the pending requests for the document get
// -32902, then fileProgress reports kind 2 at position 0 (PROTOCOL.md §2.7).
func (s *server) crashWorker(d *simDoc) {
	msg := fmt.Sprintf("Server process for %s crashed, likely due to a stack overflow or a bug.", d.uri)
	kept := s.queue[:0]
	for _, q := range s.queue {
		if q.uri == d.uri {
			s.replyErr(q.id, -32902, msg)
			continue
		}
		kept = append(kept, q)
	}
	s.queue = kept
	d.worker = workerCrashed
	fmt.Fprintf(s.errw, "leanprm LSP simulator: file worker for %s crashed (-worker-crash)\n", d.uri)
	s.progress(d.uri, d.version, []any{map[string]any{"range": lspRange{}, "kind": 2}})
}

// answerQueued answers the queued requests for d that its current version can answer.
func (s *server) answerQueued(d *simDoc) {
	kept := s.queue[:0]
	for _, q := range s.queue {
		if q.uri != d.uri {
			kept = append(kept, q)
			continue
		}
		switch q.method {
		case "textDocument/waitForDiagnostics":
			if q.version > d.version {
				kept = append(kept, q) // Lean answers only once that version exists
				continue
			}
			s.reply(q.id, map[string]any{})
		case "$/lean/plainGoal":
			gs, ok := d.res.goalAt(q.pos)
			if !ok {
				s.reply(q.id, nil)
				continue
			}
			texts := []string{}
			var blocks []string
			for _, t := range gs {
				texts = append(texts, t)
				blocks = append(blocks, "```lean\n"+t+"\n```")
			}
			rendered := "no goals"
			if len(blocks) > 0 {
				rendered = strings.Join(blocks, "\n---\n")
			}
			s.reply(q.id, map[string]any{"rendered": rendered, "goals": texts})
		}
	}
	s.queue = kept
}

// crash ends the simulator on purpose (-crash-after). On a didOpen/didChange it first
// publishes the start of the elaboration, so the client sees a file half processed.
func (s *server) crash(m rpcMsg) int {
	if s.state == stRunning && (m.Method == "textDocument/didOpen" || m.Method == "textDocument/didChange") {
		var p docParams
		if json.Unmarshal(m.Params, &p) == nil && p.TextDocument.Version != nil {
			d := s.docs[p.TextDocument.URI]
			if d == nil {
				d = &simDoc{uri: p.TextDocument.URI}
			}
			d.version = *p.TextDocument.Version
			if m.Method == "textDocument/didOpen" {
				d.text = p.TextDocument.Text
			} else {
				for _, c := range p.ContentChanges {
					d.text = applyChange(d.text, c.Range, c.Text)
				}
			}
			s.elaborate(d, true)
		}
	}
	fmt.Fprintf(s.errw, "leanprm LSP simulator: crashing on purpose (-crash-after %d) at %s\n", s.cfg.crashAfter, m.Method)
	return 1
}

// Output.

func (s *server) sleep() {
	if s.cfg.latency > 0 {
		time.Sleep(s.cfg.latency)
	}
}

func (s *server) writeRaw(b []byte) {
	if s.writeErr == nil {
		_, s.writeErr = s.out.Write(b)
	}
}

func (s *server) send(v any) {
	body, err := json.Marshal(v)
	if err != nil {
		panic(err) // only the simulator's own values are marshalled
	}
	if s.writeErr == nil {
		s.writeErr = writeFrame(s.out, body)
	}
}

func (s *server) sendReply(v any) {
	s.sleep()
	if !s.cfg.outOfOrder {
		s.send(v)
		return
	}
	body, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	s.held = append(s.held, body)
}

// flushHeld writes the held replies, newest first.
func (s *server) flushHeld() {
	for i := len(s.held) - 1; i >= 0; i-- {
		if s.writeErr == nil {
			s.writeErr = writeFrame(s.out, s.held[i])
		}
	}
	s.held = nil
}

func (s *server) reply(id json.RawMessage, result any) {
	res, _ := json.Marshal(result)
	s.sendReply(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  json.RawMessage `json:"result"`
	}{"2.0", id, res})
}

func (s *server) replyErr(id json.RawMessage, code int, msg string) {
	s.sendReply(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func (s *server) notify(method string, params any) {
	s.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// request sends a server→client request; id "" picks the next numeric id.
func (s *server) request(id, method string, params any) {
	if id == "" {
		s.nextReq++
		id = fmt.Sprint(s.nextReq)
	}
	s.asked[id] = method
	msg := map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(id), "method": method}
	if params != nil {
		msg["params"] = params
	}
	s.send(msg)
}

func (s *server) publish(uri string, version int, diags []diagnostic) {
	s.sleep()
	if diags == nil {
		diags = []diagnostic{}
	}
	s.notify("textDocument/publishDiagnostics", map[string]any{"uri": uri, "version": version, "diagnostics": diags})
}

func (s *server) progress(uri string, version int, processing []any) {
	s.notify("$/lean/fileProgress", map[string]any{
		"textDocument": map[string]any{"uri": uri, "version": version},
		"processing":   processing,
	})
}
