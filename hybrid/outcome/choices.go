package outcome

import (
	"strings"
)

// GradeOptions are what a pair's grading may use besides the two answers.
type GradeOptions struct {
	// Problem is the problem's text. When it lists lettered options ("(A) 12 (B) 15", or
	// lines "A. 12"), a choice letter is graded as its option's value against an answer that
	// is not a letter.
	Problem string
}

// GradeWith compares answer with gold using o.
func (g *Grader) GradeWith(gold, answer string, o GradeOptions) Result {
	fg, fa := g.parse(gold), g.parse(answer)
	if o.Problem != "" && (fg.kind == kChoice) != (fa.kind == kChoice) {
		letter, other, lo := fg, fa, "answer"
		if fa.kind == kChoice {
			letter, other, lo = fa, fg, "gold"
		}
		opts := Options(o.Problem)
		if text, ok := opts[letter.text]; ok {
			fo := g.parse(text)
			c := g.policy().compare(fo, other, "option "+letter.norm, lo, 0)
			return Result{Verdict: c.v, GoldNorm: fg.norm, AnswerNorm: fa.norm, Reason: "choice " + letter.norm + " is " + fo.norm + " in the problem: " + c.reason}
		}
	}
	c := g.policy().compare(fg, fa, "gold", "answer", 0)
	return Result{Verdict: c.v, GoldNorm: fg.norm, AnswerNorm: fa.norm, Reason: c.reason}
}

// Options reads the lettered options a problem lists: "(A) 12 (B) 15", "\textbf{(A) }12\qquad
// \textbf{(B) }15", or one option a line ("A. 12", "B) 15", "C: 15"). The letters must run
// from A in order; anything else gives no options.
func Options(problem string) map[string]string {
	if len(problem) > 1<<16 {
		return nil
	}
	if o := inlineOptions(problem); o != nil {
		return o
	}
	return lineOptions(problem)
}

func inlineOptions(p string) map[string]string {
	var starts, ends []int
	from := 0
	for c := byte('A'); c <= 'J'; c++ {
		m := "(" + string(c) + ")"
		i := strings.Index(p[from:], m)
		if i < 0 {
			break
		}
		starts = append(starts, from+i)
		ends = append(ends, from+i+len(m))
		from += i + len(m)
	}
	if len(starts) < 2 {
		return nil
	}
	out := map[string]string{}
	for k := range starts {
		end := len(p)
		if k+1 < len(starts) {
			end = starts[k+1]
		} else if nl := strings.IndexByte(p[ends[k]:], '\n'); nl >= 0 {
			end = ends[k] + nl
		}
		out[string(rune('A'+k))] = cleanOption(p[ends[k]:end])
	}
	return out
}

func lineOptions(p string) map[string]string {
	out := map[string]string{}
	next := byte('A')
	for _, line := range strings.Split(p, "\n") {
		l := strings.TrimSpace(line)
		if len(l) > 2 && l[0] == next && strings.IndexByte(".):", l[1]) >= 0 {
			out[string(next)] = cleanOption(l[2:])
			next++
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// cleanOption drops the layout around an option's text: \qquad, \quad, a closing brace of
// \textbf{(A)}, "$" delimiters, a trailing comma or "or".
func cleanOption(s string) string {
	for _, w := range []string{"\\qquad", "\\quad", "\\ ", "\\textbf{", "\\mathrm{", "\\text{"} {
		s = strings.ReplaceAll(s, w, " ")
	}
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "}")
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "or"))
	s = strings.TrimRight(s, ", ;")
	if strings.Count(s, "$")%2 == 1 { // the math closes after the last option: "(E) 25$"
		s = strings.TrimSuffix(strings.TrimPrefix(s, "$"), "$")
	}
	return strings.TrimSpace(s)
}
