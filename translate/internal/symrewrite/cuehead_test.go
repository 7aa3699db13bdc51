package symrewrite

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/gentext"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// TestCueHeadTail holds cueHead and cueTail to cueRE on generated gaps:
// every gap the pattern matches opens and ends as they require; and
// cueMatch, the pattern read form by form, to the pattern, and each form
// to its words.
func TestCueHeadTail(t *testing.T) {
	words := strings.Fields("now next then so thus hence therefore finally first we can let's let us combine collect simplify like terms the this it expression equation further all up together get have obtain find gives becomes is yields after on combining grouping simplifying expanding factoring rewriting multiplying out reducing adding summing simplified factored written which may also be simplifies expands factors reduces to as into write rewrite equals equal equivalent calculate compute evaluating each every term separately : , x")
	seps := []string{" ", " ", " ", "", ", ", " :", "\t", "\n"}
	r := rand.New(rand.NewSource(1))
	matched := 0
	for i := 0; i < 200000; i++ {
		g := gentext.Joined(r, words, seps, 6)
		if r.Intn(3) == 0 {
			g += []string{":", " :", ": :", "::", " ", ":\n"}[r.Intn(6)]
		}
		if cueMatch(g) != cueRE.MatchString(g) {
			t.Fatalf("%q: cueMatch %v, cueRE %v", g, cueMatch(g), cueRE.MatchString(g))
		}
		for f, re := range cueFormREs {
			if re.MatchString(g) && !mathtext.HasAny(g, cueFormWords[f]...) {
				t.Fatalf("%q: form %d without its words", g, f)
			}
		}
		if cueRE.MatchString(g) {
			matched++
			if !cueHead(g) || !cueTail(g) {
				t.Fatalf("%q: head %v, tail %v", g, cueHead(g), cueTail(g))
			}
		}
	}
	if matched == 0 {
		t.Fatal("no generated gap is a cue")
	}
}

// TestLowPhrase holds lowPhrase to the patterns it reads (sentenceEndRE,
// markRE) on generated gaps.
func TestLowPhrase(t *testing.T) {
	parts := []string{".", "!", "?", " ", "\t", "\n", "\f", "\r", "\v", ",", ":", ";", "a", "so", "é", "x.y", "...", "$"}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 100000; i++ {
		var b strings.Builder
		for j := 0; j < r.Intn(9); j++ {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		g := b.String()
		want, wantOK := g, true
		if loc := sentenceEndRE.FindStringIndex(g); loc != nil {
			want, wantOK = g[loc[1]:], markRE.MatchString(g[:loc[0]])
			if !wantOK {
				want = ""
			}
		}
		if got, ok := lowPhrase(g); got != want || ok != wantOK {
			t.Fatalf("%q: %q %v, want %q %v", g, got, ok, want, wantOK)
		}
	}
}

// TestCueStems holds cueStems to what symimp.LowerHasAny and cueStem's
// length test need: lower-case ASCII, 4 bytes or more.
func TestCueStems(t *testing.T) {
	for _, w := range cueStems {
		if len(w) < len("writ") || strings.ToLower(w) != w || strings.IndexFunc(w, func(r rune) bool { return r >= 0x80 }) >= 0 {
			t.Errorf("stem %q", w)
		}
	}
}

// TestCueFormWords holds each form of cueRE to its words on a phrase of
// every form.
func TestCueFormWords(t *testing.T) {
	phrases := []string{"let's combine like terms:", "now, combining like terms, we get", "this can also be further simplified to:",
		"can be factored as", "we can write this as", "which is also equal to", "factors further into", "which is equivalent to",
		"calculating each term separately, we get:", "next, simplify each term:"}
	seen := make([]bool, len(cueFormREs))
	for _, g := range phrases {
		if !cueRE.MatchString(g) || !cueMatch(g) {
			t.Errorf("%q is no cue", g)
		}
		for f, re := range cueFormREs {
			if re.MatchString(g) {
				seen[f] = true
				if !mathtext.HasAny(g, cueFormWords[f]...) {
					t.Errorf("%q: form %d without its words", g, f)
				}
			}
		}
	}
	for f, ok := range seen {
		if !ok {
			t.Errorf("no phrase of form %d", f)
		}
	}
}
