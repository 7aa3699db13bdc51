package outcome

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

type corpusPair struct {
	line         int
	truth        Verdict
	gold, answer string
}

func readCorpus(tb testing.TB) []corpusPair {
	var out []corpusPair
	for _, p := range readPairs(tb, "testdata/pairs.tsv", Equal, Different) {
		out = append(out, p.corpusPair)
	}
	return out
}

// formPair is one line of a corpus with the family (the "# == " heading) it sits under.
type formPair struct {
	corpusPair
	family string
}

// readPairs reads a corpus of truth<TAB>gold<TAB>answer lines whose truth is one of truths.
func readPairs(tb testing.TB, path string, truths ...Verdict) []formPair {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []formPair
	family := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "# == "); ok {
			family = name
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 || !slices.Contains(truths, Verdict(parts[0])) {
			tb.Fatalf("%s:%d: want truth<TAB>gold<TAB>answer with truth one of %v, got %q", path, n, truths, line)
		}
		out = append(out, formPair{corpusPair{n, Verdict(parts[0]), parts[1], parts[2]}, family})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestCorpus grades the hand-written corpus of answer pairs: never equal
// on a pair that differs, never different on a pair that is equal, the
// same verdict both ways round, and at least 95% decided.
func TestCorpus(t *testing.T) {
	pairs := readCorpus(t)
	if len(pairs) < 300 {
		t.Fatalf("the corpus has %d pairs; it should have hundreds", len(pairs))
	}
	decided := 0
	var undecided []string
	for _, p := range pairs {
		r := Grade(p.gold, p.answer)
		if back := Grade(p.answer, p.gold); back.Verdict != r.Verdict {
			t.Errorf("pairs.tsv:%d: %q / %q: %s one way, %s the other", p.line, p.gold, p.answer, r.Verdict, back.Verdict)
		}
		switch {
		case r.Verdict == Unknown:
			undecided = append(undecided, p.gold+" / "+p.answer+": "+r.Reason)
			continue
		case r.Verdict != p.truth:
			t.Errorf("pairs.tsv:%d: %q / %q is %s, graded %s (%s)", p.line, p.gold, p.answer, p.truth, r.Verdict, r.Reason)
		}
		decided++
	}
	share := pct(decided, len(pairs))
	t.Logf("corpus: %d pairs, decided %d (%.1f%%), unknown %d", len(pairs), decided, share, len(undecided))
	for _, u := range undecided {
		t.Logf("  unknown: %s", u)
	}
	if share < 95 {
		t.Errorf("decided %.1f%% of the corpus, want at least 95%%", share)
	}
}

// TestGraderConcurrent grades the corpus from several goroutines through one Grader (its
// cache shared) and expects the verdicts of a single goroutine; -race checks the sharing.
func TestGraderConcurrent(t *testing.T) {
	pairs := readCorpus(t)
	want := make([]Verdict, len(pairs))
	for i, p := range pairs {
		want[i] = NewGrader(GraderOptions{CacheSize: -1}).Grade(p.gold, p.answer).Verdict
	}
	g := NewGrader(GraderOptions{CacheSize: 64}) // small: the cache starts over while in use
	errs := make(chan error, 4)
	for w := range 4 {
		go func() {
			for k := range pairs {
				i := (k + w*97) % len(pairs)
				if got := g.Grade(pairs[i].gold, pairs[i].answer).Verdict; got != want[i] {
					errs <- fmt.Errorf("pairs.tsv:%d: %s concurrently, %s alone", pairs[i].line, got, want[i])
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
