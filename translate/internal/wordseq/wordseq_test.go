package wordseq

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestProblemSeq pins the sequences read from a problem's words, and the
// problems that define none without doubt.
func TestProblemSeq(t *testing.T) {
	cases := []struct {
		problem     string
		kind        Kind
		first, step string
	}{
		{"A sequence starts with the term 315. Each succeeding term is found by adding 40 to the previous term. What is the ninth term?", Arithmetic, "315", "40"},
		{"A sequence begins at 90, and each term is 7 less than the previous term. Find the sum of the 3rd and 4th terms.", Arithmetic, "90", "-7"},
		{"Maya writes a sequence starting from 12, each number being 5 more than the previous one. How many numbers are below 100?", Arithmetic, "12", "5"},
		{"The first term of an arithmetic sequence is $-4$ and the common difference is $6$. Find the 20th term.", Arithmetic, "-4", "6"},
		{"The first term of a geometric sequence is 5 and its common ratio is 3. What is the fifth term?", Geometric, "5", "3"},
		{"A sequence starts with 7, and each next term is obtained by multiplying the previous term by 2. Find the sixth term.", Geometric, "7", "2"},
		{"A sequence starts with the term 1,000. Each term is found by subtracting 37 from the previous term.", Arithmetic, "1000", "-37"},
		// Not read: two sequences, another term stated, a condition, no rule, two rules.
		{"Two arithmetic sequences start with 3; one has common difference 2, the other 5.", None, "", ""},
		{"An arithmetic sequence starts with 3 and its fifth term is 19. Find the tenth term.", None, "", ""},
		{"If a sequence starts with 3 and each term is 2 more than the previous term, find the 8th term.", None, "", ""},
		{"A sequence starts with 3. Find its 8th term.", None, "", ""},
		{"A sequence starts with 3; each term is 2 more than the previous term, or 3 times the previous term.", None, "", ""},
		{"A sequence starts with 3 and each term is 2 more than the previous term. What is the remainder of the 100th term divided by 7?", None, "", ""},
		{"A geometric sequence starts with 3 and each term is 2 more than the previous term.", None, "", ""},
	}
	for _, c := range cases {
		s := ProblemSeq(c.problem)
		if s.Kind != c.kind {
			t.Errorf("%q: kind %d, want %d", c.problem, s.Kind, c.kind)
			continue
		}
		if s.Kind != None && (s.First.RatString() != c.first || s.Step.RatString() != c.step) {
			t.Errorf("%q: first %s step %s, want %s %s", c.problem, s.First.RatString(), s.Step.RatString(), c.first, c.step)
		}
	}
}

// TestRead pins the claims decided, by span and verdict on a disproof,
// and those left alone.
func TestRead(t *testing.T) {
	const p = "A sequence starts with the term 315. Each succeeding term is found by adding 40 to the previous term. What is the sum of the ninth and tenth terms?"
	cases := []struct{ text, want string }{
		{"The ninth term is $635$ and the tenth term is $675$.", "The ninth term is $635|the tenth term is $675"},
		{"The ninth term is 595.", "The ninth term is 595"},
		{"So the 10th term of the sequence is \\(635\\).", "the 10th term of the sequence is \\(635"},
		{"The ninth term is 595 + 40 = 635.", ""},
		{"If we count from zero, the ninth term is 635.", ""},
		{"Twice the ninth term is 1270.", ""},
		{"The ninth term is about 600.", ""},
		{"The ninth term is not 595.", ""},
		{"The ninth term is 595?", ""},
		{"The ninth terms add up to 595.", ""},
	}
	for _, c := range cases {
		var spans []string
		for _, o := range Read(1, p, nil, c.text, "decide") {
			spans = append(spans, o.Span.Text)
		}
		if strings.Join(spans, "|") != c.want {
			t.Errorf("%q: got %q, want %q", c.text, spans, c.want)
		}
	}
	// An earlier step that speaks of another sequence: nothing is read.
	if got := Read(1, p, []string{"Consider the sequence of differences."}, "The ninth term is 595.", "decide"); len(got) != 0 {
		t.Errorf("another sequence before: got %d obligations", len(got))
	}
}

// TestTermRounding: a term that is not whole is decided only against a
// value written with enough decimal places.
func TestTermRounding(t *testing.T) {
	const p = "The first term of a geometric sequence is 64 and the common ratio is 0.5. What is the tenth term?"
	for text, want := range map[string]int{
		"The tenth term is 0.125.": 1, // 64 / 2^9 = 0.125: decided (true)
		"The ninth term is 0.5.":   1, // 0.25: decided (false)
		"The tenth term is 0.13.":  0, // a rounding of 0.125 may be meant
		"The tenth term is 0.":     0,
	} {
		if got := len(Read(1, p, nil, text, "decide")); got != want {
			t.Errorf("%q: %d obligations, want %d", text, got, want)
		}
	}
}

// FuzzRead checks that Read never panics and that every obligation's span
// is the text it names.
func FuzzRead(f *testing.F) {
	const p = "A sequence starts with the term 315. Each succeeding term is found by adding 40 to the previous term."
	for _, s := range []string{
		"The ninth term is $635$ and the tenth term is $675$.", "the 12th term: -3", "term term term the the",
		"the sixth term is 1,000.5", "the 999999th term is 1", "the first term of the sequence = 2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, p, nil, text, "decide"))
		obltest.Shape(t, text, Read(0, text, []string{text}, text, "decide"))
	})
}

// TestReadLinear: a long step of near-claims is read in bounded work.
func TestReadLinear(t *testing.T) {
	const p = "A sequence starts with the term 315. Each succeeding term is found by adding 40 to the previous term."
	text := strings.Repeat("the sixth term is the sixth term is 9 ", 150)
	if got := Read(0, p, nil, text, "decide"); len(got) > maxClaims {
		t.Errorf("%d obligations, want at most %d", len(got), maxClaims)
	}
}
