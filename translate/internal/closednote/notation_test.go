package closednote

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// hasNotationSearches is hasNotation as searches of the whole text, one
// for each mark: the reference the one pass is held to.
func hasNotationSearches(s string) bool {
	if strings.Contains(s, "|") || strings.Contains(s, "vert") || mathtext.HasAny(s, `\cdots`, `\ldots`, `\dots`) || mathtext.HasAny(s, "...", "…") {
		return true
	}
	for i := 1; i < len(s); i++ {
		if s[i] == '_' && mathtext.IsDigit(s[i-1]) {
			return true
		}
	}
	return strings.Contains(s, `\lg`) && lgRE.MatchString(s) || strings.Contains(s, `\log`) && decimals(s) > 0
}

// TestHasNotationOnePass holds hasNotation to the searches on random text
// made of the marks' pieces.
func TestHasNotationOnePass(t *testing.T) {
	pieces := []string{"x", " = ", "|", "v", "ver", "vert", `\`, `\c`, `\cdots`, `\ldot`, `\dots`, ".", "..", "…", "…"[:2], "—",
		"_", "2", "a_", `\lg`, `\lg x`, `\log`, "2.5", "(", ")", "é"}
	r := rand.New(rand.NewSource(1))
	yes := 0
	for n := 0; n < 200000; n++ {
		var b strings.Builder
		for k := r.Intn(6); k >= 0; k-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := b.String()
		want := hasNotationSearches(s)
		if hasNotation(s) != want {
			t.Fatalf("hasNotation(%q) = %v, the searches say %v", s, !want, want)
		}
		if want {
			yes++
		}
	}
	if yes < 1000 {
		t.Fatalf("too few texts with notation: %d", yes)
	}
}
