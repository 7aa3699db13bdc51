package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// setting is one configuration key: its default, its flag (if any) and what it means.
type setting struct {
	key  string
	def  any
	flag string
	doc  string
}

// settingsTable is the single list of configuration keys. Defaults are what `make demo` runs
// with; every key can be set in leanprm.yaml, as LEANPRM_<KEY> (dots become underscores), or by
// its flag.
var settingsTable = []setting{
	{"checker", "auto", "checker", "formal checker: auto (lean when set up, else exact), lean, exact, both (lean and exact, disagreements reported)"},
	{"lean.project", "lean-project", "lean-project", "Lake project with the pinned toolchain and REPL (see make lean)"},
	{"lean.command", "", "repl-command", "command that starts a REPL instead of `lake env <repl>` (e.g. the simulator: leanprm sim repl)"},
	{"lean.server_command", "", "server-command", "command that starts a language server instead of `lake serve` (e.g. leanprm sim lsp)"},
	{"lean.header", "", "header", "import header every obligation runs under (e.g. \"import Mathlib\"); run once per worker"},
	{"lean.tactic", "decide +kernel", "tactic", "tactic that decides closed arithmetic claims (norm_num with Mathlib)"},
	{"lean.workers", 0, "workers", "REPL worker processes (0 = number of cores)"},
	{"lean.timeout", "60s", "timeout", "wall-clock limit for one REPL request"},
	{"lean.start_timeout", "5m", "start-timeout", "limit for starting a worker, its header import and its probes"},
	{"lean.queue", 0, "", "requests that may wait for a worker before callers block (0 = 4 per worker)"},
	{"lean.recycle_after", 1000, "", "restart a worker after this many requests (0 = never)"},
	{"lean.max_rss", "8GiB", "", "restart a worker whose resident memory passes this (0 = no limit)"},
	{"data.dir", "../shared/data", "data", "benchmark and training data (ProcessBench, GSM8K, MR-GSM8K, PRMBench) for eval and train"},
	{"prm.backend", "embedded", "prm", "learned PRM: embedded or vllm"},
	{"prm.vllm.url", "http://127.0.0.1:8000", "", "base URL of a vLLM server running a PRM"},
	{"prm.vllm.model", "Qwen/Qwen2.5-Math-PRM-7B", "", "model name sent to vLLM"},
	{"prm.vllm.mode", "qwen", "", "qwen (/pooling, <extra_0> separators) or shepherd (step-tag pooling)"},
	{"prm.vllm.timeout", "120s", "", "limit for one vLLM request"},
	{"prm.vllm.concurrency", 4, "", "vLLM requests in flight at once"},
}

// settings wraps one viper instance per Run: no global state.
type settings struct {
	v       *viper.Viper
	file    string          // config file in use, if any
	flags   map[string]bool // flag names set on the command line
	envSeen map[string]bool // keys set through the environment
}

func newSettings() *settings {
	v := viper.New()
	for _, s := range settingsTable {
		v.SetDefault(s.key, s.def)
	}
	v.SetEnvPrefix("LEANPRM")
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_", "-", "_"))
	v.AutomaticEnv()
	return &settings{v: v}
}

func (s *settings) registerGlobalFlags(fs *pflag.FlagSet) {
	fs.String("config", "", "configuration file (default: ./leanprm.yaml, then the user config dir)")
	for _, st := range settingsTable {
		if st.flag == "" {
			continue
		}
		switch d := st.def.(type) {
		case int:
			fs.Int(st.flag, d, st.doc)
		default:
			fs.String(st.flag, fmt.Sprint(d), st.doc)
		}
	}
}

// load binds flags and reads the configuration file. Called once per command, before it runs.
func (s *settings) load(fs *pflag.FlagSet) error {
	for _, st := range settingsTable {
		if st.flag == "" {
			continue
		}
		if f := fs.Lookup(st.flag); f != nil {
			if err := s.v.BindPFlag(st.key, f); err != nil {
				return err
			}
		}
	}
	s.flags = changedFlags(fs)
	s.envSeen = map[string]bool{}
	for _, st := range settingsTable {
		if v, ok := os.LookupEnv(envName(st.key)); ok && v != "" {
			s.envSeen[st.key] = true
		}
	}
	file, _ := fs.GetString("config")
	if file == "" {
		file = findConfigFile()
	}
	if file == "" {
		return nil
	}
	s.v.SetConfigFile(file)
	s.v.SetConfigType("yaml")
	if err := s.v.ReadInConfig(); err != nil {
		return fmt.Errorf("reading configuration %s: %w", file, err)
	}
	s.file = file
	return s.validate()
}

// findConfigFile looks for leanprm.yaml in the working directory, then in the user config
// directory. Only that exact name is accepted, so a stray `leanprm` binary or leanprm.json is
// never parsed as configuration.
func findConfigFile() string {
	dirs := []string{"."}
	if d, err := os.UserConfigDir(); err == nil {
		dirs = append(dirs, filepath.Join(d, "leanprm"))
	}
	for _, d := range dirs {
		p := filepath.Join(d, "leanprm.yaml")
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			continue
		}
	}
	return ""
}

// validate rejects unknown keys in the file: a typo would otherwise be ignored silently.
func (s *settings) validate() error {
	known := map[string]bool{}
	for _, st := range settingsTable {
		known[st.key] = true
	}
	var unknown []string
	for _, k := range s.v.AllKeys() {
		if !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return fmt.Errorf("configuration %s: unknown keys %s", s.file, strings.Join(unknown, ", "))
	}
	return nil
}

func envName(key string) string {
	return "LEANPRM_" + strings.ToUpper(strings.NewReplacer(".", "_", "-", "_").Replace(key))
}

// source says where the effective value of key came from.
func (s *settings) source(key string) string {
	for _, st := range settingsTable {
		if st.key == key && st.flag != "" && s.flags[st.flag] {
			return "flag --" + st.flag
		}
	}
	if s.envSeen[key] {
		return "env " + envName(key)
	}
	if s.file != "" && s.v.InConfig(key) {
		return "file " + s.file
	}
	return "default"
}

func (s *settings) String(key string) string { return s.v.GetString(key) }
func (s *settings) Int(key string) int       { return s.v.GetInt(key) }

// Duration parses a duration setting, naming the key in the error.
func (s *settings) Duration(key string) (time.Duration, error) {
	raw := s.v.GetString(key)
	d, err := time.ParseDuration(raw)
	if err != nil {
		return 0, fmt.Errorf("setting %s: %q is not a duration (try 30s or 2m): %w", key, raw, err)
	}
	if d < 0 {
		return 0, fmt.Errorf("setting %s: negative duration %s", key, raw)
	}
	return d, nil
}

// Bytes parses a size such as 512MiB, 8GiB, 1e9 or 0.
func (s *settings) Bytes(key string) (int64, error) {
	raw := strings.TrimSpace(s.v.GetString(key))
	n, err := parseBytes(raw)
	if err != nil {
		return 0, fmt.Errorf("setting %s: %w", key, err)
	}
	return n, nil
}

func parseBytes(raw string) (int64, error) {
	units := []struct {
		suffix string
		mult   float64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	mult := 1.0
	num := raw
	for _, u := range units {
		if strings.HasSuffix(raw, u.suffix) {
			mult, num = u.mult, strings.TrimSpace(strings.TrimSuffix(raw, u.suffix))
			break
		}
	}
	var f float64
	if _, err := fmt.Sscanf(num, "%g", &f); err != nil || f < 0 {
		return 0, fmt.Errorf("%q is not a size (try 512MiB or 8GiB)", raw)
	}
	return int64(f * mult), nil
}

// checkValues parses every duration and size setting once, before a command runs, so a bad
// value fails at once and names its key. A bad flag value is a command-line mistake (exit 2);
// one from the environment or the file is a configuration error (exit 1).
func (s *settings) checkValues() error {
	for _, key := range []string{"lean.timeout", "lean.start_timeout", "prm.vllm.timeout", "lean.max_rss"} {
		var err error
		if key == "lean.max_rss" {
			_, err = s.Bytes(key)
		} else {
			_, err = s.Duration(key)
		}
		if err == nil {
			continue
		}
		if src := s.source(key); strings.HasPrefix(src, "flag ") {
			return usageError("%s: %v", src, err)
		}
		return err
	}
	return nil
}

// Workers is lean.workers with 0 meaning the number of cores.
func (s *settings) Workers() int {
	if n := s.Int("lean.workers"); n > 0 {
		return n
	}
	return runtime.NumCPU()
}

// REPLCommand splits lean.command into argv with shell-like quoting; nil when unset.
func (s *settings) REPLCommand() ([]string, error) {
	return splitCommand(s.String("lean.command"))
}

// splitCommand splits a command line into words. It understands single and double quotes and
// backslash escapes, nothing else: no variables, globs or substitutions, since the string is
// never given to a shell.
func splitCommand(line string) ([]string, error) {
	var (
		words []string
		cur   strings.Builder
		inTok bool
		quote rune
	)
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == '\'':
			cur.WriteRune(r)
		case r == '\\' && quote != '\'':
			if i+1 >= len(rs) {
				return nil, fmt.Errorf("command %q ends with a backslash", line)
			}
			i++
			cur.WriteRune(rs[i])
			inTok = true
		case quote == '"':
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inTok = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inTok {
				words = append(words, cur.String())
				cur.Reset()
				inTok = false
			}
		default:
			cur.WriteRune(r)
			inTok = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("command %q has an unclosed %c quote", line, quote)
	}
	if inTok {
		words = append(words, cur.String())
	}
	return words, nil
}
