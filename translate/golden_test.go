package translate

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// goldenStep is what the golden file pins down for a step: the verdicts
// and the normalised claims, not the prose of the reasons.
type goldenStep struct {
	Verdict     StepVerdict `json:"verdict"`
	Obligations []goldenOb  `json:"obligations"`
	Skipped     int         `json:"skipped"`
}

type goldenOb struct {
	Expr    string  `json:"expr"`
	Kind    Kind    `json:"kind"`
	Verdict Verdict `json:"verdict"`
	Span    string  `json:"span"`
	Lean    string  `json:"lean"`
}

// TestGolden translates the synthetic chains of testdata
// and compares the decoded result with the golden file (go test -run
// TestGolden -update rewrites it).
func TestGolden(t *testing.T) {
	dir := "testdata"
	f, err := os.Open(filepath.Join(dir, "chains.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	inputs, err := DecodeInputs(f)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]goldenStep{}
	for _, in := range inputs {
		res, err := tr.Chain(context.Background(), in.ID, in.Steps)
		if err != nil {
			t.Fatal(err)
		}
		var steps []goldenStep
		for _, s := range res.Steps {
			gs := goldenStep{Verdict: s.Verdict, Skipped: len(s.Skipped), Obligations: []goldenOb{}}
			for _, o := range s.Obligations {
				gs.Obligations = append(gs.Obligations, goldenOb{o.Expr, o.Kind, o.Verdict, o.Span.Text, o.Lean})
			}
			steps = append(steps, gs)
		}
		got[in.ID] = steps
	}
	path := filepath.Join(dir, "chains.golden.json")
	if *update {
		b, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string][]goldenStep
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	for id, w := range want {
		if !reflect.DeepEqual(got[id], w) {
			g, _ := json.MarshalIndent(got[id], "", "  ")
			t.Errorf("chain %s differs from the golden file; got\n%s", id, g)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d chains, golden file has %d", len(got), len(want))
	}
}
