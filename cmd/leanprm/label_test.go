package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/label"
	"github.com/leanprm/leanprm/internal/gensim"
)

const labelChains = "../../testdata/label/chains.jsonl"

// simServer serves leanprm's generator simulator over the GSM8K-style test problems on
// loopback, wrapped by wrap when set.
func simServer(t *testing.T, slip float64, wrap func(http.Handler) http.Handler) *httptest.Server {
	t.Helper()
	ps, err := gensim.LoadFile("../../testdata/search/gsm8k-style.jsonl")
	require.NoError(t, err)
	sim, err := gensim.New(ps, gensim.Options{SlipRate: slip, Seed: 7})
	require.NoError(t, err)
	h := sim.Handler()
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func readLabelRows(t *testing.T, b []byte) []label.Chain {
	t.Helper()
	var out []label.Chain
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		var c label.Chain
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c), sc.Text())
		out = append(out, c)
	}
	return out
}

func rowLabels(c label.Chain) string {
	var b strings.Builder
	for _, s := range c.Steps {
		switch {
		case s.Label == nil:
			b.WriteByte('?')
		case *s.Label:
			b.WriteByte('T')
		default:
			b.WriteByte('F')
		}
	}
	return b.String()
}

func TestLabelFormalAndReadBack(t *testing.T) {
	var out, errb bytes.Buffer
	err := Run(context.Background(), []string{"label", "--checker", "exact", labelChains}, nil, &out, &errb)
	require.NoError(t, err, errb.String())
	rows := readLabelRows(t, out.Bytes())
	require.Len(t, rows, 3)
	// The exact checker refutes the slips; the right steps are prose whose arithmetic is
	// verified, which is no proof of the step: unknown.
	assert.Equal(t, "F??", rowLabels(rows[0]))
	assert.Equal(t, "???", rowLabels(rows[1]))
	assert.Equal(t, "?F?", rowLabels(rows[2]))
	assert.Equal(t, label.SourceFormal, rows[0].Steps[0].Source)
	assert.Equal(t, "exact", rows[0].Steps[0].Checker)
	assert.Contains(t, rows[0].Steps[0].Reason, "is 12, not 13")
	require.NotNil(t, rows[0].FirstError)
	assert.Equal(t, 0, *rows[0].FirstError)
	assert.Nil(t, rows[2].FirstError, "an unknown step before the refuted one")
	assert.Equal(t, "exact", rows[0].Checker)
	assert.Zero(t, rows[0].Rollouts)
	assert.Contains(t, errb.String(), "formal: 3 chains labelled, 0 failed; 9 steps: 0 right, 2 wrong, 7 unknown")

	// Every export reads back through check, which reads any format leanprm writes.
	dir := t.TempDir()
	for _, f := range []string{"labels", "trl", "fover", "processbench", "prm800k"} {
		path := filepath.Join(dir, "out."+f+".jsonl")
		var o, e bytes.Buffer
		require.NoError(t, Run(context.Background(), []string{"label", "--checker", "exact", "--output-format", f, "-o", path, labelChains}, nil, &o, &e), e.String())
		var co, ce bytes.Buffer
		require.NoError(t, Run(context.Background(), []string{"check", "--checker", "exact", "--jsonl", path}, nil, &co, &ce), "%s: %s", f, ce.String())
		n := strings.Count(co.String(), "\n")
		want := map[string]int{"labels": 3, "trl": 0, "fover": 3, "processbench": 1, "prm800k": 3}[f]
		if f == "trl" {
			// A TRL row needs its first step labelled: only the first chain has one.
			want = 1
		}
		assert.Equal(t, want, n, "%s rows read back", f)
		if f == "processbench" || f == "trl" {
			var got struct {
				GoldFirstError int `json:"gold_first_error"`
			}
			require.NoError(t, json.Unmarshal([]byte(strings.SplitN(co.String(), "\n", 2)[0]), &got))
			assert.Equal(t, 0, got.GoldFirstError, "%s: the label survives the round trip", f)
		}
	}
}

func TestLabelMonteCarloThroughTheSimulator(t *testing.T) {
	srv := simServer(t, 0, nil)
	for _, tc := range []struct {
		method string
		labels []string
		first  []int
		// rollouts per chain at K=4: mc rolls out every prefix but the whole chain; omega
		// searches only chains whose own answer is wrong, ceil(log2 3) = 2 prefixes at most.
		rollouts []int
	}{
		{"mc-hard", []string{"FFF", "TTT", "TFF"}, []int{0, -1, 1}, []int{8, 8, 8}},
		{"mc-soft", []string{"FFF", "TTT", "TFF"}, []int{0, -1, 1}, []int{8, 8, 8}},
		{"omega", []string{"FFF", "TTT", "TFF"}, []int{0, -1, 1}, []int{8, 0, 8}},
		{"combined", []string{"FFF", "TTT", "TFF"}, []int{0, -1, 1}, []int{4, 8, 4}},
	} {
		t.Run(tc.method, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := Run(context.Background(), []string{"label", "--checker", "exact", "--method", tc.method, "--rollouts", "4",
				"--generator", srv.URL, labelChains}, nil, &out, &errb)
			require.NoError(t, err, errb.String())
			rows := readLabelRows(t, out.Bytes())
			require.Len(t, rows, 3)
			for i, r := range rows {
				assert.Equal(t, "22", rows[0].Gold)
				got := rowLabels(r)
				if tc.method == "omega" && i == 0 {
					got = got[:1] // after the located first error omega leaves steps it did not probe
				}
				want := tc.labels[i]
				if tc.method == "omega" && i == 0 {
					want = want[:1]
				}
				assert.Equal(t, want, got, "chain %s", r.ID)
				require.NotNil(t, r.FirstError, r.ID)
				assert.Equal(t, tc.first[i], *r.FirstError, r.ID)
				assert.Equal(t, tc.rollouts[i], r.Rollouts, r.ID)
				assert.Equal(t, 4, r.RolloutsPerPrefix)
			}
			if tc.method == "combined" {
				assert.Equal(t, label.SourceFormal, rows[0].Steps[0].Source, "the refutation decides, no rollout")
				assert.Equal(t, label.SourceMC, rows[0].Steps[1].Source)
				assert.Equal(t, label.SourceFormal, rows[2].Steps[1].Source)
			}
		})
	}
}

// TestLabelGeneratorDiesMidRun: the generator serves five completion requests, then its
// listener closes. The chains labelled before are written with their labels, every other
// chain is written with its error (nothing lost), each is named on stderr, and the exit
// status is 1.
func TestLabelGeneratorDiesMidRun(t *testing.T) {
	var (
		n    atomic.Int64
		srv  *httptest.Server
		once sync.Once
	)
	srv = simServer(t, 0, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/completions") && n.Add(1) > 5 {
				once.Do(func() { go srv.Listener.Close() })
				hj, ok := w.(http.Hijacker)
				if ok {
					if c, _, err := hj.Hijack(); err == nil {
						c.Close() // the connection drops without an answer
						return
					}
				}
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	in := filepath.Join(t.TempDir(), "six.jsonl")
	data, err := os.ReadFile("../../testdata/search/gsm8k-style.jsonl")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(in, data, 0o644))
	var out, errb bytes.Buffer
	err = Run(context.Background(), []string{"label", "--method", "mc-hard", "--rollouts", "2", "--concurrency", "1",
		"--generator-retries", "0", "--generator", srv.URL, in}, nil, &out, &errb)
	require.Error(t, err)
	assert.Equal(t, 1, exitCode(err, &errb))
	rows := readLabelRows(t, out.Bytes())
	require.Len(t, rows, strings.Count(string(data), "\n"), "every chain is written, labelled or with its error")
	labelled, failed := 0, 0
	for i, r := range rows {
		if r.Err == "" {
			labelled++
			require.Equal(t, labelled, i+1, "the labelled chains are the first ones")
			for _, s := range r.Steps {
				require.NotNil(t, s.Label)
			}
			continue
		}
		failed++
		assert.Nil(t, r.FirstError)
		assert.Contains(t, errb.String(), r.ID+" ("+r.Source+")")
	}
	assert.Positive(t, labelled)
	assert.Positive(t, failed)
	assert.Contains(t, errb.String(), "chains could not be labelled")
	assert.Contains(t, errb.String(), "the other")
}

// TestLabelInterrupted: Ctrl-C while the generator hangs. Every chain labelled before is on
// stdout, and the run ends at once with the interrupt.
func TestLabelInterrupted(t *testing.T) {
	var n atomic.Int64
	hung, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	srv := simServer(t, 0, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/completions") && n.Add(1) > 4 {
				// Read the body first: the server notices the client going away only then.
				_, _ = io.Copy(io.Discard, r.Body)
				once.Do(func() { close(hung) })
				select {
				case <-r.Context().Done():
				case <-release:
				}
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	t.Cleanup(func() { close(release) }) // before the server's Close, which waits for handlers
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"label", "--method", "mc-hard", "--rollouts", "2", "--concurrency", "1",
			"--generator", srv.URL, "../../testdata/search/gsm8k-style.jsonl"}, nil, &out, &errb)
	}()
	select {
	case <-hung:
	case <-time.After(30 * time.Second):
		t.Fatal("the generator was never asked a fifth time")
	}
	start := time.Now()
	cancel()
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("label did not stop on cancellation")
	}
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.True(t, errors.Is(err, context.Canceled), "%v", err)
	rows := readLabelRows(t, out.Bytes())
	assert.Len(t, rows, 2, "the two chains labelled before the hang (two prefixes each)")
	for _, r := range rows {
		assert.Empty(t, r.Err)
	}
}

func TestLabelFlags(t *testing.T) {
	for _, args := range [][]string{
		{"label", "--method", "mc", labelChains},
		{"label", "--method", "mc-hard", labelChains}, // no --generator
		{"label", "--output-format", "csv", labelChains},
		{"label", "--rollouts", "0", "--method", "omega", "--generator", "http://127.0.0.1:1", labelChains},
		{"label"},
	} {
		var out, errb bytes.Buffer
		err := Run(context.Background(), args, nil, &out, &errb)
		assert.Equal(t, 2, exitCode(err, &errb), "%v: %s", args, errb.String())
	}
}

// TestTrainOnLabelsIsUsedByCheck is the zero-annotation loop end to end: label chains with
// rollouts from the generator simulator, export them (FoVer), train the embedded model on
// the export alone, and check with --model: the learned scores are the new model's, and it
// ranks the steps it was taught wrong below the ones it was taught right.
func TestTrainOnLabelsIsUsedByCheck(t *testing.T) {
	srv := simServer(t, 0, nil)
	dir := t.TempDir()
	labels := filepath.Join(dir, "labels.fover.jsonl")
	for i, in := range []string{labelChains, "../../testdata/search/gsm8k-style.jsonl"} {
		out := filepath.Join(dir, fmt.Sprintf("part%d.jsonl", i))
		var o, e bytes.Buffer
		require.NoError(t, Run(context.Background(), []string{"label", "--method", "mc-hard", "--rollouts", "4", "--output-format", "fover",
			"--generator", srv.URL, "-o", out, in}, nil, &o, &e), e.String())
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		f, err := os.OpenFile(labels, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		require.NoError(t, err)
		_, err = f.Write(b)
		require.NoError(t, err)
		require.NoError(t, f.Close())
	}
	model := filepath.Join(dir, "model.bin")
	var o, e bytes.Buffer
	noData := filepath.Join(dir, "no-data") // no ProcessBench dev to calibrate on: uncalibrated
	require.NoError(t, os.Mkdir(noData, 0o755))
	require.NoError(t, Run(context.Background(), []string{"train", "--data", noData, "--sources", "labels", "--min-steps", "0", // 40 steps: written on purpose
		"--labels", labels, "--bags", "1", "--out", model}, nil, &o, &e), e.String())
	assert.Regexp(t, `train: labels: \d+ chains, [1-9]\d* right steps, [1-9]\d* wrong steps`, e.String(), "trained on both kinds of label")

	learned := func(args ...string) [][]float64 {
		var o, e bytes.Buffer
		require.NoError(t, Run(context.Background(), append([]string{"check", "--checker", "exact", "--jsonl"}, append(args, labelChains)...), nil, &o, &e), e.String())
		var out [][]float64
		sc := bufio.NewScanner(&o)
		for sc.Scan() {
			var r struct {
				Steps []struct {
					Learned float64 `json:"learned"`
				} `json:"steps"`
			}
			require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
			var s []float64
			for _, st := range r.Steps {
				s = append(s, st.Learned)
			}
			out = append(out, s)
		}
		return out
	}
	today, retrained := learned(), learned("--model", model)
	require.Len(t, retrained, 3)
	assert.NotEqual(t, today, retrained, "check scores with the model it was given")
	// Taught: chain 0 wrong from its first step, chain 1 right, chain 2 wrong from its second.
	assert.Less(t, retrained[0][0], retrained[1][0], "the slipped first step scores below the right one")
	assert.Less(t, retrained[2][1], retrained[1][1], "the slipped second step scores below the right one")

	var ce bytes.Buffer
	err := Run(context.Background(), []string{"check", "--model", filepath.Join(dir, "missing.bin"), labelChains}, nil, &o, &ce)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "prm.model")
}

// TestLabelSearchOutput labels what `leanprm search` wrote: its lines carry the problem, the
// chosen chain and the gold answer, so they are labelled as they are. (Search prunes the
// simulator's slips, which are refutable, so its chains are right: the labels say so.)
func TestLabelSearchOutput(t *testing.T) {
	srv := simServer(t, 0, nil)
	found := filepath.Join(t.TempDir(), "search.jsonl")
	var so, se bytes.Buffer
	require.NoError(t, Run(context.Background(), []string{"search", "--checker", "exact", "--generator", srv.URL, "--algo", "best-of-n", "--n", "2",
		"../../testdata/search/gsm8k-style.jsonl"}, nil, &so, &se), se.String())
	require.NoError(t, os.WriteFile(found, so.Bytes(), 0o644))
	var o, e bytes.Buffer
	require.NoError(t, Run(context.Background(), []string{"label", "--method", "omega", "--rollouts", "4", "--generator", srv.URL, found}, nil, &o, &e), e.String())
	rows := readLabelRows(t, o.Bytes())
	require.Len(t, rows, bytes.Count(so.Bytes(), []byte("\n")))
	for _, r := range rows {
		assert.NotEmpty(t, r.Gold, r.ID)
		assert.NotEmpty(t, r.Problem)
		require.NotNil(t, r.FirstError, r.ID)
		assert.Equal(t, -1, *r.FirstError, r.ID)
		assert.NotContains(t, rowLabels(r), "?")
		assert.Zero(t, r.Rollouts, "omega rolls out nothing when the chain's answer is right")
	}
}

// TestREADMELabelExample runs the README's step-label example line by line: the simulator on
// a free port in this process's place (the README's 127.0.0.1:8001 replaced), files in a
// temporary directory.
func TestREADMELabelExample(t *testing.T) {
	readme, err := os.ReadFile(repoFile(t, "README.md"))
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)```sh\n(bin/leanprm label --method formal [^`]*)```").FindSubmatch(readme)
	require.NotNil(t, m, "the README's label example")
	root := filepath.Dir(repoFile(t, "go.mod"))
	tmp := t.TempDir()
	var simURL string
	ran := 0
	for _, line := range strings.Split(strings.TrimSpace(string(m[1])), "\n") {
		args := strings.Fields(strings.TrimSuffix(strings.TrimSpace(line), "&"))[1:]
		if args[0] == "sim" {
			var rest []string
			for i := 2; i < len(args); i++ {
				if args[i] == "--problems" || args[i] == "--addr" {
					i++
					continue
				}
				rest = append(rest, args[i])
			}
			simURL, _ = startSimGenerator(t, rest...)
			continue
		}
		for i, a := range args {
			switch {
			case a == "http://127.0.0.1:8001/v1":
				args[i] = simURL
			case strings.HasPrefix(a, "testdata/"):
				args[i] = filepath.Join(root, a)
			case strings.HasSuffix(a, ".jsonl") || strings.HasSuffix(a, ".bin"):
				args[i] = filepath.Join(tmp, a)
			}
		}
		if args[0] == "train" {
			// Not data.dir but an empty directory: the labels alone, which are too few for a
			// model worth writing (TestREADMEExamples runs the line on fetched data).
			args = append(args, "--data", tmp, "--min-steps", "0")
		}
		var out, errb bytes.Buffer
		require.NoError(t, Run(context.Background(), args, nil, &out, &errb), "%s: %s", line, errb.String())
		ran++
		switch args[0] {
		case "label":
			if !slices.Contains(args, "-o") {
				assert.Len(t, readLabelRows(t, out.Bytes()), 3)
			}
		case "check":
			assert.Contains(t, out.String(), "apples-slip")
		}
	}
	assert.Equal(t, 4, ran)
	_, err = os.Stat(filepath.Join(tmp, "my-model.bin"))
	assert.NoError(t, err)
}

func TestLabelNeedsGoldAnswers(t *testing.T) {
	var out, errb bytes.Buffer
	err := Run(context.Background(), []string{"label", "--method", "omega", "--generator", "http://127.0.0.1:1/v1",
		"../../hybrid/chain/testdata/processbench.jsonl"}, nil, &out, &errb)
	require.Error(t, err)
	assert.Equal(t, 1, exitCode(err, &errb))
	assert.Contains(t, errb.String(), "no row states a gold answer")
	assert.Empty(t, out.String())
}
