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

// The cheats whose trick Lean itself can see (sorry, admit, native_decide, axioms), sent to
// the REPL simulator (not Lean) as they are, past the static layer: the confirmation layer
// rejects each one the simulator models, with the code a Lean reply would give. A cheat the
// simulator does not model comes back "not simulated"; that is no rejection and is not
// counted as one (the real-Lean version is TestLeanCatchesCheatsWithoutStaticChecks).
func TestCheatsSentDirectlyAreRejectedBySimulatorConfirmation(t *testing.T) {
	runner := REPLRunner(simchild.Pool(t, 1))
	// What the simulator must say for the cheats it models.
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
	rejected, unmodelled := 0, 0
	for _, row := range loadSuite(t, "cheating.jsonl") {
		switch row.Expect {
		case CodeSorry, CodeAdmit, CodeNativeDecide, CodeAxiom:
		default:
			continue
		}
		if strings.ContainsAny(row.Proof, "\x00\u00a0\u200b") {
			continue // the static layer's business: Lean would read these differently
		}
		st, err := ParseStatement(row.Statement)
		require.NoError(t, err)
		cmd := strings.TrimRight(row.Proof, "\n") + "\n"
		axiomsLine := strings.Count(cmd, "\n") + 1
		cmd += "#print axioms " + st.NameText + "\n"
		reply, err := runner.RunCommand(simchild.Context(t), "", cmd)
		require.NoError(t, err, row.ID)
		if notSimulated(reply) {
			unmodelled++
			t.Logf("%s: not simulated (not counted)", row.ID)
			assert.NotContains(t, wantCode, row.ID, "%s: a cheat the simulator models came back not simulated", row.ID)
			continue
		}
		v := Judge(reply, st.NameText, axiomsLine, 0, DefaultAllowedAxioms)
		codes := codesOf(v.Reasons)
		if !assert.NotEmpty(t, codes, "%s (%s): the confirmation layer accepted it: %+v", row.ID, row.Technique, reply) {
			continue
		}
		rejected++
		if want, isExpected := wantCode[row.ID]; isExpected {
			assert.Contains(t, codes, want, "%s: reasons", row.ID)
		} else {
			assert.Contains(t, codes, CodeLeanError, "%s: reasons, want an error", row.ID)
		}
	}
	t.Logf("rejected by the simulator's confirmation: %d; not simulated, not counted: %d", rejected, unmodelled)
	assert.GreaterOrEqual(t, rejected, len(wantCode), "every modelled cheat is rejected")
}

// notSimulated: the reply carries the simulator's "not simulated" error, which says nothing
// about what Lean would do.
func notSimulated(r Reply) bool {
	for _, m := range r.Messages {
		if m.Severity == "error" && strings.Contains(m.Data, "is not simulated") {
			return true
		}
	}
	return false
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
