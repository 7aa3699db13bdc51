package translate

import "testing"

// failureTraps pin the reading of a claim followed by a sentence that
// draws its consequence (docs/TRANSLATE.md, "A failure or a missed target,
// and its consequence"; mathtext/failure.go): a ≠ claim followed by a
// case's rejection, and a computation followed by a sentence saying its
// result misses a target. True claims are left alone, false ones are
// refuted; the claim stays held when the next sentence may reject the
// claim itself or doubt the work, when the claim's own sentence tests,
// requires, supposes or hedges it, or when either sentence says more than
// the reading knows. The wording is ours.
var failureTraps = []trap{
	// True failures: left alone (or verified), never refuted.
	{family: "failure true", steps: []string{`Case 2: p = 5. Then 5^2 - 4 \cdot 5 + 1 ≠ 1. This case does not satisfy the condition.`}, want: wantNotRefuted},
	{family: "failure true", steps: []string{`For \(k = 4\) we get \(3 \cdot 4 + 1 = 13\). Then \(13 \neq 12\). So this value is not valid.`}, want: wantNotRefuted},
	{family: "failure true", steps: []string{`Checking (x, y) = (2, 1): 2^2 + 1 = 5. Thus 5 ≠ 7. This pair is rejected.`}, want: wantNotRefuted},
	// False failures, with new numbers and wordings: refuted.
	{family: "failure wrong", steps: []string{`Case 1: m = 2. Solving gives n = 0. 0^2 + 0 + 5 ≠ 5. This case doesn't satisfy the given condition.`}, want: wantRefuted, claim: "≠"},
	{family: "failure wrong", steps: []string{`With \(t = 3\): \(t^2 - 2t = 3\). So \(3^2 - 2 \cdot 3 \neq 3\). This value does not work.`}, want: wantRefuted, claim: "≠"},
	{family: "failure wrong", steps: []string{`We substitute a = 4 into the second equation. Then 2 \cdot 4 - 1 ≠ 7. Thus this candidate cannot satisfy all the conditions.`}, want: wantRefuted, claim: "≠"},
	{family: "failure wrong", steps: []string{`Let b = 6. We get \(\frac{6}{2} + 1 \neq 4\). Hence this choice is impossible.`}, want: wantRefuted, claim: "≠"},
	{family: "failure wrong", steps: []string{`Now c = 1 and 1 + 1 + 1 ≠ 3. So the case fails.`}, want: wantRefuted, claim: "≠"},
	// The next sentence may reject the claim itself: held.
	{family: "failure rejected", steps: []string{`Case 1: m = 2. 0^2 + 0 + 5 ≠ 5. This is not true.`}, want: wantNotRefuted},
	{family: "failure rejected", steps: []string{`Case 1: m = 2. 0^2 + 0 + 5 ≠ 5. Wait, this case is not right.`}, want: wantNotRefuted},
	{family: "failure rejected", steps: []string{`Case 1: m = 2. 0^2 + 0 + 5 ≠ 5. Actually this case is valid.`}, want: wantNotRefuted},
	{family: "failure rejected", steps: []string{`Case 1: m = 2. 0^2 + 0 + 5 ≠ 5. That is incorrect, so this case does not fail.`}, want: wantNotRefuted},
	{family: "failure rejected", steps: []string{`Case 1: m = 2. 0^2 + 0 + 5 ≠ 5. This inequality is not correct.`}, want: wantNotRefuted},
	{family: "failure rejected", steps: []string{`Case 1: m = 2. 0^2 + 0 + 5 ≠ 5. No, the value is 5, so this case does not fail.`}, want: wantNotRefuted},
	{family: "failure rejected", steps: []string{`Case 1: m = 2. 0^2 + 0 + 5 ≠ 5? This case does not work.`}, want: wantNotRefuted},
	// The claim's own sentence tests, requires, supposes or hedges it: held.
	{family: "failure hedged", steps: []string{`For this case to work we need 0^2 + 0 + 5 ≠ 5. This case does not satisfy it.`}, want: wantNotRefuted},
	{family: "failure hedged", steps: []string{`We check whether 0^2 + 0 + 5 ≠ 5. This case does not satisfy the condition.`}, want: wantNotRefuted},
	{family: "failure hedged", steps: []string{`If 0^2 + 0 + 5 ≠ 5, the pair is excluded. This case is not possible.`}, want: wantNotRefuted},
	{family: "failure hedged", steps: []string{`It seems that 0^2 + 0 + 5 ≠ 5. This case does not work.`}, want: wantNotRefuted},
	{family: "failure hedged", steps: []string{`The condition is 0^2 + 0 + 5 ≠ 5. This value does not satisfy the condition.`}, want: wantNotRefuted},
	// An approximation or a second relation in the sentence: held.
	{family: "failure approximate", steps: []string{`Then 0.33 \cdot 3 ≈ 1 ≠ 1. This case does not work.`}, want: wantNotRefuted},
	{family: "failure approximate", steps: []string{`So 3 + 4 = 7 ≠ 7. This case does not work.`}, want: wantNotRefuted, claim: "≠"},
	// A next sentence that says more than a case's rejection: held.
	{family: "failure more", steps: []string{`Case 1: m = 2. 0^2 + 0 + 5 ≠ 5. This case does not satisfy the condition because 5 is odd.`}, want: wantNotRefuted},
	{family: "failure more", steps: []string{`Case 1: m = 2. 0^2 + 0 + 5 ≠ 5. So m = 2 is not a solution.`}, want: wantNotRefuted},

	// A computation followed by a sentence saying its result misses a target: asserted.
	{family: "mismatch true", steps: []string{`Then \(4 \cdot 9 - 7 = 29\). This does not match \(31\), so we discard this case.`}, want: wantNotRefuted},
	{family: "mismatch true", steps: []string{`Expanding:` + "\n" + `\[ (2 + 3\sqrt{2})(1 - \sqrt{2}) = 2 - 2\sqrt{2} + 3\sqrt{2} - 6 = -4 + \sqrt{2}. \]` + "\n" + `This does not match our original \(w\), so we discard this factorization.`}, want: wantNotRefuted},
	{family: "mismatch wrong", steps: []string{`Then \(4 \cdot 9 - 7 = 27\). This does not match \(31\), so we discard this case.`}, want: wantRefuted, claim: "4 * 9 - 7 = 27"},
	{family: "mismatch wrong", steps: []string{`So \(12 \times 13 = 146\). It doesn't equal the required value, so we reject this pair.`}, want: wantRefuted, claim: "12 * 13 = 146"},
	{family: "mismatch wrong", steps: []string{`Here \(2^{7} + 5 = 123\). This is not equal to \(125\).`}, want: wantRefuted, claim: "= 123"},
	{family: "mismatch wrong", steps: []string{`Expanding:` + "\n" + `\[ (2 + 3\sqrt{2})(1 - \sqrt{2}) = 2 - 2\sqrt{2} + 3\sqrt{2} + 6 = 8 + \sqrt{2}. \]` + "\n" + `This does not match our original \(w\), so we discard this factorization.`}, want: wantRefuted},
	// A mismatch that doubts the work, or says more: held.
	{family: "mismatch held", steps: []string{`Then \(4 \cdot 9 - 7 = 27\). This does not match \(31\), so we made an error.`}, want: wantNotRefuted},
	{family: "mismatch held", steps: []string{`Then \(4 \cdot 9 - 7 = 27\). This does not match the expected result, so let us recheck.`}, want: wantNotRefuted},
	{family: "mismatch held", steps: []string{`Then \(4 \cdot 9 - 7 = 27\). This does not match.`}, want: wantNotRefuted},
	{family: "mismatch held", steps: []string{`Then \(4 \cdot 9 - 7 = 27\). This does not match \(31\)?`}, want: wantNotRefuted},
	{family: "mismatch held", steps: []string{`Then \(4 \cdot 9 - 7 = 27\). Wait, this does not match \(31\).`}, want: wantNotRefuted},
	{family: "mismatch held", steps: []string{`Then \(4 \cdot 9 - 7 = 27\). This does not match \(31\), which means the computation is wrong.`}, want: wantNotRefuted},
	{family: "mismatch held", steps: []string{`If \(4 \cdot 9 - 7 = 27\), then it works. This does not match \(31\).`}, want: wantNotRefuted},
	{family: "mismatch held", steps: []string{`Then roughly \(4 \cdot 9 - 7 \approx 27\). This does not match \(31\), so we discard this case.`}, want: wantNotRefuted},
}

func TestFailureTraps(t *testing.T) {
	runTraps(t, "failure", failureTraps, nil)
}
