package config

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/leanprm/leanprm/leanbridge/repl"
)

// env is a fixed environment for Load.
func env(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// flags is a flag set with the configuration flags registered, parsed from args.
func flags(t *testing.T, args ...string) *pflag.FlagSet {
	t.Helper()
	fs := pflag.NewFlagSet("leanprm", pflag.ContinueOnError)
	RegisterFlags(fs)
	require.NoError(t, fs.Parse(args))
	return fs
}

// writeFile writes a leanprm.yaml into a new directory and returns the directory.
func writeFile(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, FileName), []byte(text), 0o644))
	return dir
}

// load runs Load searching only dir, with the given environment and flags.
func load(t *testing.T, dir string, envv map[string]string, args ...string) (*Config, error) {
	t.Helper()
	return Load(flags(t, args...), LoadOptions{LookupEnv: env(envv), SearchDirs: []string{dir}})
}

func source(t *testing.T, c *Config, key string) Source {
	t.Helper()
	for _, s := range c.Sources() {
		if s.Key == key {
			return s
		}
	}
	t.Fatalf("key %s missing from Sources", key)
	return Source{}
}

// The loading cases of cmd/leanprm's TestConfigPrecedence, on the library.
func TestPrecedence(t *testing.T) {
	dir := writeFile(t, "lean:\n  tactic: norm_num\n  workers: 3\n  timeout: 5s\nchecker: exact\n")
	file := filepath.Join(dir, FileName)
	for _, tc := range []struct {
		name      string
		env       map[string]string
		args      []string
		key, want string
		from      string
	}{
		{"default", nil, nil, "lean.header", "", "default"},
		{"file", nil, nil, "lean.tactic", "norm_num", "file " + file},
		{"env beats file", map[string]string{"LEANPRM_LEAN_TACTIC": "decide"}, nil, "lean.tactic", "decide", "env LEANPRM_LEAN_TACTIC"},
		{"empty env is unset", map[string]string{"LEANPRM_LEAN_TACTIC": ""}, nil, "lean.tactic", "norm_num", "file " + file},
		{"flag beats env", map[string]string{"LEANPRM_LEAN_TACTIC": "decide"}, []string{"--tactic", "rfl"}, "lean.tactic", "rfl", "flag --tactic"},
		{"flag beats file", nil, []string{"--workers", "7"}, "lean.workers", "7", "flag --workers"},
		{"env without a flag", map[string]string{"LEANPRM_PRM_VLLM_MODE": "step"}, nil, "prm.vllm.mode", "step", "env LEANPRM_PRM_VLLM_MODE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := load(t, dir, tc.env, tc.args...)
			require.NoError(t, err)
			assert.Equal(t, Source{Key: tc.key, Value: tc.want, From: tc.from}, source(t, c, tc.key))
		})
	}
}

func TestTypedValues(t *testing.T) {
	dir := writeFile(t, "lean:\n  tactic: norm_num\n  workers: 3\n  timeout: 5s\n  max_rss: 1e9\n  command: leanprm sim 'a b'\nchecker: exact\nprm:\n  vllm:\n    mode: shepherd\n")
	c, err := load(t, dir, map[string]string{"LEANPRM_LEAN_QUEUE": "9"}, "--start-timeout", "2m", "--server-command", "srv --x")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, FileName), c.File())
	assert.Equal(t, CheckerExact, c.Checker)
	assert.Equal(t, "norm_num", c.Lean.Tactic)
	assert.Equal(t, 3, c.Lean.Workers)
	assert.Equal(t, 3, c.Lean.WorkerCount())
	assert.Equal(t, 9, c.Lean.Queue)
	assert.Equal(t, 5*time.Second, c.Lean.Timeout)
	assert.Equal(t, 2*time.Minute, c.Lean.StartTimeout)
	assert.Equal(t, int64(1e9), c.Lean.MaxRSS)
	assert.Equal(t, []string{"leanprm", "sim", "a b"}, c.Lean.Command)
	assert.Equal(t, "leanprm sim 'a b'", c.Lean.CommandText)
	assert.Equal(t, []string{"srv", "--x"}, c.Lean.ServerCommand)
	assert.Equal(t, ModeShepherd, c.PRM.VLLM.Mode)
	assert.True(t, c.PRM.VLLM.Mode.StepPooling())
	assert.Equal(t, BackendEmbedded, c.PRM.Backend)
}

// Defaults come from the library constants where a library owns them, and match what the
// command line documented before this package existed.
func TestDefaults(t *testing.T) {
	c, err := load(t, t.TempDir(), nil)
	require.NoError(t, err)
	assert.Empty(t, c.File())
	assert.Equal(t, CheckerAuto, c.Checker)
	assert.Equal(t, repl.DefaultTactic, c.Lean.Tactic)
	assert.Equal(t, repl.DefaultRequestTimeout, c.Lean.Timeout)
	assert.Equal(t, repl.DefaultStartTimeout, c.Lean.StartTimeout)
	assert.Equal(t, repl.DefaultRecycleAfter, c.Lean.RecycleAfter)
	assert.Equal(t, "lean-project", c.Lean.Project)
	assert.Equal(t, int64(8<<30), c.Lean.MaxRSS)
	assert.Zero(t, c.Lean.Workers)
	assert.Equal(t, runtime.NumCPU(), c.Lean.WorkerCount())
	assert.Zero(t, c.Lean.Queue)
	assert.Nil(t, c.Lean.Command)
	assert.Nil(t, c.Lean.ServerCommand)
	assert.Equal(t, UserDataDir(), c.Data.Dir)
	assert.Equal(t, BackendEmbedded, c.PRM.Backend)
	assert.Equal(t, ModeQwen, c.PRM.VLLM.Mode)
	assert.Equal(t, "http://127.0.0.1:8000", c.PRM.VLLM.URL)
	assert.Equal(t, "Qwen/Qwen2.5-Math-PRM-7B", c.PRM.VLLM.Model)
	assert.Equal(t, 120*time.Second, c.PRM.VLLM.Timeout)
	assert.Equal(t, 4, c.PRM.VLLM.Concurrency)
	for _, s := range c.Sources() {
		assert.Equal(t, "default", s.From, s.Key)
	}
	assert.Equal(t, "60s", source(t, c, "lean.timeout").Value)
	assert.Equal(t, "5m", source(t, c, "lean.start_timeout").Value, "written as it always was")
	assert.Equal(t, "120s", source(t, c, "prm.vllm.timeout").Value)
}

func TestNATSURL(t *testing.T) {
	c, err := load(t, t.TempDir(), map[string]string{"LEANPRM_NATS_URL": "nats://a:4222, tls://b:4222"})
	require.NoError(t, err)
	assert.Equal(t, "nats://a:4222, tls://b:4222", c.NATS.URL)
	c, err = load(t, t.TempDir(), nil, "--nats", "nats://127.0.0.1:4222")
	require.NoError(t, err)
	assert.Equal(t, "nats://127.0.0.1:4222", c.NATS.URL)
	c, err = load(t, t.TempDir(), map[string]string{"LEANPRM_NATS_CREDS": "/etc/nats/user.creds", "LEANPRM_NATS_TOKEN_FILE": "/etc/nats/token"},
		"--nats-tls-ca", "ca.pem", "--nats-tls-cert", "client.pem", "--nats-tls-key", "client.key")
	require.NoError(t, err)
	assert.Equal(t, NATS{URL: "", Creds: "/etc/nats/user.creds", TokenFile: "/etc/nats/token", TLSCA: "ca.pem", TLSCert: "client.pem", TLSKey: "client.key", Storage: StorageMemory, Replicas: 1}, c.NATS)
	c, err = load(t, t.TempDir(), nil)
	require.NoError(t, err)
	assert.Empty(t, c.NATS.URL, "no NATS by default: everything in one process")
}

func TestDurationIn(t *testing.T) {
	assert.Equal(t, "5m", durationIn(5*time.Minute, time.Minute))
	assert.Equal(t, "2h", durationIn(2*time.Hour, time.Hour))
	assert.Equal(t, "90s", durationIn(90*time.Second, time.Minute), "not whole minutes: seconds")
	assert.Equal(t, "1.5s", durationIn(1500*time.Millisecond, time.Minute))
}

// A typo in any enum key is an error naming the key and its allowed values, wherever it was
// set; From says where, so that a bad flag can be a usage error.
func TestEnumTypos(t *testing.T) {
	for _, tc := range []struct {
		key, envName, fileText string
		args                   []string
		want, from             string
	}{
		{"checker", "LEANPRM_CHECKER", "checker: exakt\n", []string{"--checker", "exakt"},
			`setting checker: "exakt" is not one of auto, lean, exact, both`, ""},
		{"prm.backend", "LEANPRM_PRM_BACKEND", "prm:\n  backend: vlm\n", []string{"--prm", "vlm"},
			`setting prm.backend: "vlm" is not one of embedded, vllm`, ""},
		{"prm.vllm.mode", "LEANPRM_PRM_VLLM_MODE", "prm:\n  vllm:\n    mode: qwne\n", nil,
			`setting prm.vllm.mode: "qwne" is not one of qwen, shepherd, step`, ""},
		{"reward.mode", "LEANPRM_REWARD_MODE", "reward:\n  mode: outcom\n", nil,
			`setting reward.mode: "outcom" is not one of grounded, combined, outcome, process`, ""},
		{"reward.on_unknown", "LEANPRM_REWARD_ON_UNKNOWN", "reward:\n  on_unknown: half\n", nil,
			`setting reward.on_unknown: "half" is not one of process, zero`, ""},
		{"grade.percent", "LEANPRM_GRADE_PERCENT", "grade:\n  percent: fractoin\n", []string{"--grade-percent", "fractoin"},
			`setting grade.percent: "fractoin" is not one of either, fraction, number`, ""},
		{"grade.bare_number", "LEANPRM_GRADE_BARE_NUMBER", "grade:\n  bare_number: in-unit\n", []string{"--grade-bare-number", "in-unit"},
			`setting grade.bare_number: "in-unit" is not one of in_unit, unknown`, ""},
	} {
		bad := map[string]string{"checker": "exakt", "prm.backend": "vlm", "prm.vllm.mode": "qwne",
			"reward.mode": "outcom", "reward.on_unknown": "half", "grade.percent": "fractoin",
			"grade.bare_number": "in-unit"}[tc.key]
		check := func(t *testing.T, err error, from string) {
			t.Helper()
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
			var ke *KeyError
			require.ErrorAs(t, err, &ke)
			assert.Equal(t, tc.key, ke.Key)
			assert.Equal(t, from, ke.From)
			assert.Equal(t, from == "flag --"+flagOf(tc.key), ke.FromFlag())
		}
		t.Run(tc.key+"/file", func(t *testing.T) {
			dir := writeFile(t, tc.fileText)
			_, err := load(t, dir, nil)
			check(t, err, "file "+filepath.Join(dir, FileName))
		})
		t.Run(tc.key+"/env", func(t *testing.T) {
			_, err := load(t, t.TempDir(), map[string]string{tc.envName: bad})
			check(t, err, "env "+tc.envName)
		})
		if tc.args != nil {
			t.Run(tc.key+"/flag", func(t *testing.T) {
				_, err := load(t, t.TempDir(), nil, tc.args...)
				check(t, err, "flag --"+flagOf(tc.key))
			})
		}
	}
}

func flagOf(key string) string {
	for _, k := range keys {
		if k.Key == key {
			return k.Flag
		}
	}
	return ""
}

func TestRewardDefaults(t *testing.T) {
	c, err := load(t, t.TempDir(), nil)
	require.NoError(t, err)
	assert.Equal(t, RewardGrounded, c.Reward.Mode)
	assert.Equal(t, OnUnknownProcess, c.Reward.OnUnknown)
	c, err = load(t, writeFile(t, "reward:\n  mode: outcome\n  on_unknown: zero\n"), nil)
	require.NoError(t, err)
	assert.Equal(t, RewardOutcome, c.Reward.Mode)
	assert.Equal(t, OnUnknownZero, c.Reward.OnUnknown)
}

// The grade.* keys: defaults, and each set from the file, the environment and a flag.
func TestGradeKeys(t *testing.T) {
	c, err := load(t, t.TempDir(), nil)
	require.NoError(t, err)
	assert.Equal(t, Grade{Percent: PercentEither, BareNumber: BareInUnit}, c.Grade)
	c, err = load(t, writeFile(t, "grade:\n  percent: fraction\n  bare_number: unknown\n"), nil)
	require.NoError(t, err)
	assert.Equal(t, Grade{Percent: PercentFraction, BareNumber: BareUnknown}, c.Grade)
	c, err = load(t, writeFile(t, "grade:\n  percent: fraction\n"),
		map[string]string{"LEANPRM_GRADE_PERCENT": "number", "LEANPRM_GRADE_BARE_NUMBER": "unknown"})
	require.NoError(t, err)
	assert.Equal(t, Grade{Percent: PercentNumber, BareNumber: BareUnknown}, c.Grade, "env beats file")
	c, err = load(t, t.TempDir(), map[string]string{"LEANPRM_GRADE_PERCENT": "number"},
		"--grade-percent", "fraction", "--grade-bare-number", "unknown")
	require.NoError(t, err)
	assert.Equal(t, Grade{Percent: PercentFraction, BareNumber: BareUnknown}, c.Grade, "flag beats env")
}

func TestRewardOnErrorValues(t *testing.T) {
	for raw, want := range map[string]string{"": "fail", "FAIL": "fail", "NaN": "nan", "-1": "-1", " 0.5 ": "0.5"} {
		env := map[string]string{}
		if raw != "" {
			env["LEANPRM_SERVE_REWARD_ON_ERROR"] = raw
		}
		c, err := load(t, t.TempDir(), env)
		require.NoError(t, err, raw)
		assert.Equal(t, want, c.Serve.RewardOnError, raw)
	}
}

func TestEmptyBackendIsEmbedded(t *testing.T) {
	c, err := load(t, writeFile(t, "prm:\n  backend: \"\"\n"), nil)
	require.NoError(t, err)
	assert.Equal(t, BackendEmbedded, c.PRM.Backend)
}

func TestBadValues(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"duration", map[string]string{"LEANPRM_LEAN_TIMEOUT": "soon"}, nil,
			`setting lean.timeout: "soon" is not a duration (a number with a unit: 500ms, 30s, 2m, 1h30m)`},
		{"negative duration", nil, []string{"--start-timeout", "-1s"}, "setting lean.start_timeout: negative duration -1s"},
		{"vllm duration", map[string]string{"LEANPRM_PRM_VLLM_TIMEOUT": "5"}, nil,
			`setting prm.vllm.timeout: "5" is not a duration (a number with a unit: 500ms, 30s, 2m, 1h30m)`},
		{"size", map[string]string{"LEANPRM_LEAN_MAX_RSS": "lots"}, nil, `setting lean.max_rss: "lots" is not a size (try 512MiB or 8GiB)`},
		{"whole number", map[string]string{"LEANPRM_LEAN_QUEUE": "many"}, nil, `setting lean.queue: "many" is not a whole number`},
		{"negative count", map[string]string{"LEANPRM_PRM_VLLM_CONCURRENCY": "-2"}, nil, "setting prm.vllm.concurrency: negative value -2"},
		{"negative flag count", nil, []string{"--workers", "-1"}, "setting lean.workers: negative value -1"},
		{"command quoting", nil, []string{"--repl-command", "sim 'repl"}, `setting lean.command: command "sim 'repl" has an unclosed ' quote`},
		{"server command quoting", map[string]string{"LEANPRM_LEAN_SERVER_COMMAND": `lsp \`}, nil,
			`setting lean.server_command: command "lsp \\" ends with a backslash`},
		{"identity tactic on two lines", map[string]string{"LEANPRM_LEAN_IDENTITY_TACTIC": "grind\nexample : False := sorry"}, nil,
			`setting lean.identity_tactic: "grind\nexample : False := sorry" is not one line of Lean: a tactic may not hold a line break or control character`},
		{"tactic with a control character", nil, []string{"--tactic", "decide\r"},
			`setting lean.tactic: "decide\r" is not one line of Lean: a tactic may not hold a line break or control character`},
		{"reward on error", map[string]string{"LEANPRM_SERVE_REWARD_ON_ERROR": "zero"}, nil, `setting serve.reward_on_error: "zero" is not fail, nan or a finite number`},
		{"reward on error infinite", map[string]string{"LEANPRM_SERVE_REWARD_ON_ERROR": "+Inf"}, nil, `setting serve.reward_on_error: "+Inf" is not fail, nan or a finite number`},
		{"nats scheme", nil, []string{"--nats", "http://127.0.0.1:4222"}, `setting nats.url: "http://127.0.0.1:4222" is not a NATS URL (want nats://host:4222; tls, ws and wss also do)`},
		{"nats host", map[string]string{"LEANPRM_NATS_URL": "nats://a:4222,nats://"}, nil, `setting nats.url: "nats://" names no host`},
		{"nats client certificate without its key", nil, []string{"--nats-tls-cert", "client.pem"}, "setting nats.tls_cert: is set but nats.tls_key is not: a client certificate needs its key"},
		{"nats client key without its certificate", map[string]string{"LEANPRM_NATS_TLS_KEY": "client.key"}, nil, "setting nats.tls_key: is set but nats.tls_cert is not: a client certificate needs its key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := load(t, t.TempDir(), tc.env, tc.args...)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

// From cmd/leanprm's TestConfigRejectsUnknownKeys, plus several at once.
func TestUnknownKeys(t *testing.T) {
	dir := writeFile(t, "lean:\n  tactik: rfl\nprm:\n  vllm:\n    modle: x\nChecker: exact\n")
	_, err := load(t, dir, nil)
	require.Error(t, err)
	assert.Equal(t, "configuration "+filepath.Join(dir, FileName)+": unknown keys lean.tactik, prm.vllm.modle", err.Error())
}

// From cmd/leanprm's TestConfigMalformedFile.
func TestMalformedFile(t *testing.T) {
	dir := writeFile(t, "lean: [unclosed\n")
	_, err := load(t, dir, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "reading configuration "+filepath.Join(dir, FileName))
}

func TestConfigFlagAndFileOption(t *testing.T) {
	named := filepath.Join(writeFile(t, "lean:\n  tactic: from_flag\n"), FileName)
	opt := filepath.Join(writeFile(t, "lean:\n  tactic: from_option\n"), FileName)
	searched := writeFile(t, "lean:\n  tactic: searched\n")

	c, err := Load(flags(t, "--config", named), LoadOptions{File: opt, LookupEnv: env(nil), SearchDirs: []string{searched}})
	require.NoError(t, err)
	assert.Equal(t, "from_flag", c.Lean.Tactic)
	c, err = Load(flags(t), LoadOptions{File: opt, LookupEnv: env(nil), SearchDirs: []string{searched}})
	require.NoError(t, err)
	assert.Equal(t, "from_option", c.Lean.Tactic)
	c, err = Load(nil, LoadOptions{LookupEnv: env(nil), SearchDirs: []string{t.TempDir(), searched}})
	require.NoError(t, err)
	assert.Equal(t, "searched", c.Lean.Tactic)

	_, err = Load(flags(t, "--config", filepath.Join(t.TempDir(), "missing.yaml")), LoadOptions{LookupEnv: env(nil)})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "missing.yaml")
}

// A directory named leanprm.yaml is not a configuration file.
func TestSearchSkipsDirectories(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, FileName), 0o755))
	c, err := load(t, dir, nil)
	require.NoError(t, err)
	assert.Empty(t, c.File())
}

func TestSourcesListEveryKeySorted(t *testing.T) {
	c, err := load(t, t.TempDir(), nil)
	require.NoError(t, err)
	var got []string
	for _, s := range c.Sources() {
		got = append(got, s.Key)
	}
	assert.True(t, slices.IsSorted(got), "%v", got)
	assert.Equal(t, Keys(), got)
	assert.Len(t, got, 54)
}

// From cmd/leanprm's TestConfigYAMLRoundTrips: YAML encodes to a leanprm.yaml that reproduces
// the same values.
func TestYAMLRoundTrips(t *testing.T) {
	c, err := load(t, t.TempDir(), map[string]string{"LEANPRM_LEAN_HEADER": "import Mathlib", "LEANPRM_LEAN_WORKERS": "2"},
		"--repl-command", "leanprm sim repl")
	require.NoError(t, err)
	out, err := yaml.Marshal(c.YAML())
	require.NoError(t, err)
	var tree map[string]any
	require.NoError(t, yaml.Unmarshal(out, &tree))
	lean := tree["lean"].(map[string]any)
	assert.Equal(t, "import Mathlib", lean["header"])
	assert.Equal(t, "decide +kernel", lean["tactic"])
	assert.Equal(t, 2, lean["workers"])

	dir := writeFile(t, string(out))
	c2, err := load(t, dir, nil)
	require.NoError(t, err)
	for i, s := range c2.Sources() {
		assert.Equal(t, c.Sources()[i].Value, s.Value, s.Key)
		assert.Equal(t, "file "+filepath.Join(dir, FileName), s.From, s.Key)
	}
	c.file, c2.file, c.sources, c2.sources = "", "", nil, nil
	assert.Equal(t, c, c2)
}

func TestRegisterFlags(t *testing.T) {
	fs := flags(t)
	for _, k := range keys {
		if k.Flag == "" {
			continue
		}
		f := fs.Lookup(k.Flag)
		require.NotNil(t, f, k.Flag)
		assert.Equal(t, k.Def, f.DefValue, k.Flag)
	}
	assert.NotNil(t, fs.Lookup(ConfigFlag))
	assert.Equal(t, "int", fs.Lookup("workers").Value.Type())
}

// A key is of duration kind exactly when its value reads as a duration, and its flag is then of
// pflag's duration type (--timeout was a string flag before): kinds cannot drift from setters.
func TestDurationKeysAreDurations(t *testing.T) {
	var durations []string
	for _, k := range keys {
		err := k.set(&Config{}, k.Key, "not-a-duration")
		readsDuration := err != nil && strings.Contains(err.Error(), "is not a duration") &&
			k.set(&Config{}, k.Key, "1h30m") == nil
		assert.Equal(t, readsDuration, k.kind == durationKind, "%s: kind and setter disagree", k.Key)
		if k.kind == durationKind {
			durations = append(durations, k.Key)
			_, perr := time.ParseDuration(k.Def)
			assert.NoError(t, perr, "%s: default %q", k.Key, k.Def)
		}
	}
	assert.Subset(t, durations, []string{"lean.timeout", "lean.start_timeout", "nats.max_age", "prm.vllm.timeout", "serve.drain_timeout", "serve.timeout"})

	fs := pflag.NewFlagSet("leanprm", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	RegisterFlags(fs)
	for _, name := range []string{"timeout", "start-timeout"} {
		assert.Equal(t, "duration", fs.Lookup(name).Value.Type(), name)
	}
	err := fs.Parse([]string{"--timeout", "abc"})
	var ive *pflag.InvalidValueError
	assert.ErrorAs(t, err, &ive, "a duration flag refuses what is not a duration while parsing")
	c, err := load(t, t.TempDir(), nil, "--timeout", "90s", "--start-timeout", "2m")
	require.NoError(t, err)
	assert.Equal(t, 90*time.Second, c.Lean.Timeout)
	assert.Equal(t, 2*time.Minute, c.Lean.StartTimeout)
	assert.Equal(t, "flag --timeout", source(t, c, "lean.timeout").From)
	_, err = load(t, t.TempDir(), nil, "--timeout", "-5s")
	var ke *KeyError
	require.ErrorAs(t, err, &ke)
	assert.True(t, ke.FromFlag())
}

// lean.identity_tactic: grind by default, then file, environment and flag in that order,
// each shown by Sources.
func TestIdentityTactic(t *testing.T) {
	c, err := load(t, t.TempDir(), nil)
	require.NoError(t, err)
	assert.Equal(t, "grind", c.Lean.IdentityTactic)
	assert.Equal(t, Source{Key: "lean.identity_tactic", Value: "grind", From: "default"}, source(t, c, "lean.identity_tactic"))

	dir := writeFile(t, "lean:\n  identity_tactic: \"field_simp; ring\"\n")
	c, err = load(t, dir, nil)
	require.NoError(t, err)
	assert.Equal(t, "field_simp; ring", c.Lean.IdentityTactic)
	assert.Equal(t, "file "+filepath.Join(dir, FileName), source(t, c, "lean.identity_tactic").From)

	c, err = load(t, dir, map[string]string{"LEANPRM_LEAN_IDENTITY_TACTIC": "grind"})
	require.NoError(t, err)
	assert.Equal(t, "grind", c.Lean.IdentityTactic)
	assert.Equal(t, "env LEANPRM_LEAN_IDENTITY_TACTIC", source(t, c, "lean.identity_tactic").From)

	c, err = load(t, dir, map[string]string{"LEANPRM_LEAN_IDENTITY_TACTIC": "grind"}, "--identity-tactic", "ring")
	require.NoError(t, err)
	assert.Equal(t, "ring", c.Lean.IdentityTactic)
	assert.Equal(t, "flag --identity-tactic", source(t, c, "lean.identity_tactic").From)
	assert.Equal(t, "LEANPRM_LEAN_IDENTITY_TACTIC", EnvName("lean.identity_tactic"))
}

func TestEnvName(t *testing.T) {
	assert.Equal(t, "LEANPRM_LEAN_TACTIC", EnvName("lean.tactic"))
	assert.Equal(t, "LEANPRM_PRM_VLLM_MODE", EnvName("prm.vllm.mode"))
}

// From cmd/leanprm's TestSplitCommand.
func TestSplitCommand(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		err  bool
	}{
		{"", nil, false},
		{"leanprm sim repl", []string{"leanprm", "sim", "repl"}, false},
		{`a "b c" 'd e' f\ g`, []string{"a", "b c", "d e", "f g"}, false},
		{`a "" b`, []string{"a", "", "b"}, false},
		{`a 'unclosed`, nil, true},
		{`a \`, nil, true},
	}
	for _, tc := range cases {
		got, err := splitCommand(tc.in)
		if tc.err {
			assert.Error(t, err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

// From cmd/leanprm's TestParseBytes.
func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "512MiB": 512 << 20, "8GiB": 8 << 30, "1e9": 1e9, "2GB": 2e9} {
		got, err := parseBytes(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"lots", "-1GiB", "GiB"} {
		_, err := parseBytes(bad)
		assert.Error(t, err, bad)
	}
}

// TestNATSStreamSettings: storage, replicas and the task stream's limits are settings, each
// checked (an unknown storage, 0 or 6 replicas are errors naming the key).
func TestNATSStreamSettings(t *testing.T) {
	c, err := load(t, t.TempDir(), map[string]string{"LEANPRM_NATS_STORAGE": "file", "LEANPRM_NATS_REPLICAS": "3",
		"LEANPRM_NATS_MAX_AGE": "1h", "LEANPRM_NATS_MAX_BYTES": "1GiB", "LEANPRM_NATS_MAX_MSGS": "100000",
		"LEANPRM_TRANSLATE_MAX_CHAIN_OBLIGATIONS": "64"})
	require.NoError(t, err)
	assert.Equal(t, StorageFile, c.NATS.Storage)
	assert.Equal(t, 3, c.NATS.Replicas)
	assert.Equal(t, time.Hour, c.NATS.MaxAge)
	assert.Equal(t, int64(1<<30), c.NATS.MaxBytes)
	assert.Equal(t, 100000, c.NATS.MaxMsgs)
	assert.Equal(t, 64, c.Translate.MaxChainObligations)
	c, err = load(t, t.TempDir(), nil)
	require.NoError(t, err)
	assert.Equal(t, 1024, c.Translate.MaxChainObligations, "the default")
	for env, want := range map[string]string{
		"LEANPRM_NATS_STORAGE":                    "nats.storage",
		"LEANPRM_NATS_REPLICAS":                   "nats.replicas",
		"LEANPRM_TRANSLATE_MAX_CHAIN_OBLIGATIONS": "translate.max_chain_obligations",
	} {
		for _, bad := range []string{"0", "6", "disk"} {
			if env == "LEANPRM_NATS_STORAGE" && bad != "disk" || env != "LEANPRM_NATS_STORAGE" && bad == "disk" || env == "LEANPRM_TRANSLATE_MAX_CHAIN_OBLIGATIONS" && bad == "6" {
				continue
			}
			_, err := load(t, t.TempDir(), map[string]string{env: bad})
			require.Error(t, err, "%s=%s", env, bad)
			assert.Contains(t, err.Error(), want)
		}
	}
}

// TestDataDirDefaultsToTheUserDataDirectory: with no data.dir configured, the data lives where
// `leanprm data fetch` puts it, the XDG data directory.
func TestDataDirDefaultsToTheUserDataDirectory(t *testing.T) {
	xdg := t.TempDir()
	t.Setenv("XDG_DATA_HOME", xdg)
	assert.Equal(t, filepath.Join(xdg, "leanprm"), UserDataDir())
	t.Setenv("XDG_DATA_HOME", "relative/ignored")
	home := t.TempDir()
	t.Setenv("HOME", home)
	assert.Equal(t, filepath.Join(home, ".local", "share", "leanprm"), UserDataDir())
}

// The kernel tier has its own limits, apart from the REPL's: by default a module-only replay
// (leanchecker without --fresh) within 10 minutes and 8 GiB, and the tier chosen by what is
// installed. Each is set from the file, the environment or its flag, and checked.
func TestKernelKeys(t *testing.T) {
	c, err := load(t, t.TempDir(), nil)
	require.NoError(t, err)
	assert.Equal(t, TierAuto, c.Kernel.Tier)
	assert.Equal(t, 10*time.Minute, c.Kernel.Timeout)
	assert.Equal(t, int64(8<<30), c.Kernel.MaxMemory)
	assert.False(t, c.Kernel.Fresh, "the default replays the module's own constants")
	assert.Empty(t, c.Kernel.Comparator)

	dir := writeFile(t, "kernel:\n  tier: kernel\n  max_memory: 4GiB\n  comparator: /opt/comparator\n")
	c, err = load(t, dir, map[string]string{"LEANPRM_KERNEL_TIMEOUT": "30m"}, "--kernel-fresh", "true", "--kernel-max-memory", "16GiB")
	require.NoError(t, err)
	assert.Equal(t, TierKernel, c.Kernel.Tier)
	assert.Equal(t, 30*time.Minute, c.Kernel.Timeout)
	assert.Equal(t, int64(16<<30), c.Kernel.MaxMemory)
	assert.True(t, c.Kernel.Fresh)
	assert.Equal(t, "/opt/comparator", c.Kernel.Comparator)

	_, err = load(t, t.TempDir(), map[string]string{"LEANPRM_KERNEL_TIER": "fast"})
	assert.ErrorContains(t, err, "kernel.tier")
	_, err = load(t, t.TempDir(), nil, "--kernel-fresh", "yes")
	assert.ErrorContains(t, err, "kernel.fresh")
}

// The sandbox's scratch size and cores are settings (issue 32 §7): 512 MiB and 2 by default,
// set from the file or the environment, and a size that does not parse is refused by name.
func TestSandboxLimitKeys(t *testing.T) {
	c, err := load(t, t.TempDir(), nil)
	require.NoError(t, err)
	assert.Equal(t, int64(512<<20), c.Lean.SandboxScratch)
	assert.Equal(t, 2, c.Lean.SandboxCPUs)

	dir := writeFile(t, "lean:\n  sandbox_scratch: 2GiB\n")
	c, err = load(t, dir, map[string]string{"LEANPRM_LEAN_SANDBOX_CPUS": "4"})
	require.NoError(t, err)
	assert.Equal(t, int64(2<<30), c.Lean.SandboxScratch)
	assert.Equal(t, 4, c.Lean.SandboxCPUs)

	_, err = load(t, t.TempDir(), map[string]string{"LEANPRM_LEAN_SANDBOX_SCRATCH": "lots"})
	assert.ErrorContains(t, err, "lean.sandbox_scratch")
}
