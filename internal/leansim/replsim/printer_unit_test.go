package replsim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
			require.Equal(t, tt.want, tt.v.String())
			back, err := ParseJSON(tt.want)
			require.NoError(t, err, "round trip")
			require.True(t, back.Equal(tt.v), "round trip: equal %v", back.Equal(tt.v))
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
		require.NoError(t, err, "ParseJSON(%q)", in)
		assert.Equal(t, want, v.String(), "ParseJSON(%q) prints", in)
	}
	for _, bad := range []string{"", "\n", "{", `{"a" 1}`, `[1,]`, `01`, `"\x"`, "nul", `{"a": 1} x`, "\"\n\"", strings.Repeat("[", maxJSONDepth+2)} {
		_, err := ParseJSON(bad)
		assert.Error(t, err, "ParseJSON(%q) accepted", bad)
	}
	_, err := ParseJSON("\n")
	assert.EqualError(t, err, "offset 1: unexpected end of input", "empty request error")
	n, ok := (Value{kind: KindNumber, num: "1.5"}).AsNat()
	assert.False(t, ok, "AsNat(1.5) = %d", n)

}
