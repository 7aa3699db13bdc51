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

// TestExtractProgram: a chain that answers with a Python program and
// marks no answer is read as the program's printed value (method
// "program"); a program outside the subset is no answer with its reason;
// prose without a marker stays no answer without one; a marked answer
// wins over a program.
func TestExtractProgram(t *testing.T) {
	steps := "Step 1: price = 8\n\nStep 2: # half off\n\nStep 3: total = price * 0.5 * 3\n\nStep 4: print(total)"
	got := Extract(steps)
	if !got.Found || got.Method != "program" || got.Answer != "12" || got.Reason != "read from a program whose value in Python is 12.0" {
		t.Fatalf("Extract(program) = %+v, want 12 by program", got)
	}
	if s := steps[got.Start:got.End]; !strings.Contains(s, "print(total)") {
		t.Errorf("program span %q is not the print", s)
	}
	if r := Grade("12", got.Answer); r.Verdict != Equal {
		t.Errorf("Grade(12, %q) = %s", got.Answer, r.Verdict)
	}
	imports := "Step 1: import math\n\nStep 2: x = math.sqrt(16)\n\nStep 3: print(x)"
	if got := Extract(imports); got.Found || got.Reason != `program not evaluated: line 1: an import ("import") is not evaluated` {
		t.Errorf("Extract(import) = %+v, want no answer with the reason", got)
	}
	if got := Extract("We add 3 and 4 to get 7"); got.Reason != "" {
		t.Errorf("prose gave a program reason: %+v", got)
	}
	marked := "x = 5\nprint(x)\nThe answer is 6"
	if got := Extract(marked); got.Method != "the_answer_is" || got.Answer != "6" {
		t.Errorf("a marker beside a program: %+v", got)
	}
	got = ExtractWith("Step 1: x = 3\n\nStep 2: print(0.1 + 0.2)", ExtractOptions{Fallback: FallbackLastNumber})
	if got.Method != "last_number" || got.Answer != "0.2" || !strings.Contains(got.Reason, "float rounding") {
		t.Errorf("fallback after an unread program: %+v", got)
	}
}
