package serve

import (
	"encoding/json"
	"strings"
	"testing"

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
