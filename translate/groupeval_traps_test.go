package translate

import "testing"

// groupEvalTraps pin a bracket of closed arithmetic replaced by a number
// in a rewriting that copies the rest (docs/TRANSLATE.md, "A bracket
// computed in a rewriting"; package groupeval): right values are left
// alone, a wrong one is refuted in an "=" link and across a rewriting cue,
// with powers of a name or logarithms around it; brackets of an exponent,
// values within rounding, residues, other changes and hedged sentences
// are not read. The wording and the numbers are ours.
var groupEvalTraps = []trap{
	// True forms: the bracket's value is written.
	{family: "groupeval true", steps: []string{`So \( 5^{t}(2^3 - 3) = 5^{t}(5) \).`}, want: wantNotRefuted},
	{family: "groupeval true", steps: []string{`We have \( 7^{n}(6 \cdot 4) = 3^{n}(11 - 2) \). Simplifying, \( 7^{n}(24) = 3^{n}(9) \).`}, want: wantNotRefuted},
	// Variants: other numbers and notations, still true.
	{family: "groupeval variant", steps: []string{`Then \( \log_2(3 + 5) - y \), which simplifies to \( \log_2(8) - y \).`}, want: wantNotRefuted},
	{family: "groupeval variant", steps: []string{`\[ 4^{a}(10 - 7) = 2^{a}(1 + 1) = 2^{a}(2) \]`}, want: wantNotRefuted},
	// Not read: an exponent, a rounding, residues, another change too.
	{family: "groupeval other", steps: []string{`\[ 7^{x}(y^{(2 + 2)}) = 7^{x}(y^{(5)}) \]`}, want: wantNotRefuted},
	{family: "groupeval other", steps: []string{`\[ 9^{k}(2.5 \cdot 1.3) = 9^{k}(3.3) \]`}, want: wantNotRefuted},
	{family: "groupeval other", steps: []string{`\[ 2^{k}(3 \cdot 5) \equiv 2^{k}(1) \pmod{7} \]`}, want: wantNotRefuted},
	{family: "groupeval other", steps: []string{`\[ 5^{t}(2^3 - 3) = 6^{t}(4) \]`}, want: wantNotRefuted},
	// Hedged, supposed or denied: left alone.
	{family: "groupeval hedged", steps: []string{`If \( 5^{t}(2^3 - 3) = 5^{t}(4) \), the next line follows.`}, want: wantNotRefuted},
	{family: "groupeval hedged", steps: []string{`Writing \( 5^{t}(2^3 - 3) = 5^{t}(4) \) would be a mistake.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: the bracket's value is wrong.
	{family: "groupeval wrong", steps: []string{`So \( 5^{t}(2^3 - 3) = 5^{t}(4) \).`}, want: wantRefuted, claim: "2^3 - 3 = 4"},
	{family: "groupeval wrong", steps: []string{`We have \( 7^{n}(6 \cdot 4) = 3^{n}(11 - 2) \). Simplifying, \( 7^{n}(26) = 3^{n}(9) \).`}, want: wantRefuted, claim: "6 * 4 = 26"},
	{family: "groupeval wrong", steps: []string{`Then \( \log_2(3 + 5) - y \), which simplifies to \( \log_2(9) - y \).`}, want: wantRefuted, claim: "3 + 5 = 9"},
	{family: "groupeval wrong", steps: []string{`\[ 4^{a}(10 - 7) = 2^{a}(1 + 1) = 2^{a}(3) \]`}, want: wantRefuted, claim: "1 + 1 = 3"},
}

func TestGroupEvalTraps(t *testing.T) {
	runTraps(t, "groupeval", groupEvalTraps, nil)
}

// groupEvalSequenceTraps: two values named one after the other are no
// rewriting of one into the other.
var groupEvalSequenceTraps = []trap{
	{family: "groupeval sequence", steps: []string{`First we find \( g(2 + 1) \), then \( g(4) \).`}, want: wantNotRefuted},
	{family: "groupeval sequence", steps: []string{`We list \( 3^{k}(1 + 1) \) so \( 3^{k}(5) \) follows.`}, want: wantNotRefuted},
	{family: "groupeval sequence", steps: []string{`\[ 3^{k}(1 + 1) \] \[ 3^{k}(5) \]`}, want: wantNotRefuted},
}

func TestGroupEvalSequenceTraps(t *testing.T) {
	runTraps(t, "groupeval-seq", groupEvalSequenceTraps, nil)
}
