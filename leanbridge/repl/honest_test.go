package repl

import (
	"encoding/json"
	"errors"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// honestProofs reads the ids and proofs of testdata/verify/honest.jsonl.
func honestProofs(t *testing.T) []struct{ ID, Proof string } {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "verify", "honest.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []struct{ ID, Proof string }
	for dec := json.NewDecoder(f); ; {
		var r struct{ ID, Proof string }
		if err := dec.Decode(&r); errors.Is(err, io.EOF) {
			return rows
		} else if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
}

// Chains taken from the honest proofs (their `by` blocks split into steps) verify on the
// simulator step by step.
func TestHonestProofsAsChains(t *testing.T) {
	w := startSimWorker(t)
	chains := 0
	for _, row := range honestProofs(t) {
		ch, err := proofchain.FromSource(row.Proof, "")
		if err != nil {
			if !strings.Contains(err.Error(), "not a `by` block") {
				t.Errorf("%s: %v", row.ID, err)
			}
			continue
		}
		chains++
		res, err := w.CheckChain(ctxT(t), ch)
		if err != nil {
			t.Fatalf("%s: %v", row.ID, err)
		}
		if !res.Verified {
			t.Errorf("%s: %v\nsteps %q\n%+v", row.ID, res.Problems, ch.Steps, res.Steps)
		}
	}
	if chains < 15 {
		t.Errorf("only %d honest proofs were chains", chains)
	}
}
