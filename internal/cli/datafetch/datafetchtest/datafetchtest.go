// Package datafetchtest serves synthetic benchmark files over loopback HTTP, laid out as
// raw.githubusercontent.com lays out a repository at a commit, for tests of `leanprm data
// fetch` and of the README's examples on a clone without the shared data. The files are made
// here (word problems on adding and taking away, with right and wrong steps), in each
// benchmark's upstream format; nothing is copied from the benchmarks.
package datafetchtest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leanprm/leanprm/internal/cli/datafetch"
)

// Request is one request the server received.
type Request struct {
	Path, Range string
}

// Server serves files registered with Add at /OWNER/REPO/COMMIT/PATH, honouring Range.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	files    map[string][]byte
	cut      map[string]bool // the next response for this path breaks off half way
	requests []Request
}

// NewServer starts a server on loopback; it is closed when the test ends.
func NewServer(tb testing.TB) *Server {
	s := &Server{files: map[string][]byte{}, cut: map[string]bool{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.Close)
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests = append(s.requests, Request{Path: r.URL.Path, Range: r.Header.Get("Range")})
	body, ok := s.files[r.URL.Path]
	cut := s.cut[r.URL.Path]
	delete(s.cut, r.URL.Path)
	s.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	if cut && r.Header.Get("Range") == "" {
		// Promise the whole file, send half, and drop the connection.
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		w.WriteHeader(http.StatusOK)
		w.Write(body[:len(body)/2])
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
			}
		}
		return
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// Add serves body as path of d's repository at d's commit and pins it in d.
func (s *Server) Add(d *datafetch.Dataset, path string, body []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files["/"+d.Repo+"/"+d.Commit+"/"+path] = body
	sum := sha256.Sum256(body)
	d.Files = append(d.Files, datafetch.File{Path: path, Size: int64(len(body)), SHA256: hex.EncodeToString(sum[:])})
}

// CutNext makes the next request for path of d (one without a Range header) break off half way.
func (s *Server) CutNext(d datafetch.Dataset, path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cut["/"+d.Repo+"/"+d.Commit+"/"+path] = true
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// ClosedURL is a loopback URL nothing listens on: a machine offline, as far as a fetch knows.
func ClosedURL(tb testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// Benchmarks serves the four benchmarks as synthetic files in their upstream formats, under
// their real names and conversions, and returns their pins (outputs unpinned).
func Benchmarks(s *Server) []datafetch.Dataset {
	pb := datafetch.Dataset{Name: "processbench", Repo: "fixture/ProcessBench", Commit: "c0ffee01", Convert: datafetch.ConvertProcessBench}
	for _, subset := range []string{"gsm8k", "math"} {
		s.Add(&pb, "dataset/"+subset+".json", processBench(subset, 48))
	}
	gsm := datafetch.Dataset{Name: "gsm8k", Repo: "fixture/grade-school-math", Commit: "c0ffee02", Convert: datafetch.ConvertCopy}
	s.Add(&gsm, "grade_school_math/data/train.jsonl", gsm8k(0, 80))
	s.Add(&gsm, "grade_school_math/data/test.jsonl", gsm8k(500, 10))
	prm := datafetch.Dataset{Name: "prmbench", Repo: "fixture/PRMBench", Commit: "c0ffee03", Convert: datafetch.ConvertCopy}
	s.Add(&prm, "mr_eval/tasks/prmtest_classified/data/prm800k_train_p1_first400_4o_counterfactual.jsonl", prmBench("train", 0, 80))
	s.Add(&prm, "mr_eval/tasks/prmtest_classified/data/prm800k_test_p1_4o_counterfactual.jsonl", prmBench("test", 300, 20))
	mr := datafetch.Dataset{Name: "mr-gsm8k", Repo: "fixture/MR-GSM8K", Commit: "c0ffee04", Convert: datafetch.ConvertMRGSM8K}
	s.Add(&mr, "eval_results/gpt4-grading/A_eval_results.json", mrGSM8K(0, 30, "first"))
	s.Add(&mr, "eval_results/gpt4-grading/B_eval_results.json", mrGSM8K(20, 30, "second"))
	return []datafetch.Dataset{pb, gsm, prm, mr}
}

// WriteSources writes list as a sources file (LoadSources) at path.
func WriteSources(tb testing.TB, list []datafetch.Dataset, path string) {
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		tb.Fatal(err)
	}
}

// problem i: someone has a things, gets b more and gives c away.
type problem struct {
	who, thing string
	a, b, c    int
}

func problemN(i int) problem {
	names := []string{"Ann", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana"}
	things := []string{"apples", "marbles", "stamps", "pencils", "shells"}
	return problem{who: names[i%len(names)], thing: things[(i/3)%len(things)], a: 12 + 7*i%41, b: 5 + 3*i%17, c: 2 + i%9}
}

func (p problem) question() string {
	return fmt.Sprintf("%s has %d %s, gets %d more and then gives %d away. How many %s does %s have now?",
		p.who, p.a, p.thing, p.b, p.c, p.thing, p.who)
}

// steps are the solution's steps; wrong (1 or 2) makes that step's sum off by one, and later
// steps carry the slip.
func (p problem) steps(wrong int) []string {
	sum := p.a + p.b
	if wrong == 1 {
		sum++
	}
	left := sum - p.c
	if wrong == 2 {
		left++
	}
	return []string{
		fmt.Sprintf("%s starts with %d %s and gets %d more, so %d + %d = %d %s.", p.who, p.a, p.thing, p.b, p.a, p.b, sum, p.thing),
		fmt.Sprintf("Giving %d away leaves %d - %d = %d %s.", p.c, sum, p.c, left, p.thing),
		fmt.Sprintf("The answer is %d.", left),
	}
}

func (p problem) answer() int { return p.a + p.b - p.c }

func processBench(subset string, n int) []byte {
	type row struct {
		ID                 string   `json:"id"`
		Generator          string   `json:"generator"`
		Problem            string   `json:"problem"`
		Steps              []string `json:"steps"`
		FinalAnswerCorrect bool     `json:"final_answer_correct"`
		Label              int      `json:"label"`
	}
	rows := make([]row, n)
	for i := range rows {
		p := problemN(i)
		wrong := i % 3 // 0: right; 1, 2: that step slips
		rows[i] = row{ID: fmt.Sprintf("%s-%d", subset, i), Generator: "fixture", Problem: p.question(),
			Steps: p.steps(wrong), FinalAnswerCorrect: wrong == 0, Label: wrong - 1}
	}
	b, _ := json.MarshalIndent(rows, "", "  ")
	return b
}

func gsm8k(from, n int) []byte {
	var out strings.Builder
	for i := from; i < from+n; i++ {
		p := problemN(i)
		s := p.a + p.b
		ans := fmt.Sprintf("%s gets %d + %d = <<%d+%d=%d>>%d %s.\nThen %d - %d = <<%d-%d=%d>>%d are left.\n#### %d",
			p.who, p.a, p.b, p.a, p.b, s, s, p.thing, s, p.c, s, p.c, s-p.c, s-p.c, s-p.c)
		b, _ := json.Marshal(map[string]string{"question": p.question(), "answer": ans})
		out.Write(b)
		out.WriteByte('\n')
	}
	return []byte(out.String())
}

func prmBench(split string, from, n int) []byte {
	var out strings.Builder
	for i := from; i < from+n; i++ {
		p := problemN(i)
		wrong := 1 + i%2
		row := map[string]any{
			"original_question": p.question(), "modified_question": p.question(), "question": p.question(),
			"original_process": p.steps(0), "modified_process": p.steps(wrong),
			"modified_steps": []int{wrong}, "error_steps": []int{wrong},
			"reason": fmt.Sprintf("step %d adds or subtracts wrongly", wrong), "idx": fmt.Sprintf("prm_%s_%d", split, i),
			"classification": "counterfactual", "ground_truth": fmt.Sprint(p.answer()),
		}
		b, _ := json.Marshal(row)
		out.Write(b)
		out.WriteByte('\n')
	}
	return []byte(out.String())
}

func mrGSM8K(from, n int, grader string) []byte {
	rows := make([]map[string]any, 0, n)
	for i := from; i < from+n; i++ {
		p := problemN(i)
		wrong := 1 + i%2
		var steps []string
		for k, st := range p.steps(wrong) {
			steps = append(steps, fmt.Sprintf("Step %d: %s", k+1, st))
		}
		rows = append(rows, map[string]any{
			"uuid": fmt.Sprintf("%08d-fixture", i), "question": p.question(),
			"ground_truth_solution": fmt.Sprintf("%d + %d - %d = %d\n#### %d", p.a, p.b, p.c, p.answer(), p.answer()),
			"ground_truth_answer":   fmt.Sprint(p.answer()), "model_output_steps": steps,
			"model_output_answer_correctness": "wrong", "model_output_solution_correctness": "wrong",
			"model_output_solution_first_error_step":   wrong,
			"model_output_solution_first_error_reason": "graded by the " + grader + " file",
			"question_type": "original", "grader_eval_output": "not kept",
		})
	}
	b, _ := json.MarshalIndent(rows, "", "  ")
	return b
}
