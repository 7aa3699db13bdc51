package leanbridge

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/leanbridge/verify"
)

// verify-proof end to end on the simulator: the candidate goes through verify's static
// layer, then through a pool of simulator processes, whose reply verify judges.

type suiteRow struct {
	ID        string      `json:"id"`
	Technique string      `json:"technique"`
	Expect    verify.Code `json:"expect"`
	Statement string      `json:"statement"`
	Proof     string      `json:"proof"`
}

var suiteDir = filepath.Join("..", "testdata", "verify")

func loadSuite(t *testing.T, name string) []suiteRow {
	t.Helper()
	f, err := os.Open(filepath.Join(suiteDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []suiteRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r suiteRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s line %d: %v", name, len(rows)+1, err)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func simPool(t *testing.T, workers int) *Pool {
	t.Helper()
	cfg := simConfig()
	cfg.Workers = workers
	p, err := NewPool(ctxT(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// Every honest proof is verified by the simulator, with only the standard axioms, and is
// reported as the simulator's verdict; every cheating proof is rejected.
func TestVerifySuitesOnSimulator(t *testing.T) {
	p := simPool(t, 2)
	runner := VerifyRunner(p)
	for _, file := range []string{"honest.jsonl", "cheating.jsonl"} {
		data, err := os.ReadFile(filepath.Join(suiteDir, file))
		if err != nil {
			t.Fatal(err)
		}
		rows := loadSuite(t, file)
		var out strings.Builder
		sum, err := verify.RunBatch(ctxT(t), strings.NewReader(string(data)), &out,
			verify.BatchOptions{Options: verify.Options{Runner: runner}, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		results := map[string]verify.Result{}
		dec := json.NewDecoder(strings.NewReader(out.String()))
		for {
			var line map[string]json.RawMessage
			if err := dec.Decode(&line); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			if _, ok := line["status"]; !ok {
				continue // the summary line
			}
			var r verify.Result
			raw, _ := json.Marshal(line)
			if err := json.Unmarshal(raw, &r); err != nil {
				t.Fatal(err)
			}
			results[r.ID] = r
		}
		if len(results) != len(rows) || sum.Total != len(rows) {
			t.Fatalf("%s: %d results for %d rows (summary %+v)", file, len(results), len(rows), sum)
		}
		for _, row := range rows {
			r := results[row.ID]
			if row.Expect == "" {
				if r.Status != verify.StatusVerified || r.Checker != BackendSim {
					t.Errorf("honest %s (%s): %s by %q: %v", row.ID, row.Technique, r.Status, r.Checker, r.Reasons)
				}
				for _, a := range r.Axioms {
					if !slices.Contains(verify.DefaultAllowedAxioms, a) {
						t.Errorf("honest %s uses axiom %s", row.ID, a)
					}
				}
				continue
			}
			if r.Status != verify.StatusRejected || !slices.Contains(r.Codes(), row.Expect) {
				t.Errorf("cheat %s (%s): %s %v, want rejected with %s", row.ID, row.Technique, r.Status, r.Codes(), row.Expect)
			}
		}
		if file == "honest.jsonl" && (sum.Verified != len(rows) || !slices.Equal(sum.Checkers, []string{BackendSim})) {
			t.Errorf("honest suite: %+v", sum)
		}
		if file == "cheating.jsonl" && sum.Rejected != len(rows) {
			t.Errorf("cheating suite: %+v", sum)
		}
		t.Logf("%s: %+v", file, sum)
	}
}

// The cheats whose trick Lean itself can see (sorry, admit, native_decide, axioms) are also
// rejected by the confirmation layer alone: sent to the simulator as they are, past the
// static layer, the reply carries a sorry, an error or a disallowed axiom.
func TestCheatsSentDirectlyAreRejectedByLean(t *testing.T) {
	p := simPool(t, 1)
	runner := VerifyRunner(p)
	// What the simulator must say for the cheats it models; the others fail with an error
	// (a construct it does not simulate), which rejects them too.
	wantCode := map[string]verify.Code{
		"sorry-plain": verify.CodeLeanSorry, "sorry-term": verify.CodeLeanSorry,
		"admit-tactic": verify.CodeLeanSorry, "sorry-stop": verify.CodeLeanSorry,
		"sorry-nested-comment-trick": verify.CodeLeanSorry, "sorry-after-dashes-string": verify.CodeLeanSorry,
		"sorry-in-helper":    verify.CodeLeanSorry,
		"native-decide":      verify.CodeDisallowedAxioms,
		"decide-plus-native": verify.CodeDisallowedAxioms, "decide-config-native": verify.CodeDisallowedAxioms,
		"decide-escaped-native": verify.CodeDisallowedAxioms, "decide-native-config": verify.CodeDisallowedAxioms,
		"axiom-used": verify.CodeDisallowedAxioms, "axiom-false": verify.CodeDisallowedAxioms,
	}
	checked := 0
	for _, row := range loadSuite(t, "cheating.jsonl") {
		switch row.Expect {
		case verify.CodeSorry, verify.CodeAdmit, verify.CodeNativeDecide, verify.CodeAxiom:
		default:
			continue
		}
		if strings.ContainsAny(row.Proof, "\x00\u00a0\u200b") {
			continue // the static layer's business: Lean would read these differently
		}
		checked++
		st, err := verify.ParseStatement(row.Statement)
		if err != nil {
			t.Fatal(err)
		}
		cmd := strings.TrimRight(row.Proof, "\n") + "\n"
		axiomsLine := strings.Count(cmd, "\n") + 1
		cmd += "#print axioms " + st.NameText + "\n"
		reply, err := runner.RunCommand(ctxT(t), "", cmd)
		if err != nil {
			t.Fatalf("%s: %v", row.ID, err)
		}
		v := verify.Judge(reply, st.NameText, axiomsLine, 0, verify.DefaultAllowedAxioms)
		var codes []verify.Code
		for _, r := range v.Reasons {
			codes = append(codes, r.Code)
		}
		if len(codes) == 0 {
			t.Errorf("%s (%s): the confirmation layer accepted it: %+v", row.ID, row.Technique, reply)
			continue
		}
		if want, ok := wantCode[row.ID]; ok && !slices.Contains(codes, want) {
			t.Errorf("%s: reasons %v, want %s", row.ID, codes, want)
		}
		if !ok(wantCode, row.ID) && !slices.Contains(codes, verify.CodeLeanError) {
			t.Errorf("%s: reasons %v, want an error", row.ID, codes)
		}
	}
	if checked < 19 { // the rows of these four techniques in the suite today
		t.Errorf("only %d cheats checked", checked)
	}
}

func ok(m map[string]verify.Code, k string) bool { _, found := m[k]; return found }

// Chains taken from the honest proofs (their `by` blocks split into steps) verify on the
// simulator step by step.
func TestHonestProofsAsChains(t *testing.T) {
	w := startSimWorker(t)
	chains := 0
	for _, row := range loadSuite(t, "honest.jsonl") {
		ch, err := ChainFromSource(row.Proof, "")
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
