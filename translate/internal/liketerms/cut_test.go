package liketerms

import (
	"math/rand"
	"reflect"
	"regexp"
	"testing"
)

// cutRE is the pattern cutsOf writes out by hand.
var cutRE = regexp.MustCompile(`\\(?:implies|Rightarrow|Longrightarrow|rightarrow|iff|Leftrightarrow|to|quad|qquad|text\{[^{}]*\}|mathrm\{[^{}]*\}|boxed)|\\\\|[,;&]|\bor\b|\band\b`)

// TestCutsOfIsCutRE: the scanner finds the pattern's matches, on lines
// written of its pieces and their near misses, joined at random.
func TestCutsOfIsCutRE(t *testing.T) {
	parts := []string{`\implies`, `\Rightarrow`, `\Longrightarrow`, `\rightarrow`, `\iff`, `\Leftrightarrow`, `\to`, `\top`,
		`\quad`, `\qquad`, `\text{ so }`, `\text{a{b}}`, `\text{`, `\textbf{x}`, `\mathrm{cm}`, `\mathrm{`, `\boxed{3}`, `\\`, `\`,
		`,`, `;`, `&`, `or`, `and`, `for`, `band`, `ord`, `_or`, `or_`, `3or`, `é`, "\n", ` `, `x`, `=`, `+`, `{`, `}`, `a`, `o`, `\\\`}
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 20000; n++ {
		s := ""
		for k := r.Intn(8); k >= 0; k-- {
			s += parts[r.Intn(len(parts))]
		}
		want := cutRE.FindAllStringIndex(s, -1)
		if got := cutsOf(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("cutsOf(%q) = %v, the pattern %v", s, got, want)
		}
	}
}
