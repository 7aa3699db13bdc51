package translate

import "testing"

// TestComputationsInWords: "half of 48 is 24", "20% of 50 is 12", "twice
// 7 is 14", "3 more than 5 is 8" are closed claims decided exactly;
// look-alikes that are no claim (a multiplier after the value, a
// rounding, a supposition, another quantity in between) stay undecided.
func TestComputationsInWords(t *testing.T) {
	tests := []stepVerdictCase{
		{"So half of 48 is 25.", StepRefuted},
		{"So half of 48 is 24.", StepVerified},
		{"Then 20% of 50 is 12 people.", StepRefuted},
		{`Then 20\% of 50 is 10 people.`, StepVerified},
		{"A third of $27 is $8.", StepRefuted},
		{"Twice 7 is 15, so we add one.", StepRefuted},
		{"We know 3 more than 5 is 9.", StepRefuted},
		{"We know 4 less than 10 is equal to 6.", StepVerified},
		{"So 15 percent of 2.40 is 0.36.", StepVerified},
		// look-alikes
		{"So half of 48 is 2 dozen.", StepNone},                // a multiplier after the value
		{"A third of 10 is 3.33 liters.", StepNone},            // a rounding
		{"A third of 10 is 3 bags.", StepNone},                 // a count that may be rounded
		{"If half of 48 is 25, then we are wrong.", StepNone},  // a supposition
		{"Half of the 48 students is 24.", StepNone},           // not "of N"
		{"So half of 48 is 24 + 1 = 25 in all.", StepVerified}, // the arithmetic after it is its own claim
		{"So 20% of 50 is greater than 9.", StepNone},          // no value after "is"
		// "more/less than" after "of N": N is a noun's complement (a multiple of 7 that is
		// less than 50), not the amount taken away
		{"The largest multiple of 7 less than 50 is 49.", StepNone},
		{"So the smallest power of 2 more than 100 is 128.", StepNone},
		{"Thus the greatest divisor of 36 less than 10 is 9.", StepNone},
		{"The largest multiple of \\(7\\) less than 50 is 49.", StepNone},
		{"So 7 less than 50 is 49.", StepRefuted}, // the look-alike that is a claim
		{"Then 2 more than 100 is 102.", StepVerified},
	}
	checkStepVerdicts(t, tests)
}
