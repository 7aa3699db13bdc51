package leantext

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDedent(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"exact h", "exact h"},
		{"    constructor\n    · rfl\n      done", "constructor\n· rfl\n  done"},
		// Blank and short blank lines do not lower the common indentation.
		{"  a\n\n \n  b", "a\n\n \nb"},
		// A line with less indentation sets the common part.
		{"    a\n  b", "  a\nb"},
		{"\tx\n\ty", "x\ny"},
	} {
		assert.Equal(t, tc.want, Dedent(tc.in), "%q", tc.in)
	}
}

func TestStepBody(t *testing.T) {
	assert.Equal(t, "subst h\nomega", StepBody("\r\n    subst h\r\n    omega\r\n\n"))
	assert.Equal(t, "  · simp\nrfl", StepBody("\n    · simp\n  rfl"))
	assert.Equal(t, "", StepBody("\n\n"))
}
