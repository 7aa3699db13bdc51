package kernel

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}

var tools = Tools{Lake: "/elan/bin/lake", LeanChecker: "leanchecker", Comparator: "/opt/comparator", LeanExport: "/opt/lean4export", Landrun: "/opt/landrun"}

// The command lines, as leanchecker's and Comparator's READMEs give them.
func TestPlanCommandLines(t *testing.T) {
	steps := Plan("/w", "/proj", tools)
	require.Len(t, steps, 3)
	assert.Equal(t, Step{Name: "build", Dir: "/proj", Env: []string{"LEAN_PATH=/w"},
		Argv: []string{"/elan/bin/lake", "env", "lean", "-o", "/w/Solution.olean", "/w/Solution.lean"}}, steps[0])
	assert.Equal(t, Step{Name: "replay", Dir: "/proj", Env: []string{"LEAN_PATH=/w"},
		Argv: []string{"/elan/bin/lake", "env", "leanchecker", "--fresh", "Solution"}}, steps[1])
	assert.Equal(t, "compare", steps[2].Name)
	assert.Equal(t, "/w", steps[2].Dir)
	assert.Equal(t, []string{"/elan/bin/lake", "env", "/opt/comparator", "/w/config.json"}, steps[2].Argv)
	assert.ElementsMatch(t, []string{"COMPARATOR_LEAN4EXPORT=/opt/lean4export", "COMPARATOR_LANDRUN=/opt/landrun"}, steps[2].Env)

	noComparator := tools
	noComparator.Comparator = ""
	assert.Len(t, Plan("/w", "/proj", noComparator), 2, "without Comparator: build and replay")
}

// lean4checker prints "Replaying <kind> <name>" per constant and fails with an uncaught
// exception carrying the kernel's error (leanprover/lean4checker Main.lean).
func TestParseReplay(t *testing.T) {
	ok := ParseReplay([]byte("Replaying defn helper\nReplaying thm t1\n"), nil, 0)
	assert.True(t, ok.Accepted)
	assert.Equal(t, 2, ok.Replayed)

	bad := ParseReplay([]byte("Replaying thm t1\n"), []byte("uncaught exception: (kernel) declaration type mismatch, 't1'\n"), 1)
	assert.False(t, bad.Accepted)
	assert.Contains(t, bad.Failure, "(kernel) declaration type mismatch")

	silent := ParseReplay(nil, nil, 1)
	assert.False(t, silent.Accepted, "a non-zero exit is never an acceptance")
	assert.Equal(t, "exit status 1", silent.Failure)

	lying := ParseReplay([]byte("uncaught exception: (kernel) unknown constant\n"), nil, 0)
	assert.False(t, lying.Accepted, "a kernel error printed with exit 0 is still a rejection")
}

// Comparator's JSON report, field by field as its tests/projects/json_output_* expect it.
func TestParseComparator(t *testing.T) {
	for _, tc := range []struct {
		name   string
		report string
		exit   int
		want   []verify.Code
	}{
		{"accepted", `{"reports":[{"target":"t1","targetKind":"theorem","failureCategory":null,"failureMessage":null,"unpermittedAxioms":[],"transitiveAxioms":["propext"]}],"kernelAccepted":true,"kernelFailureMessage":null,"nanodaAccepted":null,"nanodaFailureMessage":null}`, 0, nil},
		{"kernel rejects", `{"reports":[{"target":"t1","targetKind":"theorem","failureCategory":null,"failureMessage":null,"unpermittedAxioms":[],"transitiveAxioms":[]}],"kernelAccepted":false,"kernelFailureMessage":"(kernel) application type mismatch","nanodaAccepted":null,"nanodaFailureMessage":null}`, 1, []verify.Code{verify.CodeKernelRejected}},
		{"statement closure differs", `{"reports":[{"target":"t1","targetKind":"theorem","failureCategory":"comparison","failureMessage":"Const does not match between challenge and target 't1'","unpermittedAxioms":[],"transitiveAxioms":[]}],"kernelAccepted":null,"kernelFailureMessage":null,"nanodaAccepted":null,"nanodaFailureMessage":null}`, 1, []verify.Code{verify.CodeTypeChanged}},
		{"unpermitted axiom", `{"reports":[{"target":"t1","targetKind":"theorem","failureCategory":null,"failureMessage":null,"unpermittedAxioms":["Lean.ofReduceBool"],"transitiveAxioms":["Lean.ofReduceBool"]}],"kernelAccepted":true,"kernelFailureMessage":null,"nanodaAccepted":null,"nanodaFailureMessage":null}`, 1, []verify.Code{verify.CodeDisallowedAxioms}},
		{"nanoda rejects", `{"reports":[{"target":"t1","targetKind":"theorem","failureCategory":null,"failureMessage":null,"unpermittedAxioms":[],"transitiveAxioms":[]}],"kernelAccepted":true,"kernelFailureMessage":null,"nanodaAccepted":false,"nanodaFailureMessage":"type error"}`, 1, []verify.Code{verify.CodeKernelRejected}},
		{"no replay reported", `{"reports":[{"target":"t1","targetKind":"theorem","failureCategory":null,"failureMessage":null,"unpermittedAxioms":[],"transitiveAxioms":[]}],"kernelAccepted":null}`, 0, []verify.Code{verify.CodeKernelRejected}},
		{"non-zero exit, clean report", `{"reports":[{"target":"t1","targetKind":"theorem","failureCategory":null,"failureMessage":null,"unpermittedAxioms":[],"transitiveAxioms":[]}],"kernelAccepted":true}`, 2, []verify.Code{verify.CodeKernelRejected}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := ParseComparator([]byte(tc.report), tc.exit)
			require.NoError(t, err)
			var got []verify.Code
			for _, r := range rs {
				got = append(got, r.Code)
			}
			assert.Equal(t, tc.want, got, "%v", rs)
		})
	}
	_, err := ParseComparator([]byte("not json"), 1)
	assert.Error(t, err)
}

func kernelInput(t *testing.T) verify.KernelInput {
	st, err := verify.ParseStatement("theorem t1 : 1 + 1 = 2")
	require.NoError(t, err)
	return verify.KernelInput{Statement: st, Proof: "theorem t1 : 1 + 1 = 2 := by decide\n", AllowedAxioms: verify.DefaultAllowedAxioms}
}

// The tier runs the plan in order, writes the work files, and maps each tool's answer.
func TestCheckerMapsEachStep(t *testing.T) {
	type script map[string]Output
	for _, tc := range []struct {
		name     string
		outs     script
		accepted bool
		errored  bool
		code     verify.Code
	}{
		{"accepted", script{"build": {}, "replay": {Stdout: []byte("Replaying thm t1\n")}, "compare": {}}, true, false, ""},
		{"build fails", script{"build": {Exit: 1, Stderr: []byte("error: unknown identifier")}}, false, false, verify.CodeKernelRejected},
		{"replay rejects", script{"build": {}, "replay": {Exit: 1, Stderr: []byte("uncaught exception: (kernel) declaration has metavariables")}, "compare": {}}, false, false, verify.CodeKernelRejected},
		{"tool cannot run", script{"build": {Err: os.ErrNotExist}}, false, true, verify.CodeKernelUnavailable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ran []string
			c := &Checker{Project: "/proj", Tools: tools, TempDir: t.TempDir(),
				Run: func(_ context.Context, s Step, _ func(*exec.Cmd) (proc.Confinement, error)) Output {
					ran = append(ran, s.Name)
					work := filepath.Dir(s.Argv[len(s.Argv)-1])
					if s.Name == "build" {
						b, err := os.ReadFile(filepath.Join(work, "Solution.lean"))
						require.NoError(t, err)
						assert.Contains(t, string(b), "theorem t1 : 1 + 1 = 2 := by decide")
						ch, err := os.ReadFile(filepath.Join(work, "Challenge.lean"))
						require.NoError(t, err)
						assert.Contains(t, string(ch), "theorem t1 : 1 + 1 = 2 := by sorry")
					}
					if s.Name == "compare" {
						require.NoError(t, os.WriteFile(filepath.Join(s.Dir, "comparator.json"), []byte(`{"reports":[{"target":"t1","targetKind":"theorem","failureCategory":null,"failureMessage":null,"unpermittedAxioms":[],"transitiveAxioms":[]}],"kernelAccepted":true}`), 0o644))
					}
					return tc.outs[s.Name]
				}}
			v := c.CheckKernel(context.Background(), kernelInput(t))
			assert.Equal(t, tc.accepted, v.Accepted, "%v", v.Reasons)
			assert.Equal(t, tc.errored, v.Error)
			if tc.code != "" {
				require.NotEmpty(t, v.Reasons)
				assert.Equal(t, tc.code, v.Reasons[0].Code)
			}
			assert.Equal(t, "build", ran[0])
		})
	}
}

func TestCheckerWithoutTools(t *testing.T) {
	v := (&Checker{}).CheckKernel(context.Background(), kernelInput(t))
	assert.True(t, v.Error, "no tools is no verdict")
	assert.Equal(t, verify.CodeKernelUnavailable, v.Reasons[0].Code)
	v = (&Checker{Tools: Tools{Lake: "lake"}}).CheckKernel(context.Background(), kernelInput(t))
	assert.Contains(t, v.Reasons[0].Detail, "leanchecker")
}

// RunStep runs a real child and reports its streams and exit status.
func TestRunStep(t *testing.T) {
	out := RunStep(context.Background(), Step{Name: "x", Argv: []string{"sh", "-c", "echo out; echo err >&2; exit 3"}}, nil)
	require.NoError(t, out.Err)
	assert.Equal(t, "out\n", string(out.Stdout))
	assert.Equal(t, "err\n", string(out.Stderr))
	assert.Equal(t, 3, out.Exit)
}
