package outcome

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func fuzzSeeds(f *testing.F, two bool) {
	seeds := []string{"72", "1,000", "\\frac{1}{3}", "0.\\overline{3}", "2\\sqrt{2}", "\\pi", "50\\%", "x = 5",
		"x=1 or x=2", "(1, 2)", "[1, 2) \\cup (3, \\infty)", "3+4i", "(B)", "\\text{Yes}", "10^{10^{10}}",
		"\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "\\sin(\\pi/3)", "1 \\pm \\sqrt{2}", "2\\frac{1}{2}",
		"\\boxed{\\frac{1}{2}}", "The answer is 5.", "#### 12", "\\sqrt[3]{16}", "\\log_2 8", "5!", "\\binom{5}{2}",
		"(x+1)^2", "\\frac{x^2-1}{x-1}", "AB = 3 = \\sqrt{9}", "1.5 million", "0.333...", "x > 3", "\xff",
		"90 min", "2.5 \\text{ m}^2", "36 km/h", "\\$2\\frac14", "7 cents", "60 rad", "-3 1/4", "14\\frac{1}{2}\\%",
		"0.1(6)", "0.\\dot{1}4\\dot{2}", "0.142857142857...", "4(1, 3)", "2\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}\\begin{pmatrix}1\\\\1\\end{pmatrix}",
		"g(s) = 5s^3", "7!!", "(x, y) = (1, 4)", "\\{(1, 4)\\}", "twenty-five", "two and a half", "infinitely many",
		"\\arcsin(1/2)", "\\ln(e^2)", "5 percentage points", "3 pairs of shoes", "3,5"}
	for i, s := range seeds {
		if two {
			f.Add(s, seeds[(i*7+3)%len(seeds)])
			f.Add(s, s)
		} else {
			f.Add(s)
		}
	}
}

// FuzzGrade checks the grader's invariants on any input: no panic, the
// verdict is one of three and symmetric, an answer is never different
// from itself, and a reason is always given.
func FuzzGrade(f *testing.F) {
	fuzzSeeds(f, true)
	f.Fuzz(func(t *testing.T, a, b string) {
		g := NewGrader(GraderOptions{CacheSize: -1})
		start := time.Now()
		// a hang never returns to the check below: the watchdog crashes
		// the worker so that the fuzzer keeps the input
		dog := time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("Grade(%q, %q) hangs", a, b)) })
		defer dog.Stop()
		r := g.Grade(a, b)
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("Grade(%q, %q) took %v: the bounds do not hold", a, b, d)
		}
		switch r.Verdict {
		case Equal, Different, Unknown:
		default:
			t.Fatalf("Grade(%q, %q): verdict %q", a, b, r.Verdict)
		}
		if r.Reason == "" {
			t.Fatalf("Grade(%q, %q): no reason", a, b)
		}
		if back := g.Grade(b, a); back.Verdict != r.Verdict {
			t.Fatalf("Grade(%q, %q) = %s but Grade(%q, %q) = %s", a, b, r.Verdict, b, a, back.Verdict)
		}
		if self := g.Grade(a, a); self.Verdict == Different {
			t.Fatalf("Grade(%q, itself) = different (%s)", a, self.Reason)
		}
		if !utf8.ValidString(r.GoldNorm) || !utf8.ValidString(r.AnswerNorm) || !utf8.ValidString(r.Reason) {
			t.Fatalf("Grade(%q, %q): invalid UTF-8 in the result", a, b)
		}
	})
}

// FuzzExtract checks the extractor: no panic, offsets inside the text,
// the answer is the text at its offsets, and no answer means no text.
func FuzzExtract(f *testing.F) {
	fuzzSeeds(f, false)
	f.Add("Final Answer: The final answer is $\\frac{1}{2}$. I hope it is correct.")
	f.Add("\\boxed{" + strings.Repeat("{", 50) + "1")
	f.Add("Step 1: a = 2.5\n\nStep 2: b = a * 4 // 3\n\nStep 3: print(b)")
	f.Add("import math\nprint(1)")
	f.Fuzz(func(t *testing.T, text string) {
		for _, o := range []ExtractOptions{{}, {Fallback: FallbackLastNumber}} {
			ex := ExtractWith(text, o)
			if !ex.Found {
				if ex.Answer != "" || len(ex.Others) > 0 {
					t.Fatalf("Extract(%q): not found but %+v", text, ex)
				}
				continue
			}
			if ex.Method == "program" { // the answer is a value; the span is its statement
				if ex.Start < 0 || ex.End > len(text) || ex.Start >= ex.End || Grade(ex.Answer, ex.Answer).Verdict != Equal {
					t.Fatalf("Extract(%q): program answer %q at %d:%d", text, ex.Answer, ex.Start, ex.End)
				}
				continue
			}
			if ex.Start < 0 || ex.End > len(text) || ex.Start >= ex.End || text[ex.Start:ex.End] != ex.Answer {
				t.Fatalf("Extract(%q): answer %q at %d:%d", text, ex.Answer, ex.Start, ex.End)
			}
			if ex.Method == "" {
				t.Fatalf("Extract(%q): no method", text)
			}
		}
	})
}
