package search

import "testing"

// TestVotesGroupByClasses: majority and weighted votes group answers as outcome.Classes does,
// each answer proven equal to every other of its group. "50%" equals "50" and "0.5" (the two
// readings of a percent sign), which differ from each other: grouping by equality with a
// group's first member put all five chains behind "50%"; the classes are {50%, 50} and
// {0.5, 0.5, 0.5}, and the vote goes to 0.5.
func TestVotesGroupByClasses(t *testing.T) {
	answers := []string{"50\\%", "50", "0.5", "\\frac12", "0.50"}
	paths := []float64{0.9, 0.8, 0.5, 0.4, 0.3}
	for _, sel := range []Selection{SelectMajority, SelectWeighted} {
		tr := &tree{o: Options{Select: sel, Grader: NewOutcomeGrader(nil)}}
		var nodes []*Node
		for i, a := range answers {
			nodes = append(nodes, &Node{ID: i + 1, Answer: a, Path: paths[i]})
		}
		got := tr.pick(nodes)
		// majority: 3 votes against 2; weighted: 0.5+0.4+0.3 = 1.2 against 0.9+0.8 = 1.7
		want := map[Selection]string{SelectMajority: "0.5", SelectWeighted: "50\\%"}[sel]
		if got.Answer != want {
			t.Errorf("%s: picked %q, want %q", sel, got.Answer, want)
		}
	}
	// no answer: each chain alone, the best-scored stands
	tr := &tree{o: Options{Select: SelectMajority, Grader: NewOutcomeGrader(nil)}}
	if got := tr.pick([]*Node{{ID: 1, Path: 0.2}, {ID: 2, Path: 0.7}}); got.ID != 2 {
		t.Errorf("chains without answers: picked %d, want 2", got.ID)
	}
}
