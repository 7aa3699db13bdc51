package mathtext

import (
	"strings"
	"testing"
)

// FuzzGuardScans: the guard scans (modsense.go, displaybreak.go, the
// rings, redefined operators, reports and requirements of moduli.go and
// sentdoubt.go) never panic, read only within the text, and ThroughNextSentence returns a
// prefix of its input that ends before its second sentence end.
func FuzzGuardScans(f *testing.F) {
	for _, s := range []string{
		`It factors as follows: \[ 391 = 17 \cdot 24 \] However, it is easier to work around 20.`,
		"Given: $$ a + b = 10 $$ We use the fact. Then \\(x = 2\\). So",
		"The two triangles are congruent to \\(\\triangle ABC\\); 7 is congruent to 3 mod 4; congruent to x.",
		"The current carries him; carry 1; a carry in the tens place; carrying over; borrow from the hundreds.",
		"12 = (n-1) × 7. Divide: n-1 = 1.714285714... Since we can't! Why? \\] A \\]Ab",
		"\\]", "$$", " \\] Z", "carry", "congruent to", "\xff\\] \xfeAb",
		"In \\(\\mathbb{Z}_{9}\\), 5 + 7 = 3. Define p * q = p + q. × means adding. At first I got 8, it must hold, be needed; one might think so in base 8",
		"in Z_", "GF(", "ℤ/", "at first i", "might", "base \\(", "to hold", "we wrote",
		"Had the total been 7 + 5 = 13, fine. \\(3 \\times 5 = 17\\) in base \\(8\\); base $5$: 5 - 1 = 4. had base",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks := Lex(s, 400)
		sc := BuildRuns(s, toks)
		_ = sc.DoubtAny()
		_ = redefinedOp(toks)
		_ = ResidueRing(s)
		low := strings.ToLower(s)
		for _, at := range []int{-1, 0, len(low) / 2, len(low), len(low) + 5} {
			_ = Unclaimed(low, at)
		}
		_ = BaseNamed(low)
		for i := range toks {
			if toks[i].K == TWord && ModularWords[toks[i].Text] {
				_ = modularSense(toks, i)
			}
		}
		for i := 0; i <= len(s); i++ {
			_ = DisplayBreak(s, i)
			_ = displayCloseBreak(s, i)
		}
		p := ThroughNextSentence(s)
		if !strings.HasPrefix(s, p) {
			t.Fatalf("ThroughNextSentence(%q) = %q, not a prefix", s, p)
		}
	})
}

// TestIndexesWindow: the occurrences found by plain search, and windows
// widened to whole runes.
func TestIndexesWindow(t *testing.T) {
	if got := Indexes("a between b between", "between", 8); len(got) != 2 || got[0] != 2 || got[1] != 12 {
		t.Fatalf("Indexes: %v", got)
	}
	if got := Indexes("aaaa", "aa", 1); len(got) != 1 {
		t.Fatalf("Indexes limit: %v", got)
	}
	w, from := Window("x≤y", 2, 3) // inside the three bytes of ≤
	if w != "≤" || from != 1 {
		t.Fatalf("Window: %q %d", w, from)
	}
	if w, _ := Window("abc", -5, 99); w != "abc" {
		t.Fatalf("Window clip: %q", w)
	}
}
