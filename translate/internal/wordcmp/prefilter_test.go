package wordcmp

import (
	"math/rand"
	"reflect"
	"testing"
)

// differSlots write the texts before " than " that differRE reads.
var differSlots = [][]string{
	{"", "So ", "(", "x"},
	{"7", "12.5", "1,000"},
	{"", " pounds", " é"},
	{" ", "\t"},
	{"is", "ARE", "was", "iſ"},
	{" ", "\n"},
	{"", "exactly ", "Just "},
	{"3", "half a", "THREE", "x"},
	{"", " pounds", " kg"},
	{" ", "\t", ""},
	{"greater", "Larger", "BIGGER", "less", "leſs", "ſmaller", "smaller", "more", "fewer", "Older", "lighter", "x", "seventy"},
	{" than ", "\n than ", " than", " THAN "},
}

// TestPlainTestsBeforePatterns: mayCompare and mayDiffer let through every
// text their patterns match, on texts written slot by slot of the
// patterns' pieces and near misses.
func TestPlainTestsBeforePatterns(t *testing.T) {
	slots := [][]string{
		{"", "So ", "(", ":", "x", "é"},
		{"7", "12.5", "1,000", "it", "\\(\\sqrt{2}\\)"},
		{"", " pounds", " é"},
		{" ", "\t", "\n ", ""},
		{"is", "IS", "are", "was", "iſ"},
		{" ", "  ", "\f"},
		{"", "not ", "actually ", "an integer ", "exactly ", "a fraction that is "},
		{"", "3 ", "half a ", "three ", "20 pounds "},
		{"greater", "Larger", "BIGGER", "less", "leſs", "ſmaller", "smaller", "more", "fewer", "Older", "lighter", "x", "seventy"},
		{" ", "\t", "", " \r "},
		{"than", "THAN", "Than", "tha"},
		{" ", "", " or equal to ", "\n"},
		{"", "5", "$2$"},
	}
	r := rand.New(rand.NewSource(2))
	cmps, diffs := 0, 0
	for n := 0; n < 50000; n++ {
		s := ""
		for _, sl := range slots {
			s += sl[r.Intn(len(sl))]
		}
		if cmpRE.MatchString(s) {
			cmps++
			if !mayCompare(s) {
				t.Fatalf("cmpRE matches %q, mayCompare holds it out", s)
			}
		}
		w := ""
		for _, sl := range differSlots {
			w += sl[r.Intn(len(sl))]
		}
		if differRE.MatchString(w) {
			diffs++
			if !mayDiffer(w) {
				t.Fatalf("differRE matches %q, mayDiffer holds it out", w)
			}
		}
	}
	if cmps < 500 || diffs < 500 {
		t.Fatalf("only %d texts matched cmpRE and %d differRE", cmps, diffs)
	}
}

// TestEachThanFindsEveryThan: the Horspool search finds every "than" in
// any ASCII case, in order, as a test at each byte does.
func TestEachThanFindsEveryThan(t *testing.T) {
	parts := []string{"t", "T", "h", "H", "a", "A", "n", "N", "than", "THAN", "tthan", "thhan", " ", "x", "é"}
	r := rand.New(rand.NewSource(4))
	for n := 0; n < 50000; n++ {
		s := ""
		for k := r.Intn(12); k >= 0; k-- {
			s += parts[r.Intn(len(parts))]
		}
		var want, got []int
		for i := 0; i+4 <= len(s); i++ {
			if s[i]|0x20 == 't' && s[i+1]|0x20 == 'h' && s[i+2]|0x20 == 'a' && s[i+3]|0x20 == 'n' {
				want = append(want, i)
			}
		}
		eachThan(s, func(i int) bool { got = append(got, i); return false })
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("eachThan(%q) finds %v, not %v", s, got, want)
		}
		if holdsThan(s) != (len(want) > 0) {
			t.Fatalf("holdsThan(%q) = %v", s, holdsThan(s))
		}
	}
}
