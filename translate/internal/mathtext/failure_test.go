package mathtext

import "testing"

// TestFailureSentences: the sentence that states one ≠ relation alone,
// and the sentence that only rules out a case, are told from others.
func TestFailureSentences(t *testing.T) {
	for _, c := range []struct {
		text       string
		bare, kase bool // sentence 0 bare, sentence 1 a case's rejection
	}{
		{"Then 0^2 - 0 + 2 ≠ 2. This case doesn't satisfy the given condition.", true, true},
		{"So 7 ≠ 8. Hence this value is not valid.", true, true},
		{"We need 7 ≠ 8. This case does not work.", false, true},
		{"Then 7 ≠ 8. This is not true.", true, false},
		{"Then 7 ≠ 8. Wait, this case is fine.", true, false},
		{"Then 7 = 7 ≠ 8. This case does not work.", false, true},
		{"Then 7 ≠ 8. This case does not work because 8 is even.", true, false},
		{"Then 7 ≠ 8? This case does not work.", false, true},
	} {
		sc := BuildRuns(c.text, Lex(c.text, 400))
		if len(sc.Sentences) < 2 {
			t.Fatalf("%q: %d sentences", c.text, len(sc.Sentences))
		}
		if sc.Sentences[0].bareFailure != c.bare || sc.Sentences[1].caseRejection != c.kase {
			t.Errorf("%q: bare %v case %v, want %v %v", c.text, sc.Sentences[0].bareFailure, sc.Sentences[1].caseRejection, c.bare, c.kase)
		}
	}
}

// FuzzFailureDoubt: FailureDoubtAt never panics, and it only ever lifts
// the next sentence's rejection, after a bare failure and before a case's
// rejection; every other doubt is ComputationDoubtAt's.
func FuzzFailureDoubt(f *testing.F) {
	for _, s := range []string{
		"Then 0^2 - 0 + 2 ≠ 2. This case doesn't satisfy the given condition.",
		"So \\(7 \\neq 8\\). Hence this value is not valid. Wait",
		"We need 7 ≠ 8. This case does not work?",
		"≠. case not", "", ". . ≠", "\xff≠\xfe. case cannot",
		"Then 2 + 2 = 5. \\]\nThis does not match our original \\(z\\), so we discard this factorization.",
		"It doesn't equal the given value, so we reject this pair. This is not equal to 3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc := BuildRuns(s, Lex(s, 400))
		for i := range sc.Sentences {
			if si := sc.Sentences[i]; si.mismatch && (si.strong != "" || si.doubt != "") {
				t.Fatalf("%q sentence %d: a mismatch sentence keeps a doubt: %+v", s, i, si)
			}
			for _, at := range []int{-1, 0, len(s)} {
				got, want := sc.FailureDoubtAt(i, at), sc.ComputationDoubtAt(i, at)
				if got == want {
					continue
				}
				if got != "" || want != sc.nextRejection(i) || sc.Sentences[i+1].mismatch || !sc.Sentences[i].bareFailure || !sc.Sentences[i+1].caseRejection {
					t.Fatalf("%q sentence %d: FailureDoubtAt %q, ComputationDoubtAt %q", s, i, got, want)
				}
			}
		}
	})
}

// TestMismatchSentence: a sentence that only says the result before
// misses a target, with at most a candidate's rejection, is told from one
// that doubts the work or says more.
func TestMismatchSentence(t *testing.T) {
	for text, want := range map[string]bool{
		"This does not match our original \\(z\\), so we discard this factorization.": true,
		"This does not match \\(-142 + 333\\sqrt{5}i\\).":                             true,
		"It doesn't equal the given value, so we reject this pair.":                   true,
		"That is not equal to \\(12\\).":                                              true,
		"This does not match.":                                                        false,
		"This does not match our result.":                                             false,
		"This does not match \\(31\\), so we made an error.":                          false,
		"This does not match \\(31\\), so let us recheck.":                            false,
		"Wait, this does not match \\(31\\).":                                         false,
		"This does not match \\(31\\)?":                                               false,
		"This does not match \\(31 = 30\\).":                                          false,
		"This is not correct.":                                                        false,
	} {
		toks := Lex(text, 400)
		if got := mismatchSentence(toks); got != want {
			t.Errorf("mismatchSentence(%q) = %v, want %v", text, got, want)
		}
		sc := BuildRuns("Then 2 + 2 = 5. "+text, Lex("Then 2 + 2 = 5. "+text, 400))
		if lifted := sc.ComputationDoubt(0) == ""; lifted != want {
			t.Errorf("%q: the claim before held %v, want %v", text, !lifted, !want)
		}
	}
}
