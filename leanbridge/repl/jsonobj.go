package repl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// The REPL's JSON is read into typed structs, but a newer REPL may add members this package does
// not know. Each object type therefore keeps unknown members in an Extra map and writes them back,
// so that decoding a reply and encoding it again gives the same JSON value (the conformance test
// checks this on every recorded transcript).
//
// Each type implements its JSON methods through a method-less copy of itself ("type plain T"),
// passed to decodeObject / encodeObject below.

// knownKeys returns the JSON member names of a struct type's exported fields.
func knownKeys(t reflect.Type) map[string]bool {
	if v, ok := keyCache.Load(t); ok {
		return v.(map[string]bool)
	}
	keys := make(map[string]bool)
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		keys[name] = true
	}
	keyCache.Store(t, keys)
	return keys
}

var keyCache sync.Map // reflect.Type → map[string]bool

// decodeObject fills known (a pointer to a struct) from the JSON object data and stores the
// members it does not know in *extra.
func decodeObject(data []byte, known any, extra *map[string]json.RawMessage) error {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	if all == nil { // JSON null: leave the value alone, as encoding/json does
		return nil
	}
	keys := knownKeys(reflect.TypeOf(known).Elem())
	rest := make(map[string]json.RawMessage)
	exact := true
	for k, v := range all {
		if keys[k] {
			continue
		}
		rest[k] = v
		// encoding/json matches member names case-insensitively; a member that differs from
		// a known one only in case must not be read into the known field.
		for kk := range keys {
			if strings.EqualFold(k, kk) {
				exact = false
			}
		}
	}
	if exact {
		if err := json.Unmarshal(data, known); err != nil {
			return err
		}
	} else {
		only := make(map[string]json.RawMessage, len(all))
		for k, v := range all {
			if keys[k] {
				only[k] = v
			}
		}
		b, err := json.Marshal(only)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, known); err != nil {
			return err
		}
	}
	if len(rest) == 0 {
		rest = nil
	}
	*extra = rest
	return nil
}

// encodeObject marshals known (a struct value) and appends the extra members, in sorted order.
// Extra members whose name a known field already uses are dropped.
func encodeObject(known any, extra map[string]json.RawMessage) ([]byte, error) {
	b, err := marshalNoHTML(known)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	keys := knownKeys(reflect.TypeOf(known))
	names := make([]string, 0, len(extra))
	for k := range extra {
		if !keys[k] {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	if len(b) < 2 || b[len(b)-1] != '}' {
		return nil, fmt.Errorf("leanbridge: internal error: %T did not encode as an object", known)
	}
	out := append([]byte(nil), b[:len(b)-1]...)
	for _, k := range names {
		v := extra[k]
		if !json.Valid(v) {
			return nil, fmt.Errorf("leanbridge: extra member %q is not valid JSON", k)
		}
		if out[len(out)-1] != '{' {
			out = append(out, ',')
		}
		kb, _ := marshalNoHTML(k)
		out = append(out, kb...)
		out = append(out, ':')
		out = append(out, v...)
	}
	return append(out, '}'), nil
}

// marshalNoHTML is json.Marshal without the HTML escaping of <, > and &: Lean source is full of
// them, and readable requests are easier to debug. Both forms are the same JSON value.
func marshalNoHTML(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}), nil
}

// Nullable is a member that the REPL writes as a value or null, and that may also be absent:
// derived ToJson instances write an Option field as null, hand-written ones omit it. Keeping
// the three cases apart lets a decoded reply encode back to the same JSON.
// Use it with the omitzero option so an absent member stays absent.
type Nullable[T any] struct {
	Value   T
	Valid   bool // the member holds a value (not null)
	Present bool // the member appeared at all
}

// Some returns a present, non-null Nullable.
func Some[T any](v T) Nullable[T] { return Nullable[T]{Value: v, Valid: true, Present: true} }

// IsZero reports an absent member (for omitzero).
func (n Nullable[T]) IsZero() bool { return !n.Present }

func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return marshalNoHTML(n.Value)
}

func (n *Nullable[T]) UnmarshalJSON(b []byte) error {
	var zero T
	*n = Nullable[T]{Present: true}
	if string(b) == "null" {
		n.Value = zero
		return nil
	}
	n.Valid = true
	return json.Unmarshal(b, &n.Value)
}
