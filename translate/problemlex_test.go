package translate

import (
	"reflect"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/freenames"
	"github.com/leanprm/leanprm/translate/internal/symdefs"
)

// TestProblemLexShared holds the readers of the problem's tokens to one lexing: they bound a
// literal's digits alike, and each reads the same from the shared tokens or regions as from
// its own lexing, on every dev problem and on problems past the readers' byte bounds.
func TestProblemLexShared(t *testing.T) {
	if d := []int{arith.ProblemDigits, symdefs.ProblemDigits, freenames.MaxDigits}; d[0] != d[1] || d[0] != d[2] {
		t.Fatalf("the problem's readers lex it with different bounds: %v", d)
	}
	problems := []string{"", "Find \\(x\\) if \\(x \\equiv 3 \\pmod{7}\\) and \\(x = 2y\\).",
		"Let $a_n = 2n + 1$ and $f(x) = x^2$, with $x > 0$, $x = 12345678901234567890123456789012345$."}
	for _, f := range []string{"gsm8k", "math", "olympiadbench", "omnimath"} {
		for _, r := range testshared.ReadJSONL[pbRow](t, testshared.Path(t, "data/processbench/"+f+".dev.jsonl")) {
			problems = append(problems, r.Problem)
		}
	}
	long := "Find $x$ with $x = 3 \\pmod{5}$. "
	for len(long) <= 1<<16 {
		long += long
	}
	problems = append(problems, long)
	for _, p := range problems {
		pdefs, _ := symdefs.ProblemDefs(p)
		pl := &problemLex{text: p}
		if a, b := arith.ProblemExacts(p), arith.ProblemExactsLexed(p, pl.tokens); !reflect.DeepEqual(a, b) {
			t.Fatalf("ProblemExacts differ on %.80q", p)
		}
		if a, b := symdefs.ReadChainProblem(p), symdefs.ReadChainProblemIn(p, pl.mathRegions); !reflect.DeepEqual(a, b) {
			t.Fatalf("ReadChainProblem differs on %.80q", p)
		}
		if a, b := freenames.Problem(p, pdefs), freenames.ProblemIn(p, pl.mathRegions, pdefs); !reflect.DeepEqual(a, b) {
			t.Fatalf("freenames.Problem differs on %.80q", p)
		}
	}
}
