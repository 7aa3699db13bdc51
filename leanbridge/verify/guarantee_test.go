package verify

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/leanprm/leanprm/internal/testutil/simchild"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// guaranteeRow is one row of testdata/guarantee (issue 32): per family, what real Lean would
// do with it is argued from Lean's source in its `lean` member.
type guaranteeRow struct {
	suiteRow
	Lean string `json:"lean"`
	// Listed: the configuration door is on a tactic that the old list of configured
	// tactics named (false: a tactic no list names).
	Listed *bool `json:"listed"`
	// Keyword: the unknown keyword a refusal must name.
	Keyword string `json:"keyword"`
}

func loadGuarantee(t *testing.T, name string) []guaranteeRow {
	t.Helper()
	rows := loadRows[guaranteeRow](t, filepath.Join("testdata", "guarantee", name))
	for _, r := range rows {
		require.NotEmpty(t, r.Lean, "%s: every row argues real Lean's behaviour", r.ID)
	}
	return rows
}

// refusedBeforeLean checks every row of a refusal family: rejected, with the row's code, and
// Lean (the accepting runner, which would verify anything that reached it) never asked.
func refusedBeforeLean(t *testing.T, rows []guaranteeRow) {
	accepting := &acceptingRunner{}
	for _, row := range rows {
		t.Run(row.ID, func(t *testing.T) {
			require.Contains(t, codeDocs, row.Expect)
			res := Check(context.Background(), row.Statement, row.Proof, Options{Runner: accepting})
			assert.Equal(t, StatusRejected, res.Status, "%s: %v", row.Technique, res.Reasons)
			assert.Contains(t, res.Codes(), row.Expect, "%s: got %v", row.Technique, res.Reasons)
			if row.Keyword != "" {
				named := false
				for _, r := range res.Reasons {
					if r.Code == row.Expect && strings.Contains(r.Detail, row.Keyword) {
						named = true
					}
				}
				assert.True(t, named, "%s: the refusal must name %s: %v", row.ID, row.Keyword, res.Reasons)
			}
		})
	}
	assert.Empty(t, accepting.cmds, "Lean was asked to run a refused proof")
}

// Every configuration door, on tactics the old list named and on tactics no list names, is
// refused before Lean.
func TestGuaranteeConfigDoorsRefused(t *testing.T) {
	rows := loadGuarantee(t, "config_doors.jsonl")
	listed, unlisted := 0, 0
	for _, r := range rows {
		require.NotNil(t, r.Listed, r.ID)
		if *r.Listed {
			listed++
		} else {
			unlisted++
		}
	}
	assert.GreaterOrEqual(t, listed, 5)
	assert.GreaterOrEqual(t, unlisted, 15)
	refusedBeforeLean(t, rows)
}

// Every declaration in Lean's internal namespaces is refused before Lean.
func TestGuaranteeInternalNamespacesRefused(t *testing.T) {
	rows := loadGuarantee(t, "internal_namespaces.jsonl")
	assert.GreaterOrEqual(t, len(rows), 12)
	refusedBeforeLean(t, rows)
}

// A command, attribute or option keyword outside the allow lists is refused, by name.
func TestGuaranteeUnknownKeywordsRefusedByName(t *testing.T) {
	rows := loadGuarantee(t, "unknown_keywords.jsonl")
	for _, r := range rows {
		require.NotEmpty(t, r.Keyword, r.ID)
	}
	assert.GreaterOrEqual(t, len(rows), 12)
	refusedBeforeLean(t, rows)
}

// Every honest form passes the static layer and is verified by a Lean that accepts it. On
// the simulator (not Lean) each is verified or, where the simulator does not model a form,
// answered "not simulated", never refuted with a Lean-looking error.
func TestGuaranteeHonestFormsAccepted(t *testing.T) {
	rows := loadGuarantee(t, "honest.jsonl")
	assert.GreaterOrEqual(t, len(rows), 25)
	honestReachLean(t, rows)
}

// On the REPL simulator (not Lean), every honest form is verified or answered "not
// simulated": never refuted with an error that reads like Lean's.
func TestGuaranteeHonestFormsOnSimulatorNeverRefuted(t *testing.T) {
	runner := REPLRunner(simchild.Pool(t, 1))
	verified, unmodelled := 0, 0
	for _, row := range loadGuarantee(t, "honest.jsonl") {
		t.Run(row.ID, func(t *testing.T) {
			res := Check(simchild.Context(t), row.Statement, row.Proof, Options{Runner: runner})
			if res.Status == StatusVerified {
				verified++
				return
			}
			unmodelled++
			require.Equal(t, StatusFailed, res.Status, "%v", res.Reasons)
			for _, r := range res.Reasons {
				if r.Code == CodeLeanError {
					assert.Contains(t, r.Detail, "not simulated", "%s: the simulator refuted an honest form", row.ID)
				}
			}
		})
	}
	t.Logf("on the simulator: %d verified, %d not simulated", verified, unmodelled)
}

// `in` is followed through the commands it scopes (issue 32 §6): an open scoped onto a
// section stays in force inside it, so the theorem inside that section is refused; an open
// scoped onto an `attribute … in` that scopes the theorem is on the theorem, where
// Classical's scoped instances are refused and Nat is allowed.
func TestInChainsFollowedThroughSectionAndAttribute(t *testing.T) {
	const st1 = "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"
	const body = " := by\n  omega\n"
	st, err := ParseStatement(st1)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, proof string
		want        Code // "" for accepted
	}{
		{"open in section around the theorem", "open Classical in section\n" + st1 + body + "end\n", CodeScopeChange},
		{"open in section closed before", "open Nat in section\ntheorem helper : True := trivial\nend\n\n" + st1 + body, ""},
		{"open Classical through attribute in", "open Classical in\nattribute [simp] Nat.add_comm in\n" + st1 + body, CodeOpenRebinding},
		{"open Nat through attribute in", "open Nat in\nattribute [simp] Nat.add_comm in\n" + st1 + body, ""},
		{"open Classical through set_option in", "open Classical in set_option maxHeartbeats 400000 in\n" + st1 + body, CodeOpenRebinding},
		{"set_option pp in section", "set_option pp.all false in section\n" + st1 + body + "end\n", CodeOptionNotAllowed},
		{"variable in theorem", "variable (x : Nat) in\n" + st1 + body, CodeScopeChange},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := CheckStatic(st, tc.proof, []string{"Init"})
			if tc.want == "" {
				assert.True(t, rep.Accepted(), "%v", rep.Reasons)
				return
			}
			assert.Contains(t, codesOf(rep.Reasons), tc.want, "%v", rep.Reasons)
		})
	}
}

// The scan looks at its context inside every pass: cancelled while it reads 20 MB of nested
// namespaces (the input that was quadratic in the namespace pass), it returns the context's
// error rather than a report.
func TestStaticScanStopsWhenCancelled(t *testing.T) {
	st, err := ParseStatement("theorem t : 1 = 1")
	require.NoError(t, err)
	for name, unit := range map[string]string{"namespaces": "namespace A\ndef x := 1\n", "open_in": "open Nat in\n"} {
		t.Run(name, func(t *testing.T) {
			src := strings.Repeat(unit, (20<<20)/len(unit))
			ctx, cancel := context.WithCancel(context.Background())
			go func() { time.Sleep(5 * time.Millisecond); cancel() }()
			rep, err := CheckStaticContext(ctx, st, src, []string{"Init"})
			require.ErrorIs(t, err, context.Canceled)
			assert.Empty(t, rep.Reasons)
		})
	}
}

// No map used as a set holds a false entry (issue 32 §2): a `false` reads as "listed" to a
// reader and as "absent" to the code.
func TestSetMapsHoldNoFalse(t *testing.T) {
	for name, m := range map[string]map[string]bool{
		"allowedCommands": allowedCommands, "allowedAttributes": allowedAttributes,
		"elaboratorWords": elaboratorWords, "ioComponents": ioComponents,
		"metaAttributes": metaAttributes, "commandWords": commandWords,
		"tacticFields": tacticFields, "tacticCombinators": tacticCombinators, "tacticSymbols": tacticSymbols,
		"inPrefixes": inPrefixes, "termOpeners": termOpeners, "instanceScopes": instanceScopes,
		"booleanOptions": booleanOptions, "notationWords": notationWords, "reservedAtoms": reservedAtoms,
		"knownCommandSet": knownCommandSet, "readOnlyHashCommands": readOnlyHashCommands,
	} {
		for k, v := range m {
			assert.True(t, v, "%s[%q] is false", name, k)
		}
	}
}
