package replsim

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// splitReplies splits a recorded REPL output into its replies (each ends with an empty line).
func splitReplies(t *testing.T, out string) []string {
	t.Helper()
	require.True(t, strings.HasSuffix(out, "\n\n") || out == "", "recorded output does not end with an empty line")
	var replies []string
	for _, r := range strings.SplitAfter(out, "\n\n") {
		if r != "" {
			replies = append(replies, strings.TrimSuffix(r, "\n\n"))
		}
	}
	return replies
}

// TestPrinterMatchesTranscripts is the acceptance test of the printer: every recorded reply,
// parsed and printed again, is byte-identical to what the real REPL printed.
func TestPrinterMatchesTranscripts(t *testing.T) {
	dir := transcriptsDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.expected.out"))
	require.NoError(t, err, "no *.expected.out in %s", dir)
	require.NotEmpty(t, files, "no *.expected.out in %s", dir)
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for i, reply := range splitReplies(t, string(data)) {
			v, err := ParseJSON(reply)
			if !assert.NoError(t, err, "%s reply %d: parse", filepath.Base(f), i) {
				continue
			}
			assert.Equal(t, reply, Pretty(v, DefaultWidth), "%s reply %d differs", filepath.Base(f), i)

			n++
		}
	}
	t.Logf("%d replies from %d transcripts re-rendered byte for byte", n, len(files))
}

// transcriptsDir is the shared REPL transcripts (testshared: skipped without them, failed under CI).
func transcriptsDir(t *testing.T) string {
	t.Helper()
	return testshared.Path(t, "lean/transcripts")
}
