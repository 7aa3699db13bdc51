package main

// A README block that is one shell session: a server started in it, variables set in one line
// and used in the next, curl requests to the server. readme_test.go runs such a block (one with
// a `serve:` line) through runREADMESession; the expectations it adds to the convention:
//
//   - `serve: why` starts the command in the background on a free loopback port (its --addr
//     becomes 127.0.0.1:0 and the address is read from the first http://… URL it prints on
//     stderr), waits until /readyz answers 200, and sends every later line's host:port of the
//     README's --addr (and localhost with the same port) there. The server is stopped with
//     SIGTERM at the end. `background: why` is the same for a server without /readyz (the
//     generator simulator): it is ready once it has said where it listens. A trailing & goes.
//   - `set: NAME` is a line NAME=… (evaluated by sh); NAME is in the environment of later lines.
//   - `use: TEXT = PATH (why)` replaces TEXT in the command by the value at PATH of the JSON the
//     line before answered (an id the server returned, which the README cannot know).
//   - `json: PATH` (the answer has it) or `json: PATH = VALUE` (VALUE is JSON; PATH is dotted,
//     with list indexes and # for a list's length).
//
// A curl line runs curl when it is on PATH; CI machines may lack curl, and then the same request
// is replayed with net/http from the command's arguments as sh expands them (parseCurl), so the
// block is tested either way. openssl, which the README's token line uses, gets a stand-in in sh
// when it is absent.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeSession is the state one block's lines share.
type readmeSession struct {
	t        *testing.T
	work     string
	env      []string // the session's environment: the test's, plus what `set:` lines set
	addrFrom []string // the README's host:port forms of the server's address
	addrTo   string   // where the server really listens
	last     string   // the stdout of the line before
}

// isSession says whether a block's lines make one shell session.
func isSession(cmds []readmeCmd) bool {
	for _, c := range cmds {
		if strings.HasPrefix(c.expect, "serve:") || strings.HasPrefix(c.expect, "background:") {
			return true
		}
	}
	return false
}

func runREADMESession(t *testing.T, work string, env []string, cmds []readmeCmd) {
	s := &readmeSession{t: t, work: work, env: append(env[:len(env):len(env)], "XDG_CONFIG_HOME="+t.TempDir())}
	if _, err := exec.LookPath("openssl"); err != nil {
		bin := t.TempDir()
		shim := "#!/bin/sh\n# a stand-in for openssl rand -hex N, which the README uses\nod -An -tx1 -N \"$3\" /dev/urandom | tr -d ' \\n'\n"
		require.NoError(t, os.WriteFile(filepath.Join(bin, "openssl"), []byte(shim), 0o755))
		s.env = append(s.env, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	for _, c := range cmds {
		line := c.line
		for _, from := range s.addrFrom {
			line = strings.ReplaceAll(line, from, s.addrTo)
		}
		if strings.HasPrefix(c.expect, "serve:") || strings.HasPrefix(c.expect, "background:") { // the reason may not hold a ";"
			s.serve(strings.TrimSuffix(strings.TrimSpace(line), "&"), strings.HasPrefix(c.expect, "serve:"))
			continue
		}
		var checks []string
		for _, ex := range strings.Split(c.expect, ";") {
			ex = strings.TrimSpace(ex)
			switch {
			case strings.HasPrefix(ex, "set:"):
				s.set(line, strings.TrimSpace(strings.TrimPrefix(ex, "set:")))
			case strings.HasPrefix(ex, "use:"):
				line = s.use(line, strings.TrimSpace(strings.TrimPrefix(ex, "use:")))
			case ex != "":
				checks = append(checks, ex)
			}
		}
		if len(checks) == 0 {
			continue
		}
		var stdout, stderr string
		var code int
		if strings.HasPrefix(line, "curl ") {
			stdout, code = s.curl(line)
		} else {
			stdout, stderr, code = s.sh(line)
		}
		s.last = stdout
		for _, ex := range checks {
			s.check(line, ex, stdout, stderr, code)
		}
	}
}

// sh runs one line with sh in the session's directory and environment.
func (s *readmeSession) sh(line string) (stdout, stderr string, code int) {
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir, cmd.Env = s.work, s.env
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), errOut.String(), ee.ExitCode()
	}
	require.NoError(s.t, err, line)
	return out.String(), errOut.String(), 0
}

// serve starts the server line in the background on a free loopback port and waits until it is
// ready: /readyz 200 with readyz, else once it has said where it listens.
func (s *readmeSession) serve(line string, readyz bool) {
	t := s.t
	m := regexp.MustCompile(`--addr (\S+)`).FindStringSubmatch(line)
	require.NotNil(t, m, "the server line names its --addr: %s", line)
	_, port, ok := strings.Cut(m[1], ":")
	require.True(t, ok, m[1])
	s.addrFrom = []string{m[1], "localhost:" + port}
	cmd := exec.Command("sh", "-c", "exec "+strings.Replace(line, m[0], "--addr 127.0.0.1:0", 1))
	cmd.Dir, cmd.Env = s.work, s.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its REPLs go with it
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			t.Error("serve did not stop on SIGTERM")
		}
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	})
	addr := make(chan string, 1)
	var log bytes.Buffer
	go func() {
		defer close(exited)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := regexp.MustCompile(`http://((127\.0\.0\.1|localhost):[0-9]+)`).FindStringSubmatch(sc.Text()); m != nil {
				select {
				case addr <- m[1]:
				default: // said already
				}
			}
		}
		_ = cmd.Wait()
	}()
	select {
	case s.addrTo = <-addr:
	case <-exited:
		t.Fatalf("serve exited before it listened: %s", log.String())
	case <-time.After(time.Minute):
		t.Fatal("serve did not say where it listens")
	}
	if !readyz {
		return
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		resp, err := http.Get("http://" + s.addrTo + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		require.True(t, time.Now().Before(deadline), "serve was not ready in time")
		time.Sleep(50 * time.Millisecond) // polling the server's own readiness, not a measurement
	}
}

// set evaluates NAME=… with sh and puts NAME in the session's environment.
func (s *readmeSession) set(line, name string) {
	require.True(s.t, strings.HasPrefix(line, name+"="), "set: %s on %q", name, line)
	out, _, code := s.sh(line + "\nprintf %s \"$" + name + "\"")
	require.Equal(s.t, 0, code, line)
	require.NotEmpty(s.t, out, "%s is set", name)
	s.env = append(s.env, name+"="+out)
}

// use replaces TEXT in line by the value at PATH of the last answer.
func (s *readmeSession) use(line, spec string) string {
	if k := strings.Index(spec, " ("); k > 0 {
		spec = spec[:k]
	}
	text, path, ok := strings.Cut(spec, " = ")
	require.True(s.t, ok, "use: TEXT = PATH, not %q", spec)
	v, found := jsonPath(s.t, s.last, strings.TrimSpace(path))
	require.True(s.t, found, "the answer before has %s: %s", path, s.last)
	str, isStr := v.(string)
	require.True(s.t, isStr, "%s is a string", path)
	require.Contains(s.t, line, strings.TrimSpace(text))
	return strings.ReplaceAll(line, strings.TrimSpace(text), str)
}

// curl runs a curl line: with curl when it is on PATH, else the same request with net/http.
func (s *readmeSession) curl(line string) (stdout string, code int) {
	// sh expands the arguments as the shell would ($T, quotes), then prints them NUL-separated.
	argv, _, code := s.sh("set -- " + strings.TrimPrefix(line, "curl ") + "\nfor a in \"$@\"; do printf '%s\\0' \"$a\"; done")
	require.Equal(s.t, 0, code, line)
	args := strings.Split(strings.TrimSuffix(argv, "\x00"), "\x00")
	if path, err := exec.LookPath("curl"); err == nil {
		cmd := exec.Command(path, args...)
		cmd.Dir, cmd.Env = s.work, s.env
		out, err := cmd.Output()
		require.NoError(s.t, err, line)
		return string(out), 0
	}
	s.t.Logf("curl is not on PATH: replaying %q with net/http", line)
	req, err := parseCurl(args)
	require.NoError(s.t, err, line)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(s.t, err, line)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(s.t, err)
	return string(body), 0
}

// parseCurl turns the arguments of a curl command line (as the shell passes them) into the
// request curl would send: -H/--header, -d/--data/--data-raw (a POST, as curl makes it, with
// curl's form content type), -X/--request, -s/--silent; a URL without a scheme is http.
func parseCurl(args []string) (*http.Request, error) {
	var (
		url, method string
		body        *string
		headers     [][2]string
	)
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("curl %s: no value", a)
			}
			i++
			return args[i], nil
		}
		switch a {
		case "-s", "--silent":
		case "-H", "--header":
			h, err := next()
			if err != nil {
				return nil, err
			}
			k, v, ok := strings.Cut(h, ":")
			if !ok {
				return nil, fmt.Errorf("curl header %q: no colon", h)
			}
			headers = append(headers, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
		case "-d", "--data", "--data-raw":
			d, err := next()
			if err != nil {
				return nil, err
			}
			if body != nil { // curl joins several -d with &
				d = *body + "&" + d
			}
			body = &d
		case "-X", "--request":
			m, err := next()
			if err != nil {
				return nil, err
			}
			method = m
		default:
			if strings.HasPrefix(a, "-") {
				return nil, fmt.Errorf("curl option %s: not replayed by this test", a)
			}
			url = a
		}
	}
	if url == "" {
		return nil, errors.New("curl: no URL")
	}
	if !strings.Contains(url, "://") {
		url = "http://" + url
	}
	var r io.Reader
	if body != nil {
		r = strings.NewReader(*body)
		if method == "" {
			method = http.MethodPost
		}
	}
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for _, h := range headers {
		req.Header.Set(h[0], h[1])
	}
	return req, nil
}

// check checks one expectation of a session line.
func (s *readmeSession) check(line, ex, stdout, stderr string, code int) {
	t := s.t
	switch {
	case strings.HasPrefix(ex, "exit "):
		want, err := strconv.Atoi(strings.TrimPrefix(ex, "exit "))
		require.NoError(t, err, "readme-test %q", ex)
		assert.Equal(t, want, code, line)
	case strings.HasPrefix(ex, "file: "):
		_, err := os.Stat(filepath.Join(s.work, strings.TrimPrefix(ex, "file: ")))
		assert.NoError(t, err, "%q writes %s", line, ex)
	case quoted.MatchString(ex):
		m := quoted.FindStringSubmatch(ex)
		got := stdout
		if m[1] == "stderr" {
			got = stderr
		}
		assert.Contains(t, got, m[2], "%s of %q", m[1], line)
	case strings.HasPrefix(ex, "json: "):
		path, want, hasWant := strings.Cut(strings.TrimPrefix(ex, "json: "), " = ")
		got, found := jsonPath(t, stdout, strings.TrimSpace(path))
		if !assert.True(t, found, "the answer to %q has %s: %s", line, path, stdout) || !hasWant {
			return
		}
		var w any
		require.NoError(t, json.Unmarshal([]byte(want), &w), "readme-test %q: the value is JSON", ex)
		assert.Equal(t, w, got, "%s in the answer to %q: %s", path, line, stdout)
	default:
		t.Fatalf("readme-test: unknown expectation %q", ex)
	}
}

// jsonPath is the value at a dotted path of a JSON document ("chains.0.steps.#": the length of
// the first chain's steps).
func jsonPath(t *testing.T, doc, path string) (any, bool) {
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Errorf("not JSON (%v): %s", err, doc)
		return nil, false
	}
	for _, p := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[p]; !ok {
				return nil, false
			}
		case []any:
			if p == "#" {
				v = float64(len(x))
				continue
			}
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// Without curl the README's requests are replayed from their arguments: the request parseCurl
// builds is the one curl sends.
func TestParseCurl(t *testing.T) {
	req, err := parseCurl([]string{"-s", "-H", "Authorization: Bearer abc", "localhost:8080/v1/score", "-d", `{"chains": []}`})
	require.NoError(t, err)
	assert.Equal(t, http.MethodPost, req.Method)
	assert.Equal(t, "http://localhost:8080/v1/score", req.URL.String())
	assert.Equal(t, "Bearer abc", req.Header.Get("Authorization"))
	assert.Equal(t, "application/x-www-form-urlencoded", req.Header.Get("Content-Type"), "curl -d's content type")
	b, _ := io.ReadAll(req.Body)
	assert.Equal(t, `{"chains": []}`, string(b))

	req, err = parseCurl([]string{"http://127.0.0.1:1/readyz"})
	require.NoError(t, err)
	assert.Equal(t, http.MethodGet, req.Method)
	_, err = parseCurl([]string{"-F", "x=1", "localhost:1/"})
	assert.ErrorContains(t, err, "not replayed", "an option the replay does not know fails rather than being dropped")
}
