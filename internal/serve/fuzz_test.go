package serve

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func FuzzSplitHeader(f *testing.F) {
	for _, s := range []string{"", "import Mathlib\ndef f := 1", "\n\nimport A B\nimport A\n\ntheorem t : True := trivial", "importX\n", "import"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		header, mods, body := SplitHeader(code)
		require.Equal(t, strings.Count(code, "\n"), strings.Count(body, "\n"), "Lean's line numbers stay those of the snippet")
		for _, m := range mods {
			assert.Contains(t, header, "import "+m)
		}
		assert.Equal(t, len(mods), strings.Count(header, "import "), "each module once")
	})
}

func FuzzParseQwenPRMInput(f *testing.F) {
	for _, s := range []string{"a<extra_0>b<extra_0>", "<|im_start|>user\nq<|im_end|>\n<|im_start|>assistant\ns<extra_0><|im_end|>", "", "<extra_0><extra_0>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		_, steps := ParseQwenPRMInput(in)
		body := in
		if i := strings.LastIndex(in, "<|im_start|>assistant\n"); i >= 0 {
			body = in[i:]
		}
		assert.Equal(t, strings.Count(body, StepSeparator), len(steps), "one step per separator: one [p_neg, p_pos] pair each")
	})
}

func FuzzScoreRequest(f *testing.F) {
	for _, s := range []string{`{"chains":[{"id":"a","steps":["x",{"text":"y"},{"text":"z","formal":true}]}]}`, `{"chains":[{"steps":[1]}]}`, `{"chains":[{"steps":["` + "```lean\\nt\\n```" + `"]}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var req ScoreRequest
		if json.Unmarshal(b, &req) != nil {
			return
		}
		for _, c := range req.Chains {
			for _, s := range c.Steps {
				if s.Formal {
					assert.NotContains(t, s.Text, "```", "a Lean step is the fence's inside")
				}
			}
		}
	})
}

// FuzzItemID: an id is either refused or kept exactly: what decodes is what the client wrote,
// so two different ids never become one. Whatever is kept is valid UTF-8 and encodes back to
// a JSON string that decodes to it; a U+FFFD in it is one the client wrote.
func FuzzItemID(f *testing.F) {
	for _, s := range []string{`"a"`, "\"a\xff\"", `"a\ud800"`, `"\ud83d\ude00"`, `"\uFFFD"`, "\"\uFFFD\"", `"\\ud800"`, `3`, `null`, `"\u00e9"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var id ItemID
		if err := id.UnmarshalJSON(raw); err != nil {
			return
		}
		s := string(id)
		require.True(t, utf8.ValidString(s))
		b, err := json.Marshal(s)
		require.NoError(t, err)
		var back string
		require.NoError(t, json.Unmarshal(b, &back))
		require.Equal(t, s, back)
		if n := strings.Count(s, "\uFFFD"); n > 0 {
			require.Equal(t, n, strings.Count(string(raw), "\uFFFD")+strings.Count(strings.ToLower(string(raw)), `\ufffd`), "%q", raw)
		}
	})
}
