package hybrid

import (
	"fmt"
	"unicode/utf8"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// MaxLearnedTextBytes bounds the text a learned PRM reads of one step (and of the problem).
// The embedded model's features cost about 74 bytes of memory per byte of text, so an
// unbounded step is an out-of-memory crash waiting for hostile input; the longest step in the
// benchmark data is a few KiB, far below this. The Scorer truncates longer texts before the
// PRM sees them and records a warning on the chain; the formal side has its own cap.
const MaxLearnedTextBytes = 64 << 10

// LearnedText returns s cut to at most MaxLearnedTextBytes on a UTF-8 boundary, and whether
// it was cut.
func LearnedText(s string) (string, bool) {
	if len(s) <= MaxLearnedTextBytes {
		return s, false
	}
	n := MaxLearnedTextBytes
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n], true
}

// learnedInput is c's problem and steps as the learned PRM reads them: texts over
// MaxLearnedTextBytes truncated, with a warning for each. The steps are copied only when one
// is cut.
func learnedInput(c chain.Chain) (string, []chain.Step, []string) {
	var warnings []string
	problem, cut := LearnedText(c.Problem)
	if cut {
		warnings = append(warnings, fmt.Sprintf("problem is %d bytes: the learned score read the first %d", len(c.Problem), len(problem)))
	}
	steps, copied := c.Steps, false
	for i, st := range c.Steps {
		t, cut := LearnedText(st.Text)
		if !cut {
			continue
		}
		if !copied {
			steps, copied = append([]chain.Step(nil), c.Steps...), true
		}
		steps[i].Text = t
		warnings = append(warnings, fmt.Sprintf("step %d is %d bytes: the learned score read the first %d", i+1, len(st.Text), len(t)))
	}
	return problem, steps, warnings
}
