package config

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"
)

// ConfigFlag is the flag that names a configuration file.
const ConfigFlag = "config"

// FileName is the only configuration file name looked for, so that a stray `leanprm` binary or
// leanprm.json is never parsed as configuration.
const FileName = "leanprm.yaml"

// LoadOptions say where Load looks besides the flags.
type LoadOptions struct {
	// File is the configuration file to read when --config is not given; "" means search
	// SearchDirs for leanprm.yaml.
	File string
	// LookupEnv reads the environment; nil means os.LookupEnv. An empty value counts as unset.
	LookupEnv func(string) (string, bool)
	// SearchDirs are searched in order for leanprm.yaml; nil means the working directory, then
	// leanprm/ in the user configuration directory.
	SearchDirs []string
}

// RegisterFlags adds --config and every key's flag to fs, each with its default.
func RegisterFlags(fs *pflag.FlagSet) {
	fs.String(ConfigFlag, "", "configuration file (default: ./leanprm.yaml, then the user config dir)")
	for _, k := range keys {
		if k.Flag == "" {
			continue
		}
		switch k.kind {
		case intKind:
			n, _ := strconv.Atoi(k.Def)
			fs.Int(k.Flag, n, k.Doc)
		case durationKind:
			d, _ := time.ParseDuration(k.Def)
			fs.Duration(k.Flag, d, k.Doc)
			fs.Lookup(k.Flag).DefValue = k.Def // "60s", "5m", as leanprm.yaml writes it
		default:
			fs.String(k.Flag, k.Def, k.Doc)
		}
	}
}

// Load resolves every key (a flag set on the command line, else LEANPRM_<KEY>, else the
// configuration file, else the default), parses and validates it, and returns the
// configuration. fs may be nil (no flags). A bad value is a *KeyError naming the key and where
// the value came from; a file that does not read, or that holds keys the table does not know,
// is an error naming the file.
func Load(fs *pflag.FlagSet, o LoadOptions) (*Config, error) {
	lookup := o.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	file := o.File
	if fs != nil {
		if f := fs.Lookup(ConfigFlag); f != nil && f.Value.String() != "" {
			file = f.Value.String()
		}
	}
	if file == "" {
		file = findFile(o.SearchDirs)
	}
	var fileVals map[string]string
	if file != "" {
		var err error
		if fileVals, err = readFile(file); err != nil {
			return nil, err
		}
	}
	c := &Config{file: file, raw: map[string]string{}, sources: map[string]string{}}
	for _, k := range keys {
		raw, from := k.Def, "default"
		if v, ok := fileVals[k.Key]; ok {
			raw, from = v, "file "+file
		}
		if v, ok := lookup(EnvName(k.Key)); ok && v != "" {
			raw, from = v, "env "+EnvName(k.Key)
		}
		if fs != nil && k.Flag != "" {
			if f := fs.Lookup(k.Flag); f != nil && f.Changed {
				raw, from = f.Value.String(), "flag --"+k.Flag
			}
		}
		c.raw[k.Key], c.sources[k.Key] = raw, from
		if err := k.set(c, k.Key, raw); err != nil {
			var ke *KeyError
			if errors.As(err, &ke) {
				ke.From = from
			}
			return nil, err
		}
	}
	if (c.NATS.TLSCert == "") != (c.NATS.TLSKey == "") {
		k, other := "nats.tls_cert", "nats.tls_key"
		if c.NATS.TLSCert == "" {
			k, other = other, k
		}
		return nil, &KeyError{Key: k, From: c.sources[k], Msg: "is set but " + other + " is not: a client certificate needs its key"}
	}
	return c, nil
}

// findFile returns the first regular leanprm.yaml in dirs, or "".
func findFile(dirs []string) string {
	if dirs == nil {
		dirs = []string{"."}
		if d, err := os.UserConfigDir(); err == nil {
			dirs = append(dirs, filepath.Join(d, "leanprm"))
		}
	}
	for _, d := range dirs {
		p := filepath.Join(d, FileName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			continue
		}
	}
	return ""
}

// readFile reads a YAML configuration file into dotted keys (lower case, as keys are matched
// without regard to case) and the text of each value. Keys the table does not know are an
// error: a typo would otherwise be ignored silently.
func readFile(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading configuration %s: %w", path, err)
	}
	var tree map[string]any
	if err := yaml.Unmarshal(b, &tree); err != nil {
		return nil, fmt.Errorf("reading configuration %s: %w", path, err)
	}
	out := map[string]string{}
	var walk func(prefix string, m map[string]any) error
	walk = func(prefix string, m map[string]any) error {
		for k, v := range m {
			name := prefix + strings.ToLower(k)
			if sub, ok := v.(map[string]any); ok {
				if err := walk(name+".", sub); err != nil {
					return err
				}
				continue
			}
			text, err := scalarText(v)
			if err != nil {
				return fmt.Errorf("reading configuration %s: key %s: %w", path, name, err)
			}
			out[name] = text
		}
		return nil
	}
	if err := walk("", tree); err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, k := range keys {
		known[k.Key] = true
	}
	var unknown []string
	for k := range out {
		if !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("configuration %s: unknown keys %s", path, strings.Join(unknown, ", "))
	}
	return out, nil
}

// scalarText is the text of a YAML scalar as a user would have written it.
func scalarText(v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case int:
		return strconv.Itoa(x), nil
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10), nil
		}
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	case bool:
		return strconv.FormatBool(x), nil
	default:
		return "", fmt.Errorf("a %T is not a setting value", v)
	}
}
