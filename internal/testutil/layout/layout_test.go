package layout

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The limits of issue 25: a package, a file and a function a reader can hold in mind. Lines are
// lines of the file (comments and blank lines count); only non-test files count.
const (
	maxPackageLines = 4000
	maxFileLines    = 800
	maxFuncLines    = 200
)

// Offenders allowed for now, each with its size when it was let in: empty since the splits of
// issue 25 landed. An entry fails the test when its offender no longer exceeds the limit
// (remove it) and when it grew past the size written here (split it, or say why in the commit
// that raises the number). Do not add entries for new code.
var (
	// Packages (directories, non-test files) over maxPackageLines.
	bigPackages = map[string]int{}
	// Non-test files over maxFileLines.
	bigFiles = map[string]int{}
	// Functions over maxFuncLines, as "file name" (methods as "(T).M" or "(*T).M").
	longFuncs = map[string]int{}
)

// layers ranks the top folders that hold Go code: a package may import a package of a lower
// layer, or one of its own top folder, never one above it nor a sibling of its layer
// (translate and leanbridge stay independent of each other).
var layers = map[string]int{
	"cmd":        4, // the binary
	"deploy":     4, // deployment artefacts; its tests read the application's config
	"internal":   3, // the application: composition root, service, queue, config; simulators; test helpers
	"hybrid":     2, // scoring, merging, benchmarks, reports, outcome, search, labels
	"translate":  1, // steps to formal obligations
	"leanbridge": 1, // everything that talks to Lean
}

// pkg is one directory of the module with non-test Go files in it.
type pkg struct {
	dir     string            // relative to the module root, slash-separated
	lines   int               // lines of its non-test files
	imports map[string]string // module directories its non-test files import -> file:line of one import
	files   []string          // non-test files (slash paths)
}

// module is every package under the module root.
type module struct {
	root, path string
	pkgs       map[string]*pkg
	fileLines  map[string]int
	funcLines  map[string]int // "file name" -> lines, for every function and function literal
}

// moduleRoot walks up from the test's directory to the directory holding go.mod.
func moduleRoot(t *testing.T) (root, modPath string) {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			sc := bufio.NewScanner(strings.NewReader(string(b)))
			for sc.Scan() {
				if p, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					return dir, strings.TrimSpace(p)
				}
			}
			require.FailNow(t, "go.mod has no module line", dir)
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, dir, parent, "no go.mod above the test's directory")
		dir = parent
	}
}

// load parses every Go file of the module (skipping testdata, lean-project and hidden
// directories, as the go tool does).
func load(t *testing.T) *module {
	t.Helper()
	root, modPath := moduleRoot(t)
	m := &module{root: root, path: modPath, pkgs: map[string]*pkg{}, fileLines: map[string]int{}, funcLines: map[string]int{}}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "lean-project") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil // tests are neither sized nor layered (see TestImportDirection)
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(rel))
		p := m.pkgs[dir]
		if p == nil {
			p = &pkg{dir: dir, imports: map[string]string{}}
			m.pkgs[dir] = p
		}
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			if dep, ok := strings.CutPrefix(ip, m.path+"/"); ok {
				if _, seen := p.imports[dep]; !seen {
					p.imports[dep] = fmt.Sprintf("%s:%d", rel, fset.Position(imp.Pos()).Line)
				}
			}
		}
		n := strings.Count(string(src), "\n")
		if len(src) > 0 && src[len(src)-1] != '\n' {
			n++
		}
		p.lines += n
		p.files = append(p.files, rel)
		m.fileLines[rel] = n
		ast.Inspect(f, func(x ast.Node) bool {
			var name string
			switch x := x.(type) {
			case *ast.FuncDecl:
				name = funcName(x)
			case *ast.FuncLit:
				name = fmt.Sprintf("func literal at line %d", fset.Position(x.Pos()).Line)
			default:
				return true
			}
			m.funcLines[rel+" "+name] = fset.Position(x.End()).Line - fset.Position(x.Pos()).Line + 1
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, m.pkgs, "no Go files under %s", root)
	return m
}

// funcName is "f", "(T).M" or "(*T).M".
func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	typ := d.Recv.List[0].Type
	star := ""
	if s, ok := typ.(*ast.StarExpr); ok {
		star, typ = "*", s.X
	}
	switch x := typ.(type) {
	case *ast.IndexExpr: // generic receiver T[K]
		typ = x.X
	case *ast.IndexListExpr:
		typ = x.X
	}
	id, _ := typ.(*ast.Ident)
	recv := "?"
	if id != nil {
		recv = id.Name
	}
	return "(" + star + recv + ")." + d.Name.Name
}

// sizeProblems lists every size over limit that allowed does not list, every entry of allowed
// grown past its recorded size, and every entry no longer over the limit or gone (stale).
func sizeProblems(what string, sizes map[string]int, limit int, allowed map[string]int) []string {
	var out []string
	for k, n := range sizes {
		if n <= limit {
			continue
		}
		max, listed := allowed[k]
		switch {
		case !listed:
			out = append(out, fmt.Sprintf("%s %s has %d lines, over the limit of %d: split it (issue 25)", what, k, n, limit))
		case n > max:
			out = append(out, fmt.Sprintf("%s %s grew to %d lines, past the %d its allow-list entry records: split it rather than raise the entry", what, k, n, max))
		}
	}
	for k, max := range allowed {
		n, ok := sizes[k]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("allow-list entry for %s %s (%d lines): it no longer exists; remove the entry", what, k, max))
		case n <= limit:
			out = append(out, fmt.Sprintf("allow-list entry for %s %s: %d lines now, within the limit of %d; remove the entry", what, k, n, limit))
		}
	}
	sort.Strings(out)
	return out
}

func TestSizes(t *testing.T) {
	m := load(t)
	pkgLines := map[string]int{}
	for dir, p := range m.pkgs {
		pkgLines[dir] = p.lines
	}
	var problems []string
	problems = append(problems, sizeProblems("package", pkgLines, maxPackageLines, bigPackages)...)
	problems = append(problems, sizeProblems("file", m.fileLines, maxFileLines, bigFiles)...)
	problems = append(problems, sizeProblems("function", m.funcLines, maxFuncLines, longFuncs)...)
	for _, p := range problems {
		t.Error(p)
	}
	// The walk saw the module: the packages and functions every build has.
	assert.Contains(t, pkgLines, "cmd/leanprm")
	assert.Contains(t, m.funcLines, "cmd/leanprm/main.go main")
}

// sizeProblems on made-up sizes: an unlisted offender, one grown past its entry, a stale
// entry and a vanished one each fail; a listed offender within its entry passes.
func TestSizeProblems(t *testing.T) {
	for name, c := range map[string]struct {
		sizes, allowed map[string]int
		fails          bool
	}{
		"within":   {map[string]int{"a": 10, "b": 50}, map[string]int{"b": 60}, false},
		"at limit": {map[string]int{"a": 40}, map[string]int{}, false},
		"unlisted": {map[string]int{"a": 41}, map[string]int{}, true},
		"grown":    {map[string]int{"a": 70}, map[string]int{"a": 60}, true},
		"stale":    {map[string]int{"a": 20}, map[string]int{"a": 60}, true},
		"vanished": {map[string]int{}, map[string]int{"a": 60}, true},
	} {
		got := sizeProblems("file", c.sizes, 40, c.allowed)
		assert.Equal(t, c.fails, len(got) > 0, "%s: %v", name, got)
	}
}

// under reports whether dir is top or inside it.
func under(dir, top string) bool { return dir == top || strings.HasPrefix(dir, top+"/") }

func topOf(dir string) string { top, _, _ := strings.Cut(dir, "/"); return top }

// importRule is one rule on the imports of non-test files: the importing package (from) and
// the imported one (to) it forbids, and why.
type importRule struct {
	name    string
	forbids func(from, to string) bool
	why     string
}

var importRules = []importRule{
	{
		name: "layers",
		forbids: func(from, to string) bool {
			ft, tt := topOf(from), topOf(to)
			return ft != tt && layers[tt] >= layers[ft]
		},
		why: "an import runs up or sideways between top folders (cmd → internal → hybrid → translate, leanbridge)",
	},
	{
		name: "libraries do not reach into internal",
		forbids: func(from, to string) bool {
			return !under(from, "internal") && !under(from, "cmd") && !under(from, "deploy") && under(to, "internal")
		},
		why: "translate/, leanbridge/ and hybrid/ are libraries: internal/ is the application above them",
	},
	{
		name:    "simulators are independent witnesses",
		forbids: func(from, to string) bool { return under(from, "internal/leansim") && under(to, "translate") },
		why:     "a simulator that decides with the translator's own code agrees with it by construction",
	},
	{
		name:    "config knows no package's defaults",
		forbids: func(from, to string) bool { return under(from, "internal/config") && !under(to, "internal/config") },
		why:     "internal/config keeps its own defaults (internal/wire's tests tie them to the libraries')",
	},
	{
		name:    "test helpers are for tests",
		forbids: func(from, to string) bool { return under(to, "internal/testutil") && !under(from, "internal/testutil") },
		why:     "internal/testutil is imported by test files only",
	},
}

// TestImportDirection checks every import of every non-test file against importRules. Test
// files are left out: a test may start the simulators, read the shared data or run an
// end-to-end check through a higher layer, none of which is a dependency of the package
// (`go list -deps` does not show it).
func TestImportDirection(t *testing.T) {
	m := load(t)
	dirs := make([]string, 0, len(m.pkgs))
	for dir := range m.pkgs {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		if _, ok := layers[topOf(dir)]; !ok {
			t.Errorf("top folder %s holds Go package %s but has no layer: add it to layers", topOf(dir), dir)
		}
	}
	for _, dir := range dirs {
		p := m.pkgs[dir]
		deps := make([]string, 0, len(p.imports))
		for dep := range p.imports {
			deps = append(deps, dep)
		}
		sort.Strings(deps)
		for _, dep := range deps {
			for _, r := range importRules {
				if r.forbids(dir, dep) {
					t.Errorf("%s imports %s (%s): %s: %s", dir, dep, p.imports[dep], r.name, r.why)
				}
			}
		}
	}
}

// The rules themselves, on imports that exist and that must not: a rule that forbade nothing
// would pass any tree.
func TestImportRules(t *testing.T) {
	forbidden := func(from, to string) []string {
		var names []string
		for _, r := range importRules {
			if r.forbids(from, to) {
				names = append(names, r.name)
			}
		}
		return names
	}
	for _, ok := range [][2]string{
		{"cmd/leanprm", "internal/wire"}, {"cmd/leanprm", "hybrid"}, {"internal/wire", "hybrid/formal"},
		{"internal/serve", "leanbridge/verify"}, {"hybrid/formal", "translate"}, {"hybrid/formal", "leanbridge/repl"},
		{"hybrid/label", "translate/lru"}, {"translate", "translate/algebra"}, {"internal/leansim/replsim", "internal/leansim/simflags"},
		{"internal/config", "internal/config/sub"}, {"internal/testutil/natstest", "internal/testutil/testpki"},
	} {
		assert.Empty(t, forbidden(ok[0], ok[1]), "%s -> %s", ok[0], ok[1])
	}
	for _, bad := range []struct{ from, to, rule string }{
		{"hybrid", "cmd/leanprm", "layers"},
		{"translate", "hybrid/chain", "layers"},
		{"leanbridge/repl", "translate", "layers"},
		{"translate", "leanbridge/repl", "layers"},
		{"hybrid/formal", "internal/wire", "libraries do not reach into internal"},
		{"leanbridge/repl", "internal/leansim/replsim", "libraries do not reach into internal"},
		{"internal/leansim/replsim", "translate/algebra", "simulators are independent witnesses"},
		{"internal/config", "leanbridge/repl", "config knows no package's defaults"},
		{"internal/config", "internal/wire", "config knows no package's defaults"},
		{"internal/serve", "internal/testutil/testshared", "test helpers are for tests"},
	} {
		assert.Contains(t, forbidden(bad.from, bad.to), bad.rule, "%s -> %s", bad.from, bad.to)
	}
}

// readmeLayout returns the paths named in the first cell of the rows of README.md's layout
// table (the table under "## Layout"), without a trailing slash.
func readmeLayout(t *testing.T, root string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(b), "\n## Layout\n")
	require.True(t, ok, "README.md has no \"## Layout\" section")
	if i := strings.Index(section, "\n## "); i >= 0 {
		section = section[:i]
	}
	var paths []string
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "| `") || len(cells) < 3 {
			continue
		}
		for _, part := range strings.Split(cells[1], "`") {
			part = strings.TrimSpace(part)
			if part == "" || part == "," {
				continue
			}
			paths = append(paths, strings.TrimSuffix(part, "/"))
		}
	}
	require.NotEmpty(t, paths, "README.md's layout table has no rows")
	return paths
}

// TestREADMELayoutMatchesTree: every path README.md's layout table names exists, and every
// package outside a folder's own internal/ (translate/internal/…, hybrid/prm/internal/… are
// private to their folder; the top-level internal/ is the application) is named there.
func TestREADMELayoutMatchesTree(t *testing.T) {
	m := load(t)
	named := map[string]bool{}
	for _, p := range readmeLayout(t, m.root) {
		named[p] = true
		_, err := os.Stat(filepath.Join(m.root, filepath.FromSlash(p)))
		assert.NoError(t, err, "README.md's layout table names %s, which is not in the tree", p)
	}
	for dir := range m.pkgs {
		if strings.Contains(dir, "/internal/") {
			continue
		}
		assert.True(t, named[dir], "package %s is not in README.md's layout table", dir)
	}
}

// TestNoMergeConflictMarkers: no Markdown or text file of the repository keeps a merge
// conflict's markers (Go files would not build; a README with two versions of a row reads
// as both).
func TestNoMergeConflictMarkers(t *testing.T) {
	m := load(t)
	err := filepath.WalkDir(m.root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name != "." && strings.HasPrefix(name, ".") || name == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(path); ext != ".md" && ext != ".txt" && ext != ".yaml" && ext != ".yml" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for n, line := range strings.Split(string(b), "\n") {
			for _, mark := range []string{"<<<<<<< ", "=======", ">>>>>>> "} {
				if line == mark || strings.HasPrefix(line, mark) && mark != "=======" {
					t.Errorf("%s:%d: a merge conflict's marker %q", path, n+1, strings.TrimSpace(mark))
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
}
