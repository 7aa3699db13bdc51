package verify

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// Every kind of lexical problem rejects the candidate with its own reason code, at the
// problem's position.
func TestLexicalProblemsRejectWithTheirCode(t *testing.T) {
	st, err := ParseStatement(fuzzStatement)
	require.NoError(t, err)
	proof := fuzzStatement + " := by\n  "
	for _, tc := range []struct {
		tail string
		kind syntax.ProblemKind
		code Code
	}{
		{"omega -- \xff", syntax.InvalidUTF8, CodeInvalidUTF8},
		{"omega -- \x00", syntax.NULByte, CodeNULByte},
		{"omega -- \u202e", syntax.BidiControl, CodeBidiControl},
		{"so\u200brry", syntax.InvisibleChar, CodeInvisibleChar},
		{"omega /- unterminated", syntax.Malformed, CodeLexError},
	} {
		lx := syntax.Lex(proof + tc.tail)
		require.NotEmpty(t, lx.Problems, "%q", tc.tail)
		assert.Equal(t, tc.kind, lx.Problems[0].Kind, "%q", tc.tail)
		assert.Equal(t, tc.code, codeOf(tc.kind))
		rep := CheckStatic(st, proof+tc.tail, []string{"Init"})
		require.False(t, rep.Accepted(), "%q", tc.tail)
		assert.Contains(t, codesOf(rep.Reasons), tc.code, "%q", tc.tail)
		for _, r := range rep.Reasons {
			if r.Code == tc.code {
				assert.Equal(t, [2]int{lx.Problems[0].Line, lx.Problems[0].Col}, [2]int{r.Line, r.Column}, "%q", tc.tail)
			}
		}
	}
}
