package chain

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const fixtures = "testdata"

func fixture(name string) string { return filepath.Join(fixtures, name) }

func texts(c Chain) []string { return c.Texts() }

func labels(c Chain) []Label {
	out := make([]Label, len(c.Steps))
	for i, s := range c.Steps {
		out[i] = s.Label
	}
	return out
}

// rowLines returns the lines of the row errors, for compact assertions.
func rowLines(errs []RowError) []int {
	var out []int
	for _, e := range errs {
		out = append(out, e.Line)
	}
	return out
}

func TestReadProcessBenchJSONL(t *testing.T) {
	chains, errs, err := Read(fixture("processbench.jsonl"), FormatAuto)
	require.NoError(t, err)
	require.Len(t, chains, 3)
	assert.Equal(t, []int{4, 5, 6}, rowLines(errs))
	assert.Contains(t, errs[0].Error(), "processbench.jsonl:4: invalid JSON")
	assert.Contains(t, errs[1].Error(), "label 3 out of range for 1 steps")
	assert.Contains(t, errs[2].Error(), `missing field "steps"`)

	c := chains[1]
	assert.Equal(t, "toy-1", c.ID)
	assert.Equal(t, "toy", c.Subset)
	assert.Equal(t, fixture("processbench.jsonl")+":2", c.Source)
	assert.Equal(t, 1, c.FirstError)
	assert.Equal(t, []Label{Correct, Wrong, Unlabeled}, labels(c))
	assert.Equal(t, NoError, chains[0].FirstError)
	assert.Equal(t, []Label{Correct, Correct, Correct}, labels(chains[0]))
}

func TestReadProcessBenchArray(t *testing.T) {
	chains, errs, err := Read(fixture("processbench_array.json"), FormatAuto)
	require.NoError(t, err)
	require.Len(t, chains, 2)
	require.Len(t, errs, 1)
	assert.Equal(t, 3, errs[0].Line, "the element starts on line 3")
	assert.Equal(t, "arr-2", chains[1].ID)
	assert.Equal(t, 0, chains[1].FirstError)
}

func TestReadPRMBench(t *testing.T) {
	chains, errs, err := Read(fixture("prmbench.jsonl"), FormatAuto)
	require.NoError(t, err)
	// Row 3 names error step 3 of 2: the published files' quirk. The chain is kept (its
	// first error unknown) and the quirk comes beside it, not as an error.
	require.Len(t, chains, 3)
	require.Len(t, errs, 1)
	assert.Equal(t, 3, errs[0].Line)
	assert.Contains(t, errs[0].Error(), "error_steps has [3], past the last of 2 steps")
	rest, quirks := SplitQuirks(errs)
	assert.Empty(t, rest)
	assert.Len(t, quirks, 1)
	assert.Equal(t, NoLabel, chains[2].FirstError)

	// error_steps 0 in a 1-based list is no known quirk: still an error.
	_, errs, err = Decode(strings.NewReader(`{"question": "q", "modified_process": ["a"], "error_steps": [0]}`), "z.jsonl", FormatAuto)
	require.NoError(t, err)
	require.Len(t, errs, 1)
	rest, _ = SplitQuirks(errs)
	assert.Len(t, rest, 1)

	assert.Equal(t, "circular", chains[0].Subset)
	assert.Equal(t, 1, chains[0].FirstError)
	assert.Equal(t, []Label{Correct, Wrong, Wrong}, labels(chains[0]))
	assert.Equal(t, NoError, chains[1].FirstError)
	assert.Equal(t, []Label{Correct, Correct, Correct}, labels(chains[1]))
}

func TestReadMRGSM8K(t *testing.T) {
	chains, errs, err := Read(fixture("mrgsm8k.jsonl"), FormatAuto)
	require.NoError(t, err)
	require.Len(t, chains, 2)
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "first_error_step 4 out of range")
	assert.Equal(t, 1, chains[0].FirstError)
	assert.Equal(t, []Label{Correct, Wrong, Unlabeled}, labels(chains[0]))
	assert.Equal(t, "mr-gsm8k/original", chains[0].Subset)
	assert.Equal(t, NoError, chains[1].FirstError, "a correct solution has no error")
}

func TestReadTRL(t *testing.T) {
	chains, errs, err := Read(fixture("trl.jsonl"), FormatAuto)
	require.NoError(t, err)
	require.Len(t, chains, 2)
	assert.Equal(t, []int{3, 4}, rowLines(errs))
	assert.Contains(t, errs[0].Error(), "1 labels for 2 completions")
	assert.Contains(t, errs[1].Error(), "labels[0]")
	assert.Equal(t, 0, chains[0].FirstError)
	assert.Equal(t, []Label{Wrong, Wrong}, labels(chains[0]))
	assert.Equal(t, NoError, chains[1].FirstError)
}

func TestReadGSM8K(t *testing.T) {
	chains, errs, err := Read(fixture("gsm8k.jsonl"), FormatAuto)
	require.NoError(t, err)
	assert.Empty(t, errs)
	require.Len(t, chains, 1)
	assert.Equal(t, []string{"4 pens cost 4*3 = 12 dollars.", "The answer is 12."}, texts(chains[0]))
}

func TestReadMarkdown(t *testing.T) {
	chains, errs, err := Read(fixture("sample.md"), FormatAuto)
	require.NoError(t, err)
	assert.Empty(t, errs)
	require.Len(t, chains, 1)
	c := chains[0]
	assert.True(t, strings.HasPrefix(c.Problem, "A farmer has 12 cows"), c.Problem)
	require.Len(t, c.Steps, 4)
	assert.Equal(t, "Count the cows\nThe farmer has 12 + 8 = 20 cows.", c.Steps[0].Text)
	assert.False(t, c.Steps[1].Formal)
	assert.True(t, c.Steps[2].Formal)
	assert.Equal(t, "example : (20 : Rat) * 3 = 60 := by norm_num", c.Steps[2].Text)
	assert.Contains(t, c.Steps[3].Text, `\boxed{60}`)
	assert.Equal(t, NoLabel, c.FirstError)
}

func TestReadParagraphsAndSeparators(t *testing.T) {
	chains, errs, err := Read(fixture("paragraphs.txt"), FormatText)
	require.NoError(t, err)
	assert.Empty(t, errs)
	require.Len(t, chains, 2)
	a, b := chains[0], chains[1]
	assert.Equal(t, a.Problem, b.Problem)
	require.Len(t, a.Steps, 4)
	assert.Contains(t, a.Steps[2].Text, "# blank line above stays inside the block")
	assert.Equal(t, "The answer is 105.", a.Steps[3].Text)
	assert.Equal(t, []string{"She reads 15 * 7 = 95 pages.", "The answer is 95."}, texts(b))
	assert.Equal(t, fixture("paragraphs.txt")+":17", b.Source)
}

func TestReadUnclosedFence(t *testing.T) {
	chains, errs, err := Read(fixture("unclosed.md"), FormatAuto)
	require.NoError(t, err)
	assert.Empty(t, chains)
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "unclosed code fence")
}

func TestForcedFormat(t *testing.T) {
	// A PRMBench file read as ProcessBench: one error for the file, not one per row.
	chains, errs, err := Read(fixture("prmbench.jsonl"), FormatProcessBench)
	var mm *FormatMismatchError
	require.ErrorAs(t, err, &mm)
	assert.ErrorContains(t, err, "this looks like PRMBench, not ProcessBench")
	assert.Empty(t, chains)
	assert.Empty(t, errs)

	// One stray row of another format among good ones stays a row error.
	mixed := `{"problem": "p", "steps": ["a"], "label": -1}` + "\n" + `{"question": "q", "answer": "#### 1"}` + "\n"
	chains, errs, err = Decode(strings.NewReader(mixed), "m.jsonl", FormatProcessBench)
	require.NoError(t, err)
	assert.Len(t, chains, 1)
	require.Len(t, errs, 1)
	assert.Equal(t, 2, errs[0].Line)
	assert.ErrorAs(t, errs[0], &mm)

	// Text forced on JSON reads it as one paragraph chain.
	_, _, err = Decode(strings.NewReader("plain words"), "x", FormatPRMBench)
	assert.ErrorContains(t, err, "expects JSON")
}

func TestAutoDetectUnknownRow(t *testing.T) {
	_, errs, err := Decode(strings.NewReader(`{"foo": 1}`+"\n"), "in.jsonl", FormatAuto)
	require.NoError(t, err)
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "in.jsonl:1: unrecognized row")
	var re RowError
	assert.True(t, errors.As(errs[0], &re))
}

func TestPrettyPrintedObjects(t *testing.T) {
	in := "{\n  \"problem\": \"p\",\n  \"steps\": [\"a\", \"b\"],\n  \"label\": 1\n}\n{\n  \"problem\": \"q\",\n  \"steps\": [\"c\"],\n  \"label\": -1\n}\n"
	chains, errs, err := Decode(strings.NewReader(in), "pretty.json", FormatAuto)
	require.NoError(t, err)
	assert.Empty(t, errs)
	require.Len(t, chains, 2)
	assert.Equal(t, "pretty.json:6", chains[1].Source)
}

func TestJSONLinesWithGarbageLine(t *testing.T) {
	in := `{"problem": "p", "steps": ["a"], "label": -1}
this line is not JSON
{"problem": "q", "steps": ["b"], "label": 0}
`
	chains, errs, err := Decode(strings.NewReader(in), "g.jsonl", FormatAuto)
	require.NoError(t, err)
	require.Len(t, chains, 2, "the rows after a bad line still run")
	require.Len(t, errs, 1)
	assert.Equal(t, 2, errs[0].Line)
}

func TestMarkdownStartingWithBracket(t *testing.T) {
	in := "[A link](x) to start.\n\nStep 1: 2 + 2 = 4.\n"
	chains, errs, err := Decode(strings.NewReader(in), "notes.md", FormatAuto)
	require.NoError(t, err)
	assert.Empty(t, errs)
	require.Len(t, chains, 1)
	assert.Equal(t, "[A link](x) to start.", chains[0].Problem)
	assert.Equal(t, []string{"2 + 2 = 4."}, texts(chains[0]))
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{
		"": FormatAuto, "auto": FormatAuto, "md": FormatText, "markdown": FormatText,
		"ProcessBench": FormatProcessBench, "prmbench": FormatPRMBench, "mr-gsm8k": FormatMRGSM8K,
		"trl": FormatTRL, "gsm8k": FormatGSM8K,
	} {
		got, err := ParseFormat(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	_, err := ParseFormat("csv")
	assert.Error(t, err)
}

func FuzzDecodeChains(f *testing.F) {
	for _, name := range []string{"processbench.jsonl", "processbench_array.json", "prmbench.jsonl", "mrgsm8k.jsonl", "trl.jsonl", "sample.md", "paragraphs.txt",
		"fover.jsonl", "prm800k.jsonl", "labels.jsonl", "search.jsonl"} {
		b, err := os.ReadFile(fixture(name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("[{\"problem\":1}"))
	f.Add([]byte("```lean\n---\n```"))
	f.Fuzz(func(t *testing.T, data []byte) {
		chains, errs, err := Decode(strings.NewReader(string(data)), "fuzz", FormatAuto)
		if err != nil {
			return
		}
		for _, c := range chains {
			require.NotEmpty(t, c.Steps, "chain without steps: %+v", c)
			require.True(t, c.FirstError < len(c.Steps) && c.FirstError >= NoLabel, "first error %d for %d steps", c.FirstError, len(c.Steps))
		}
		for _, e := range errs {
			require.GreaterOrEqual(t, e.Line, 1, "row error without a line: %v", e)
		}
	})
}

func TestDecodeRefusesBinaryText(t *testing.T) {
	for name, data := range map[string][]byte{
		"nul.txt":     []byte("Step 1: 2 + 2 = 4\x00\x01\x02"),
		"latin1.md":   []byte("Step 1: caf\xe9 costs 3 + 4 = 7"),
		"garbage.bin": {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0x00},
	} {
		_, _, err := Decode(bytes.NewReader(data), name, FormatAuto)
		if assert.Error(t, err, "%s: binary input was accepted", name) {
			assert.ErrorContains(t, err, name, "the error names the file")
		}
	}
	// Valid UTF-8 text is still read.
	ch, _, err := Decode(strings.NewReader("Step 1: 2 + 2 = 4 — ℕ ∀"), "ok.txt", FormatAuto)
	require.NoError(t, err)
	assert.Len(t, ch, 1)
}

// TestReadLabelFormats reads the formats `leanprm label` writes and `leanprm search` output:
// FoVer (error_labels true right, false wrong, null unknown; psunlpgroup/FoVer README.md),
// PRM800K (openai/prm800k README.md: the chosen completions, rating -1 wrong, the rest of
// pre_generated_steps unlabelled), leanprm's own label rows, and search lines (unlabelled).
func TestReadLabelFormats(t *testing.T) {
	for _, tc := range []struct {
		file   string
		format Format
		labels []string
		first  []int
	}{
		{"fover.jsonl", FormatFoVer, []string{"correct wrong unlabeled", "correct correct"}, []int{1, NoError}},
		{"prm800k.jsonl", FormatPRM800K, []string{"correct wrong unlabeled"}, []int{1}},
		{"labels.jsonl", FormatLabels, []string{"correct wrong wrong"}, []int{1}},
		{"search.jsonl", FormatSearch, []string{"unlabeled unlabeled unlabeled"}, []int{NoLabel}},
	} {
		for _, f := range []Format{FormatAuto, tc.format} {
			chains, errs, err := Read(fixture(tc.file), f)
			require.NoError(t, err, tc.file)
			require.Empty(t, errs, tc.file)
			require.Len(t, chains, len(tc.labels), tc.file)
			for i, c := range chains {
				var ls []string
				for _, s := range c.Steps {
					ls = append(ls, s.Label.String())
				}
				assert.Equal(t, tc.labels[i], strings.Join(ls, " "), "%s chain %d", tc.file, i)
				assert.Equal(t, tc.first[i], c.FirstError, "%s chain %d", tc.file, i)
				assert.Equal(t, "Compute", strings.Fields(c.Problem)[0])
			}
		}
	}
	// A FoVer row whose labels do not match its steps is an error naming both counts.
	_, errs, err := Decode(strings.NewReader(`{"problem":"p","solution_steps":["a","b"],"error_labels":[true]}`), "x.jsonl", FormatAuto)
	require.NoError(t, err)
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "1 error_labels for 2 solution_steps")
}

// A JSON Lines row with invalid UTF-8 is reported with its line and skipped, as text input is
// refused: encoding/json would silently replace the byte and leave the claim unchecked.
func TestJSONLinesInvalidUTF8IsARowError(t *testing.T) {
	in := "{\"id\": \"a\", \"problem\": \"p\", \"steps\": [\"2 + 2 = 5 \xff\"], \"label\": -1}\n" +
		"{\"id\": \"b\", \"problem\": \"p\", \"steps\": [\"2 + 2 = 4\"], \"label\": -1}\n"
	chains, errs, err := Decode(strings.NewReader(in), "x.jsonl", FormatAuto)
	require.NoError(t, err)
	require.Len(t, chains, 1)
	assert.Equal(t, "b", chains[0].ID)
	require.Len(t, errs, 1)
	assert.Equal(t, 1, errs[0].Line)
	assert.Contains(t, errs[0].Error(), "x.jsonl:1")
	assert.Contains(t, errs[0].Error(), "UTF-8")
}

// BenchmarkDecodeShortText: one short response, as `leanprm serve` reads each /get_reward
// item (B/op was over 1 MiB when every call took a headBytes buffer).
func BenchmarkDecodeShortText(b *testing.B) {
	const text = "Problem: Tom has 2 apples.\nStep 1: He has 2 + 3 = 5 apples.\nStep 2: The answer is 5."
	b.ReportAllocs()
	for b.Loop() {
		chains, _, err := Decode(strings.NewReader(text), "response", FormatText)
		if err != nil || len(chains) != 1 {
			b.Fatal(err)
		}
	}
}
