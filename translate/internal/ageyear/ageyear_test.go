package ageyear

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestRead: an age other than the year minus the year of birth or one less is refuted; those two,
// a year of birth of someone else, two years of birth and a supposing sentence make none.
func TestRead(t *testing.T) {
	for _, s := range []string{
		"- Mia lived for 80 years.\n- Her birth year is 1521.\n- In 1580, Mia's age would be 61.",
		`Tom was born in 1950. On May 3, 2000, Tom's age is 52.`,
		`Tom's birth year is 1950. In 2000, Tom's age was 47.`,
	} {
		assert.Len(t, Read(0, s, "decide"), 1, s)
	}
	for _, s := range []string{
		"- Mia lived for 80 years.\n- Her birth year is 1521.\n- In 1580, Mia's age would be 59.",
		`Tom was born in 1950. On May 3, 2000, Tom's age is 50.`,
		`Tom was born in 1950. On May 3, 2000, Tom's age is 49.`,
		`Tom was born in 1950. In 2000, Ann's age is 52.`,
		`Ann was born in 1960. His birth year is 1950. In 2000, Tom's age is 52.`,
		`Ann lived long. His birth year is 1950. In 2000, Tom's age is 52.`,
		`Tom was born in 1950. If in 2000, Tom's age is 52, we stop.`,
		`In 2000, Tom's age is 52. Tom was born in 1950.`,
		`Tom was born in 150 BC. In 100, Tom's age is 52.`,
		`Tom was born in 1950. In 2000, Tom's age is 52 in Korean age.`,
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}

// FuzzRead: hostile steps never panic and spans lie in the step.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"- His birth year is 1369.\n- On April 7, 1479, Dan's age would be 111.", `X was born in 12. In 1, X's age is 5.`, `'s age born`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
