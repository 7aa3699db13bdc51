package repl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testshared"
)

// splitReplies splits a recorded REPL output into its replies (each ends with an empty line).
func splitReplies(t *testing.T, out string) []string {
	t.Helper()
	if !strings.HasSuffix(out, "\n\n") && out != "" {
		t.Fatalf("recorded output does not end with an empty line")
	}
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
	if err != nil || len(files) == 0 {
		t.Fatalf("no *.expected.out in %s: %v", dir, err)
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, reply := range splitReplies(t, string(data)) {
			v, err := ParseJSON(reply)
			if err != nil {
				t.Errorf("%s reply %d: parse: %v", filepath.Base(f), i, err)
				continue
			}
			if got := Pretty(v, DefaultWidth); got != reply {
				t.Errorf("%s reply %d differs:\n--- got\n%s\n--- want\n%s", filepath.Base(f), i, got, reply)
			}
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
