package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/leanbridge/proc"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/internal/leansim/replsim"
)

// childEnv makes the test binary run as the REPL simulator, so that the pool the server
// starts is a real child process speaking the protocol. Its value is the simulator's flags.
const childEnv = "LEANPRM_SERVE_TEST_REPL"

// laterEnv, with startsEnv, gives every REPL process after the first the simulator flags
// laterEnv holds (a worker's first process answers its four start-up requests, a restarted
// one only the version check: "-crash-after 4" then "-crash-after 1" crash every command, the
// retry on a fresh process included). startsEnv names the file that counts the starts.
const (
	laterEnv  = "LEANPRM_SERVE_TEST_REPL_LATER"
	startsEnv = "LEANPRM_SERVE_TEST_REPL_STARTS"
)

func TestMain(m *testing.M) {
	if flags, ok := os.LookupEnv(childEnv); ok {
		if later, ok := os.LookupEnv(laterEnv); ok && laterStart(os.Getenv(startsEnv)) {
			flags = later
		}
		os.Exit(replsim.Main(strings.Fields(flags), os.Stdin, os.Stdout, os.Stderr))
	}
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}

// laterStart counts this start in the file starts and reports whether it is not the first.
func laterStart(starts string) bool {
	b, _ := os.ReadFile(starts)
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	_ = os.WriteFile(starts, []byte(strconv.Itoa(n+1)), 0o600)
	return n > 0
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// loadConfig builds a Config from settings given as environment values (no flags, no file).
func loadConfig(t testing.TB, settings map[string]string) *config.Config {
	t.Helper()
	env := map[string]string{}
	for k, v := range settings {
		env[config.EnvName(k)] = v
	}
	cfg, err := config.Load(nil, config.LoadOptions{
		LookupEnv:  func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		SearchDirs: []string{},
	})
	require.NoError(t, err)
	return cfg
}

// simConfig points lean.command at this test binary run as the simulator with simFlags.
func simConfig(t testing.TB, checker, simFlags string, workers string) *config.Config {
	t.Helper()
	t.Setenv(childEnv, simFlags)            // the children inherit it; this process's TestMain has run
	t.Setenv("GORACE", "atexit_sleep_ms=0") // a race-enabled child would sleep at exit
	// Unconfined: these tests count REPL starts in a file under the test's temp directory
	// (startsEnv), which a sandboxed REPL cannot see (its /tmp is private). The sandbox has its
	// own tests (leanbridge/sandbox, internal/wire, cmd/leanprm).
	return loadConfig(t, map[string]string{"checker": checker, "lean.command": os.Args[0],
		"lean.workers": workers, "lean.start_timeout": "30s", "lean.timeout": "30s", "lean.sandbox": "off"})
}

// testServer is a Server over Build's parts, on loopback.
type testServer struct {
	*httptest.Server
	srv   *Server
	built *Built
}

func startServer(t testing.TB, cfg *config.Config, o Options) *testServer {
	t.Helper()
	return startServerCtx(t, testCtx(t), cfg, o)
}

// startServerCtx is startServer with the pool's context: the REPLs it starts later (restarts,
// recycling, fresh processes) are started under it.
func startServerCtx(t testing.TB, ctx context.Context, cfg *config.Config, o Options) *testServer {
	t.Helper()
	b, err := Build(ctx, cfg, BuildOptions{}, io.Discard)
	require.NoError(t, err)
	o.Versions.Leanprm = "test"
	s := New(o)
	s.Ready(&dispatch.Local{Handler: NewHandler(b.Parts)}, b.Info)
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		hs.Close()
		b.Close()
	})
	return &testServer{Server: hs, srv: s, built: b}
}

// post sends body (a value to encode, or []byte as is) and decodes the JSON answer into out
// (when not nil); it returns the response with its body read.
func post(t testing.TB, url, token string, body any, out any) *http.Response {
	t.Helper()
	var raw []byte
	switch b := body.(type) {
	case []byte:
		raw = b
	case string:
		raw = []byte(b)
	default:
		var err error
		raw, err = json.Marshal(body)
		require.NoError(t, err)
	}
	req, err := http.NewRequestWithContext(testCtx(t), http.MethodPost, url, bytes.NewReader(raw))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	if out != nil {
		require.NoError(t, json.Unmarshal(data, out), "status %d: %s", resp.StatusCode, data)
	}
	return resp
}

func get(t testing.TB, url string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(testCtx(t), http.MethodGet, url, nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(data)
}
