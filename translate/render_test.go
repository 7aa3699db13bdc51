package translate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRenderJSONRoundTrip(t *testing.T) {
	res := exactChain(t, "So 6 × 7 = 42 and 3 + 4 = 8.", `\boxed{2x + 5}`)
	var buf bytes.Buffer
	require.NoError(t, Render(&buf, []ChainResult{res}, FormatJSON))
	var back []ChainResult
	require.NoError(t, json.Unmarshal(buf.Bytes(), &back))
	require.Len(t, back, 1)
	require.Len(t, back[0].Steps, 2, "decoded %+v", back)
	got := back[0].Steps[0]
	require.Equal(t, StepRefuted, got.Verdict, "step %+v", got)
	require.Len(t, got.Obligations, 2, "step %+v", got)
	o := got.Obligations[1]
	assert.Equal(t, Refuted, o.Verdict)
	assert.Equal(t, KindEquality, o.Kind)
	assert.Equal(t, "3 + 4 = 8", o.Expr)
	assert.Equal(t, "exact", o.Checker)
	assert.Equal(t, "3 + 4 = 8", o.Span.Text)
	assert.NotEmpty(t, o.Prop)
	assert.True(t, strings.HasPrefix(o.LeanNeg, "example : ¬("), "LeanNeg %q", o.LeanNeg)
	skipped := back[0].Steps[1].Skipped
	if assert.Len(t, skipped, 1) {
		assert.Contains(t, skipped[0].Reason, "boxed")
	}
}

func TestRenderTable(t *testing.T) {
	res := exactChain(t, "So 6 × 7 = 42.", "Then 3 + 4 = 8.", "Let us think.")
	res.ID = "c1"
	var buf bytes.Buffer
	require.NoError(t, Render(&buf, []ChainResult{res}, FormatTable))
	out := buf.String()
	for _, want := range []string{"chain c1", "checker exact", "6 * 7 = 42", "verified", "3 + 4 = 8", "refuted", "step 3: none"} {
		assert.Contains(t, out, want, "the table lacks it")
	}
	assert.Error(t, Render(&buf, nil, "yaml"), "an unknown format was accepted")
}

func TestDecodeInputs(t *testing.T) {
	in := `{"id": "a", "steps": ["1 + 1 = 2"], "label": -1}
{"id": "b", "steps": []}
`
	got, err := DecodeInputs(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, "a", got[0].ID)
	if assert.Len(t, got[0].Steps, 1) {
		assert.Equal(t, "1 + 1 = 2", got[0].Steps[0])
	}
	assert.Empty(t, got[1].Steps)
	_, err = DecodeInputs(strings.NewReader(`{"id": "x"}`))
	assert.Error(t, err, "a row without steps was accepted")
	_, err = DecodeInputs(strings.NewReader(`{"id": `))
	assert.Error(t, err, "broken JSON was accepted")
}
