package chain

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// The text and Markdown reader.
//
//   - A line of three or more "-" (outside code fences) separates chains, so
//     one file can hold several candidate solutions.
//   - A paragraph that starts with "Problem:" or "Question:", or follows a
//     "# Problem" heading, is the problem.
//   - If any line starts with a step marker ("Step 3:", "**Step 3.**",
//     "## Step 3"), steps start at the markers (the marker itself is dropped)
//     and text before the first marker is the problem. Without step markers,
//     a top-level list does the same: numbered ("1. ", "1) ") or bulleted
//     ("- ", "* ", "+ "), whichever comes first; indented (nested) items
//     stay inside their item. Otherwise each paragraph (text between blank
//     lines) is a step.
//   - A fenced ```lean (or lean4) block is a formal step of its own; other
//     fenced blocks stay in the step around them and blank lines inside
//     them do not split it.
//   - Other Markdown headings are dropped.

var (
	stepMarker    = regexp.MustCompile(`(?i)^\s{0,3}(?:#{1,6}\s*)?(?:[-*+]\s+)?(?:\*\*|__)?step\s*\d+\s*(?:\*\*|__)?\s*(?:[:.)]|\s-\s|$)\s*(?:\*\*|__)?\s*`)
	problemLabel  = regexp.MustCompile(`(?i)^\s{0,3}(?:\*\*|__)?(?:problem|question)\s*(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*`)
	headingLine   = regexp.MustCompile(`^\s{0,3}#{1,6}(?:\s|$)`)
	problemHeader = regexp.MustCompile(`(?i)^\s{0,3}#{1,6}\s*(?:problem|question)\s*:?\s*$`)
	fenceLine     = regexp.MustCompile("^\\s{0,3}(```+|~~~+)\\s*([A-Za-z0-9_+-]*)")
	chainRule     = regexp.MustCompile(`^\s{0,3}-{3,}\s*$`)
	numberedItem  = regexp.MustCompile(`^ ?\d{1,3}[.)]\s+`)
	bulletItem    = regexp.MustCompile(`^ ?[-*+]\s+`)
)

type textLine struct {
	text string
	no   int // 1-based line number in the file
}

func decodeText(data []byte, name string) ([]Chain, []RowError) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var (
		chains []Chain
		errs   []RowError
		block  []textLine
		fence  string
	)
	flush := func() {
		if c, err := textChain(block, name); err != nil {
			if len(block) > 0 {
				errs = append(errs, RowError{name, block[0].no, err})
			}
		} else if c != nil {
			chains = append(chains, *c)
		}
		block = block[:0]
	}
	for i, l := range lines {
		if m := fenceLine.FindStringSubmatch(l); m != nil {
			switch {
			case fence == "":
				fence = m[1]
			case strings.HasPrefix(m[1], fence) && strings.TrimSpace(l) == strings.TrimSpace(m[1]):
				fence = ""
			}
		} else if fence == "" && chainRule.MatchString(l) {
			flush()
			continue
		}
		block = append(block, textLine{l, i + 1})
	}
	flush()
	return chains, errs
}

// stepMarkers picks what starts a step in block, outside code fences: "Step N:" markers if
// any line has one, else the kind of top-level list item that comes first, else nil
// (paragraphs are steps).
func stepMarkers(block []textLine) *regexp.Regexp {
	var list *regexp.Regexp
	fence := ""
	for _, l := range block {
		if m := fenceLine.FindStringSubmatch(l.text); m != nil {
			if fence == "" {
				fence = m[1]
			} else if strings.HasPrefix(m[1], fence) {
				fence = ""
			}
			continue
		}
		switch {
		case fence != "" || chainRule.MatchString(l.text):
		case stepMarker.MatchString(l.text):
			return stepMarker
		case list == nil && numberedItem.MatchString(l.text):
			list = numberedItem
		case list == nil && bulletItem.MatchString(l.text):
			list = bulletItem
		}
	}
	return list
}

// textChain builds one chain from a block of lines; a block with no text
// at all yields nil.
func textChain(block []textLine, name string) (*Chain, error) {
	blank := true
	for _, l := range block {
		if strings.TrimSpace(l.text) != "" {
			blank = false
			break
		}
	}
	if blank {
		return nil, nil
	}
	marker := stepMarkers(block)
	markers := marker != nil

	var (
		problem   []string
		steps     []Step
		cur       []string
		inProblem bool // the current paragraph is the problem
		preamble  = markers
		err       error
	)
	endPara := func() {
		text := strings.TrimSpace(strings.Join(cur, "\n"))
		cur = cur[:0]
		if text == "" {
			return
		}
		if inProblem || preamble {
			problem = append(problem, text)
			inProblem = false
			return
		}
		steps = append(steps, Step{Text: text})
	}
	for i := 0; i < len(block); i++ {
		l := block[i].text
		if m := fenceLine.FindStringSubmatch(l); m != nil {
			lang := strings.ToLower(m[2])
			// Collect the fenced block up to its closing fence.
			j := i + 1
			for j < len(block) {
				if cm := fenceLine.FindStringSubmatch(block[j].text); cm != nil && strings.HasPrefix(cm[1], m[1]) && cm[2] == "" {
					break
				}
				j++
			}
			if j == len(block) && err == nil {
				err = fmt.Errorf("line %d: unclosed code fence", block[i].no)
			}
			if lang == "lean" || lang == "lean4" {
				endPara()
				var body []string
				for _, bl := range block[i+1 : min(j, len(block))] {
					body = append(body, bl.text)
				}
				steps = append(steps, Step{Text: strings.Join(body, "\n"), Formal: true})
				preamble = false
			} else {
				for _, bl := range block[i:min(j+1, len(block))] {
					cur = append(cur, bl.text)
				}
			}
			i = j
			continue
		}
		switch {
		case markers && marker.MatchString(l):
			endPara()
			preamble = false
			cur = append(cur, marker.ReplaceAllString(l, ""))
		case problemHeader.MatchString(l):
			endPara()
			inProblem = true
		case headingLine.MatchString(l):
			endPara()
		case problemLabel.MatchString(l):
			endPara()
			inProblem = true
			cur = append(cur, problemLabel.ReplaceAllString(l, ""))
		case strings.TrimSpace(l) == "":
			if !markers || inProblem {
				endPara()
			} else {
				cur = append(cur, "")
			}
		default:
			cur = append(cur, l)
		}
	}
	endPara()
	if err != nil {
		return nil, err
	}
	if len(steps) == 0 {
		return nil, errors.New("no steps")
	}
	src := fmt.Sprintf("%s:%d", name, block[0].no)
	for _, l := range block {
		if strings.TrimSpace(l.text) != "" {
			src = fmt.Sprintf("%s:%d", name, l.no)
			break
		}
	}
	return &Chain{
		ID:         src,
		Source:     src,
		Problem:    strings.Join(problem, "\n\n"),
		Steps:      steps,
		FirstError: NoLabel,
	}, nil
}
