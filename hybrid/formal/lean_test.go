package formal

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/verify"

	"github.com/stretchr/testify/assert"
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
	require.NoError(t, err)
	defer f.Close()
	var rows []leanSuiteRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r leanSuiteRow
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "%s line %d", name, len(rows)+1)
		rows = append(rows, r)
	}
	require.NoError(t, sc.Err())
	return rows
}

// Every honest proof is verified by the simulator, with only the standard axioms, and is
// reported as the simulator's verdict; every cheating proof is rejected.
func TestVerifySuitesOnSimulator(t *testing.T) {
	p := leanSimPool(t, 2)
	runner := VerifyRunner(p)
	for _, file := range []string{"honest.jsonl", "cheating.jsonl"} {
		data, err := os.ReadFile(filepath.Join(leanSuiteDir, file))
		require.NoError(t, err)
		rows := leanLoadSuite(t, file)
		var out strings.Builder
		sum, err := verify.RunBatch(leanCtx(t), strings.NewReader(string(data)), &out,
			verify.BatchOptions{Options: verify.Options{Runner: runner}, Workers: 2})
		require.NoError(t, err)
		results := map[string]verify.Result{}
		dec := json.NewDecoder(strings.NewReader(out.String()))
		for {
			var line map[string]json.RawMessage
			err := dec.Decode(&line)
			if errors.Is(err, io.EOF) {
				break
			}
			require.NoError(t, err)
			if _, ok := line["status"]; !ok {
				continue // the summary line
			}
			var r verify.Result
			raw, _ := json.Marshal(line)
			require.NoError(t, json.Unmarshal(raw, &r))
			results[r.ID] = r
		}
		require.Len(t, results, len(rows), "%s: results for rows (summary %+v)", file, sum)
		require.Equal(t, len(rows), sum.Total, "%s: summary total (summary %+v)", file, sum)
		for _, row := range rows {
			r := results[row.ID]
			if row.Expect == "" {
				assert.Equal(t, verify.StatusVerified, r.Status, "honest %s (%s) by %q: %v", row.ID, row.Technique, r.Checker, r.Reasons)
				assert.Equal(t, repl.BackendSim, r.Checker, "honest %s (%s): %s: %v", row.ID, row.Technique, r.Status, r.Reasons)
				for _, a := range r.Axioms {
					assert.Contains(t, verify.DefaultAllowedAxioms, a, "honest %s uses axiom %s", row.ID, a)
				}
				continue
			}
			assert.Equal(t, verify.StatusRejected, r.Status, "cheat %s (%s): %v, want rejected with %s", row.ID, row.Technique, r.Codes(), row.Expect)
			assert.Contains(t, r.Codes(), row.Expect, "cheat %s (%s): %s, want rejected with %s", row.ID, row.Technique, r.Status, row.Expect)
		}
		if file == "honest.jsonl" {
			assert.Equal(t, len(rows), sum.Verified, "honest suite: %+v", sum)
			assert.Equal(t, []string{repl.BackendSim}, sum.Checkers, "honest suite: %+v", sum)
		}
		if file == "cheating.jsonl" {
			assert.Equal(t, len(rows), sum.Rejected, "cheating suite: %+v", sum)
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
		require.NoError(t, err)
		cmd := strings.TrimRight(row.Proof, "\n") + "\n"
		axiomsLine := strings.Count(cmd, "\n") + 1
		cmd += "#print axioms " + st.NameText + "\n"
		reply, err := runner.RunCommand(leanCtx(t), "", cmd)
		require.NoError(t, err, row.ID)
		v := verify.Judge(reply, st.NameText, axiomsLine, 0, verify.DefaultAllowedAxioms)
		var codes []verify.Code
		for _, r := range v.Reasons {
			codes = append(codes, r.Code)
		}
		if !assert.NotEmpty(t, codes, "%s (%s): the confirmation layer accepted it: %+v", row.ID, row.Technique, reply) {
			continue
		}
		want, isExpected := wantCode[row.ID]
		if isExpected {
			assert.Contains(t, codes, want, "%s: reasons", row.ID)
		} else {
			assert.Contains(t, codes, verify.CodeLeanError, "%s: reasons, want an error", row.ID)
		}
	}
	// the rows of these four techniques in the suite today
	assert.GreaterOrEqual(t, checked, 19, "only %d cheats checked", checked)
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
		assert.Equal(t, m.Severity, v.Severity, "message %d: translate %+v, verify %+v", i, m, v)
		assert.Equal(t, m.Line, v.Line, "message %d: translate %+v, verify %+v", i, m, v)
		assert.Equal(t, m.Column, v.Column, "message %d: translate %+v, verify %+v", i, m, v)
		assert.Equal(t, m.Data, v.Data, "message %d: translate %+v, verify %+v", i, m, v)
	}
	e := tr.Messages[0]
	assert.Equal(t, 2, e.EndLine, "end of the first message: %+v", e)
	assert.Equal(t, 9, e.EndColumn, "end of the first message: %+v", e)
	e = tr.Messages[1]
	assert.Zero(t, e.EndLine, "a message without endPos: %+v", e)
	assert.Zero(t, e.EndColumn, "a message without endPos: %+v", e)
	assert.Equal(t, []int{3, 0}, tr.SorryLines, "sorry lines")
	want := []verify.Sorry{{Goal: "⊢ False", Line: 3, Column: 7}, {Goal: "⊢ True"}}
	assert.Equal(t, want, vr.Sorries, "sorries")
	empty := replyOf(&repl.CommandResponse{})
	etr, evr := empty.translateReply(), empty.verifyReply()
	assert.Nil(t, etr.Messages, "an empty reply gave non-nil lists: %+v %+v", etr, evr)
	assert.Nil(t, etr.SorryLines, "an empty reply gave non-nil lists: %+v %+v", etr, evr)
	assert.Nil(t, evr.Messages, "an empty reply gave non-nil lists: %+v %+v", etr, evr)
	assert.Nil(t, evr.Sorries, "an empty reply gave non-nil lists: %+v %+v", etr, evr)
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
		assert.Equal(t, m.Severity, v.Severity, "message %d: translate %+v, verify %+v", i, m, v)
		assert.Equal(t, m.Line, v.Line, "message %d: translate %+v, verify %+v", i, m, v)
		assert.Equal(t, m.Column, v.Column, "message %d: translate %+v, verify %+v", i, m, v)
		assert.Equal(t, m.Data, v.Data, "message %d: translate %+v, verify %+v", i, m, v)
	}
	require.Len(t, b.Sorries, len(a.SorryLines))
	for i, s := range b.Sorries {
		assert.Equal(t, a.SorryLines[i], s.Line, "sorry %d: verify line against translate", i)
	}
	assert.Equal(t, repl.BackendSim, tl.Backend(), "translate backend")
	assert.Equal(t, repl.BackendSim, vr.Backend(), "verify backend")

}
