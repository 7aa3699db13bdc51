package outcome

import (
	"slices"
	"strings"
	"testing"
)

func TestExtract(t *testing.T) {
	for _, c := range []struct {
		text, answer, method string
		others               []string
	}{
		{"so the total is \\boxed{42}.", "42", "boxed", nil},
		{"\\boxed{\\frac{1}{2}} and later \\boxed{\\frac{\\sqrt{3}}{2}}", "\\frac{\\sqrt{3}}{2}", "boxed", []string{"\\frac{1}{2}"}},
		{"the result is \\fbox{7}", "7", "boxed", nil},
		{"hence \\boxed 5 is it", "5", "boxed", nil},
		{"The answer is: 1222", "1222", "the_answer_is", nil},
		{"Step 6: #### 1222\nStep 7: The answer is: 1222", "1222", "the_answer_is", []string{"1222"}},
		{"work\n#### 1,000", "1,000", "hashes", nil},
		{"Final Answer: The final answer is $\\frac{1}{2}$. I hope it is correct.", "\\frac{1}{2}", "final_answer", nil},
		{"**Final Answer**\n\n18", "18", "final_answer", nil},
		{"Answer: 3.5.", "3.5", "answer_colon", nil},
		{"The answer is $\\boxed{5}$.", "5", "boxed", nil},
		{"first we get 3\n\n**17**", "17", "bold", nil},
		{"The answer is 12. Then some more text", "12", "the_answer_is", nil},
		{"so the count is **7140**.", "7140", "bold", nil},
		{"**Answer: 42**", "42", "answer_colon", nil},
		{"**Final Answer:** $\\frac{3}{4}$", "\\frac{3}{4}", "final_answer", nil},
	} {
		got := Extract(c.text)
		if !got.Found || got.Answer != c.answer || got.Method != c.method {
			t.Errorf("Extract(%q) = %+v, want %q by %s", c.text, got, c.answer, c.method)
			continue
		}
		if c.text[got.Start:got.End] != got.Answer {
			t.Errorf("Extract(%q): offsets %d:%d give %q, not the answer", c.text, got.Start, got.End, c.text[got.Start:got.End])
		}
		if !slices.Equal(got.Others, c.others) {
			t.Errorf("Extract(%q).Others = %q, want %q", c.text, got.Others, c.others)
		}
	}
}

func TestExtractNoAnswer(t *testing.T) {
	text := "We add 3 and 4 to get 7, then double it to 14"
	if got := Extract(text); got.Found || got.Answer != "" {
		t.Errorf("Extract without a marker = %+v, want no answer", got)
	}
	got := ExtractWith(text, ExtractOptions{Fallback: FallbackLastNumber})
	if !got.Found || got.Answer != "14" || got.Method != "last_number" {
		t.Errorf("ExtractWith last-number = %+v, want 14", got)
	}
	if got := Extract(""); got.Found {
		t.Errorf("Extract(\"\") found %+v", got)
	}
}

func TestExtractHostile(t *testing.T) {
	nested := "\\boxed{" + strings.Repeat("{", 100000) + "1" + strings.Repeat("}", 100000) + "}"
	if got := Extract(nested); !got.Found || got.Method != "boxed" {
		t.Errorf("nested braces: %+v", got.Method)
	}
	many := strings.Repeat("\\boxed{", 50000) // unclosed: no answer, in linear time
	if got := Extract(many); got.Found {
		t.Errorf("unclosed boxes gave %q", truncate(got.Answer, 20))
	}
	line := strings.Repeat("The answer is 1", 70000) // a 1 MB line
	if got := Extract(line); !got.Found {
		t.Errorf("long line: no answer")
	}
	if got := Extract("The answer is \xff\xfe"); !got.Found {
		t.Errorf("invalid UTF-8 after a marker: %+v", got)
	}
}
