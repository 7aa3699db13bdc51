package outcome

import (
	"strings"
	"testing"
)

type gradeCase struct {
	gold, answer string
	want         Verdict
}

// gradeTable is grouped by form; each group has look-alikes that must not
// be read as equal.
var gradeTable = map[string][]gradeCase{
	"integers": {
		{"7000", "7000", Equal}, {"7000", "11000", Different}, {"1,000", "1000", Equal},
		{"1\\,000", "1000", Equal}, {"1 000 000", "1000000", Equal}, {"1{,}000", "1000", Equal},
		{"-3", "-3", Equal}, {"-3", "3", Different}, {"007", "7", Equal}, {"12", "12.0", Equal},
	},
	"units and currency": {
		{"18", "\\$18.00", Equal}, {"18", "$18", Equal}, {"18", "18 dollars", Equal},
		{"5", "5 \\text{ cm}", Equal}, {"5\\text{ cm}^2", "5", Equal}, {"5 cm", "5 m", Different}, {"5 cm", "5 apples", Unknown}, {"5 cm", "6", Unknown},
		{"(2, 3) \\text{ cm}", "(2,3)", Unknown}, {"x = 5 \\text{ cm}", "0.05 m", Equal}, {"x = \\pm 3 \\text{ cm}", "3", Unknown},
		{"22", "22 apples", Equal}, {"18", "\\$19", Different},
	},
	"decimals and fractions": {
		{"0.75", "\\frac{3}{4}", Equal}, {"\\dfrac{3}{4}", "3/4", Equal}, {"\\tfrac34", "0.75", Equal},
		{"\\frac{1}{3}", "0.33", Different}, {"0.33", "\\frac13", Different},
		{"2\\frac{1}{2}", "2.5", Equal}, {"2 1/2", "5/2", Equal}, {"-\\frac12", "-0.5", Equal},
		{"\\frac{-1}{2}", "-\\frac{1}{2}", Equal}, {"0.5", "0.50", Equal}, {".5", "0.5", Equal},
	},
	"percentages": {
		{"50\\%", "0.5", Equal}, {"50%", "50", Equal}, {"50%", "\\frac12", Equal},
		{"50%", "5", Different}, {"12.5\\%", "12.5%", Equal}, {"12.5%", "13%", Different},
		{"2 \\cdot 50\\%", "100\\%", Equal}, {"2 \\cdot 50\\%", "100", Equal}, {"2 \\cdot 50\\%", "1", Equal}, {"2 \\cdot 50\\%", "50", Different},
	},
	"radicals and pi": {
		{"2\\sqrt{2}", "\\sqrt{8}", Equal}, {"\\sqrt{8}", "2\\sqrt{3}", Different},
		{"\\pi", "3.14", Different}, {"2\\pi", "\\pi \\cdot 2", Equal}, {"\\frac{\\pi}{2}", "\\pi/2", Equal},
		{"\\frac{\\sqrt{3}}{2}", "\\sin(\\pi/3)", Equal}, {"\\frac{1}{\\sqrt{2}}", "\\frac{\\sqrt2}{2}", Equal},
		{"\\sqrt[3]{16}", "2\\sqrt[3]{2}", Equal}, {"3\\sqrt{2}", "4.24", Different}, {"\\pi^2", "\\pi\\cdot\\pi", Equal},
	},
	"expressions": {
		{"(x+1)^2", "x^2+2x+1", Equal}, {"x^2+1", "x^2+2", Different}, {"\\frac{x^2-1}{x-1}", "x+1", Equal},
		{"2a+b", "b+2a", Equal}, {"2\\pi r", "2 r \\pi", Equal}, {"\\pi r^2", "2\\pi r", Different},
	},
	"equations": {
		{"x = 5", "5", Equal}, {"5", "x=5", Equal}, {"x = 5", "y = 5", Unknown}, {"y = 2x+1", "2x+1", Equal},
		{"f(t) = t^2", "x^2", Equal}, {"f(x) = 2x+1", "y = 2x+1", Equal}, {"f(t) = t^2", "x^2 + y", Unknown}, {"f(x) = x^2", "x = 4", Unknown},
		{"a dozen", "12", Equal}, {"two dozen", "24", Equal},
		{"x=5", "x=6", Different},
	},
	"tuples, sets, lists": {
		{"(1,2)", "(1, 2)", Equal}, {"(1,2)", "(2,1)", Different}, {"(1,2,3)", "(1,2)", Different},
		{"x=1 or x=2", "2, 1", Equal}, {"\\{1,2\\}", "1, 2", Equal}, {"1, 2", "1, 3", Different},
		{"1 \\pm \\sqrt{2}", "1+\\sqrt2, 1-\\sqrt 2", Equal}, {"x = \\pm 2", "2, -2", Equal},
		{"(1, 2)", "1, 2", Equal}, {"(1, 2)", "2, 1", Unknown}, {"2", "1, 2", Different},
		{"3,5", "3.5", Unknown}, {"3,5", "5, 3", Equal}, {"3,5", "3", Different}, {"3, 5", "5, 3", Equal}, {"1,000", "1000", Equal},
		{"1,2", "\\{1, 2\\}", Equal}, {"-1,25", "-1.25", Unknown}, {"3,5", "3,5", Equal},
		{"\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "(1,2)", Equal}, {"x=1, y=2", "(1,2)", Equal},
	},
	"intervals": {
		{"[1, 2)", "[1,2)", Equal}, {"[1, 2)", "[1,2]", Different}, {"(3, \\infty)", "x > 3", Equal},
		{"(-\\infty, 3) \\cup (5, \\infty)", "x<3 or x>5", Equal}, {"[1,3]", "[1,2] \\cup [2,3]", Equal},
		{"x \\in [2, 5]", "[2,5]", Equal}, {"1 \\le x < 3", "[1, 3)", Equal}, {"(0, 1)", "(0, 1]", Different},
	},
	"degrees, scientific, complex, infinity": {
		{"30^\\circ", "30", Equal}, {"30^{\\circ}", "30°", Equal}, {"\\frac{\\pi}{4}", "45^\\circ", Equal},
		{"2 \\cdot 30^\\circ", "60^\\circ", Equal}, {"2 \\cdot 30^\\circ", "60", Equal}, {"2 \\cdot 30^\\circ", "30", Different},
		{"3 \\times 10^{4}", "30000", Equal}, {"1.5e3", "1500", Equal}, {"3 \\times 10^4", "3 \\times 10^5", Different},
		{"3+4i", "4i+3", Equal}, {"3+4i", "3-4i", Different}, {"\\frac{1}{i}", "-i", Equal},
		{"\\infty", "infinity", Equal}, {"-\\infty", "\\infty", Different}, {"\\infty", "1000000", Different},
	},
	"repeating and approximate decimals": {
		{"0.\\overline{3}", "\\frac13", Equal}, {"0.1\\overline{6}", "\\frac16", Equal},
		{"\\frac13", "0.333...", Equal}, {"\\frac13", "0.3...", Unknown}, {"\\sqrt2", "1.414...", Unknown}, {"\\frac12", "0.333...", Different}, {"\\pi", "\\approx 3.14", Unknown},
	},
	"choices and text": {
		{"(B)", "B", Equal}, {"B", "\\text{(B)}", Equal}, {"(B)", "(C)", Different}, {"B", "5", Unknown},
		{"(B) 15", "15", Equal}, {"\\textbf{(B) }15", "B", Equal}, {"B. 15", "16", Different}, {"(B) 15", "(C)", Different},
		{"\\text{Yes}", "yes", Equal}, {"yes", "no", Different}, {"True", "false", Different},
		{"\\text{Monday}", "monday", Equal}, {"Monday", "Tuesday", Unknown}, {"\\emptyset", "no solution", Equal},
		{"\\emptyset", "3", Different},
	},
	"hostile": {
		{"10^{10^{10}}", "1", Unknown}, {strings.Repeat("{", 100000) + "1" + strings.Repeat("}", 100000), "1", Unknown},
		{strings.Repeat("1", 1<<20), "1", Unknown}, {"\xff\xfe", "1", Unknown}, {"2^{100}", "2^{100}", Equal},
		{"2^{100}", "2^{101}", Different}, {"\\sqrt{-4}", "2i", Equal},
		{"\\lfloor " + strings.Repeat("a", 300) + "b", "\\lfloor " + strings.Repeat("a", 300) + "c", Unknown},
		{"\\lfloor x \\rfloor", "\\lfloor x \\rfloor", Equal},
		{"2^n", "2^{n}", Equal}, {"\\log_2 3", "\\log_{2}(3)", Equal}, {"2^n", "2^m", Unknown},
	},
}

func TestGradeTable(t *testing.T) {
	for group, cases := range gradeTable {
		for _, c := range cases {
			r := Grade(c.gold, c.answer)
			if r.Verdict != c.want {
				t.Errorf("%s: Grade(%q, %q) = %s (%s), want %s", group, truncate(c.gold, 40), truncate(c.answer, 40), r.Verdict, r.Reason, c.want)
			}
			if r.Reason == "" {
				t.Errorf("%s: Grade(%q, %q) has no reason", group, truncate(c.gold, 40), c.answer)
			}
			if back := Grade(c.answer, c.gold); back.Verdict != r.Verdict {
				t.Errorf("%s: Grade is not symmetric on (%q, %q): %s then %s", group, truncate(c.gold, 40), c.answer, r.Verdict, back.Verdict)
			}
		}
	}
}

func TestGradeReasons(t *testing.T) {
	for _, c := range []struct{ gold, answer, want string }{
		{"0.33", "\\frac13", "the gold 0.33 is the answer's exact value 1/3 rounded to 2"},
		{"\\frac13", "0.33", "the answer 0.33 is the gold's exact value 1/3 rounded"},
		{"7000", "11000", "the gold is 7000, the answer 11000"},
		{"x^2+1", "x^2+2", "at x = 0"},
		{"\\pi", "3.14", "π is irrational"},
		{"50%", "0.5", "p% = p/100"},
		{"50%", "50", "read in %"},
	} {
		if r := Grade(c.gold, c.answer); !strings.Contains(r.Reason, c.want) {
			t.Errorf("Grade(%q, %q).Reason = %q, want it to contain %q", c.gold, c.answer, r.Reason, c.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"\\$1,000.50": "$1000.5", "250 cm": "250 cm", "30^\\circ": "30°", "\\dfrac{6}{8}": "0.75", "\\frac{1}{3}": "1/3", "\\sqrt{18}": "3√2",
		"x=1 or x=2": "{x = 1, x = 2}", "[1,2)": "[1, 2)", "\\text{(B)}": "(B)", "\\text{ Yes }": "yes",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestClasses(t *testing.T) {
	answers := []string{"\\frac12", "0.5", "1/3", "50%", "", "0.50", "x", "\\text{huh} ?"}
	got := Classes(answers)
	// 1/2, 0.5, 50%, 0.50 are one class (50% = 1/2 by definition); 1/3, "", x alone
	want := [][]int{{0, 1, 3, 5}, {2}, {4}, {6}, {7}}
	if len(got) != len(want) {
		t.Fatalf("Classes = %v, want %v", got, want)
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("Classes = %v, want %v", got, want)
		}
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Fatalf("Classes = %v, want %v", got, want)
			}
		}
	}
	// "50" joins 50% (unit reading) but not 1/2: it must not join the class
	got = Classes([]string{"50%", "0.5", "50"})
	if len(got) != 2 || len(got[0]) != 2 || got[1][0] != 2 {
		t.Fatalf("Classes(50%%, 0.5, 50) = %v, want [[0 1] [2]]: 50 is not proven equal to 0.5", got)
	}
}

// TestGraderPolicy: the settings that change the debatable rules (docs/OUTCOME.md, "Policy").
func TestGraderPolicy(t *testing.T) {
	for _, c := range []struct {
		opts         GraderOptions
		gold, answer string
		want         Verdict
	}{
		{GraderOptions{}, "50\\%", "50", Equal},
		{GraderOptions{}, "50\\%", "0.5", Equal},
		{GraderOptions{Percent: PercentFraction}, "50\\%", "50", Different},
		{GraderOptions{Percent: PercentFraction}, "50\\%", "0.5", Equal},
		{GraderOptions{Percent: PercentNumber}, "50\\%", "0.5", Different},
		{GraderOptions{Percent: PercentNumber}, "50\\%", "50", Equal},
		{GraderOptions{Percent: PercentNumber}, "50\\%", "\\frac{1}{2}\\%", Different},
		{GraderOptions{}, "5 cm", "5", Equal},
		{GraderOptions{BareNumber: BareUnknown}, "5 cm", "5", Unknown},
		{GraderOptions{BareNumber: BareUnknown}, "\\$18", "18", Unknown},
		{GraderOptions{BareNumber: BareUnknown}, "250 cm", "2.5 m", Equal},
	} {
		g := NewGrader(c.opts)
		if r := g.Grade(c.gold, c.answer); r.Verdict != c.want {
			t.Errorf("%+v: Grade(%q, %q) = %s (%s), want %s", c.opts, c.gold, c.answer, r.Verdict, r.Reason, c.want)
		}
	}
}

// TestGraderOptionsValidate: an unknown policy value is an error naming the option and its
// values, from New and (as a panic) from NewGrader; the named defaults grade as "" does; a nil
// *Grader grades as the default.
func TestGraderOptionsValidate(t *testing.T) {
	for _, c := range []struct {
		opts GraderOptions
		want string
	}{
		{GraderOptions{Percent: "fractoin"}, `outcome: grader option Percent: "fractoin" is not one of either, fraction, number`},
		{GraderOptions{BareNumber: "in-unit"}, `outcome: grader option BareNumber: "in-unit" is not one of in_unit, unknown`},
		{GraderOptions{Percent: "Fraction"}, `outcome: grader option Percent: "Fraction" is not one of either, fraction, number`},
	} {
		g, err := New(c.opts)
		if err == nil || err.Error() != c.want || g != nil {
			t.Errorf("New(%+v) = %v, %v; want the error %s", c.opts, g, err, c.want)
		}
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("NewGrader(%+v) did not panic", c.opts)
				}
			}()
			NewGrader(c.opts)
		}()
	}
	named, err := New(GraderOptions{Percent: PercentEither, BareNumber: BareInUnit})
	if err != nil {
		t.Fatal(err)
	}
	var none *Grader
	for _, p := range [][2]string{{"50\\%", "50"}, {"50\\%", "0.5"}, {"5 cm", "5"}, {"5 cm", "6"}} {
		want := NewGrader(GraderOptions{}).Grade(p[0], p[1])
		if got := named.Grade(p[0], p[1]); got != want {
			t.Errorf("named defaults: Grade(%q, %q) = %+v, want %+v", p[0], p[1], got, want)
		}
		if got := none.Grade(p[0], p[1]); got != want {
			t.Errorf("nil grader: Grade(%q, %q) = %+v, want %+v", p[0], p[1], got, want)
		}
	}
}

// TestGradeChoicesWithProblem: a choice letter against a value is graded through the options
// the problem lists, in the layouts contest problems use; without options it stays unknown.
func TestGradeChoicesWithProblem(t *testing.T) {
	amc := "What is $3 \\cdot 5$? $\\textbf{(A) }12\\qquad\\textbf{(B) }15\\qquad\\textbf{(C) }18\\qquad\\textbf{(D) }20\\qquad\\textbf{(E) }25$"
	lines := "Which is largest?\nA. 1/2\nB. 2/3\nC. 3/4\nD. 0.7"
	inline := "Pick one: (A) $\\frac12$ (B) $0.75$ (C) $1$"
	g := NewGrader(GraderOptions{})
	for _, c := range []struct {
		problem, gold, answer string
		want                  Verdict
	}{
		{amc, "B", "15", Equal}, {amc, "(B)", "\\frac{30}{2}", Equal}, {amc, "B", "18", Different},
		{amc, "15", "\\text{(B)}", Equal}, {amc, "B", "C", Different}, {amc, "E", "25", Equal},
		{lines, "C", "0.75", Equal}, {lines, "C", "\\frac23", Different}, {lines, "D", "0.7", Equal},
		{inline, "A", "0.5", Equal}, {inline, "B", "\\frac34", Equal}, {inline, "C", "0.75", Different},
		{"What is 3*5?", "B", "15", Unknown}, {"", "B", "15", Unknown},
		{lines, "F", "1", Unknown}, // no option F
	} {
		r := g.GradeWith(c.gold, c.answer, GradeOptions{Problem: c.problem})
		if r.Verdict != c.want {
			t.Errorf("%.30q: GradeWith(%q, %q) = %s (%s), want %s", c.problem, c.gold, c.answer, r.Verdict, r.Reason, c.want)
		}
		if back := g.GradeWith(c.answer, c.gold, GradeOptions{Problem: c.problem}); back.Verdict != r.Verdict {
			t.Errorf("%.30q: GradeWith is not symmetric on (%q, %q)", c.problem, c.gold, c.answer)
		}
	}
}
