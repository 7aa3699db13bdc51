package verify

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/simchild"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// verify-proof end to end on the simulator (REPLRunner): the candidate goes through the static
// layer, then through a pool of simulator processes, whose reply Judge reads.

// Every honest proof is verified by the simulator, with only the standard axioms, and is
// reported as the simulator's verdict; every cheating proof is rejected.
func TestVerifySuitesOnSimulator(t *testing.T) {
	runner := REPLRunner(simchild.Pool(t, 2))
	for _, file := range []string{"honest.jsonl", "cheating.jsonl"} {
		data, err := os.ReadFile(filepath.Join(suiteDir, file))
		require.NoError(t, err)
		rows := loadSuite(t, file)
		var out strings.Builder
		sum, err := RunBatch(simchild.Context(t), strings.NewReader(string(data)), &out,
			BatchOptions{Options: Options{Runner: runner}, Workers: 2})
		require.NoError(t, err)
		results := map[string]Result{}
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
			var r Result
			raw, _ := json.Marshal(line)
			require.NoError(t, json.Unmarshal(raw, &r))
			results[r.ID] = r
		}
		require.Len(t, results, len(rows), "%s: results for rows (summary %+v)", file, sum)
		require.Equal(t, len(rows), sum.Total, "%s: summary total (summary %+v)", file, sum)
		for _, row := range rows {
			r := results[row.ID]
			if row.Expect == "" {
				assert.Equal(t, StatusVerified, r.Status, "honest %s (%s) by %q: %v", row.ID, row.Technique, r.Checker, r.Reasons)
				assert.Equal(t, repl.BackendSim, r.Checker, "honest %s (%s): %s: %v", row.ID, row.Technique, r.Status, r.Reasons)
				for _, a := range r.Axioms {
					assert.Contains(t, DefaultAllowedAxioms, a, "honest %s uses axiom %s", row.ID, a)
				}
				continue
			}
			assert.Equal(t, StatusRejected, r.Status, "cheat %s (%s): %v, want rejected with %s", row.ID, row.Technique, r.Codes(), row.Expect)
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
	runner := REPLRunner(simchild.Pool(t, 1))
	// What the simulator must say for the cheats it models; the others fail with an error
	// (a construct it does not simulate), which rejects them too.
	wantCode := map[string]Code{
		"sorry-plain": CodeLeanSorry, "sorry-term": CodeLeanSorry,
		"admit-tactic": CodeLeanSorry, "sorry-stop": CodeLeanSorry,
		"sorry-nested-comment-trick": CodeLeanSorry, "sorry-after-dashes-string": CodeLeanSorry,
		"sorry-in-helper":    CodeLeanSorry,
		"native-decide":      CodeDisallowedAxioms,
		"decide-plus-native": CodeDisallowedAxioms, "decide-config-native": CodeDisallowedAxioms,
		"decide-escaped-native": CodeDisallowedAxioms, "decide-native-config": CodeDisallowedAxioms,
		"axiom-used": CodeDisallowedAxioms, "axiom-false": CodeDisallowedAxioms,
	}
	checked := 0
	for _, row := range loadSuite(t, "cheating.jsonl") {
		switch row.Expect {
		case CodeSorry, CodeAdmit, CodeNativeDecide, CodeAxiom:
		default:
			continue
		}
		if strings.ContainsAny(row.Proof, "\x00\u00a0\u200b") {
			continue // the static layer's business: Lean would read these differently
		}
		checked++
		st, err := ParseStatement(row.Statement)
		require.NoError(t, err)
		cmd := strings.TrimRight(row.Proof, "\n") + "\n"
		axiomsLine := strings.Count(cmd, "\n") + 1
		cmd += "#print axioms " + st.NameText + "\n"
		reply, err := runner.RunCommand(simchild.Context(t), "", cmd)
		require.NoError(t, err, row.ID)
		v := Judge(reply, st.NameText, axiomsLine, 0, DefaultAllowedAxioms)
		codes := codesOf(v.Reasons)
		if !assert.NotEmpty(t, codes, "%s (%s): the confirmation layer accepted it: %+v", row.ID, row.Technique, reply) {
			continue
		}
		if want, isExpected := wantCode[row.ID]; isExpected {
			assert.Contains(t, codes, want, "%s: reasons", row.ID)
		} else {
			assert.Contains(t, codes, CodeLeanError, "%s: reasons, want an error", row.ID)
		}
	}
	// the rows of these four techniques in the suite today
	assert.GreaterOrEqual(t, checked, 19, "only %d cheats checked", checked)
}

// replyOf keeps every message by its start and every sorry, a sorry without a position at
// line 0; an empty answer gives nil lists.
func TestReplyOf(t *testing.T) {
	resp := &repl.CommandResponse{
		Messages: []repl.Message{
			{Severity: "error", Pos: repl.Pos{Line: 2, Column: 4}, EndPos: &repl.Pos{Line: 2, Column: 9}, Data: "type mismatch"},
			{Severity: "warning", Pos: repl.Pos{Line: 3, Column: 0}, Data: "declaration uses 'sorry'"},
		},
		Sorries: []repl.Sorry{{Goal: "⊢ False", Pos: &repl.Pos{Line: 3, Column: 7}}, {Goal: "⊢ True"}},
	}
	want := Reply{
		Messages: []Message{
			{Severity: "error", Line: 2, Column: 4, Data: "type mismatch"},
			{Severity: "warning", Line: 3, Column: 0, Data: "declaration uses 'sorry'"},
		},
		Sorries: []Sorry{{Goal: "⊢ False", Line: 3, Column: 7}, {Goal: "⊢ True"}},
	}
	assert.Equal(t, want, replyOf(resp))
	empty := replyOf(&repl.CommandResponse{})
	assert.Nil(t, empty.Messages, "an empty answer gave non-nil lists: %+v", empty)
	assert.Nil(t, empty.Sorries, "an empty answer gave non-nil lists: %+v", empty)
}
