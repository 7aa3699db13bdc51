package outcome

import (
	"strings"
)

// Extraction is the final answer found in a chain's text.
type Extraction struct {
	Answer string `json:"answer"` // the answer's text as written ("" when none)
	// Found is false when the text states no answer: a result of its own,
	// never a guess.
	Found bool `json:"found"`
	// Method says how the answer was found: "boxed", "the_answer_is",
	// "final_answer", "hashes", "answer_colon", "bold", "last_number".
	Method     string   `json:"method"`
	Start, End int      `json:"-"`                // byte offsets of Answer in the text
	Others     []string `json:"others,omitempty"` // earlier candidates, in order
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
// Answer: …", "#### …", "Answer: …"), else a bold final line, else (only
// with Fallback "last-number") the last number. It reads the text once
// per marker: linear time whatever the input.
func ExtractWith(text string, o ExtractOptions) Extraction {
	var cands []candidate
	cands = append(cands, boxedCandidates(text)...)
	lower := asciiLower(text)
	for _, m := range []struct{ phrase, method string }{
		{"the final answer is", "final_answer"},
		{"final answer is", "final_answer"},
		{"the answer is", "the_answer_is"},
		{"answer is", "the_answer_is"},
		{"final answer:", "final_answer"},
		{"final answer", "final_answer"},
		{"####", "hashes"},
		{"answer:", "answer_colon"},
	} {
		cands = append(cands, phraseCandidates(text, lower, m.phrase, m.method)...)
	}
	cands = dedupeCandidates(cands)
	if len(cands) == 0 {
		if c, ok := boldLastLine(text); ok {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 && o.Fallback == FallbackLastNumber {
		if c, ok := lastNumber(text); ok {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return Extraction{}
	}
	// the last by position; among candidates at one position the innermost
	best := 0
	for i, c := range cands {
		if c.start > cands[best].start || c.start == cands[best].start && c.end < cands[best].end {
			best = i
		}
	}
	c := cands[best]
	ex := Extraction{Answer: text[c.start:c.end], Found: true, Method: c.method, Start: c.start, End: c.end}
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

// asciiLower lowers ASCII letters only, so byte offsets stay those of text.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// braceMatches returns, for each '{' of s not escaped, the index of its
// closing '}' (or -1), computed once with a stack: linear in len(s).
func braceMatches(s string) map[int]int {
	m := map[int]int{}
	var stack []int
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '}') {
				i++
			}
		case '{':
			stack = append(stack, i)
			m[i] = -1
		case '}':
			if len(stack) > 0 {
				m[stack[len(stack)-1]] = i
				stack = stack[:len(stack)-1]
			}
		}
	}
	return m
}

func boxedCandidates(text string) []candidate {
	if !strings.Contains(text, "\\boxed") && !strings.Contains(text, "\\fbox") {
		return nil
	}
	var matches map[int]int
	var out []candidate
	for _, cmd := range []string{"\\boxed", "\\fbox"} {
		for _, i := range lastOccurrences(text, cmd) {
			if i < len(text) && isLetter(text[i]) { // \boxedfoo is another command
				continue
			}
			j := i
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			if j < len(text) && text[j] == '{' {
				if matches == nil {
					matches = braceMatches(text)
				}
				if end := matches[j]; end > j {
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
		if e > s && (text[e-1] == '.' || text[e-1] == ',' || text[e-1] == ';') && !(e-2 >= s && isDigit(text[e-2]) && e < len(text) && isDigit(text[e])) {
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
		if s == s0 && e == e0 {
			break
		}
	}
	return s, e
}

// phraseCandidates finds each "phrase" (matched in lower) and takes the
// text after it to the end of its sentence.
func phraseCandidates(text, lower, phrase, method string) []candidate {
	var out []candidate
	for _, i := range lastOccurrences(lower, phrase) {
		at := i - len(phrase)
		if isLetter(phrase[0]) && at > 0 && isLetter(lower[at-1]) {
			continue // "myanswer is": not the phrase
		}
		if phrase == "final answer" && i < len(lower) && lower[i] != '\n' && lower[i] != '*' && lower[i] != ' ' {
			continue
		}
		// skip ':', '**', spaces, and a "$" is kept for the span reader
		for i < len(text) && strings.IndexByte(" \t:*", text[i]) >= 0 {
			i++
		}
		if i < len(text) && text[i] == '\n' && (phrase == "final answer" || phrase == "final answer:" || phrase == "answer:") {
			// the answer on the next non-empty line
			for i < len(text) && strings.IndexByte(" \t\r\n*", text[i]) >= 0 {
				i++
			}
		}
		if phrase == "final answer" && strings.HasPrefix(lower[i:], "the final answer is") {
			continue // read by the inner phrase
		}
		e := sentenceEnd(text, i)
		s, e := trimSpan(text, i, e)
		if e > s {
			out = append(out, candidate{s, e, method})
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
// occurrences of marker in s, in order.
func lastOccurrences(s, marker string) []int {
	var ends []int
	for off := 0; ; {
		k := strings.Index(s[off:], marker)
		if k < 0 {
			break
		}
		off += k + len(marker)
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
	for j >= 0 && !isDigit(text[j]) {
		j--
	}
	if j < 0 {
		return candidate{}, false
	}
	e := j + 1
	s := j
	for s > 0 && (isDigit(text[s-1]) || (text[s-1] == '.' || text[s-1] == ',') && s-2 >= 0 && isDigit(text[s-2])) {
		s--
	}
	if s > 0 && text[s-1] == '-' {
		s--
	}
	return candidate{s, e, "last_number"}, true
}
