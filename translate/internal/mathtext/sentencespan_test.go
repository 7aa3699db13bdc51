package mathtext

import "testing"

// TestSentenceSpan: the sentence around a byte ends at the marks asked for, a kept "?" included,
// and never reaches past max bytes either way.
func TestSentenceSpan(t *testing.T) {
	text := "First one. So 5! = 120 is it? Yes\nnext"
	i := len("First one. So 5! ") // at "="
	for _, c := range []struct {
		ends string
		keep bool
		want string
	}{
		{".?", true, "So 5! = 120 is it?"},
		{".?", false, "So 5! = 120 is it"},
		{".?!", true, "= 120 is it?"},
	} {
		s, e := SentenceSpan(text, i, 100, c.ends, c.keep)
		if got := text[s:e]; got != c.want {
			t.Errorf("SentenceSpan(%q, %v) = %q, want %q", c.ends, c.keep, got, c.want)
		}
	}
	if s, e := SentenceSpan(text, i, 3, ".?", true); i-s > 3 || e-i > 3 {
		t.Errorf("SentenceSpan with max 3 = [%d, %d) around %d", s, e, i)
	}
}
