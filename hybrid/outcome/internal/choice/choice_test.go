package choice

import (
	"maps"
	"testing"
)

// TestOptions reads the options of problems in the layouts contest problems use.
func TestOptions(t *testing.T) {
	for _, c := range []struct {
		problem string
		want    map[string]string
	}{
		{"What is $3 \\cdot 5$? $\\textbf{(A) }12\\qquad\\textbf{(B) }15\\qquad\\textbf{(C) }18$",
			map[string]string{"A": "12", "B": "15", "C": "18"}},
		{"Which is largest?\nA. 1/2\nB) 2/3\nC: 3/4", map[string]string{"A": "1/2", "B": "2/3", "C": "3/4"}},
		{"Pick (A) $\\frac12$ (B) $0.75$ (C) $1$\nExplain.", map[string]string{"A": "\\frac12", "B": "0.75", "C": "1"}},
		{"Let (A) be a set.", nil},       // one letter: no options
		{"(B) 1 (A) 2", nil},             // not from A in order
		{"What is 3*5?", nil},            // none
		{"A. only one option line", nil}, // one line
	} {
		if got := Options(c.problem); !maps.Equal(got, c.want) {
			t.Errorf("Options(%q) = %q, want %q", c.problem, got, c.want)
		}
	}
}

// TestLetter and WithValue read the letters answers are written with.
func TestLetter(t *testing.T) {
	for in, want := range map[string]string{"B": "B", "(B)": "B", "\\text{(B)}": "B", "Option C": "C", "(b)": "B", "b": "", "(K)": "", "BB": ""} {
		got, ok := Letter(in)
		if ok != (want != "") || got != want {
			t.Errorf("Letter(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for in, want := range map[string][2]string{"(B) 15": {"B", "15"}, "\\textbf{(B) }15": {"B", "15"}, "B. 15": {"B", "15"}, "C) \\frac34": {"C", "\\frac34"}, "(x) 5": {}, "B.5": {}} {
		c, v, ok := WithValue(in)
		if ok != (want[0] != "") || c != want[0] || v != want[1] {
			t.Errorf("WithValue(%q) = %q, %q, %v; want %q", in, c, v, ok, want)
		}
	}
}
