package serve

import (
	"bytes"
	"crypto/sha256"
	"io"
	"net/http"
)

// Retries are cheap: RL clients retry a request whose answer they did not get (a timeout, a
// dropped connection) with the same body. The reward endpoints keep their recent answers by
// the hash of the endpoint and the body, and answer an identical request from there
// (X-Leanprm-Cache: hit) without scoring it again. Only 200 answers are kept: a refusal (503,
// 429) is retried for real. Scoring is a function of the body and the server's settings, which
// do not change while it runs.

// DefaultAnswerCacheBytes bounds the answers kept (Options.AnswerCacheBytes).
const DefaultAnswerCacheBytes = 32 << 20

// cached wraps a reward endpoint: the body is read whole (within MaxBodyBytes), an identical
// earlier request's answer is written back, and a new 200 answer is kept.
func (s *Server) cached(endpoint string, fn http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > s.opts.MaxBodyBytes {
			fn(w, r) // refused by decode, unread
			return
		}
		var buf bytes.Buffer
		if r.ContentLength > 0 {
			// Room for the body and for the read that finds its end (ReadFrom wants
			// bytes.MinRead free before each read): one allocation, not a second of twice the
			// body's size to read nothing. Within MaxBodyBytes: checked above.
			buf.Grow(int(r.ContentLength) + bytes.MinRead)
		}
		_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes))
		body := buf.Bytes()
		if err != nil {
			r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), errReader{err}))
			fn(w, r) // decode reports the error
			return
		}
		h := sha256.New()
		h.Write([]byte(endpoint))
		h.Write([]byte{0})
		h.Write(body)
		var key [32]byte
		h.Sum(key[:0])
		if answer, ok := s.answers.Get(key); ok {
			s.m.cacheHits.Inc()
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-Leanprm-Cache", "hit")
			w.WriteHeader(http.StatusOK)
			w.Write(answer)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		rec := &answerRecorder{ResponseWriter: w, status: http.StatusOK}
		fn(rec, r)
		if rec.status == http.StatusOK && !rec.tooLong {
			s.answers.Put(key, rec.body.Bytes(), int64(rec.body.Len()+len(key)))
		}
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// answerRecorder passes an answer through and keeps a copy of it, up to maxKeptAnswer bytes.
type answerRecorder struct {
	http.ResponseWriter
	status  int
	body    bytes.Buffer
	tooLong bool
}

const maxKeptAnswer = 4 << 20

func (a *answerRecorder) WriteHeader(code int) {
	a.status = code
	a.ResponseWriter.WriteHeader(code)
}

func (a *answerRecorder) Write(p []byte) (int, error) {
	if !a.tooLong {
		switch {
		case a.body.Len()+len(p) > maxKeptAnswer:
			a.tooLong = true
			a.body = bytes.Buffer{}
		case a.body.Cap() == 0:
			// An answer is written in one piece: its copy takes one allocation of its size.
			a.body = *bytes.NewBuffer(append(make([]byte, 0, len(p)), p...))
		default:
			a.body.Write(p)
		}
	}
	return a.ResponseWriter.Write(p)
}
