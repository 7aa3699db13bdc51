package report

import (
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// previewReference is the plain definition Preview must agree with.
func previewReference(s string, width int) string {
	s = strings.Join(strings.Fields(s), " ")
	if width <= 0 || utf8.RuneCountInString(s) <= width {
		return s
	}
	return string([]rune(s)[:width-1]) + "…"
}

func TestPreviewMatchesReference(t *testing.T) {
	for _, s := range []string{"", "   ", "abc", " a  b\tc\n", "héllo wörld, 2 × 3 = 6", "a b", "abcdef", "abcdef ", "abc def", "  x  "} {
		for _, w := range []int{0, 1, 2, 3, 5, 6, 7, 60} {
			assert.Equal(t, previewReference(s, w), Preview(s, w), "Preview(%q, %d)", s, w)
		}
	}
}

// The preview of a 4 MiB step allocates about the preview, not copies of the step (it used to
// split, join and convert the whole text to runes: about 15 bytes per byte).
func TestPreviewOfHugeStepAllocatesLittle(t *testing.T) {
	huge := strings.Repeat("1 + 1 = 2. ", (4<<20)/11)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p := Preview(huge, 60)
	runtime.ReadMemStats(&after)
	assert.Equal(t, previewReference(huge[:200], 60), p)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<10))
}
