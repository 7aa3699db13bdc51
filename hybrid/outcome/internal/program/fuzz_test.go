package program

import (
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzRead checks Read's contract on any text: no panic; an answer and
// an error never together; an answer reads back as a rational; the error
// says "program not evaluated"; the span lies inside the text.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"a = 2\nprint(a*3)", "Step 1: x = 600/30\nStep 2: print(x)", "print(0.1+0.2)", "print(-7 // 2 % 3 ** 2)",
		"x = round(2.675, 2)\nprint(x)", "answer = int(7.9)", "print(min([1, 2.5]) + sum([0.5, 0.25]))",
		"import math\nprint(1)", "for i in range(3):\n  x = i", "print(10**10**10)", "x = ((((1))))\nprint(x)",
		"print(1e308 * 10)", "x = 1_0.5e-3\nprint(x)", "\xff = 1", "x = 5 # \xff\nprint(x)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r := Read(text)
		if !r.Program && (r.Answer != "" || r.Err != "") {
			t.Fatalf("Read(%q): not a program but %+v", text, r)
		}
		if r.Answer != "" && r.Err != "" || r.Program && r.Answer == "" && !strings.HasPrefix(r.Err, "program not evaluated: ") {
			t.Fatalf("Read(%q) = %+v", text, r)
		}
		if r.Answer != "" {
			if _, ok := new(big.Rat).SetString(r.Answer); !ok {
				t.Fatalf("Read(%q): answer %q is not a number", text, r.Answer)
			}
			if r.Start < 0 || r.End > len(text) || r.Start >= r.End {
				t.Fatalf("Read(%q): span %d..%d", text, r.Start, r.End)
			}
		}
		if !utf8.ValidString(r.Err) {
			t.Fatalf("Read(%q): invalid UTF-8 in %q", text, r.Err)
		}
	})
}
