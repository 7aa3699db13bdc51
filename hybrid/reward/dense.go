package reward

// The dense form of the grounded reward: each step's share of the chain's pay and where the
// step sits in the response.

import (
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/hybrid"
)

// Dense fills each step's Delta-form reward (Gao et al. 2024) so that they add up to total,
// the chain's gated reward: each step is paid the value of the prefix ending at it minus the
// value of the prefix before it. A prefix short of the whole chain has not derived the answer
// yet, so its value is the floor alone (FloorShare of its min score): a step can lower it,
// never raise it, and the whole chain's value is total.
func (w *Work) Dense(total float64) {
	prev, minAll := 0.0, 0.0
	for i := range w.Steps {
		s := &w.Steps[i]
		if i == 0 || s.Score < minAll {
			minAll = s.Score
		}
		v := FloorShare * minAll
		if i == len(w.Steps)-1 {
			v = total
		}
		s.Reward = v - prev
		prev = v
	}
}

// Offsets sets each step's character offsets in response: each step's text is looked for
// after the end of the previous one (its first line when the whole text is not found, as a
// reader may have dropped a step marker).
func (w *Work) Offsets(r *hybrid.Scored, response string) {
	at := 0 // byte offset where the next search starts
	for i := range w.Steps {
		if i >= len(r.Steps) {
			return
		}
		text := strings.TrimSpace(r.Steps[i].Text)
		start, n := -1, len(text)
		if text != "" {
			start = strings.Index(response[at:], text)
			if start < 0 {
				line, _, _ := strings.Cut(text, "\n")
				start, n = strings.Index(response[at:], line), len(line)
			}
		}
		if start < 0 {
			continue
		}
		b0, b1 := at+start, at+start+n
		// Character offsets counted from the byte offsets (one pass over what precedes).
		w.Steps[i].Start = utf8.RuneCountInString(response[:b0])
		w.Steps[i].End = w.Steps[i].Start + utf8.RuneCountInString(response[b0:b1])
		at = b1
	}
}
