package factclaim

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// TestRegionScanIsTextRegions: the scan finds the regions
// mathtext.TextRegions lists, on texts written of math marks, escapes and
// words joined at random.
func TestRegionScanIsTextRegions(t *testing.T) {
	parts := []string{`\(`, `\)`, `\[`, `\]`, "$", "$$", `\$`, `\\`, `\frac{1}{2}`, `\`, "x = 3", " ", "é", "!"}
	r := rand.New(rand.NewSource(3))
	for n := 0; n < 50000; n++ {
		s := ""
		for k := r.Intn(12); k >= 0; k-- {
			s += parts[r.Intn(len(parts))]
		}
		var got []mathtext.Region
		sc := newRegionScan(s)
		for g, ok := sc.next(); ok; g, ok = sc.next() {
			got = append(got, g)
		}
		if _, ok := sc.next(); ok {
			t.Fatalf("a region after the end of %q", s)
		}
		if want := mathtext.TextRegions(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("the scan of %q finds %v, TextRegions %v", s, got, want)
		}
	}
}
