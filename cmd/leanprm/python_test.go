package main

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// python3 returns the interpreter, or skips the test saying why.
func python3(t *testing.T) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Log("python3 is not installed: the Python adapters (python/leanprm) are not tested here")
		t.Skip("python3 is not installed")
	}
	return py
}

// TestPythonAdapters runs python/tests (stdlib unittest) against a real `leanprm serve` child
// (LEANPRM_URL) and a NATS gateway no worker pulls from (LEANPRM_NOWORKER_URL): the verl,
// TRL, OpenRLHF and slime adapters called as each framework calls them (the upstream files
// are cited in python/tests/test_adapters.py), their retries, timeouts and errors.
func TestPythonAdapters(t *testing.T) {
	py := python3(t)
	sc, x := startServe(t, nil, "--checker", "exact")
	gw, gx := startServe(t, nil, "--nats", startNATS(t).ClientURL())
	repo, err := filepath.Abs("../..")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "-m", "unittest", "discover", "-s", filepath.Join(repo, "python", "tests"), "-v")
	cmd.Env = append(os.Environ(), "PYTHONPATH="+filepath.Join(repo, "python"), "LEANPRM_URL="+sc.url,
		"LEANPRM_NOWORKER_URL="+gw.url, "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	require.NoError(t, err, "python3 -m unittest failed")
	assert.Contains(t, string(out), "\nOK")
	assert.NotContains(t, string(out), "skipped=", "every adapter test ran")
	assert.GreaterOrEqual(t, strings.Count(string(out), " ... ok"), 13)
	assert.Equal(t, exitSignal, gx.term(t))
	assert.Equal(t, exitSignal, x.term(t))
}

// frameworkSection is the README's section on RL frameworks, up to the next section.
func frameworkSection(t *testing.T) string {
	readme := readREADME(t)
	start := strings.Index(readme, "### Rewards in RL frameworks")
	require.GreaterOrEqual(t, start, 0, "the README has its RL frameworks section")
	rest := readme[start+4:]
	if end := strings.Index(rest, "\n### "); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// fencedBlocks are the bodies of the section's ```lang blocks.
func fencedBlocks(section, lang string) []string {
	var out []string
	for _, part := range strings.Split(section, "```"+lang+"\n")[1:] {
		body, _, _ := strings.Cut(part, "```")
		out = append(out, body)
	}
	return out
}

// TestREADMEFrameworkExamples runs what the README's RL frameworks section shows, against a
// `leanprm serve` child: every ```python block (each asserts what it shows), the verl
// configuration (the file at its path defines the function it names), the OpenRLHF and slime
// flags (the adapter files they name define reward_func; the URLs they name are served).
func TestREADMEFrameworkExamples(t *testing.T) {
	py := python3(t)
	section := frameworkSection(t)
	sc, x := startServe(t, nil, "--checker", "exact")
	repo, err := filepath.Abs("../..")
	require.NoError(t, err)
	run := func(code string) string {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, py, "-c", code)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "PYTHONPATH="+filepath.Join(repo, "python"), "LEANPRM_URL="+sc.url, "PYTHONDONTWRITEBYTECODE=1")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s\n%s", code, out)
		return string(out)
	}
	blocks := fencedBlocks(section, "python")
	require.Len(t, blocks, 4, "verl, TRL, OpenRLHF and slime")
	for _, b := range blocks {
		run(b)
	}
	yaml := fencedBlocks(section, "yaml")
	require.Len(t, yaml, 1)
	var path, name string
	for _, l := range strings.Split(yaml[0], "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "path: "); ok {
			path = v
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "name: "); ok {
			name = v
		}
	}
	require.NotEmpty(t, path)
	require.NotEmpty(t, name)
	loadBy := func(path, fn string) string {
		return "import importlib.util, inspect\n" +
			"spec = importlib.util.spec_from_file_location('m', " + strconv.Quote(path) + ")\n" +
			"m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n" +
			"print(list(inspect.signature(getattr(m, " + strconv.Quote(fn) + ")).parameters))\n"
	}
	assert.Contains(t, run(loadBy(path, name)), "'data_source', 'solution_str', 'ground_truth', 'extra_info'")
	text := strings.Join(fencedBlocks(section, "text"), "\n")
	for _, f := range regexp.MustCompile(`python/leanprm/\w+\.py`).FindAllString(text, -1) {
		assert.Contains(t, run(loadBy(f, "reward_func")), "'queries', 'prompts', 'labels'", f)
	}
	urls := regexp.MustCompile(`http://127\.0\.0\.1:8080(/\w+)`).FindAllStringSubmatch(text, -1)
	require.NotEmpty(t, urls)
	for _, u := range urls {
		code, body := request(t, http.MethodPost, sc.url+u[1], "", `{}`)
		assert.NotEqual(t, http.StatusNotFound, code, "%s: %s", u[1], body)
	}
	assert.Equal(t, exitSignal, x.term(t))
}
