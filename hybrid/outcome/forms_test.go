package outcome

import (
	"testing"
)

// TestFormsCorpus grades the corpus of issue 30's forms (units, mixed numbers, repeating
// decimals, vectors, functions, text, exact values): never equal on a pair that differs,
// never different on a pair that is equal, unknown on a pair a careful human cannot decide
// from the answers alone, the same verdict both ways round, and at least 90% of the
// decidable pairs decided, overall and in each family.
func TestFormsCorpus(t *testing.T) {
	pairs := readPairs(t, "testdata/forms.tsv", Equal, Different, Unknown)
	if len(pairs) < 600 {
		t.Fatalf("the corpus has %d pairs, want at least 600", len(pairs))
	}
	type tally struct{ pairs, equal, decidable, decided int }
	families := map[string]*tally{}
	var order []string
	all := &tally{}
	for _, p := range pairs {
		fam := families[p.family]
		if fam == nil {
			fam = &tally{}
			families[p.family] = fam
			order = append(order, p.family)
		}
		r := Grade(p.gold, p.answer)
		if back := Grade(p.answer, p.gold); back.Verdict != r.Verdict {
			t.Errorf("forms.tsv:%d: %q / %q: %s one way, %s the other", p.line, p.gold, p.answer, r.Verdict, back.Verdict)
		}
		for _, tl := range []*tally{fam, all} {
			tl.pairs++
			if p.truth == Equal {
				tl.equal++
			}
			if p.truth != Unknown {
				tl.decidable++
				if r.Verdict != Unknown {
					tl.decided++
				}
			}
		}
		switch {
		case p.truth == Unknown && r.Verdict != Unknown:
			t.Errorf("forms.tsv:%d: %q / %q is not decidable from the answers, graded %s (%s)", p.line, p.gold, p.answer, r.Verdict, r.Reason)
		case r.Verdict != Unknown && r.Verdict != p.truth:
			t.Errorf("forms.tsv:%d: %q / %q is %s, graded %s (%s)", p.line, p.gold, p.answer, p.truth, r.Verdict, r.Reason)
		case r.Verdict == Unknown && p.truth != Unknown:
			t.Logf("  undecided forms.tsv:%d: %q / %q: %s", p.line, p.gold, p.answer, r.Reason)
		}
	}
	for _, name := range order {
		f := families[name]
		t.Logf("%-62s pairs %3d (equal %3d), decided %3d of %3d decidable (%.1f%%)", name, f.pairs, f.equal, f.decided, f.decidable, pct(f.decided, f.decidable))
		if pct(f.decided, f.decidable) < 90 {
			t.Errorf("%s: decided %.1f%% of the decidable pairs, want at least 90%%", name, pct(f.decided, f.decidable))
		}
	}
	t.Logf("forms corpus: %d pairs (%d equal), decided %d of %d decidable (%.1f%%)", all.pairs, all.equal, all.decided, all.decidable, pct(all.decided, all.decidable))
	if pct(all.decided, all.decidable) < 90 {
		t.Errorf("decided %.1f%% of the decidable pairs, want at least 90%%", pct(all.decided, all.decidable))
	}
}
