package config

import (
	"strconv"
	"strings"
)

// Source is one key's effective value and where it came from.
type Source struct {
	Key string
	// Value is the text the key was set from.
	Value string
	// From is "flag --NAME", "env LEANPRM_KEY", "file PATH" or "default".
	From string
}

// Sources lists every key, sorted, with its value and where it came from.
func (c *Config) Sources() []Source {
	out := make([]Source, len(keys))
	for i, k := range keys {
		out[i] = Source{Key: k.Key, Value: c.raw[k.Key], From: c.sources[k.Key]}
	}
	return out
}

// YAML is the effective configuration as a tree that encodes to a valid leanprm.yaml
// reproducing the same values: sections as nested maps, whole-number keys as ints, the rest as
// the text they were set from.
func (c *Config) YAML() map[string]any {
	tree := map[string]any{}
	for _, k := range keys {
		var v any = c.raw[k.Key]
		if k.kind == intKind {
			if n, err := strconv.Atoi(strings.TrimSpace(c.raw[k.Key])); err == nil {
				v = n
			}
		}
		m := tree
		path := strings.Split(k.Key, ".")
		for _, p := range path[:len(path)-1] {
			next, ok := m[p].(map[string]any)
			if !ok {
				next = map[string]any{}
				m[p] = next
			}
			m = next
		}
		m[path[len(path)-1]] = v
	}
	return tree
}
