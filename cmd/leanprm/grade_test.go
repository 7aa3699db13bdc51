package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/cli/grading"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeGradeLines decodes JSON lines into maps, to compare values rather than strings.
func decodeGradeLines(t *testing.T, s string) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m), "line %q", sc.Text())
		out = append(out, m)
	}
	return out
}

// shellWords splits a command line as sh does for the README's examples: single quotes keep
// everything, double quotes keep spaces.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	require.Zero(t, quote, "unclosed quote in %q", line)
	if in {
		words = append(words, cur.String())
	}
	return words
}

// TestGradeREADMEExamples runs the README's grade examples and compares their output with
// the output the README shows, value by value.
func TestGradeREADMEExamples(t *testing.T) {
	readme, err := os.ReadFile(repoFile(t, "README.md"))
	require.NoError(t, err)
	text := string(readme)
	start := strings.Index(text, "## Outcome grading")
	require.GreaterOrEqual(t, start, 0, "the README has an Outcome grading section")
	section := text[start:]
	section = section[:strings.Index(section[3:], "\n## ")+3]
	block := func(fence string) string {
		i := strings.Index(section, fence+"\n")
		require.GreaterOrEqual(t, i, 0, "the section has a %s block", fence)
		body := section[i+len(fence)+1:]
		return body[:strings.Index(body, "```")]
	}
	commands := strings.Split(strings.TrimSpace(block("```sh")), "\n")
	want := decodeGradeLines(t, block("```json"))
	require.NotEmpty(t, commands)

	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Chdir(filepath.Dir(repoFile(t, "README.md")))
	var got []map[string]any
	for _, c := range commands {
		words := shellWords(t, c)
		require.Equal(t, "bin/leanprm", words[0])
		var out, errb strings.Builder
		err := Run(t.Context(), words[1:], strings.NewReader(""), &out, &errb)
		require.NoError(t, err, "%s: %s", c, errb.String())
		got = append(got, decodeGradeLines(t, out.String())...)
	}
	assert.Equal(t, want, got)
}

func TestGradeJSONLRowErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rows.jsonl")
	rows := strings.Join([]string{
		`{"id": "a", "gold": "72", "answer": "72"}`,
		`not json`,
		"{\"id\": \"b\", \"gold\": \"\xff\", \"answer\": \"1\"}", // invalid UTF-8
		`{"id": "c", "gold": 5, "answer": "5"}`,
		`{"id": "d", "answer": "5"}`,
		``,
		`{"id": 7, "gold": "\\frac{1}{2}", "answer": "0.6"}`,
		`{"id": [1], "gold": "1", "answer": "1"}`,
	}, "\n")
	require.NoError(t, os.WriteFile(path, []byte(rows), 0o644))
	out, errb, err := run(t, "", nil, "grade", "--pairs", path)
	require.Error(t, err)
	assert.Equal(t, exitError, exitCode(err, &strings.Builder{}))
	for _, want := range []string{
		path + ":2: not a JSON object; row skipped",
		path + ":3: not valid UTF-8; row skipped",
		path + `:4: the field "gold" is not a string; row skipped`,
		path + `:5: no "gold" field; row skipped`,
		path + `:8: the field "id" is neither a string nor a number; row skipped`,
	} {
		assert.Contains(t, errb, want)
	}
	got := decodeGradeLines(t, out)
	require.Len(t, got, 2, "the rows that read are graded")
	assert.Equal(t, "a", got[0]["id"])
	assert.Equal(t, "equal", got[0]["verdict"])
	assert.Equal(t, float64(7), got[1]["id"])
	assert.Equal(t, "different", got[1]["verdict"])
	assert.Equal(t, "the gold is 0.5, the answer 0.6", got[1]["reason"])
}

func TestGradeRowTooLong(t *testing.T) {
	long := `{"id": "x", "gold": "1", "answer": "` + strings.Repeat("1", grading.MaxRow) + `"}`
	out, errb, err := runWithInput(t, "", long+"\n"+`{"id": "y", "gold": "2", "answer": "2"}`+"\n", "grade", "--pairs", "-")
	require.Error(t, err)
	assert.Contains(t, errb, "stdin:1: a row longer than 8 MiB; row skipped")
	got := decodeGradeLines(t, out)
	require.Len(t, got, 1)
	assert.Equal(t, "y", got[0]["id"])
}

func TestGradeExtract(t *testing.T) {
	in := strings.Join([]string{
		`{"id": 1, "gold": "1,080", "answer": "Step 1: ...\n#### 1080"}`,
		`{"id": 2, "gold": "3", "answer": "we get 2 and then 3"}`,
	}, "\n")
	out, _, err := runWithInput(t, "", in, "grade", "--pairs", "-", "--extract")
	require.NoError(t, err)
	got := decodeGradeLines(t, out)
	require.Len(t, got, 2)
	assert.Equal(t, "equal", got[0]["verdict"])
	assert.Equal(t, "hashes", got[0]["method"])
	assert.Equal(t, true, got[0]["answer_found"])
	assert.Equal(t, "unknown", got[1]["verdict"], "no answer is never a guess")
	assert.Equal(t, false, got[1]["answer_found"])

	out, _, err = runWithInput(t, "", in, "grade", "--pairs", "-", "--extract", "--answer-fallback", "last-number")
	require.NoError(t, err)
	got = decodeGradeLines(t, out)
	assert.Equal(t, "equal", got[1]["verdict"], "the opted-in fallback takes the last number")
	assert.Equal(t, "last_number", got[1]["method"])
}

func TestGradeTable(t *testing.T) {
	out, _, err := run(t, "", nil, "grade", "--table", "--id", "p1", "--gold", `\frac{1}{3}`, "--answer", "0.33")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 4)
	assert.Regexp(t, `^ID\s+VERDICT\s+GOLD\s+ANSWER\s+REASON$`, lines[0])
	assert.Regexp(t, `^p1\s+different\s+1/3\s+0\.33\s+the gold is 1/3`, lines[1])
	assert.Equal(t, "1 graded: 0 equal, 1 different, 0 unknown", lines[3])
}

func TestGradeUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"grade"},
		{"grade", "--gold", "1"},
		{"grade", "--pairs", "x.jsonl", "--gold", "1", "--answer", "1"},
		{"grade", "--gold", "1", "--answer", "1", "--table", "--json"},
		{"grade", "--gold", "1", "--answer", "1", "--extract", "--answer-fallback", "first-number"},
		{"grade", "--gold", "1", "--answer", "1", "--answer-fallback", "last-number"},
		{"grade", "extra-arg", "--gold", "1", "--answer", "1"},
	} {
		_, _, err := run(t, "", nil, args...)
		require.Error(t, err, "%v", args)
		assert.Equal(t, exitUsage, exitCode(err, &strings.Builder{}), "%v: %v", args, err)
	}
}

func TestGradeEmptyAndMissingInput(t *testing.T) {
	_, _, err := runWithInput(t, "", "", "grade", "--pairs", "-")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no rows to grade")
	_, _, err = run(t, "", nil, "grade", "--pairs", filepath.Join(t.TempDir(), "missing.jsonl"))
	require.Error(t, err)
	assert.Equal(t, exitError, exitCode(err, &strings.Builder{}))
	assert.NotContains(t, err.Error(), "open ", "no Go internals in the message")
}

// TestGradeChoiceProblem: a row's optional "problem" lets a choice letter be graded through the
// problem's lettered options; without it the letter against a value is unknown.
func TestGradeChoiceProblem(t *testing.T) {
	in := strings.Join([]string{
		`{"id": 1, "gold": "B", "answer": "15", "problem": "What is 3*5? (A) 12 (B) 15 (C) 18"}`,
		`{"id": 2, "gold": "B", "answer": "18", "problem": "What is 3*5? (A) 12 (B) 15 (C) 18"}`,
		`{"id": 3, "gold": "B", "answer": "15"}`,
	}, "\n")
	out, _, err := runWithInput(t, "", in, "grade", "--pairs", "-", "--jsonl")
	require.NoError(t, err)
	got := decodeGradeLines(t, out)
	require.Len(t, got, 3)
	assert.Equal(t, "equal", got[0]["verdict"], got[0]["reason"])
	assert.Equal(t, "different", got[1]["verdict"], got[1]["reason"])
	assert.Equal(t, "unknown", got[2]["verdict"], got[2]["reason"])
}
