package deploy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"

	"github.com/leanprm/leanprm/internal/config"
)

// No Docker daemon is guaranteed where the tests run, so the image is not built here. These
// tests read the Dockerfile instead and hold it to what the manifests and the repository
// assume of the image: the Go version of go.mod, a pinned base per stage, both values of the
// LEAN build argument, the non-root user the pods run as, `ENTRYPOINT ["leanprm"]`, the Lake
// project path the worker mounts over, and build inputs that exist and are not ignored.

const repoRoot = ".."

// instruction is one Dockerfile instruction, continuation lines joined.
type instruction struct {
	Line int
	Cmd  string // upper case: FROM, RUN, COPY, …
	Args string
}

// stage is one FROM and what follows it.
type stage struct {
	Name, Base string // Base with global ARG defaults substituted
	RawBase    string // Base as written
	Body       []instruction
}

// dockerfile is a parsed Dockerfile: global ARG defaults and the stages in order.
type dockerfile struct {
	Args   map[string]string
	Stages []stage
}

func (d dockerfile) stage(name string) (stage, bool) {
	for _, s := range d.Stages {
		if s.Name == name {
			return s, true
		}
	}
	return stage{}, false
}

var argRef = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)

// expand substitutes ${NAME} and $NAME from vars, leaving unknown names as they are.
func expand(s string, vars map[string]string) string {
	return argRef.ReplaceAllStringFunc(s, func(m string) string {
		name := strings.Trim(m, "${}")
		if v, ok := vars[name]; ok {
			return v
		}
		return m
	})
}

// parseDockerfile reads the instructions the tests look at. It is no full parser: it joins
// backslash continuations, drops comments and blank lines, and splits stages at FROM.
func parseDockerfile(text string) (dockerfile, error) {
	d := dockerfile{Args: map[string]string{}}
	var insts []instruction
	var cur strings.Builder
	start := 0
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		t := strings.TrimSpace(line)
		if cur.Len() == 0 && (t == "" || strings.HasPrefix(t, "#")) {
			continue
		}
		if cur.Len() > 0 && strings.HasPrefix(t, "#") {
			continue // a comment inside a continued instruction
		}
		if cur.Len() == 0 {
			start = n
		}
		if strings.HasSuffix(t, "\\") {
			cur.WriteString(strings.TrimSuffix(t, "\\") + " ")
			continue
		}
		cur.WriteString(t)
		cmd, args, _ := strings.Cut(cur.String(), " ")
		insts = append(insts, instruction{Line: start, Cmd: strings.ToUpper(cmd), Args: strings.TrimSpace(args)})
		cur.Reset()
	}
	if cur.Len() > 0 {
		return d, fmt.Errorf("the last instruction ends in a continuation")
	}
	for _, in := range insts {
		switch {
		case in.Cmd == "FROM":
			f := strings.Fields(in.Args)
			s := stage{Base: expand(f[0], d.Args), RawBase: f[0]}
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				s.Name = f[2]
			} else if len(f) != 1 {
				return d, fmt.Errorf("line %d: FROM %s", in.Line, in.Args)
			}
			d.Stages = append(d.Stages, s)
		case len(d.Stages) == 0:
			if in.Cmd != "ARG" {
				return d, fmt.Errorf("line %d: %s before the first FROM", in.Line, in.Cmd)
			}
			name, def, _ := strings.Cut(in.Args, "=")
			d.Args[name] = def
		default:
			last := &d.Stages[len(d.Stages)-1]
			last.Body = append(last.Body, in)
		}
	}
	if len(d.Stages) == 0 {
		return d, fmt.Errorf("no FROM")
	}
	return d, nil
}

func readDockerfile(t *testing.T) dockerfile {
	t.Helper()
	b, err := os.ReadFile("Dockerfile")
	require.NoError(t, err)
	d, err := parseDockerfile(string(b))
	require.NoError(t, err)
	return d
}

// envOf returns the ENV values a stage sets (KEY=value forms).
func envOf(s stage) map[string]string {
	env := map[string]string{}
	for _, in := range s.Body {
		if in.Cmd != "ENV" {
			continue
		}
		for _, f := range strings.Fields(in.Args) {
			if k, v, ok := strings.Cut(f, "="); ok {
				env[k] = v
			}
		}
	}
	return env
}

// TestDockerfileStages: each base image is pinned; the Go stage uses go.mod's Go version; the
// LEAN build argument names a stage for each of its values (with, none); the last stage is
// the runtime.
func TestDockerfileStages(t *testing.T) {
	d := readDockerfile(t)
	goMod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(goMod)
	require.NotNil(t, m, "go.mod has a go line")
	assert.Equal(t, string(m[1]), d.Args["GO_VERSION"], "the image builds with the Go version go.mod names")

	names := map[string]bool{}
	selects := 0
	for _, s := range d.Stages {
		names[s.Name] = true
	}
	for _, s := range d.Stages {
		if strings.Contains(s.RawBase, "${LEAN}") || strings.Contains(s.RawBase, "$LEAN") {
			selects++
			for _, v := range []string{"with", "none"} {
				ref := expand(s.RawBase, map[string]string{"LEAN": v})
				assert.True(t, names[ref], "LEAN=%s selects stage %s, which does not exist", v, ref)
			}
			continue
		}
		if names[s.Base] {
			continue // a stage built above
		}
		assert.NotContains(t, s.Base, "$", "stage %s: base %s has an unset build argument", s.Name, s.Base)
		assert.NoError(t, checkImage(s.Base), "stage %s", s.Name)
	}
	assert.Equal(t, 1, selects, "one stage is chosen by the LEAN build argument")
	assert.Equal(t, "with", d.Args["LEAN"], "the default image has Lean")
	assert.Equal(t, "runtime", d.Stages[len(d.Stages)-1].Name, "the last stage is what `docker build` tags")
}

// TestDockerfileRuntime: the runtime stage runs leanprm as the non-root user the pods name,
// finds the toolchain's lake on PATH, and points at the Lake project the worker mounts over.
func TestDockerfileRuntime(t *testing.T) {
	d := readDockerfile(t)
	rt := d.Stages[len(d.Stages)-1]
	var user, entrypoint string
	for _, in := range rt.Body {
		switch in.Cmd {
		case "USER":
			user = in.Args
		case "ENTRYPOINT":
			entrypoint = in.Args
		}
	}
	var ep []string
	require.NoError(t, json.Unmarshal([]byte(entrypoint), &ep), "ENTRYPOINT in exec (JSON) form, so leanprm gets SIGTERM itself")
	assert.Equal(t, []string{"leanprm"}, ep)

	uid, _, _ := strings.Cut(user, ":")
	n, err := strconv.Atoi(uid)
	require.NoError(t, err, "USER is numeric, so runAsNonRoot can verify it")
	assert.NotZero(t, n)

	env := envOf(rt)
	assert.Contains(t, strings.Split(env["PATH"], ":"), "/opt/lean/toolchain/bin", "lake is found on PATH (repl.LocateREPL)")
	project := env[config.EnvName("lean.project")]
	require.NotEmpty(t, project)

	// The manifests agree with the image.
	ms, _ := loadAll(t)
	var worker *appsv1.Deployment
	for _, m := range ms {
		if dep, ok := m.Obj.(*appsv1.Deployment); ok {
			pod := dep.Spec.Template.Spec
			require.NotNil(t, pod.SecurityContext)
			require.NotNil(t, pod.SecurityContext.RunAsUser)
			assert.Equal(t, int64(n), *pod.SecurityContext.RunAsUser, "%s runs as the image's USER", m)
			if len(pod.Containers) > 0 && len(pod.Containers[0].Args) > 0 && pod.Containers[0].Args[0] == "worker" {
				worker = dep
			}
		}
	}
	require.NotNil(t, worker)
	pod := worker.Spec.Template.Spec
	require.Len(t, pod.InitContainers, 1)
	assert.Contains(t, pod.InitContainers[0].Command, project+"/.", "the init container copies the image's Lake project")
	c := pod.Containers[0]
	mounted := false
	for _, vm := range c.VolumeMounts {
		mounted = mounted || vm.MountPath == project
	}
	assert.True(t, mounted, "the worker mounts the writable copy at the path Lake built it in (%s)", project)
	for _, e := range c.Env {
		if e.Name == config.EnvName("lean.project") {
			assert.Equal(t, project, e.Value)
		}
	}
}

// TestDockerfileLeanStage: the Lean stage bakes the toolchain lean-toolchain pins, with the
// leanprm flags that exist, and checks the REPL binary where the repl package looks for it.
func TestDockerfileLeanStage(t *testing.T) {
	d := readDockerfile(t)
	lean, ok := d.stage("lean-with")
	require.True(t, ok)
	var copied, setup []string
	for _, in := range lean.Body {
		if in.Cmd == "COPY" && !strings.Contains(in.Args, "--from") {
			copied = append(copied, strings.Fields(in.Args)...)
		}
		if in.Cmd == "RUN" && strings.Contains(in.Args, "leanprm lean setup") {
			setup = strings.Fields(in.Args)
		}
	}
	assert.Contains(t, copied, "lean-project/lean-toolchain")
	assert.Contains(t, copied, "lean-project/lakefile.toml")
	require.NotEmpty(t, setup, "the Lean stage builds the REPL with `leanprm lean setup`")

	fs := pflag.NewFlagSet("leanprm", pflag.ContinueOnError)
	config.RegisterFlags(fs)
	setupSrc, err := os.ReadFile(filepath.Join(repoRoot, "cmd", "leanprm", "lean_setup.go"))
	require.NoError(t, err)
	for _, f := range setup {
		name, ok := strings.CutPrefix(f, "--")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, "=")
		known := fs.Lookup(name) != nil || strings.Contains(string(setupSrc), strconv.Quote(name))
		assert.True(t, known, "`leanprm lean setup` has no flag --%s", name)
	}
	all := ""
	for _, in := range lean.Body {
		all += in.Args + "\n"
	}
	assert.Contains(t, all, ".lake/packages/REPL/.lake/build/bin/repl", "the build checks the REPL binary where repl.REPLBinary says it is")
}

// TestDockerfileInputs: every file the build copies from the context exists and is not
// excluded by Dockerfile.dockerignore (BuildKit reads <Dockerfile>.dockerignore first).
func TestDockerfileInputs(t *testing.T) {
	d := readDockerfile(t)
	ignore, err := os.ReadFile("Dockerfile.dockerignore")
	require.NoError(t, err)
	var patterns []string
	for _, l := range strings.Split(string(ignore), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			require.False(t, strings.HasPrefix(l, "!"), "negated patterns are not modelled here")
			patterns = append(patterns, strings.TrimPrefix(l, "**/"))
		}
	}
	ignored := func(p string) string {
		for q := p; q != "." && q != "/"; q = path.Dir(q) {
			for _, pat := range patterns {
				if ok, _ := path.Match(pat, q); ok {
					return pat
				}
				if ok, _ := path.Match(pat, path.Base(q)); ok && strings.HasPrefix(pat, "*") {
					return pat
				}
			}
		}
		return ""
	}
	n := 0
	for _, s := range d.Stages {
		for _, in := range s.Body {
			if in.Cmd != "COPY" || strings.Contains(in.Args, "--from") {
				continue
			}
			f := strings.Fields(in.Args)
			for _, src := range f[:len(f)-1] {
				if strings.HasPrefix(src, "--") {
					continue
				}
				n++
				if src == "." {
					continue
				}
				_, err := os.Stat(filepath.Join(repoRoot, src))
				assert.NoError(t, err, "line %d copies %s", in.Line, src)
				assert.Empty(t, ignored(src), "line %d copies %s, which Dockerfile.dockerignore excludes", in.Line, src)
			}
		}
	}
	assert.Greater(t, n, 3)
	// And what must stay out does: a local Lake build, git history.
	assert.NotEmpty(t, ignored("lean-project/.lake/packages"))
	assert.NotEmpty(t, ignored(".git/HEAD"))
}

// TestParseDockerfile: continuations, comments inside them, stages and global ARGs.
func TestParseDockerfile(t *testing.T) {
	d, err := parseDockerfile("ARG A=1\nARG B=x\n# c\nFROM img:${A}-$B AS one\nRUN a \\\n  # inside\n  && b\nFROM one\nUSER 5\n")
	require.NoError(t, err)
	require.Len(t, d.Stages, 2)
	assert.Equal(t, "img:1-x", d.Stages[0].Base)
	assert.Equal(t, "one", d.Stages[0].Name)
	assert.Equal(t, "a  && b", d.Stages[0].Body[0].Args)
	assert.Equal(t, "one", d.Stages[1].Base)
	_, err = parseDockerfile("RUN x\nFROM a\n")
	assert.ErrorContains(t, err, "before the first FROM")
	_, err = parseDockerfile("FROM a\nRUN x \\\n")
	assert.ErrorContains(t, err, "continuation")
}
