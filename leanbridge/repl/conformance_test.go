package repl

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// transcript is one recorded REPL session of ../shared/lean/transcripts.
type transcript struct {
	name     string
	requests []string // what the REPL read, comments dropped (replGetLines)
	comments int
	replies  [][]byte // the recorded replies, byte for byte, without the empty line after each
}

func loadTranscripts(t *testing.T) []transcript {
	t.Helper()
	dir := testshared.Path(t, "lean/transcripts")
	ins, err := filepath.Glob(filepath.Join(dir, "*.in"))
	require.NoError(t, err, "no transcripts in %s", dir)
	require.NotEmpty(t, ins, "no transcripts in %s", dir)
	var out []transcript
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		reqData, err := os.ReadFile(in)
		require.NoError(t, err)
		outData, err := os.ReadFile(filepath.Join(dir, name+".expected.out"))
		require.NoError(t, err)
		tr := transcript{name: name}
		tr.requests, tr.comments = replRequests(reqData)
		// The REPL follows every reply with one empty line, and neither JSON strings nor its
		// pretty-printer produce an empty line, so "\n\n" separates replies.
		for _, r := range strings.SplitAfter(string(outData), "\n\n") {
			if strings.TrimSpace(r) != "" {
				tr.replies = append(tr.replies, []byte(strings.TrimSuffix(r, "\n\n")))
			}
		}
		out = append(out, tr)
	}
	return out
}

// replayPeer plays a recorded REPL: it reads each request the way the REPL does, checks it is
// the recorded one (as a JSON value) and answers with the recorded reply bytes.
type replayPeer struct {
	tr transcript

	mu       sync.Mutex
	served   int
	mismatch []string
}

func (r *replayPeer) serve(stdin io.Reader, stdout, stderr io.Writer) string {
	br := bufio.NewReader(stdin)
	for {
		q := replGetLines(br)
		if q == "" {
			return "exit status 0"
		}
		if strings.HasPrefix(q, "#") || strings.HasPrefix(q, "--") {
			continue // the REPL skips comments without replying
		}
		r.mu.Lock()
		i := r.served
		r.served++
		if i >= len(r.tr.requests) {
			r.mismatch = append(r.mismatch, fmt.Sprintf("unexpected extra request %q", q))
			r.mu.Unlock()
			return "exit status 1"
		}
		if !jsonEqual([]byte(q), []byte(r.tr.requests[i])) {
			r.mismatch = append(r.mismatch, fmt.Sprintf("request %d: bridge sent %q, recorded %q", i, q, r.tr.requests[i]))
			r.mu.Unlock()
			return "exit status 1"
		}
		r.mu.Unlock()
		if _, err := stdout.Write(append(append([]byte(nil), r.tr.replies[i]...), '\n', '\n')); err != nil {
			return "exit status 1"
		}
	}
}

// TestConformanceTranscripts plays every recorded REPL session through a Worker talking to a
// replay peer, once through the typed API and once through SendRaw. The bridge must send each
// recorded request (same JSON value) and decode each recorded reply without loss: decoded and
// encoded again, it is the same JSON value.
func TestConformanceTranscripts(t *testing.T) {
	trs := loadTranscripts(t)
	kinds := make(map[Kind]int)
	for _, tr := range trs {
		require.Len(t, tr.replies, len(tr.requests), "%s: %d requests but %d replies recorded", tr.name, len(tr.requests), len(tr.replies))
		for _, mode := range []string{"typed", "raw"} {
			t.Run(tr.name+"/"+mode, func(t *testing.T) {
				rp := &replayPeer{tr: tr}
				cfg := peerConfig(rp.serve)
				cfg.skipChecks = true
				cfg.RecycleAfter = -1
				ctx := ctxT(t)
				w, err := StartWorker(ctx, cfg)
				require.NoError(t, err)
				defer w.Close()
				for i, reqText := range tr.requests {
					req := json.RawMessage(strings.TrimSpace(reqText))
					_, kind, err := Frame(req)
					require.NoError(t, err, "request %d %s: the bridge refuses a request the REPL took", i, req)
					kinds[kind]++
					var got []byte
					if mode == "raw" {
						got, err = w.SendRaw(ctx, req)
					} else {
						got, err = sendTyped(ctx, t, w, kind, req)
					}
					require.NoError(t, err, "request %d %s", i, req)
					require.True(t, jsonEqual(got, tr.replies[i]), "request %d: reply decoded and re-encoded as\n%s\nrecorded\n%s", i, got, tr.replies[i])
				}
				rp.mu.Lock()
				defer rp.mu.Unlock()
				require.Empty(t, rp.mismatch, "replay peer: %s", strings.Join(rp.mismatch, "; "))
				require.Equal(t, len(tr.requests), rp.served, "replay peer served %d of %d requests", rp.served, len(tr.requests))
			})
		}
	}
	// The subset was chosen to cover every request kind (transcripts/README.md).
	for k := KindProofStep; k <= KindFile; k++ {
		assert.NotZero(t, kinds[k], "no transcript request of kind %v", k)
	}
}

// sendTyped decodes a recorded request into its typed struct (which must encode back to the
// same value), sends it with the typed method for its kind, and re-encodes the typed reply.
func sendTyped(ctx context.Context, t *testing.T, w *Worker, kind Kind, req json.RawMessage) ([]byte, error) {
	t.Helper()
	var typed any
	switch kind {
	case KindCommand:
		typed = new(CommandRequest)
	case KindFile:
		typed = new(FileRequest)
	case KindProofStep:
		typed = new(ProofStepRequest)
	case KindPickleEnv:
		typed = new(PickleEnvRequest)
	case KindUnpickleEnv:
		typed = new(UnpickleEnvRequest)
	case KindPickleProofState:
		typed = new(PickleProofStateRequest)
	case KindUnpickleProofState:
		typed = new(UnpickleProofStateRequest)
	}
	require.NoError(t, json.Unmarshal(req, typed), "decoding request %s", req)
	enc, _ := json.Marshal(typed)
	require.True(t, jsonEqual(enc, req), "typed request %T re-encodes %s as %s", typed, req, enc)
	var resp any
	var err error
	switch r := typed.(type) {
	case *CommandRequest:
		resp, err = w.Command(ctx, *r)
	case *FileRequest:
		resp, err = w.File(ctx, *r)
	case *ProofStepRequest:
		resp, err = w.ProofStep(ctx, *r)
	case *PickleEnvRequest:
		resp, err = w.PickleEnv(ctx, *r)
	case *UnpickleEnvRequest:
		resp, err = w.UnpickleEnv(ctx, *r)
	case *PickleProofStateRequest:
		resp, err = w.PickleProofState(ctx, *r)
	case *UnpickleProofStateRequest:
		resp, err = w.UnpickleProofState(ctx, *r)
	}
	var re *ReplyError
	if errors.As(err, &re) {
		resp, err = re.Reply, nil
	}
	if err != nil {
		return nil, err
	}
	// Every member the real REPL writes is modelled: nothing of a recorded reply may end up
	// in an Extra map (that would mean a field is misnamed or missing).
	paths := extraPaths(reflect.ValueOf(resp), "reply")
	assert.Empty(t, paths, "members not modelled by the typed reply: %v", paths)
	return json.Marshal(resp)
}

// extraPaths lists the non-empty Extra maps in v.
func extraPaths(v reflect.Value, path string) []string {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return extraPaths(v.Elem(), path)
	case reflect.Slice:
		var out []string
		for i := range v.Len() {
			out = append(out, extraPaths(v.Index(i), fmt.Sprintf("%s[%d]", path, i))...)
		}
		return out
	case reflect.Struct:
		var out []string
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			if f.Name == "Extra" && v.Field(i).Len() > 0 {
				for k := range v.Field(i).Interface().(map[string]json.RawMessage) {
					out = append(out, path+"."+k)
				}
				continue
			}
			out = append(out, extraPaths(v.Field(i), path+"."+f.Name)...)
		}
		return out
	}
	return nil
}

// TestConformanceInvalidLineBreak pins down what the REPL receives from invalid_line_break.in:
// the raw newline inside the JSON string is deleted by the REPL's line joining, which is why
// Lean complains about `bysorry`. The bridge itself can never produce that request: it refuses
// raw newlines, and its own frames survive the joining unchanged.
func TestConformanceInvalidLineBreak(t *testing.T) {
	dir := testshared.Path(t, "lean/transcripts")
	data, err := os.ReadFile(filepath.Join(dir, "invalid_line_break.in"))
	require.NoError(t, err)
	reqs, _ := replRequests(data)
	var first CommandRequest
	require.Len(t, reqs, 2, "the REPL reads %q", reqs)
	require.NoError(t, json.Unmarshal([]byte(reqs[0]), &first), "the REPL reads %q", reqs)
	require.Equal(t, "theorem foo : 1 = 1 := bysorry", first.Cmd, "the REPL reads %q", reqs)
	raw := bytes.SplitN(data, []byte("\n\n"), 2)[0]
	_, _, err = Frame(raw)
	assert.ErrorIs(t, err, ErrInvalidRequest, "Frame accepted a request with a raw newline in a string")
	b, err := EncodeRequest(CommandRequest{Cmd: "theorem foo : 1 = 1 := by\nsorry"})
	require.NoError(t, err)
	got, _ := replRequests(b)
	var back CommandRequest
	if assert.Len(t, got, 1, "the REPL would read %q", got) &&
		assert.NoError(t, json.Unmarshal([]byte(got[0]), &back), "the REPL would read %q", got) {
		assert.Equal(t, "theorem foo : 1 = 1 := by\nsorry", back.Cmd, "the REPL would read %q", got)
	}
}
