package formal

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

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// verify-proof end to end on the simulator (VerifyRunner): the candidate goes through verify's static
// layer, then through a pool of simulator processes, whose reply verify judges.

type leanSuiteRow struct {
	ID        string      `json:"id"`
	Technique string      `json:"technique"`
	Expect    verify.Code `json:"expect"`
	Statement string      `json:"statement"`
	Proof     string      `json:"proof"`
}

var leanSuiteDir = filepath.Join("..", "..", "testdata", "verify")

func leanLoadSuite(t *testing.T, name string) []leanSuiteRow {
	t.Helper()
	f, err := os.Open(filepath.Join(leanSuiteDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []leanSuiteRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r leanSuiteRow
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

// Every honest proof is verified by the simulator, with only the standard axioms, and is
// reported as the simulator's verdict; every cheating proof is rejected.
func TestVerifySuitesOnSimulator(t *testing.T) {
	p := leanSimPool(t, 2)
	runner := VerifyRunner(p)
	for _, file := range []string{"honest.jsonl", "cheating.jsonl"} {
		data, err := os.ReadFile(filepath.Join(leanSuiteDir, file))
		if err != nil {
			t.Fatal(err)
		}
		rows := leanLoadSuite(t, file)
		var out strings.Builder
		sum, err := verify.RunBatch(leanCtx(t), strings.NewReader(string(data)), &out,
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
				if r.Status != verify.StatusVerified || r.Checker != repl.BackendSim {
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
		if file == "honest.jsonl" && (sum.Verified != len(rows) || !slices.Equal(sum.Checkers, []string{repl.BackendSim})) {
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
	p := leanSimPool(t, 1)
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
	for _, row := range leanLoadSuite(t, "cheating.jsonl") {
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
		reply, err := runner.RunCommand(leanCtx(t), "", cmd)
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
		want, isExpected := wantCode[row.ID]
		if isExpected && !slices.Contains(codes, want) {
			t.Errorf("%s: reasons %v, want %s", row.ID, codes, want)
		}
		if !isExpected && !slices.Contains(codes, verify.CodeLeanError) {
			t.Errorf("%s: reasons %v, want an error", row.ID, codes)
		}
	}
	if checked < 19 { // the rows of these four techniques in the suite today
		t.Errorf("only %d cheats checked", checked)
	}
}

// Both adapters read one reply through replyOf: the same messages at the same starts (translate
// also keeps the end), the same sorries (translate keeps their lines), nil lists when none.
func TestAdaptersReadOneReply(t *testing.T) {
	resp := &repl.CommandResponse{
		Messages: []repl.Message{
			{Severity: "error", Pos: repl.Pos{Line: 2, Column: 4}, EndPos: &repl.Pos{Line: 2, Column: 9}, Data: "type mismatch"},
			{Severity: "warning", Pos: repl.Pos{Line: 3, Column: 0}, Data: "declaration uses 'sorry'"},
		},
		Sorries: []repl.Sorry{{Goal: "⊢ False", Pos: &repl.Pos{Line: 3, Column: 7}}, {Goal: "⊢ True"}},
	}
	r := replyOf(resp)
	tr, vr := r.translateReply(), r.verifyReply()
	require.Len(t, tr.Messages, 2)
	require.Len(t, vr.Messages, 2)
	for i, m := range tr.Messages {
		v := vr.Messages[i]
		if m.Severity != v.Severity || m.Line != v.Line || m.Column != v.Column || m.Data != v.Data {
			t.Errorf("message %d: translate %+v, verify %+v", i, m, v)
		}
	}
	if e := tr.Messages[0]; e.EndLine != 2 || e.EndColumn != 9 {
		t.Errorf("end of the first message: %+v", e)
	}
	if e := tr.Messages[1]; e.EndLine != 0 || e.EndColumn != 0 {
		t.Errorf("a message without endPos: %+v", e)
	}
	if !slices.Equal(tr.SorryLines, []int{3, 0}) {
		t.Errorf("sorry lines %v", tr.SorryLines)
	}
	want := []verify.Sorry{{Goal: "⊢ False", Line: 3, Column: 7}, {Goal: "⊢ True"}}
	if !slices.Equal(vr.Sorries, want) {
		t.Errorf("sorries %+v, want %+v", vr.Sorries, want)
	}
	empty := replyOf(&repl.CommandResponse{})
	if tr, vr := empty.translateReply(), empty.verifyReply(); tr.Messages != nil || tr.SorryLines != nil || vr.Messages != nil || vr.Sorries != nil {
		t.Errorf("an empty reply gave non-nil lists: %+v %+v", tr, vr)
	}
}

// The two adapters over one simulator pool agree on a real reply, and name the simulator.
func TestAdaptersOnSimulator(t *testing.T) {
	p := leanSimPool(t, 1)
	const cmd = "theorem t1 : 1 + 1 = 3 := by decide\ntheorem t2 : 2 = 2 := by sorry\n"
	tl, vr := TranslateLean(p, ""), VerifyRunner(p)
	a, err := tl.RunCommand(leanCtx(t), cmd)
	require.NoError(t, err)
	b, err := vr.RunCommand(leanCtx(t), "", cmd)
	require.NoError(t, err)
	require.NotEmpty(t, a.Messages)
	require.Len(t, b.Messages, len(a.Messages))
	for i, m := range a.Messages {
		v := b.Messages[i]
		if m.Severity != v.Severity || m.Line != v.Line || m.Column != v.Column || m.Data != v.Data {
			t.Errorf("message %d: translate %+v, verify %+v", i, m, v)
		}
	}
	require.Len(t, b.Sorries, len(a.SorryLines))
	for i, s := range b.Sorries {
		if s.Line != a.SorryLines[i] {
			t.Errorf("sorry %d: line %d, translate %d", i, s.Line, a.SorryLines[i])
		}
	}
	if tl.Backend() != repl.BackendSim || vr.Backend() != repl.BackendSim {
		t.Errorf("backends %q %q, want sim", tl.Backend(), vr.Backend())
	}
}
