package outcome

import (
	"github.com/leanprm/leanprm/hybrid/outcome/internal/expr"
	"github.com/leanprm/leanprm/hybrid/outcome/internal/program"
	"strings"
)

// Extraction is the final answer found in a chain's text.
type Extraction struct {
	Answer string `json:"answer"` // the answer's text as written ("" when none)
	// Found is false when the text states no answer: a result of its own,
	// never a guess.
	Found bool `json:"found"`
	// Method says how the answer was found: "boxed", "the_answer_is",
	// "final_answer", "hashes", "answer_colon", "bold", "program" (the
	// value a straight-line Python program prints, read without running
	// it), "last_number".
	Method string `json:"method"`
	// Start and End are the byte offsets of Answer in the text; for
	// "program", of the statement that outputs it.
	Start, End int      `json:"-"`
	Others     []string `json:"others,omitempty"` // earlier candidates, in order
	// Reason says, for a text that is a program, what Python prints
	// ("read from a program whose value in Python is 20.0") or why no answer was read from it
	// ("program not evaluated: an import (\"import\") is not evaluated").
	Reason string `json:"reason,omitempty"`
}

// ExtractOptions configures ExtractWith; the zero value is the default.
type ExtractOptions struct {
	// Fallback is "" (no answer when no marker is found) or "last-number"
	// (then the last number in the text, method "last_number").
	Fallback string
}

// FallbackLastNumber is the ExtractOptions.Fallback that takes the last
// number of a text that marks no answer.
const FallbackLastNumber = "last-number"

// Extract finds the final answer of a solution text with the default
// options.
func Extract(text string) Extraction { return ExtractWith(text, ExtractOptions{}) }

type candidate struct {
	start, end int
	method     string
}

// ExtractWith finds the final answer of a solution text: the last of the
// marked answers (\boxed{…} and \fbox{…}, "The answer is …", "Final
// Answer: …", "#### …", "Answer: …"), else a bold final line, else, when
// the text is a Python program (program-of-thought chains), the value it
// prints as internal/program reads it, else (only with Fallback
// "last-number") the last number. It reads the text once per marker:
// linear time whatever the input.
func ExtractWith(text string, o ExtractOptions) Extraction {
	var cands []candidate
	cands = append(cands, boxedCandidates(text)...)
	cands = append(cands, answerCandidates(text)...)
	cands = append(cands, hashCandidates(text)...)
	cands = dedupeCandidates(cands)
	if len(cands) == 0 {
		if c, ok := boldLastLine(text); ok {
			cands = append(cands, c)
		}
	}
	var reason string
	if len(cands) == 0 {
		p := program.Read(text)
		if p.Answer != "" {
			ex := Extraction{Answer: p.Answer, Found: true, Method: "program", Start: p.Start, End: p.End}
			if p.Printed != "" && p.Printed != p.Answer {
				ex.Reason = "read from a program whose value in Python is " + p.Printed
			}
			return ex
		}
		reason = p.Err
	}
	if len(cands) == 0 && o.Fallback == FallbackLastNumber {
		if c, ok := lastNumber(text); ok {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return Extraction{Reason: reason}
	}
	// the last by position; among candidates at one position the innermost
	best := 0
	for i, c := range cands {
		if c.start > cands[best].start || c.start == cands[best].start && c.end < cands[best].end {
			best = i
		}
	}
	c := cands[best]
	ex := Extraction{Answer: text[c.start:c.end], Found: true, Method: c.method, Start: c.start, End: c.end, Reason: reason}
	for i, o := range cands {
		if i == best || o.start <= c.start && o.end >= c.end || o.start >= c.start && o.end <= c.end {
			continue // the chosen one, or one that contains it ("The answer is \boxed{5}")
		}
		if o.start < c.start {
			ex.Others = append(ex.Others, text[o.start:o.end])
		}
	}
	return ex
}

// closeBrace returns the index of the '}' closing the '{' at s[j], or -1.
// ExtractWith calls it for at most maxCandidates boxes, so the whole stays
// linear in the text.
func closeBrace(s string, j int) int {
	depth := 0
	for i := j; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

func boxedCandidates(text string) []candidate {
	if !strings.Contains(text, "\\boxed") && !strings.Contains(text, "\\fbox") {
		return nil
	}
	var out []candidate
	for _, cmd := range []string{"\\boxed", "\\fbox"} {
		for _, i := range lastOccurrences(text, cmd, "") {
			if i < len(text) && expr.IsLetter(text[i]) { // \boxedfoo is another command
				continue
			}
			j := i
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			if j < len(text) && text[j] == '{' {
				if end := closeBrace(text, j); end > j {
					s, e := trimSpan(text, j+1, end)
					if e > s {
						out = append(out, candidate{s, e, "boxed"})
					}
				}
				continue
			}
			if j > i { // "\boxed 5": one token
				e := j
				for e < len(text) && e-j < MaxAnswerBytes && text[e] != ' ' && text[e] != '$' && text[e] != '\n' && text[e] != '\\' {
					e++
				}
				s, e2 := trimSpan(text, j, e)
				if e2 > s {
					out = append(out, candidate{s, e2, "boxed"})
				}
			}
		}
	}
	return out
}

// trimSpan trims spaces, a final full stop and wrapping $…$ or **…** from
// text[s:e].
func trimSpan(text string, s, e int) (int, int) {
	for range 6 {
		s0, e0 := s, e
		for s < e && strings.IndexByte(" \t\r\n", text[s]) >= 0 {
			s++
		}
		for e > s && strings.IndexByte(" \t\r\n", text[e-1]) >= 0 {
			e--
		}
		if e > s && (text[e-1] == '.' || text[e-1] == ',' || text[e-1] == ';') && !(e-2 >= s && expr.IsDigit(text[e-2]) && e < len(text) && expr.IsDigit(text[e])) {
			e--
		}
		for _, w := range [][2]string{{"$$", "$$"}, {"$", "$"}, {"**", "**"}, {"\\(", "\\)"}, {"\\[", "\\]"}} {
			if e-s >= len(w[0])+len(w[1]) && strings.HasPrefix(text[s:e], w[0]) && strings.HasSuffix(text[s:e], w[1]) {
				s, e = s+len(w[0]), e-len(w[1])
			}
		}
		// an opening "$" or "**" whose closing one the sentence cut off
		if e > s && (text[s] == '$') && strings.Count(text[s:e], "$")%2 == 1 {
			s++
		}
		if e > s && text[e-1] == '$' && strings.Count(text[s:e], "$")%2 == 1 {
			e--
		}
		if strings.Count(text[s:e], "**")%2 == 1 { // "**Answer: 42**" cut after the marker
			switch {
			case strings.HasSuffix(text[s:e], "**"):
				e -= 2
			case strings.HasPrefix(text[s:e], "**"):
				s += 2
			}
		}
		if s == s0 && e == e0 {
			break
		}
	}
	return s, e
}

// answerCandidates finds the phrases built on the word "answer" — "the
// answer is", "the final answer is", "Final Answer:", "Final Answer" as a
// heading, "Answer:" — from the occurrences of that rare word (searching
// for each phrase would stop at every "t" of the text), and takes the
// text after each to the end of its sentence.
func answerCandidates(text string) []candidate {
	var out []candidate
	for _, after := range lastOccurrences(text, "nswer", "NSWER") {
		at := after - len("answer")
		if at < 0 || text[at] != 'a' && text[at] != 'A' || at > 0 && expr.IsLetter(text[at-1]) {
			continue // "answers", "myanswer"
		}
		final := at >= 6 && strings.EqualFold(text[at-6:at], "final ")
		method := "the_answer_is"
		i := after
		rest := text[i:]
		switch {
		case len(rest) >= 3 && strings.EqualFold(rest[:3], " is") && (len(rest) == 3 || !expr.IsLetter(rest[3])):
			i += 3
			if final {
				method = "final_answer"
			}
		case len(rest) >= 1 && rest[0] == ':' || strings.HasPrefix(rest, "**:") || strings.HasPrefix(rest, ":**"):
			method = "answer_colon"
			if final {
				method = "final_answer"
			}
		case final && (rest == "" || rest[0] == '\n' || rest[0] == '*' || rest[0] == '\r'):
			method = "final_answer" // a heading: the answer follows
		default:
			continue
		}
		heading := method != "the_answer_is" || final
		for i < len(text) && strings.IndexByte(" \t:*", text[i]) >= 0 {
			i++
		}
		if heading && i < len(text) && (text[i] == '\n' || text[i] == '\r') {
			// the answer on the next non-empty line
			for i < len(text) && strings.IndexByte(" \t\r\n*", text[i]) >= 0 {
				i++
			}
		}
		if heading && len(text)-i >= 19 && strings.EqualFold(text[i:i+19], "the final answer is") {
			continue // read by the inner phrase
		}
		s, e := trimSpan(text, i, sentenceEnd(text, i))
		if e > s {
			out = append(out, candidate{s, e, method})
		}
	}
	return out
}

// hashCandidates finds GSM8K's "#### answer" lines.
func hashCandidates(text string) []candidate {
	var out []candidate
	for _, i := range lastOccurrences(text, "####", "") {
		for i < len(text) && text[i] == '#' {
			i++
		}
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		s, e := trimSpan(text, i, sentenceEnd(text, i))
		if e > s {
			out = append(out, candidate{s, e, "hashes"})
		}
	}
	return out
}

// sentenceEnd returns where the sentence starting at i ends: a newline, or
// a full stop followed by a space or the end, outside $…$ (a decimal
// point is no full stop), or a closing "$." pair.
func sentenceEnd(text string, i int) int {
	inMath := false
	for j := i; j < len(text); j++ {
		if j-i > MaxAnswerBytes { // longer than any answer the grader reads
			return j
		}
		switch c := text[j]; c {
		case '\n':
			return j
		case '$':
			inMath = !inMath
		case '.', '!', '?':
			if inMath {
				continue
			}
			if j+1 == len(text) || text[j+1] == ' ' || text[j+1] == '\n' || text[j+1] == '\r' || text[j+1] == '*' {
				return j
			}
		}
	}
	return len(text)
}

// maxCandidates bounds the occurrences of one marker that are read: the
// last ones, so that a text repeating a marker stays linear.
const maxCandidates = 32

// lastOccurrences returns the offsets just after the last maxCandidates
// occurrences of marker (or of its other spelling alt, when given) in s,
// in order.
func lastOccurrences(s, marker, alt string) []int {
	var ends []int
	// the next occurrence of each spelling, found again only once passed:
	// linear in len(s)
	next := func(m string, from int) int {
		if m == "" {
			return -1
		}
		if k := strings.Index(s[from:], m); k >= 0 {
			return from + k
		}
		return -1
	}
	nm, na := next(marker, 0), next(alt, 0)
	for {
		at := nm
		if na >= 0 && (at < 0 || na < at) {
			at = na
		}
		if at < 0 {
			break
		}
		off := at + len(marker)
		if nm >= 0 && nm < off {
			nm = next(marker, off)
		}
		if na >= 0 && na < off {
			na = next(alt, off)
		}
		ends = append(ends, off)
		if len(ends) >= 4*maxCandidates { // keep memory bounded too
			ends = append(ends[:0], ends[len(ends)-maxCandidates:]...)
		}
	}
	if len(ends) > maxCandidates {
		ends = ends[len(ends)-maxCandidates:]
	}
	return ends
}

func dedupeCandidates(cs []candidate) []candidate {
	seen := map[[2]int]bool{}
	var out []candidate
	for _, c := range cs {
		k := [2]int{c.start, c.end}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	return out
}

// boldLastLine returns the content of a last line written in bold, or
// else the last bold span of the last line when it is short and holds a
// digit ("… is **7140**.").
func boldLastLine(text string) (candidate, bool) {
	end := len(text)
	for end > 0 && strings.IndexByte(" \t\r\n", text[end-1]) >= 0 {
		end--
	}
	start := strings.LastIndexByte(text[:end], '\n') + 1
	line := text[start:end]
	t := strings.TrimSpace(line)
	if len(t) >= 5 && strings.HasPrefix(t, "**") && strings.HasSuffix(t, "**") && !strings.Contains(t[2:len(t)-2], "**") {
		off := start + strings.Index(line, "**")
		if s, e := trimSpan(text, off, off+len(t)); e > s {
			return candidate{s, e, "bold"}, true
		}
	}
	close := strings.LastIndex(line, "**")
	if close < 2 {
		return candidate{}, false
	}
	open := strings.LastIndex(line[:close], "**")
	if open < 0 || close-open-2 > 40 || close-open-2 < 1 || strings.HasSuffix(line[open+2:close], ":") || !strings.ContainsAny(line[open+2:close], "0123456789") {
		return candidate{}, false
	}
	s, e := trimSpan(text, start+open+2, start+close)
	if e <= s {
		return candidate{}, false
	}
	return candidate{s, e, "bold"}, true
}

// lastNumber returns the last number of the text (digits with thousands
// separators, a decimal part, a minus sign).
func lastNumber(text string) (candidate, bool) {
	j := len(text) - 1
	for j >= 0 && !expr.IsDigit(text[j]) {
		j--
	}
	if j < 0 {
		return candidate{}, false
	}
	e := j + 1
	s := j
	for s > 0 && (expr.IsDigit(text[s-1]) || (text[s-1] == '.' || text[s-1] == ',') && s-2 >= 0 && expr.IsDigit(text[s-2])) {
		s--
	}
	if s > 0 && text[s-1] == '-' {
		s--
	}
	return candidate{s, e, "last_number"}, true
}
