package translate

import "testing"

// ageYearTraps pin the ages stated for a year against the year of birth the step states
// (docs/TRANSLATE.md, "An age in a year from the year of birth"; package ageyear): the year
// minus the year of birth and one less are left alone, any other age of the same person is
// refuted, and another person's age, two years of birth and a supposing sentence are not read.
// The wording and the numbers are ours.
var ageYearTraps = []trap{
	// True forms: before or after the birthday.
	{family: "ageyear true", steps: []string{"- Ravi lived for 90 years.\n- His birth year is 1681.\n- On March 2, 1741, Ravi's age would be 60."}, want: wantNotRefuted},
	{family: "ageyear true", steps: []string{`Lena was born in 1902. In 1950, Lena's age was 47.`}, want: wantNotRefuted},
	// Variants that are real errors: refuted.
	{family: "ageyear wrong", steps: []string{"- Ravi lived for 90 years.\n- His birth year is 1681.\n- On March 2, 1741, Ravi's age would be 61."}, want: wantRefuted, claim: "born in 1681"},
	{family: "ageyear wrong", steps: []string{`Lena was born in 1902. In 1950, Lena's age was 46.`}, want: wantRefuted, claim: "born in 1902"},
	{family: "ageyear wrong", steps: []string{`Lena's birth year is 1902. By 1950, Lena's age will be 58 years.`}, want: wantRefuted, claim: "born in 1902"},
	// Someone else, or two births: not read.
	{family: "ageyear other", steps: []string{`Lena was born in 1902. In 1950, Omar's age was 30.`}, want: wantNotRefuted},
	{family: "ageyear other", steps: []string{`Omar was born in 1920. Her birth year is 1902. In 1950, Lena's age was 30.`}, want: wantNotRefuted},
	{family: "ageyear other", steps: []string{`Omar lived long. Her birth year is 1902. In 1950, Lena's age was 30.`}, want: wantNotRefuted},
	// Supposed or asked: not read.
	{family: "ageyear hedged", steps: []string{`Lena was born in 1902. If in 1950, Lena's age was 30, she would be young.`}, want: wantNotRefuted},
}

func TestAgeYearTraps(t *testing.T) {
	runTraps(t, "ageyear", ageYearTraps, nil)
}
