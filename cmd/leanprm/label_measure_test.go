package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/generate"
	"github.com/leanprm/leanprm/internal/gensim"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// TestMeasureTrainOnLabels is the zero-annotation loop at scale: the generator simulator
// writes one chain for each of the first 2000 GSM8K training problems at slip rate 0.15,
// `leanprm label --method combined --rollouts 8` labels them (proofs where they decide,
// Math-Shepherd's mc-hard elsewhere, through the simulator on loopback), and
// `leanprm train --labels --cv` retrains the embedded model with them and prints its
// ProcessBench dev F1, dev and cross-validated, beside today's built-in model.
//
//	LEANPRM_MEASURE=1 go test -run TestMeasureTrainOnLabels -v -timeout 60m ./cmd/leanprm/
func TestMeasureTrainOnLabels(t *testing.T) {
	if os.Getenv("LEANPRM_MEASURE") == "" {
		t.Skip("a measurement: set LEANPRM_MEASURE=1 to run it")
	}
	const problems, slip = 2000, 0.15
	train := testshared.Path(t, "data/gsm8k/train.jsonl")
	f, err := os.Open(train)
	require.NoError(t, err)
	ps, err := gensim.ReadProblems(f, train)
	f.Close()
	require.NoError(t, err)
	ps = ps[:problems]
	sim, err := gensim.New(ps, gensim.Options{SlipRate: slip, Seed: 1})
	require.NoError(t, err)
	srv := httptest.NewServer(sim.Handler())
	defer srv.Close()
	gen, err := generate.New(generate.Options{BaseURL: srv.URL})
	require.NoError(t, err)

	dir := t.TempDir()
	chains := filepath.Join(dir, "sim-chains.jsonl")
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for i, p := range ps {
		s, err := gen.Continue(context.Background(), p.Question, nil, 1, generate.Params{Temperature: 0.8, Final: true})
		require.NoError(t, err)
		require.NoError(t, enc.Encode(map[string]any{"id": fmt.Sprintf("sim-%d", i), "problem": p.Question,
			"steps": strings.Split(s[0].Text, generate.DefaultStop), "gold": p.Answer}))
	}
	require.NoError(t, os.WriteFile(chains, buf.Bytes(), 0o644))

	labels := filepath.Join(dir, "labels.jsonl")
	var o, e bytes.Buffer
	require.NoError(t, Run(context.Background(), []string{"label", "--checker", "exact", "--method", "combined", "--rollouts", "8",
		"--generator", srv.URL, "-o", labels, chains}, nil, &o, &e), e.String())
	t.Logf("label: %s", e.String())

	o.Reset()
	e.Reset()
	require.NoError(t, Run(context.Background(), []string{"train", "--checker", "exact", "--data", filepath.Dir(filepath.Dir(train)),
		"--labels", labels, "--cv"}, nil, &o, &e), e.String())
	t.Logf("train --labels --cv:\n%s", o.String())
	require.Contains(t, o.String(), "today's model")
	require.Contains(t, o.String(), "retrained with")
}
