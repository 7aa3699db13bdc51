package report

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
)

func ptr(v float64) *float64 { return &v }

// sample builds results with formal verdicts, learned scores and labels.
func sample() []hybrid.Scored {
	mk := func(id string, steps ...hybrid.ScoredStep) hybrid.Scored {
		for i := range steps {
			steps[i].Index = i
			steps[i].Policy = "hybrid"
		}
		return hybrid.Scored{ID: id, Source: id + ".md:1", Problem: "How many <b>pens</b> & pencils?", FirstError: chain.NoLabel, Policy: "hybrid", Steps: steps}
	}
	return []hybrid.Scored{
		mk("a",
			hybrid.ScoredStep{Text: "Ann has 4 pens.", Learned: ptr(0.9), Score: 0.9, Source: hybrid.FromLearned, Label: chain.Correct},
			hybrid.ScoredStep{Text: "So 4 + 3 = 8 <script>alert(1)</script>", Learned: ptr(0.85), Score: 0, Source: hybrid.FromFormal,
				Verdict: hybrid.Refuted, Checker: "sim", Label: chain.Wrong,
				Obligations: []hybrid.Obligation{{Text: "4 + 3 = 8", Lean: "example : ¬((4 : Rat) + 3 = 8) := by decide +kernel", Verdict: hybrid.Refuted, Messages: []string{"ok & done"}}}},
		),
		mk("b",
			hybrid.ScoredStep{Text: "2 * 3 = 6", Learned: ptr(0.7), Score: 0.7, Source: hybrid.FromLearned, Verdict: hybrid.Verified, Checker: "lean", Label: chain.Correct},
			hybrid.ScoredStep{Text: "example : 1 = 1 := rfl", Formal: true, Learned: ptr(0.3), Score: 1, Source: hybrid.FromFormal, Verdict: hybrid.Verified, Checker: "lean"},
			hybrid.ScoredStep{Text: "10 - 4 = 5", Learned: ptr(0.2), Score: 0, Source: hybrid.FromFormal, Verdict: hybrid.Refuted, Checker: "lean", Label: chain.Wrong},
		),
	}
}

// wellFormed parses s as strict XML and returns its element names and its
// decoded text.
func wellFormed(t *testing.T, s string) ([]string, string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = true
	var names []string
	var text strings.Builder
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "page must be well-formed")
		switch tok := tok.(type) {
		case xml.StartElement:
			names = append(names, tok.Name.Local)
		case xml.CharData:
			text.Write(tok)
		}
	}
	return names, text.String()
}

func count(names []string, name string) int {
	n := 0
	for _, x := range names {
		if x == name {
			n++
		}
	}
	return n
}

func TestWriteHTML(t *testing.T) {
	c := bench.Compare(sample(), bench.CompareOptions{Threshold: 0.5})
	var buf bytes.Buffer
	require.NoError(t, WriteHTML(&buf, c, Meta{Inputs: []string{"a.md", "b.md"}, Policy: "hybrid", Generated: "test"}))
	page := buf.String()
	names, text := wellFormed(t, page)

	assert.Equal(t, 2, count(names, "svg"), "histogram and reliability diagram")
	assert.Equal(t, 2*10, count(names, "rect"), "two bars per bin")
	assert.GreaterOrEqual(t, count(names, "circle"), 2)
	assert.Equal(t, 1, count(names, "table"))
	assert.Zero(t, count(names, "script"), "no scripts, and step text is escaped")
	assert.NotContains(t, page, "<script>")
	assert.Contains(t, text, "So 4 + 3 = 8 <script>alert(1)</script>", "step text survives escaping")
	assert.Contains(t, text, "¬((4 : Rat) + 3 = 8)")
	assert.Contains(t, text, "ok & done")
	assert.NotContains(t, strings.ReplaceAll(page, `xmlns="http://www.w3.org/2000/svg"`, ""), "http",
		"self-contained: no external resources")
	assert.Contains(t, page, `class="blind"`)
	// One blind spot: the refuted step the PRM scored 0.85.
	assert.Equal(t, 1, c.TotalBlindSpots)
	assert.Equal(t, 1, strings.Count(page, `class="blind"`))
}

func TestWriteHTMLWithoutVerdicts(t *testing.T) {
	res := sample()
	for i := range res {
		for j := range res[i].Steps {
			res[i].Steps[j].Verdict = hybrid.NoVerdict
			res[i].Steps[j].Label = chain.Unlabeled
		}
	}
	var buf bytes.Buffer
	require.NoError(t, WriteHTML(&buf, bench.Compare(res, bench.CompareOptions{}), Meta{}))
	names, _ := wellFormed(t, buf.String())
	assert.Zero(t, count(names, "svg"))
	assert.Contains(t, buf.String(), "nothing to compare")
}

func TestWriteCheck(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteCheck(&buf, sample(), CheckOptions{Width: 20, Threshold: 0.5, Obligations: true}))
	out := buf.String()
	assert.Contains(t, out, "refuted (sim)")
	assert.Contains(t, out, "✗ proven error")
	assert.Contains(t, out, "first error: step 2 (threshold 0.500)")
	assert.Contains(t, out, "[lean] example")
	assert.Contains(t, out, "example : ¬((4 : Rat) + 3 = 8)")
	assert.Contains(t, out, "So 4 + 3 = 8 <scrip…", "previews are cut to the width")
	assert.NotContains(t, out, "alert")
}

func TestWriteEvalTables(t *testing.T) {
	res := []hybrid.Scored{
		{ID: "x", Subset: "gsm8k", FirstError: 0, Steps: []hybrid.ScoredStep{{Score: 0.1, Learned: ptr(0.1), Label: chain.Wrong}}},
		{ID: "y", Subset: "math", FirstError: chain.NoError, Steps: []hybrid.ScoredStep{{Score: 0.9, Learned: ptr(0.9), Label: chain.Correct}}},
	}
	var buf bytes.Buffer
	require.NoError(t, WriteProcessBench(&buf, bench.CompareProcessBench(res, nil, bench.EvalOptions{Threshold: 0.5})))
	out := buf.String()
	for _, want := range []string{"formal err", "learned err", "hybrid err", "gsm8k", "math", "average", "100.0"} {
		assert.Contains(t, out, want)
	}
	buf.Reset()
	require.NoError(t, WritePRMBench(&buf, bench.ComparePRMBench(res, nil, bench.EvalOptions{Threshold: 0.5})))
	assert.Contains(t, buf.String(), "learned PRMScore")
	assert.Contains(t, buf.String(), "mean of subsets")
}

func TestWriteComparisonAndSelection(t *testing.T) {
	res := sample()
	var buf bytes.Buffer
	require.NoError(t, WriteComparison(&buf, bench.Compare(res, bench.CompareOptions{})))
	out := buf.String()
	assert.Contains(t, out, "blind spots: 1 refuted steps")
	assert.Contains(t, out, "refuted: 4 + 3 = 8")

	buf.Reset()
	res[0].FirstError, res[1].FirstError = 1, chain.NoError
	sel := bench.SelectBest(res, hybrid.AggMean)
	require.NoError(t, WriteSelection(&buf, sel, res, hybrid.AggMean))
	assert.Contains(t, buf.String(), "chosen right")
}

func TestWriteErrorsPropagate(t *testing.T) {
	err := WriteCheck(failWriter{}, sample(), CheckOptions{})
	assert.Error(t, err)
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestPreview(t *testing.T) {
	assert.Equal(t, "a b c", Preview("a\n b\t\tc", 10))
	assert.Equal(t, "ℕ→∀…", Preview("ℕ→∀xyz", 4))
}
