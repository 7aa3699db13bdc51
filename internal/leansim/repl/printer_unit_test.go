package repl

import (
	"strings"
	"testing"
)

func TestPrettySmall(t *testing.T) {
	long := strings.Repeat("x", 70)
	tests := []struct {
		name string
		v    Value
		want string
	}{
		{"keys in reverse order", Obj().Set("a", Int(1)).Set("b", Int(2)), `{"b": 2, "a": 1}`},
		{"empty containers", Obj().Set("goals", Arr()).Set("o", Obj()), `{"o": {}, "goals": []}`},
		{"scalars", Arr(Null(), Bool(true), Bool(false), Int(-3)), `[null, true, false, -3]`},
		{"escapes", Str("q\" b\\ n\n r\r t\t u\x01 ⊢ 𝓤"), `"q\" b\\ n\n r\r t\u0009 u\u0001 ⊢ 𝓤"`},
		{"a long value moves to the next line", Obj().Set("data", Str(long)),
			"{\"data\":\n \"" + long + "\"}"},
		{"width counts code points, not bytes", Obj().Set("data", Str(strings.Repeat("⊢", 68))),
			`{"data": "` + strings.Repeat("⊢", 68) + `"}`},
		{"the closing brackets count", Arr(Obj().Set("k", Str(strings.Repeat("y", 70)))),
			"[{\"k\":\n  \"" + strings.Repeat("y", 70) + "\"}]"},
		{"arrays break after commas", Obj().Set("goals", Arr(Str(strings.Repeat("a", 40)), Str(strings.Repeat("b", 40)))),
			"{\"goals\":\n [\"" + strings.Repeat("a", 40) + "\",\n  \"" + strings.Repeat("b", 40) + "\"]}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.v.String(); got != tt.want {
				t.Fatalf("got\n%s\nwant\n%s", got, tt.want)
			}
			back, err := ParseJSON(tt.want)
			if err != nil || !back.Equal(tt.v) {
				t.Fatalf("round trip: %v, equal %v", err, back.Equal(tt.v))
			}
		})
	}
}

func TestParseJSON(t *testing.T) {
	good := map[string]string{
		`{"a": 1, "a": 2}`:             `{"a": 2}`, // the last duplicate wins, as in Lean's RBMap
		` [1, 2.50, 1e2, -0, 1.5e-3] `: `[1, 2.5, 100, 0, 0.0015]`,
		`"\u00e9\/"`:                   `"é/"`,
	}
	for in, want := range good {
		v, err := ParseJSON(in)
		if err != nil {
			t.Fatalf("ParseJSON(%q): %v", in, err)
		}
		if got := v.String(); got != want {
			t.Errorf("ParseJSON(%q) prints %s, want %s", in, got, want)
		}
	}
	for _, bad := range []string{"", "\n", "{", `{"a" 1}`, `[1,]`, `01`, `"\x"`, "nul", `{"a": 1} x`, "\"\n\"", strings.Repeat("[", maxJSONDepth+2)} {
		if _, err := ParseJSON(bad); err == nil {
			t.Errorf("ParseJSON(%q) accepted", bad)
		}
	}
	if _, err := ParseJSON("\n"); err == nil || err.Error() != "offset 1: unexpected end of input" {
		t.Errorf("empty request error: %v", err)
	}
	if n, ok := (Value{kind: KindNumber, num: "1.5"}).AsNat(); ok {
		t.Errorf("AsNat(1.5) = %d", n)
	}
}
