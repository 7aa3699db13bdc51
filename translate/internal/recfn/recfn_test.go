package recfn

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// halving is a function defined by parity in words (our own): g(1) = 2,
// g(n) = g(n/2) + 1 for even n, g(n) = 3 g(n - 1) for odd n > 1.
const halving = "A function $g$ is defined on the positive integers so that\n\n- $g(1)=2$,\n- if $n$ is an even positive integer, then $g(n)=g\\left(\\frac{n}{2}\\right)+1$, and\n- if $n$ is an odd positive integer with $n \\geq 3$, then $g(n)=3 g(n-1)$.\n\nFor example, $g(10)=g(5)+1$ and $g(5)=3g(4)$.\n\nCompute $g(12)$."

// TestProblemDef pins the values computed and the problems that define
// nothing.
func TestProblemDef(t *testing.T) {
	d := ProblemDef(halving)
	if d == nil {
		t.Fatal("halving: not read")
	}
	// g(2) = g(1) + 1 = 3, g(3) = 9, g(6) = 10, g(12) = 11, g(5) = 3 g(4) = 3 (g(2) + 1) = 12.
	for k, want := range map[int64]string{1: "2", 2: "3", 3: "9", 4: "4", 5: "12", 6: "10", 12: "11"} {
		v, ok := d.Value(k)
		if !ok || v.RatString() != want {
			t.Errorf("g(%d) = %v (%v), want %s", k, v, ok, want)
		}
	}
	if _, ok := d.Value(0); ok {
		t.Error("g(0) computed")
	}
	for _, p := range []string{
		strings.Replace(halving, "g(10)=g(5)+1", "g(10)=g(5)+2", 1),               // an example false under the reading
		strings.Replace(halving, "$g(1)=2$,", "", 1),                              // no start value
		strings.Replace(halving, "$g(1)=2$", "$g(2)=7$", 1),                       // a start value the rule contradicts
		strings.Replace(halving, "odd positive integer", "positive integer", 1),   // no parity for the rule
		strings.Replace(halving, "Compute", "Find all functions such that", 1),    // asks for functions
		strings.Replace(halving, "$g(n)=3 g(n-1)$", "$g(n)=3 g(n+1)$", 1),         // a rule that climbs
		strings.Replace(halving, "with $n \\geq 3$", "with $n$ prime", 1),         // another condition
		strings.Replace(halving, "$g(1)=2$,", "$g(1)=2$, $h(1)=3$,", 1),           // a second name
		strings.Replace(halving, "so that", "so that, for real $x$, $g(x)=x$", 1), // speaks of reals
	} {
		d := ProblemDef(p)
		if d == nil {
			continue
		}
		if _, ok := d.Value(12); ok && !strings.Contains(p, "g(n+1)") {
			t.Errorf("read: %q", p)
		}
		if strings.Contains(p, "g(n+1)") {
			if _, ok := d.Value(5); ok {
				t.Errorf("a climbing rule computed g(5)")
			}
		}
	}
}

// TestRead pins the links decided and those left alone.
func TestRead(t *testing.T) {
	cases := []struct{ text, want string }{
		{`So \( g(12) = g(6) + 1 = g(3) + 2 = 11 \).`, "g(12) = g(6) + 1|g(6) + 1 = g(3) + 2|g(3) + 2 = 11"},
		{`Then \( g(6) = g(3) + 1 = 3 g(2) + 1 = 10 \).`, "g(6) = g(3) + 1|g(3) + 1 = 3 g(2) + 1|3 g(2) + 1 = 10"},
		{`If \( g(6) = 12 \), we are done.`, ""},
		{`We need \( g(m) = 12 \).`, ""},
		{`Is \( g(6) = 12 \)?`, ""},
		{`Hence \( g(6) \approx 12 \).`, ""},
		{`Let \( g(x) = x + 1 \). Then \( g(6) = 7 \).`, ""},
		{`Thus \( g(6) = 2 + 1 = 3 \).`, "g(6) = 2 + 1"},
	}
	for _, c := range cases {
		var spans []string
		for _, o := range Read(1, halving, nil, c.text, "decide") {
			spans = append(spans, o.Span.Text)
		}
		if strings.Join(spans, "|") != c.want {
			t.Errorf("%q: got %q, want %q", c.text, spans, c.want)
		}
	}
}

// FuzzRead checks that Read and ProblemDef never panic and that every
// obligation's span is the text it names.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`So \( g(12) = g(6) + 1 = g(3) + 2 = 11 \).`, `\(g(g(g(1)))=g(\frac{1}{0})\)`, `$g(999999999)=1$`,
		`\( g(((((((((1)))))))) = 2 \)`, halving,
		"Let $$r(n)=\\begin{cases} \\frac{n}{2} & \\text{if } n \\text{ is even}, \\\\ 3n+1 & \\text{if } 1 < n \\le 9 \\\\ r(n-1) & \\text{otherwise} \\end{cases}$$ So $r(4) = 2$.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, halving, nil, text, "decide"))
		obltest.Shape(t, text, Read(0, text, []string{text}, text, "decide"))
	})
}

// TestDeepRecursion: a rule that recurses far stops at the limits.
func TestDeepRecursion(t *testing.T) {
	p := strings.Replace(halving, `g\left(\frac{n}{2}\right)+1`, `g(n-1)+1`, 1)
	d := ProblemDef(p)
	if d == nil {
		t.Skip("not read")
	}
	if _, ok := d.Value(maxArg); ok {
		t.Error("a recursion past the limits computed")
	}
}

// TestReadLinear: a long step of chains is read in bounded work and
// yields at most maxOut obligations.
func TestReadLinear(t *testing.T) {
	text := strings.Repeat(`\( g(12) = g(6) + 2 = g(((3))) = 1 \) and `, 120)
	if got := Read(0, halving, nil, text, "decide"); len(got) > maxOut {
		t.Errorf("%d obligations, want at most %d", len(got), maxOut)
	}
}

// TestCases pins definitions by cases: the row chosen by comparisons or
// parity, boundaries, "otherwise", and definitions not read.
func TestCases(t *testing.T) {
	const cmpDef = "Let \\[p(x) = \\left\\{\n\\begin{array}{cl}\n3x - 2 & \\text{if } x \\le -1, \\\\\n7 - x^{} & \\text{if } -1 < x < 4, \\\\\nx + 5 & \\text{if } x \\geq 4.\n\\end{array}\n\\right.\\]Find $p(-3) + p(2) + p(4)$."
	const parityDef = "For each positive integer $n$, let $$r(n)=\\begin{cases} \\frac{n}{2} & \\text{if } n \\text{ is even}, \\\\ 3n+1 & \\text{otherwise}. \\end{cases}$$ Compute $r(r(r(7)))$."
	if d := ProblemDef(cmpDef); d != nil {
		t.Errorf("a body that is not read (x^{}) defined p")
	}
	ok := strings.Replace(cmpDef, "7 - x^{}", "7 - x", 1)
	d := ProblemDef(ok)
	if d == nil {
		t.Fatal("cmpDef: not read")
	}
	for k, want := range map[int64]string{-3: "-11", -1: "-5", 0: "7", 2: "5", 3: "4", 4: "9", 10: "15"} {
		v, good := d.Value(k)
		if !good || v.RatString() != want {
			t.Errorf("p(%d) = %v (%v), want %s", k, v, good, want)
		}
	}
	d = ProblemDef(parityDef)
	if d == nil {
		t.Fatal("parityDef: not read")
	}
	for k, want := range map[int64]string{7: "22", 22: "11", 11: "34", 1: "4"} {
		v, good := d.Value(k)
		if !good || v.RatString() != want {
			t.Errorf("r(%d) = %v (%v), want %s", k, v, good, want)
		}
	}
	if _, good := d.Value(0); good {
		t.Error("r(0) computed on the positive integers")
	}
	for _, p := range []string{
		strings.Replace(ok, "-1 < x < 4", "-1 < x < 5", 1),              // rows overlap at 4: p(4) not computed
		strings.Replace(ok, "Find", "Suppose p is continuous. Find", 1), // a parameter may be meant
		strings.Replace(ok, "\\text{if } x \\geq 4", "\\text{if } x \\text{ is prime}", 1),
	} {
		if d := ProblemDef(p); d != nil {
			if _, good := d.Value(4); good {
				t.Errorf("read: %q", p)
			}
		}
	}
}
