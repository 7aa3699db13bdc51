package lsp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

func TestBuildChainFile(t *testing.T) {
	for _, tc := range []struct {
		name  string
		chain proofchain.Chain
		text  string
		spans [][2]int
	}{
		{
			name:  "theorem",
			chain: proofchain.Chain{Statement: "theorem t (p : Prop) (hp : p) : p", Steps: []string{"exact hp"}},
			text:  "theorem t (p : Prop) (hp : p) : p := by\n  exact hp\n",
			spans: [][2]int{{1, 1}},
		},
		{
			name:  "proposition with := by, header, multi-line step",
			chain: proofchain.Chain{Header: "import Mathlib\n", Statement: "  (2 : ℚ) + 2 = 4 := by ", Steps: []string{"  norm_num", "\n    first\n      done\n"}},
			text:  "import Mathlib\n\nexample : (2 : ℚ) + 2 = 4 := by\n  norm_num\n  first\n    done\n",
			spans: [][2]int{{3, 3}, {4, 5}},
		},
		{
			name:  "CRLF",
			chain: proofchain.Chain{Statement: "example : True", Steps: []string{"skip\r\ntrivial"}},
			text:  "example : True := by\n  skip\n  trivial\n",
			spans: [][2]int{{1, 2}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text, spans, err := lsp.BuildChainFile(tc.chain)
			require.NoError(t, err)
			assert.Equal(t, tc.text, text)
			assert.Equal(t, tc.spans, spans)
		})
	}
	for _, bad := range []proofchain.Chain{
		{Statement: "", Steps: []string{"rfl"}},
		{Statement: "example : True"},
		{Statement: "example : True", Steps: []string{"trivial", "  \n "}},
	} {
		_, _, err := lsp.BuildChainFile(bad)
		assert.Error(t, err, "%+v", bad)
	}
}
