package kernel

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/verify"
)

// ComparatorRevision is the Comparator release whose behaviour ParseComparator reads: the tag
// leanprover/comparator cut for the pinned toolchain (lean-toolchain
// leanprover/lean4:v4.32.0). Later revisions (multi-kernel support after v4.34.0-rc1) print
// differently; doctor and the README name this one.
const ComparatorRevision = "v4.32.0 (07bc4ea)"

// ComparatorConfig is Comparator's config.json at ComparatorRevision (Main.lean, structure
// Config; definition_names is optional and unused here). That revision has no
// json_output_path: its verdict is its output and exit status.
type ComparatorConfig struct {
	ChallengeModule string   `json:"challenge_module"`
	SolutionModule  string   `json:"solution_module"`
	TheoremNames    []string `json:"theorem_names"`
	PermittedAxioms []string `json:"permitted_axioms"`
	EnableNanoda    bool     `json:"enable_nanoda"`
}

// The lines Comparator prints on stdout at ComparatorRevision (Main.lean: safeLakeBuild,
// safeExport, runNanoda, runKernel, compareIt), in the order it prints them.
const (
	cmpBuilding      = "Building "
	cmpExporting     = "Exporting "
	cmpNanodaRunning = "Running nanoda kernel on solution"
	cmpNanodaOK      = "Nanoda kernel accepts the solution"
	cmpKernelRunning = "Running Lean default kernel on solution."
	cmpKernelOK      = "Lean default kernel accepts the solution"
	cmpOK            = "Your solution is okay!"
)

// ParseComparator reads Comparator's output and exit status at ComparatorRevision. Exit 0 is
// the only acceptance, and only with its closing lines ("Lean default kernel accepts the
// solution", the nanoda line when nanoda ran, then "Your solution is okay!"). A failure is
// an exception (stderr's last "uncaught exception: MSG") and exit 1, read with the last
// progress line Comparator printed before it:
//
//   - "Illegal axiom detected: 'X'" (Comparator/Axioms.lean): disallowed_axioms;
//   - the statement closure differs from the challenge's (Comparator/Compare.lean: "Const does
//     not match between challenge and target", "Challenge and solution theorem statement do
//     not match", a kind mismatch, the theorem missing from the solution): type_changed;
//   - after "Running Lean default kernel on solution.", or nanoda's child failing after
//     "Running nanoda kernel on solution": kernel_rejected;
//   - anything else (a build or export that failed, a missing tool, the challenge's own
//     constant missing): no verdict.
//
// The solution's build output is interleaved with Comparator's, so only the exit status
// decides acceptance and the last progress line and exception are Comparator's own.
func ParseComparator(stdout, stderr []byte, exit int, nanoda bool) verify.KernelVerdict {
	var progress []string
	phase := ""
	for _, line := range strings.Split(string(stdout), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, cmpBuilding), strings.HasPrefix(line, cmpExporting),
			line == cmpNanodaRunning, line == cmpKernelRunning:
			phase = line
			progress = append(progress, line)
		case line == cmpNanodaOK, line == cmpKernelOK, line == cmpOK:
			progress = append(progress, line)
		}
	}
	exc := ""
	for _, line := range strings.Split(string(stderr), "\n") {
		if msg, ok := strings.CutPrefix(strings.TrimSpace(line), uncaught); ok {
			exc = msg
		}
	}
	if exit == 0 {
		n := len(progress)
		closing := []string{cmpKernelRunning, cmpKernelOK, cmpOK}
		if nanoda {
			closing = append([]string{cmpNanodaRunning, cmpNanodaOK}, closing...)
		}
		if exc == "" && n >= len(closing) && equalTail(progress, closing) {
			return verify.KernelVerdict{Accepted: true}
		}
		return unavailable("Comparator exited 0 without its verdict %q (is it Comparator %s?)", cmpOK, ComparatorRevision)
	}
	reject := func(code verify.Code, what string) verify.KernelVerdict {
		return verify.KernelVerdict{Reasons: []verify.Reason{{Code: code, Detail: shorten("Comparator: " + what + ": " + exc)}}}
	}
	switch {
	case strings.HasPrefix(exc, "Illegal axiom detected: "):
		return reject(verify.CodeDisallowedAxioms, "an axiom outside permitted_axioms")
	case hasAnyPrefix(exc, "Const does not match between challenge and target ", "Challenge and solution theorem statement do not match: ",
		"Challenge and solution constant kind don't match: ", "Const not found in solution", "Constant not found in solution ",
		"Solution constant is not a theorem: ", "Solution constant is not a definition: "):
		return reject(verify.CodeTypeChanged, "the statement's closure differs from the challenge's")
	case phase == cmpKernelRunning && exc != "":
		return reject(verify.CodeKernelRejected, "Lean's kernel rejects the solution")
	case phase == cmpNanodaRunning && strings.HasPrefix(exc, "Child exited with "):
		return reject(verify.CodeKernelRejected, "nanoda rejects the solution")
	}
	where := phase
	if where == "" {
		where = "before building"
	}
	if exc == "" {
		exc = firstLine(stderr, stdout)
	}
	return unavailable("Comparator failed (exit %d) at %q: %s", exit, where, exc)
}

func equalTail(have, want []string) bool {
	have = have[len(have)-len(want):]
	for i := range want {
		if have[i] != want[i] {
			return false
		}
	}
	return true
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// writeSolution writes Solution.lean: the header, then the candidate.
func writeSolution(work string, in verify.KernelInput) error {
	return os.WriteFile(filepath.Join(work, SolutionModule+".lean"), []byte(withHeader(in.Header)+in.Proof), 0o644)
}

func withHeader(header string) string {
	if h := strings.TrimSpace(header); h != "" {
		return h + "\n\n"
	}
	return ""
}

// writeComparatorProject makes work a Lake project Comparator can run in:
//
//   - Challenge.lean: the header and the official statement proved by sorry;
//   - config.json (ComparatorConfig);
//   - lean-toolchain, copied from the project: Comparator runs `lean --print-prefix` and
//     `lake build` there, and elan installed with --default-toolchain none has no other
//     toolchain to pick ("no default toolchain configured");
//   - lakefile.toml: the project's [[require]] entries, resolved in the project's own package
//     directory (packagesDir, a workspace option of Lake), and Challenge and Solution as
//     libraries, so `import Mathlib` builds against the Mathlib the project already has;
//   - lake-manifest.json, the project's, pointing at that package directory, so Lake uses
//     the revisions the project pinned and fetches nothing.
func writeComparatorProject(work, project string, in verify.KernelInput, nanoda bool) error {
	st := in.Statement
	challenge := withHeader(in.Header) + st.PreambleText + "\n" + strings.TrimSpace(st.Src[st.Header[0].Off:]) + " := by sorry\n"
	cfg, _ := json.MarshalIndent(ComparatorConfig{
		ChallengeModule: ChallengeModule, SolutionModule: SolutionModule,
		TheoremNames: []string{st.Name}, PermittedAxioms: in.AllowedAxioms, EnableNanoda: nanoda,
	}, "", "  ")
	toolchain, err := os.ReadFile(filepath.Join(project, "lean-toolchain"))
	if err != nil {
		return fmt.Errorf("the project's lean-toolchain: %w", err)
	}
	lakefile, pkgs, err := comparatorLakefile(project)
	if err != nil {
		return err
	}
	files := map[string][]byte{
		ChallengeModule + ".lean": []byte(challenge),
		"config.json":             cfg,
		"lean-toolchain":          toolchain,
		"lakefile.toml":           []byte(lakefile),
	}
	if b, err := os.ReadFile(filepath.Join(project, "lake-manifest.json")); err == nil {
		if files["lake-manifest.json"], err = manifestIn(b, pkgs); err != nil {
			return fmt.Errorf("the project's lake-manifest.json: %w", err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	var errs []error
	for name, b := range files {
		errs = append(errs, os.WriteFile(filepath.Join(work, name), b, 0o644))
	}
	return errors.Join(errs...)
}

// comparatorLakefile is the work project's lakefile.toml and the package directory it uses.
// The project's requirements are copied as written from its lakefile.toml; a project
// configured in lakefile.lean cannot be carried over and is an error.
func comparatorLakefile(project string) (string, string, error) {
	abs, err := filepath.Abs(project)
	if err != nil {
		return "", "", err
	}
	b, err := os.ReadFile(filepath.Join(abs, "lakefile.toml"))
	if err != nil {
		return "", "", fmt.Errorf("the project's lakefile.toml (the kernel tier carries its [[require]] entries to Comparator): %w", err)
	}
	name, pkgsDir, requires := lakeRequires(string(b))
	if name == "" {
		name = "leanprmkernel"
	}
	if pkgsDir == "" {
		pkgsDir = filepath.Join(".lake", "packages")
	}
	if !filepath.IsAbs(pkgsDir) {
		pkgsDir = filepath.Join(abs, pkgsDir)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "name = %s\npackagesDir = %s\n", tomlString(name), tomlString(pkgsDir))
	for _, r := range requires {
		sb.WriteString("\n[[require]]\n" + r)
	}
	for _, lib := range []string{SolutionModule, ChallengeModule} {
		fmt.Fprintf(&sb, "\n[[lean_lib]]\nname = %s\n", tomlString(lib))
	}
	return sb.String(), pkgsDir, nil
}

// lakeRequires reads, from a lakefile.toml, the package's name and packagesDir (top-level
// keys) and the body of each [[require]] table, comments dropped. It reads the flat
// key = value lines Lake's own files use, not all of TOML.
func lakeRequires(text string) (name, pkgsDir string, requires []string) {
	table := ""
	var cur *strings.Builder
	flush := func() {
		if cur != nil {
			requires = append(requires, cur.String())
			cur = nil
		}
	}
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(stripComment(line))
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if strings.HasPrefix(t, "[") {
			flush()
			table = t
			if t == "[[require]]" {
				cur = &strings.Builder{}
			}
			continue
		}
		k, v, ok := strings.Cut(t, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case cur != nil:
			cur.WriteString(k + " = " + v + "\n")
		case table == "" && k == "name":
			name = unquote(v)
		case table == "" && k == "packagesDir":
			pkgsDir = unquote(v)
		}
	}
	flush()
	return name, pkgsDir, requires
}

// stripComment drops a TOML comment: a # outside a string.
func stripComment(line string) string {
	quote, escaped := rune(0), false
	for i, r := range line {
		switch {
		case escaped:
			escaped = false
		case quote == '"' && r == '\\':
			escaped = true
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote = r
		case quote == 0 && r == '#':
			return line[:i]
		}
	}
	return line
}

func unquote(v string) string {
	var s string
	if json.Unmarshal([]byte(v), &s) == nil {
		return s
	}
	return strings.Trim(v, `"'`)
}

// tomlString is s as a TOML basic string (JSON's escapes are TOML's).
func tomlString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// manifestIn is a lake-manifest.json with its packagesDir set to pkgs, every other field kept.
func manifestIn(b []byte, pkgs string) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	m["packagesDir"], _ = json.Marshal(pkgs)
	return json.MarshalIndent(m, "", " ")
}
