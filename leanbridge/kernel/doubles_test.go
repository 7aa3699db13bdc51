package kernel

// Upstream-faithful doubles of the kernel tier's tools. The test binary re-executes itself
// under each tool's name (a symlink in a temporary bin/ directory put first on PATH); runDouble
// picks the tool by that name. Each prints what the released tool prints and exits as it does,
// read from its source: Comparator and elan at the revisions named; lean4's files at the
// revisions a code index holds (src/LeanChecker.lean at commit 017bb1e; the v4.32.0 tag of
// lean4 is too large to fetch here), so the lean-tagged tests are the last word on them:
//
//   - lean: leanprover/lean4 src/Lean/Shell.lean (shellMain: the main module's name
//     from --setup, else moduleNameOfFileName of the file under -R/--root, default the current
//     directory, an error with -o when the file is outside it) and src/Lean/Util/Path.lean
//     (moduleNameOfFileName); in front of it elan's toolchain resolution
//     (leanprover/elan src/elan/errors.rs: "no default toolchain configured" without a
//     lean-toolchain file or ELAN_TOOLCHAIN). The .olean it writes is the double's own format
//     (the module name and the source), read only by the other doubles.
//   - leanchecker: leanprover/lean4 src/LeanChecker.lean (commit 017bb1e) (main, checkOlean,
//     replayFromImports, replayFromFresh): silent on success; a failed replay prints
//     "leanchecker found a problem in M" (not with --fresh) and the exception reaches the
//     runtime, which prints "uncaught exception: MSG" and exits 1 (src/runtime/io.cpp).
//   - comparator: leanprover/comparator tag v4.32.0 (07bc4ea) Main.lean (compareIt, M.run,
//     main), Comparator/Compare.lean and Comparator/Axioms.lean for the messages; the README of
//     that tag for the tools it needs. landrun, lake build, lean4export and nanoda_bin are
//     doubled just far enough for Comparator's steps.
//   - lake: `lake env CMD ARGS` runs CMD; `lake build M` needs M as a lean_lib of the
//     lakefile.toml, and the packages its imports come from under packagesDir.
//
// The doubles' "kernel": a module whose source sets debug.skipKernelTC (a declaration added
// without the kernel's check, the cheat of issue 32) is what the kernel rejects; `axiom NAME`
// and native_decide (Lean.ofReduceBool) are the axioms a solution depends on.

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// doubles are the tool names the test binary answers to.
var doubles = map[string]func(args []string) int{
	"lake": lakeDouble, "lean": leanDouble, "leanchecker": leancheckerDouble, "comparator": comparatorDouble,
	"landrun": landrunDouble, "lean4export": lean4exportDouble, "nanoda_bin": nanodaDouble,
}

// runDouble runs the double named by argv[0], if it is one, and exits with its status.
func runDouble() {
	if f, ok := doubles[filepath.Base(os.Args[0])]; ok {
		os.Exit(f(os.Args[1:]))
	}
}

// installDoubles makes a bin/ directory with the named doubles, puts it first on PATH and
// returns it.
func installDoubles(t *testing.T, names ...string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if err := os.Symlink(self, filepath.Join(bin, n)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	// A -race binary sleeps a second at exit by default (atexit_sleep_ms); the doubles exit
	// many times per test.
	t.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	return bin
}

// uncaughtExit is what the Lean runtime does with an exception that leaves main.
func uncaughtExit(format string, args ...any) int {
	fmt.Fprintf(os.Stderr, "uncaught exception: "+format+"\n", args...)
	return 1
}

// olean is the doubles' stand-in for a compiled module.
type olean struct {
	Module string `json:"module"`
	Source string `json:"source"`
}

func lakeDouble(args []string) int {
	switch {
	case len(args) >= 2 && args[0] == "env":
		cmd := exec.Command(args[1], args[2:]...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				return ee.ExitCode()
			}
			fmt.Fprintf(os.Stderr, "error: %v\n", err)
			return 1
		}
		return 0
	case len(args) == 2 && args[0] == "build":
		return lakeBuild(args[1])
	}
	fmt.Fprintf(os.Stderr, "lake double: unsupported %q\n", args)
	return 1
}

// lakeBuild builds module m of the project in the current directory into
// .lake/build/lib/lean, as `lake build m` does for a lean_lib named m.
func lakeBuild(m string) int {
	if !toolchainHere() {
		return 1
	}
	b, err := os.ReadFile("lakefile.toml")
	if err != nil {
		fmt.Fprintln(os.Stderr, "error: no configuration file with a supported extension")
		return 1
	}
	lakefile := string(b)
	if !strings.Contains(lakefile, "[[lean_lib]]\nname = "+tomlString(m)) {
		fmt.Fprintf(os.Stderr, "error: unknown target '%s'\n", m)
		return 1
	}
	src, err := os.ReadFile(m + ".lean")
	if err != nil {
		fmt.Fprintf(os.Stderr, "error: %v\n", err)
		return 1
	}
	_, pkgsDir, requires := lakeRequires(lakefile)
	for _, imp := range importsOf(string(src)) {
		root := strings.SplitN(imp, ".", 2)[0]
		if root == "Init" || root == "Lean" || root == "Std" {
			continue
		}
		pkg := strings.ToLower(root)
		found := false
		for _, r := range requires {
			if strings.Contains(r, "name = "+tomlString(pkg)) {
				_, err := os.Stat(filepath.Join(pkgsDir, pkg))
				found = err == nil
			}
		}
		if !found {
			fmt.Fprintf(os.Stderr, "error: %s.lean: unknown module prefix '%s'\n", m, root)
			return 1
		}
	}
	out := filepath.Join(".lake", "build", "lib", "lean", m+".olean")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return 1
	}
	data, _ := json.Marshal(olean{Module: m, Source: string(src)})
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return 1
	}
	fmt.Printf("✔ [1/1] Built %s\nBuild completed successfully.\n", m)
	return 0
}

var importRE = regexp.MustCompile(`(?m)^import\s+(\S+)`)

func importsOf(src string) []string {
	var out []string
	for _, m := range importRE.FindAllStringSubmatch(src, -1) {
		out = append(out, m[1])
	}
	return out
}

// toolchainHere is elan's resolution: ELAN_TOOLCHAIN, or a lean-toolchain file in the current
// directory or above; with neither (and no default, as scripts/install-elan.sh installs it)
// elan refuses.
func toolchainHere() bool {
	if os.Getenv("ELAN_TOOLCHAIN") != "" {
		return true
	}
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "lean-toolchain")); err == nil {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			fmt.Fprintln(os.Stderr, "error: no default toolchain configured. run `elan default stable` to install & configure the latest Lean 4 stable release.")
			return false
		}
		dir = parent
	}
}

func leanDouble(args []string) int {
	if !toolchainHere() {
		return 1
	}
	var root, out, file string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--print-prefix":
			fmt.Println("/opt/lean-double")
			return 0
		case a == "-R" || a == "-o":
			if i+1 == len(args) {
				fmt.Fprintf(os.Stderr, "error: argument missing for option '%s'\n", a)
				return 1
			}
			if a == "-R" {
				root = args[i+1]
			} else {
				out = args[i+1]
			}
			i++
		default:
			file = a
		}
	}
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(os.Stderr, "file not found: %s\n", file)
		return 1
	}
	mod, err := moduleNameOfFileName(file, root)
	if err != nil {
		if out != "" {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		mod = "_stdin"
	}
	if out != "" {
		data, _ := json.Marshal(olean{Module: mod, Source: string(src)})
		if err := os.WriteFile(out, data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// moduleNameOfFileName is Lean's (src/Lean/Util/Path.lean): the path of the file under root
// (the current directory when root is ""), without its extension, as a dotted name.
func moduleNameOfFileName(file, root string) (string, error) {
	f, err := filepath.EvalSymlinks(file)
	if err != nil {
		return "", err
	}
	f, _ = filepath.Abs(f)
	if root == "" {
		root, _ = os.Getwd()
	}
	r, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", err
	}
	r, _ = filepath.Abs(r)
	r += string(filepath.Separator)
	if !strings.HasPrefix(f, r) {
		return "", fmt.Errorf("input file '%s' must be contained in root directory (%s)", f, r)
	}
	rel := strings.TrimSuffix(f[len(r):], filepath.Ext(f))
	return strings.ReplaceAll(rel, string(filepath.Separator), "."), nil
}

// rejectedByKernel is the doubles' kernel: a declaration added with the kernel's check
// switched off does not replay.
func rejectedByKernel(src string) (string, bool) {
	if !strings.Contains(src, "debug.skipKernelTC true") {
		return "", false
	}
	name := "t1"
	if m := regexp.MustCompile(`theorem\s+(\S+)`).FindStringSubmatch(src); m != nil {
		name = m[1]
	}
	return fmt.Sprintf("(kernel) declaration type mismatch, '%s' has type\n  True\nbut it is expected to have type\n  False", name), true
}

func leancheckerDouble(args []string) int {
	var flags, mods []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			flags = append(flags, a)
		} else {
			mods = append(mods, a)
		}
	}
	fresh := slices.Contains(flags, "--fresh")
	verbose := slices.Contains(flags, "-v") || slices.Contains(flags, "--verbose")
	if len(mods) == 0 {
		return uncaughtExit("Could not find any oleans for: [anonymous]")
	}
	found := map[string]string{} // module → .olean path
	for _, dir := range filepath.SplitList(os.Getenv("LEAN_PATH")) {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(p) != ".olean" {
				return nil
			}
			rel, _ := filepath.Rel(dir, strings.TrimSuffix(p, ".olean"))
			m := strings.ReplaceAll(rel, string(filepath.Separator), ".")
			for _, target := range mods {
				if (!fresh && strings.HasPrefix(m+".", target+".")) || m == target {
					found[m] = p
				}
			}
			return nil
		})
	}
	for _, target := range mods {
		ok := false
		for m := range found {
			if (!fresh && strings.HasPrefix(m+".", target+".")) || m == target {
				ok = true
			}
		}
		if !ok {
			return uncaughtExit("Could not find any oleans for: %s", target)
		}
	}
	if fresh && len(found) != 1 {
		var ms []string
		for m := range found {
			ms = append(ms, m)
		}
		slices.Sort(ms)
		return uncaughtExit("--fresh flag is only valid when specifying a single module:\n[%s]", strings.Join(ms, ", "))
	}
	for m, p := range found {
		b, err := os.ReadFile(p)
		var o olean
		if err != nil || json.Unmarshal(b, &o) != nil {
			if !fresh {
				fmt.Fprintf(os.Stderr, "leanchecker found a problem in %s\n", m)
			}
			return uncaughtExit("failed to read module data")
		}
		if verbose {
			if fresh {
				fmt.Printf("replaying %s with --fresh\n", m)
			} else {
				fmt.Printf("replaying %s\n", m)
			}
		}
		if msg, bad := rejectedByKernel(o.Source); bad {
			if !fresh {
				fmt.Fprintf(os.Stderr, "leanchecker found a problem in %s\n", m)
			}
			return uncaughtExit("%s", msg)
		}
	}
	return 0
}

// comparatorConfig decodes config.json as Main.lean's Config does (every field but
// definition_names required).
func comparatorConfig(path string) (ComparatorConfig, error) {
	var raw map[string]json.RawMessage
	b, err := os.ReadFile(path)
	if err != nil {
		return ComparatorConfig{}, fmt.Errorf("no such file or directory (error code: 2, %s)", path)
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return ComparatorConfig{}, err
	}
	for _, f := range []string{"challenge_module", "solution_module", "theorem_names", "permitted_axioms", "enable_nanoda"} {
		if _, ok := raw[f]; !ok {
			return ComparatorConfig{}, fmt.Errorf("property not found: %s", f)
		}
	}
	var c ComparatorConfig
	return c, json.Unmarshal(b, &c)
}

func comparatorDouble(args []string) int {
	if len(args) == 0 {
		return uncaughtExit("Expected config file path as first argument.")
	}
	cfg, err := comparatorConfig(args[0])
	if err != nil {
		return uncaughtExit("%v", err)
	}
	// M.run: `lean --print-prefix` in the project directory, then the tools from the
	// environment or PATH.
	if c := exec.Command("lean", "--print-prefix"); c.Run() != nil {
		return uncaughtExit("process 'lean' exited with code 1")
	}
	which := func(env, def string) string {
		if v := os.Getenv(env); v != "" {
			return v
		}
		return def
	}
	landrun, export, nanoda := which("COMPARATOR_LANDRUN", "landrun"), which("COMPARATOR_LEAN4EXPORT", "lean4export"), which("COMPARATOR_NANODA", "nanoda_bin")
	sandboxed := func(stdin io.Reader, stdout io.Writer, cmd ...string) error {
		c := exec.Command(landrun, append([]string{"--best-effort", "--ro", "/", "--rw", "/dev", "-ldd", "-add-exec"}, cmd...)...)
		c.Stdin, c.Stdout, c.Stderr = stdin, stdout, os.Stderr
		if err := c.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				return fmt.Errorf("Child exited with %d", ee.ExitCode())
			}
			return fmt.Errorf("no such file or directory (error code: 2)")
		}
		return nil
	}
	// compareIt's exportTargets: builtinTargets (with nanoda), theorem_names,
	// permitted_axioms, primitiveTargets.
	var targets []string
	if cfg.EnableNanoda {
		targets = append(targets, "Nat", "String", "String.mk", "Char", "Char.ofNat", "List")
		if slices.Contains(cfg.PermittedAxioms, "Quot.sound") {
			targets = append(targets, "Quot", "Quot.mk", "Quot.lift", "Quot.ind")
		}
	}
	targets = append(append(targets, cfg.TheoremNames...), cfg.PermittedAxioms...)
	targets = append(targets, "Nat.add", "Nat.sub", "Nat.mul", "Nat.pow", "Nat.gcd", "Nat.div", "Nat.mod", "Nat.beq",
		"Nat.ble", "Nat.land", "Nat.lor", "Nat.xor", "Nat.shiftLeft", "Nat.shiftRight", "String.ofList")
	exports := map[string]map[string]string{}
	for _, m := range []string{cfg.ChallengeModule, cfg.SolutionModule} {
		fmt.Printf("Building %s\n", m)
		if err := sandboxed(nil, os.Stdout, "lake", "build", m); err != nil {
			return uncaughtExit("%v", err)
		}
		fmt.Printf("Exporting #[%s] from %s\n", strings.Join(targets, ", "), m)
		var out strings.Builder
		if err := sandboxed(nil, &out, append([]string{export, m, "--"}, targets...)...); err != nil {
			return uncaughtExit("%v", err)
		}
		var env map[string]string
		if err := json.Unmarshal([]byte(out.String()), &env); err != nil {
			return uncaughtExit("%v", err)
		}
		exports[m] = env
	}
	challenge, solution := exports[cfg.ChallengeModule], exports[cfg.SolutionModule]
	for _, n := range cfg.TheoremNames { // Comparator/Compare.lean, compareAt
		c, ok := challenge["thm "+n]
		if !ok {
			return uncaughtExit("Const not found in challenge: '%s'", n)
		}
		s, ok := solution["thm "+n]
		if !ok {
			return uncaughtExit("Const not found in solution: '%s'", n)
		}
		if c != s {
			return uncaughtExit("Challenge and solution theorem statement do not match: '%s'", n)
		}
	}
	for k := range solution { // Comparator/Axioms.lean
		if ax, ok := strings.CutPrefix(k, "axiom "); ok && !slices.Contains(cfg.PermittedAxioms, ax) {
			return uncaughtExit("Illegal axiom detected: '%s'", ax)
		}
	}
	if cfg.EnableNanoda {
		fmt.Println("Running nanoda kernel on solution")
		if err := sandboxed(strings.NewReader(solution["source"]), os.Stdout, nanoda, "config.json"); err != nil {
			return uncaughtExit("%v", err)
		}
		fmt.Println("Nanoda kernel accepts the solution")
	}
	fmt.Println("Running Lean default kernel on solution.")
	if msg, bad := rejectedByKernel(solution["source"]); bad {
		return uncaughtExit("%s", msg)
	}
	fmt.Println("Lean default kernel accepts the solution")
	fmt.Println("Your solution is okay!")
	return 0
}

// landrunDouble drops landrun's own flags (Main.lean, buildLandrunArgs) and runs the command.
func landrunDouble(args []string) int {
	withValue := map[string]bool{"--ro": true, "--rw": true, "--rwx": true, "--rox": true, "--env": true}
	i := 0
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		if withValue[args[i]] {
			i++
		}
		i++
	}
	if i >= len(args) {
		fmt.Fprintln(os.Stderr, "landrun: no command")
		return 1
	}
	cmd := exec.Command(args[i], args[i+1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

var (
	theoremRE = regexp.MustCompile(`(?s)theorem\s+(\S+)(.*?):=`)
	axiomRE   = regexp.MustCompile(`(?m)^axiom\s+(\S+)`)
)

// lean4exportDouble "exports" module m: each theorem's statement (whitespace normalised), the
// axioms its source declares or relies on, and the source itself for the kernels.
func lean4exportDouble(args []string) int {
	if len(args) < 1 {
		return 1
	}
	b, err := os.ReadFile(filepath.Join(".lake", "build", "lib", "lean", args[0]+".olean"))
	var o olean
	if err != nil || json.Unmarshal(b, &o) != nil {
		fmt.Fprintf(os.Stderr, "object file of module %s does not exist\n", args[0])
		return 1
	}
	env := map[string]string{"source": o.Source}
	for _, m := range theoremRE.FindAllStringSubmatch(o.Source, -1) {
		env["thm "+m[1]] = strings.Join(strings.Fields(m[2]), " ")
	}
	for _, m := range axiomRE.FindAllStringSubmatch(o.Source, -1) {
		env["axiom "+m[1]] = m[1]
	}
	if strings.Contains(o.Source, "native_decide") {
		env["axiom Lean.ofReduceBool"] = "Lean.ofReduceBool"
	}
	out, _ := json.Marshal(env)
	fmt.Print(string(out))
	return 0
}

// nanodaDouble reads the export on stdin and rejects what the doubles' kernel rejects.
func nanodaDouble([]string) int {
	b, _ := io.ReadAll(os.Stdin)
	if _, bad := rejectedByKernel(string(b)); bad {
		fmt.Fprintln(os.Stderr, "nanoda: declaration type mismatch")
		return 1
	}
	return 0
}
