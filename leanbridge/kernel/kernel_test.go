package kernel

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

func TestMain(m *testing.M) {
	runDouble()                                                     // the test binary re-executed as one of the tools (doubles_test.go)
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}

var tools = Tools{Lake: "/elan/bin/lake", LeanChecker: "leanchecker", Comparator: "/opt/comparator", LeanExport: "/opt/lean4export", Landrun: "/opt/landrun"}

// The command lines. leanchecker replays the module's own constants by default (no --fresh:
// leanprover/lean4 src/LeanChecker.lean (commit 017bb1e), replayFromImports); the build names its root
// so the module is Solution (src/Lean/Shell.lean); Comparator runs as its README at tag
// v4.32.0 gives it, with its helpers passed the way its Main.lean (M.run) reads them.
func TestPlanCommandLines(t *testing.T) {
	steps := Plan("/w", "/proj", tools, Settings{})
	require.Len(t, steps, 3)
	assert.Equal(t, Step{Name: "build", Dir: "/proj", Env: []string{"LEAN_PATH=/w"},
		Argv: []string{"/elan/bin/lake", "env", "lean", "-R", "/w", "-o", "/w/Solution.olean", "/w/Solution.lean"}}, steps[0])
	assert.Equal(t, Step{Name: "replay", Dir: "/proj", Env: []string{"LEAN_PATH=/w"},
		Argv: []string{"/elan/bin/lake", "env", "leanchecker", "Solution"}}, steps[1])
	assert.Equal(t, Step{Name: "compare", Dir: "/w", Env: []string{"COMPARATOR_LANDRUN=/opt/landrun", "COMPARATOR_LEAN4EXPORT=/opt/lean4export"},
		Argv: []string{"/elan/bin/lake", "env", "/opt/comparator", "/w/config.json"}}, steps[2])

	fresh := Plan("/w", "/proj", tools, Settings{Fresh: true})
	assert.Equal(t, []string{"/elan/bin/lake", "env", "leanchecker", "--fresh", "Solution"}, fresh[1].Argv, "--fresh is the option")

	elan := tools
	elan.ElanHome = "/home/u/.elan"
	for _, s := range Plan("/w", "/proj", elan, Settings{}) {
		assert.Contains(t, s.Env, "ELAN_HOME=/home/u/.elan", "%s: elan finds its toolchains whatever HOME the sandbox sets", s.Name)
	}
	assert.Equal(t, "/home/u/.elan", FindTools("/home/u/.elan/bin/lake", "", func(string) string { return "" }).ElanHome)
	assert.Equal(t, "/opt/elan", FindTools("/home/u/.elan/bin/lake", "", func(k string) string { return map[string]string{"ELAN_HOME": "/opt/elan"}[k] }).ElanHome)
	assert.Empty(t, FindTools("/usr/bin/lake", "", func(string) string { return "" }).ElanHome)

	withNanoda := tools
	withNanoda.Nanoda = "/opt/nanoda_bin"
	assert.Contains(t, Plan("/w", "/proj", withNanoda, Settings{})[2].Env, "COMPARATOR_NANODA=/opt/nanoda_bin")

	noLandrun := tools
	noLandrun.Landrun = ""
	assert.Len(t, Plan("/w", "/proj", noLandrun, Settings{}), 2, "Comparator without landrun cannot run: build and replay only")
	onlyComparator := tools
	onlyComparator.LeanChecker = ""
	assert.Equal(t, "compare", Plan("/w", "/proj", onlyComparator, Settings{})[0].Name)
	assert.True(t, onlyComparator.Available(), "Comparator alone replays through the kernel")
	assert.False(t, Tools{Lake: "/elan/bin/lake"}.Available())
}

// leanchecker's output (leanprover/lean4 src/LeanChecker.lean (commit 017bb1e), main and checkOlean;
// the runtime's "uncaught exception: " from src/runtime/io.cpp): nothing on success, and no
// count of constants anywhere.
func TestParseReplay(t *testing.T) {
	ok := ParseReplay(nil, nil, 0)
	assert.True(t, ok.Accepted, "leanchecker is silent on success")
	assert.True(t, ParseReplay([]byte("replaying Solution\n"), nil, 0).Accepted, "-v's line")

	bad := ParseReplay(nil, []byte("leanchecker found a problem in Solution\nuncaught exception: (kernel) declaration type mismatch, 't1' has type\n  True\n"), 1)
	assert.False(t, bad.Accepted)
	assert.Equal(t, "Solution", bad.Problem)
	assert.Equal(t, "(kernel) declaration type mismatch, 't1' has type", bad.Failure)
	v := ReplayVerdict(bad, false)
	assert.False(t, v.Accepted)
	assert.False(t, v.Error, "a failed replay of the module is the kernel's verdict")
	require.Len(t, v.Reasons, 1)
	assert.Equal(t, verify.CodeKernelRejected, v.Reasons[0].Code)
	assert.Contains(t, v.Reasons[0].Detail, "leanchecker Solution: (kernel) declaration type mismatch")

	// --fresh fails without the "found a problem" line (replayFromFresh is not wrapped).
	freshBad := ReplayVerdict(ParseReplay(nil, []byte("uncaught exception: (kernel) unknown constant 'x'\n"), 1), true)
	assert.Equal(t, verify.CodeKernelRejected, freshBad.Reasons[0].Code)
	assert.Contains(t, freshBad.Reasons[0].Detail, "leanchecker --fresh Solution")

	// Failures before any replay are no verdict.
	for _, stderr := range []string{"uncaught exception: Could not find any oleans for: Solution\n", ""} {
		v := ReplayVerdict(ParseReplay(nil, []byte(stderr), 1), false)
		assert.True(t, v.Error, "%q", stderr)
		assert.Equal(t, verify.CodeKernelUnavailable, v.Reasons[0].Code)
	}
	lying := ParseReplay(nil, []byte("uncaught exception: (kernel) unknown constant\n"), 0)
	assert.False(t, lying.Accepted, "an exception printed with exit 0 is not an acceptance")
}

// Comparator's output at tag v4.32.0 (Main.lean: compareIt, runKernel, runNanoda;
// Comparator/Compare.lean and Comparator/Axioms.lean for the messages), mapped to the tier's
// verdicts. The exit status decides acceptance; the lines say why not.
func TestParseComparator(t *testing.T) {
	const head = "Building Challenge\nExporting #[t1] from Challenge\nBuilding Solution\nExporting #[t1] from Solution\n"
	const okTail = "Running Lean default kernel on solution.\nLean default kernel accepts the solution\nYour solution is okay!\n"
	for _, tc := range []struct {
		name           string
		stdout, stderr string
		exit           int
		nanoda         bool
		accepted       bool
		code           verify.Code // "" with accepted
		errored        bool
	}{
		{"okay", head + okTail, "", 0, false, true, "", false},
		{"okay with nanoda", head + "Running nanoda kernel on solution\nNanoda kernel accepts the solution\n" + okTail, "", 0, true, true, "", false},
		{"nanoda's lines in the wrong place", head + okTail + "Running nanoda kernel on solution\nNanoda kernel accepts the solution\n", "", 0, true, false, verify.CodeKernelUnavailable, true},
		{"nanoda asked for but silent", head + okTail, "", 0, true, false, verify.CodeKernelUnavailable, true},
		{"exit 0 without the verdict", head, "", 0, false, false, verify.CodeKernelUnavailable, true},
		{"kernel rejects", head + "Running Lean default kernel on solution.\n", "uncaught exception: (kernel) declaration type mismatch, 't1'\n", 1, false, false, verify.CodeKernelRejected, false},
		{"nanoda rejects", head + "Running nanoda kernel on solution\n", "uncaught exception: Child exited with 1\n", 1, true, false, verify.CodeKernelRejected, false},
		{"illegal axiom", head, "uncaught exception: Illegal axiom detected: 'Lean.ofReduceBool'\n", 1, false, false, verify.CodeDisallowedAxioms, false},
		{"statement differs", head, "uncaught exception: Challenge and solution theorem statement do not match: 't1'\n", 1, false, false, verify.CodeTypeChanged, false},
		{"dependency differs", head, "uncaught exception: Const does not match between challenge and target 'Nat.add'\n", 1, false, false, verify.CodeTypeChanged, false},
		{"theorem missing", head, "uncaught exception: Const not found in solution: 't1'\n", 1, false, false, verify.CodeTypeChanged, false},
		{"challenge broken", head, "uncaught exception: Const not found in challenge: 't1'\n", 1, false, false, verify.CodeKernelUnavailable, true},
		{"solution build fails", "Building Challenge\nExporting #[t1] from Challenge\nBuilding Solution\n", "uncaught exception: Child exited with 1\n", 1, false, false, verify.CodeKernelUnavailable, true},
		{"no toolchain", "", "uncaught exception: process 'lean' exited with code 1\n", 1, false, false, verify.CodeKernelUnavailable, true},
		// The solution's build output is interleaved with Comparator's: a forged verdict with a
		// failing exit status stays a failure, and the last exception is Comparator's.
		{"forged verdict", "Building Solution\n" + okTail + "Exporting #[t1] from Solution\n", "uncaught exception: Illegal axiom detected: 'sorryAx'\n", 1, false, false, verify.CodeDisallowedAxioms, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := ParseComparator([]byte(tc.stdout), []byte(tc.stderr), tc.exit, tc.nanoda)
			assert.Equal(t, tc.accepted, v.Accepted, "%v", v.Reasons)
			assert.Equal(t, tc.errored, v.Error, "%v", v.Reasons)
			if tc.code != "" {
				require.NotEmpty(t, v.Reasons)
				assert.Equal(t, tc.code, v.Reasons[0].Code, "%v", v.Reasons)
			}
		})
	}
}

// A failed `lean -o` is a rejection only when Lean reported an error in the file.
func TestBuildVerdict(t *testing.T) {
	v := BuildVerdict(Output{Exit: 1, Stdout: []byte("/tmp/w/Solution.lean:3:2: error: unknown identifier 'x'\n")})
	assert.Equal(t, verify.CodeKernelRejected, v.Reasons[0].Code)
	assert.False(t, v.Error)
	v = BuildVerdict(Output{Exit: 1, Stderr: []byte("error: no default toolchain configured\n")})
	assert.True(t, v.Error)
	assert.Equal(t, verify.CodeKernelUnavailable, v.Reasons[0].Code)
}

// project makes a Lake project like lean-project/mathlib: lean-toolchain, a lakefile.toml with
// requirements, their packages materialised and a manifest.
func project(t *testing.T, requireMathlib bool) string {
	t.Helper()
	dir := t.TempDir()
	lakefile := "# a comment\nname = \"leanprm_mathlib\"\n\n[[require]]\nname = \"REPL\"\ngit = \"https://github.com/leanprover-community/repl\"\nrev = \"v4.32.0\"\n"
	if requireMathlib {
		lakefile += "\n[[require]]\nname = \"mathlib\" # the library\ngit = \"https://github.com/leanprover-community/mathlib4\"\nrev = \"v4.32.0\"\n"
	}
	for name, text := range map[string]string{
		"lean-toolchain":     "leanprover/lean4:v4.32.0\n",
		"lakefile.toml":      lakefile,
		"lake-manifest.json": `{"version": "1.1.0", "packagesDir": ".lake/packages", "packages": [], "name": "leanprm_mathlib", "lakeDir": ".lake"}`,
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	for _, pkg := range []string{"repl", "mathlib"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, ".lake", "packages", pkg), 0o755))
	}
	return dir
}

func kernelInput(t *testing.T, header, statement, proof string) verify.KernelInput {
	t.Helper()
	st, err := verify.ParseStatement(statement)
	require.NoError(t, err)
	return verify.KernelInput{Header: header, Statement: st, Proof: proof, AllowedAxioms: verify.DefaultAllowedAxioms}
}

// Comparator's work directory: the project's toolchain (elan has no default toolchain after
// scripts/install-elan.sh), its requirements resolved in its own package directory
// (packagesDir, Lake's WorkspaceConfig), its manifest, and a config without json_output_path
// (Comparator v4.32.0 Main.lean, structure Config).
func TestComparatorProject(t *testing.T) {
	proj := project(t, true)
	work := t.TempDir()
	in := kernelInput(t, "import Mathlib", "theorem t1 : 1 + 1 = 2", "theorem t1 : 1 + 1 = 2 := by norm_num\n")
	require.NoError(t, writeComparatorProject(work, proj, in, false))

	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(work, name))
		require.NoError(t, err)
		return string(b)
	}
	assert.Equal(t, "leanprover/lean4:v4.32.0\n", read("lean-toolchain"))
	lakefile := read("lakefile.toml")
	_, pkgs, requires := lakeRequires(lakefile)
	assert.Equal(t, filepath.Join(proj, ".lake", "packages"), pkgs)
	require.Len(t, requires, 2)
	assert.Contains(t, requires[1], `name = "mathlib"`)
	assert.Contains(t, requires[1], `rev = "v4.32.0"`)
	assert.NotContains(t, requires[1], "#", "comments dropped")
	assert.Equal(t, `name = "a#b"`, strings.TrimSpace(stripComment(`name = "a#b" # c`)))
	assert.Equal(t, `name = "a\"#b"`, strings.TrimSpace(stripComment(`name = "a\"#b" # c`)))
	assert.Contains(t, lakefile, "[[lean_lib]]\nname = \"Solution\"")
	assert.Contains(t, lakefile, "[[lean_lib]]\nname = \"Challenge\"")
	var manifest map[string]any
	require.NoError(t, json.Unmarshal([]byte(read("lake-manifest.json")), &manifest))
	assert.Equal(t, pkgs, manifest["packagesDir"])
	assert.Equal(t, "leanprm_mathlib", manifest["name"])
	var cfg map[string]any
	require.NoError(t, json.Unmarshal([]byte(read("config.json")), &cfg))
	assert.ElementsMatch(t, []string{"challenge_module", "solution_module", "theorem_names", "permitted_axioms", "enable_nanoda"}, keys(cfg))
	assert.Equal(t, "import Mathlib\n\n\ntheorem t1 : 1 + 1 = 2 := by sorry\n", read("Challenge.lean"))

	require.NoError(t, os.Remove(filepath.Join(proj, "lakefile.toml")))
	assert.ErrorContains(t, writeComparatorProject(t.TempDir(), proj, in, false), "lakefile.toml")
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// doubleTools installs the doubles and finds them as production does.
func doubleTools(t *testing.T, names ...string) Tools {
	t.Helper()
	bin := installDoubles(t, names...)
	for _, env := range []string{"COMPARATOR_LANDRUN", "COMPARATOR_LEAN4EXPORT", "COMPARATOR_NANODA"} {
		t.Setenv(env, "")
	}
	return FindTools(filepath.Join(bin, "lake"), "", nil)
}

var allDoubles = []string{"lake", "lean", "leanchecker", "comparator", "landrun", "lean4export", "nanoda_bin"}

// The production tier (Checker.CheckKernel, RunStep, real child processes) through the
// doubles of leanchecker and Comparator: success, kernel rejection, axiom rejection, a changed
// statement, and tools missing.
func TestKernelTierThroughDoubles(t *testing.T) {
	const st = "theorem t1 : 1 + 1 = 2"
	honest := st + " := by decide\n"
	cheat := "set_option debug.skipKernelTC true in\n" + st + " := by decide\n"
	axiom := "axiom cheat : 1 + 1 = 2\n" + st + " := cheat\n"
	changed := "theorem t1 : 2 + 2 = 4 := by decide\n"
	for _, tc := range []struct {
		name     string
		tools    []string
		settings Settings
		header   string
		proof    string
		accepted bool
		errored  bool
		codes    []verify.Code
	}{
		{"leanchecker accepts", []string{"lake", "lean", "leanchecker"}, Settings{}, "", honest, true, false, nil},
		{"leanchecker --fresh accepts", []string{"lake", "lean", "leanchecker"}, Settings{Fresh: true}, "", honest, true, false, nil},
		{"leanchecker rejects", []string{"lake", "lean", "leanchecker"}, Settings{}, "", cheat, false, false, []verify.Code{verify.CodeKernelRejected}},
		{"leanchecker --fresh rejects", []string{"lake", "lean", "leanchecker"}, Settings{Fresh: true}, "", cheat, false, false, []verify.Code{verify.CodeKernelRejected}},
		{"both accept", allDoubles, Settings{}, "", honest, true, false, nil},
		{"both accept under import Mathlib", allDoubles, Settings{}, "import Mathlib", honest, true, false, nil},
		{"both accept with nanoda", allDoubles, Settings{Nanoda: true}, "", honest, true, false, nil},
		{"both reject", allDoubles, Settings{}, "", cheat, false, false, []verify.Code{verify.CodeKernelRejected, verify.CodeKernelRejected}},
		{"nanoda and the kernel reject", allDoubles, Settings{Nanoda: true}, "", cheat, false, false, []verify.Code{verify.CodeKernelRejected, verify.CodeKernelRejected}},
		{"Comparator refuses an axiom", allDoubles, Settings{}, "", axiom, false, false, []verify.Code{verify.CodeDisallowedAxioms}},
		{"Comparator refuses a changed statement", allDoubles, Settings{}, "", changed, false, false, []verify.Code{verify.CodeTypeChanged}},
		{"Comparator alone", []string{"lake", "lean", "comparator", "landrun", "lean4export"}, Settings{}, "", cheat, false, false, []verify.Code{verify.CodeKernelRejected}},
		{"no kernel tool", []string{"lake", "lean"}, Settings{}, "", honest, false, true, []verify.Code{verify.CodeKernelUnavailable}},
		{"Comparator without landrun or lean4export", []string{"lake", "lean", "comparator"}, Settings{}, "", honest, false, true, []verify.Code{verify.CodeKernelUnavailable}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tl := doubleTools(t, tc.tools...)
			c := &Checker{Project: project(t, true), Tools: tl, Settings: tc.settings, TempDir: t.TempDir()}
			v := c.CheckKernel(context.Background(), kernelInput(t, tc.header, st, tc.proof))
			assert.Equal(t, tc.accepted, v.Accepted, "%v", v.Reasons)
			assert.Equal(t, tc.errored, v.Error, "%v", v.Reasons)
			var codes []verify.Code
			for _, r := range v.Reasons {
				codes = append(codes, r.Code)
			}
			assert.Equal(t, tc.codes, codes, "%v", v.Reasons)
		})
	}
}

// What each fix is for, shown by the doubles: the build names its module root, Comparator's
// project needs the toolchain pinned and the requirements carried over, and the tier has its
// own time limit.
func TestKernelTierNeedsEachFix(t *testing.T) {
	const st = "theorem t1 : 1 + 1 = 2"
	in := func(header string) verify.KernelInput { return kernelInput(t, header, st, st+" := by decide\n") }

	t.Run("the .olean records module Solution", func(t *testing.T) {
		tl := doubleTools(t, "lake", "lean", "leanchecker")
		proj := project(t, false)
		var olean []byte
		c := &Checker{Project: proj, Tools: tl, TempDir: t.TempDir(),
			Run: func(ctx context.Context, s Step, confine func(*exec.Cmd) (proc.Confinement, error)) Output {
				out := RunStep(ctx, s, confine)
				if s.Name == "build" {
					olean, _ = os.ReadFile(s.Argv[len(s.Argv)-2])
					// Without -R, lean takes the module root to be its working directory (the
					// project) and refuses a file outside it.
					noRoot := append([]string{}, s.Argv[:3]...)
					noRoot = append(noRoot, s.Argv[5:]...)
					old := RunStep(ctx, Step{Name: "old build", Dir: s.Dir, Env: s.Env, Argv: noRoot}, confine)
					assert.Equal(t, 1, old.Exit)
					assert.Contains(t, string(old.Stderr), "must be contained in root directory")
				}
				return out
			}}
		v := c.CheckKernel(context.Background(), in(""))
		assert.True(t, v.Accepted, "%v", v.Reasons)
		assert.Contains(t, string(olean), `"module":"Solution"`)
	})

	t.Run("Comparator without lean-toolchain", func(t *testing.T) {
		tl := doubleTools(t, "lake", "lean", "comparator", "landrun", "lean4export")
		c := &Checker{Project: project(t, false), Tools: tl, TempDir: t.TempDir(),
			Run: func(ctx context.Context, s Step, confine func(*exec.Cmd) (proc.Confinement, error)) Output {
				require.NoError(t, os.Remove(filepath.Join(s.Dir, "lean-toolchain")))
				return RunStep(ctx, s, confine)
			}}
		v := c.CheckKernel(context.Background(), in(""))
		assert.True(t, v.Error, "elan with no default toolchain: no verdict, %v", v.Reasons)
		assert.Contains(t, v.Reasons[0].Detail, "process 'lean' exited")
	})

	t.Run("import Mathlib without the project's requirements", func(t *testing.T) {
		tl := doubleTools(t, "lake", "lean", "comparator", "landrun", "lean4export")
		c := &Checker{Project: project(t, false), Tools: tl, TempDir: t.TempDir()}
		v := c.CheckKernel(context.Background(), in("import Mathlib"))
		assert.True(t, v.Error, "%v", v.Reasons)
		assert.Contains(t, v.Reasons[0].Detail, `"Building Challenge"`)
	})

	t.Run("the tier's own timeout", func(t *testing.T) {
		tl := doubleTools(t, "lake", "lean", "leanchecker")
		c := &Checker{Project: project(t, false), Tools: tl, TempDir: t.TempDir(), Settings: Settings{Timeout: 50 * time.Millisecond},
			Run: func(ctx context.Context, s Step, _ func(*exec.Cmd) (proc.Confinement, error)) Output {
				<-ctx.Done()
				return Output{Err: ctx.Err()}
			}}
		v := c.CheckKernel(context.Background(), in(""))
		assert.True(t, v.Error)
		assert.Contains(t, v.Reasons[0].Detail, "did not finish within 50ms (kernel.timeout)")

		// The caller's end (a request's deadline, a signal) is said as such.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		c.Timeout = time.Minute
		v = c.CheckKernel(ctx, in(""))
		assert.True(t, v.Error)
		assert.Contains(t, v.Reasons[0].Detail, "stopped at the build step: context canceled")
	})
}

// FindTools resolves Comparator's helpers as Comparator does: COMPARATOR_LANDRUN,
// COMPARATOR_LEAN4EXPORT, COMPARATOR_NANODA, else landrun, lean4export and nanoda_bin on PATH
// (Main.lean, M.run; README at tag v4.32.0), and Comparator at kernel.comparator or on PATH.
func TestFindTools(t *testing.T) {
	bin := installDoubles(t, "lake", "leanchecker", "comparator", "landrun", "lean4export")
	elsewhere := t.TempDir()
	nanoda := filepath.Join(elsewhere, "my-nanoda")
	require.NoError(t, os.WriteFile(nanoda, []byte("#!/bin/sh\n"), 0o755))
	env := map[string]string{"COMPARATOR_NANODA": nanoda}
	tl := FindTools(filepath.Join(bin, "lake"), "", func(k string) string { return env[k] })
	assert.Equal(t, filepath.Join(bin, "leanchecker"), tl.LeanChecker)
	assert.Equal(t, filepath.Join(bin, "comparator"), tl.Comparator)
	assert.Equal(t, filepath.Join(bin, "landrun"), tl.Landrun)
	assert.Equal(t, filepath.Join(bin, "lean4export"), tl.LeanExport)
	assert.Equal(t, nanoda, tl.Nanoda)
	assert.True(t, tl.ComparatorReady())
	assert.Equal(t, "leanchecker (module replay) + Comparator "+ComparatorRevision+" with nanoda", tl.Describe())

	env = map[string]string{"COMPARATOR_LANDRUN": filepath.Join(elsewhere, "missing")}
	tl = FindTools(filepath.Join(bin, "lake"), filepath.Join(elsewhere, "no-comparator"), func(k string) string { return env[k] })
	assert.Empty(t, tl.Landrun, "COMPARATOR_LANDRUN names a missing file")
	assert.Empty(t, tl.Comparator, "kernel.comparator names a missing file")
	assert.Empty(t, tl.Nanoda)
	assert.False(t, tl.ComparatorReady())
	assert.Equal(t, "leanchecker (module replay)", tl.Describe())
	assert.True(t, strings.HasSuffix(tl.Lake, "lake"))
}

// RunStep runs a real child and reports its streams and exit status.
func TestRunStep(t *testing.T) {
	out := RunStep(context.Background(), Step{Name: "x", Argv: []string{"sh", "-c", "echo out; echo err >&2; exit 3"}}, nil)
	require.NoError(t, out.Err)
	assert.Equal(t, "out\n", string(out.Stdout))
	assert.Equal(t, "err\n", string(out.Stderr))
	assert.Equal(t, 3, out.Exit)
}
