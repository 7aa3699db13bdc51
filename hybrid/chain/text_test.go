package chain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTextListsSplitLikeStepMarkers: a numbered or bulleted list splits into steps the way
// "Step N:" does: one step per item, the marker dropped, text before the first item the
// problem, and a continuation line (even after a blank line) stays with its item.
func TestTextListsSplitLikeStepMarkers(t *testing.T) {
	cases := []struct {
		name, in string
		problem  string
		steps    []string
	}{
		{"step markers", "Add 2 and 3.\n\nStep 1: 2 + 3 = 5.\nStep 2: The answer is 5.\n",
			"Add 2 and 3.", []string{"2 + 3 = 5.", "The answer is 5."}},
		{"numbered", "Add 2 and 3.\n\n1. 2 + 3 = 5.\n2. The answer is 5.\n",
			"Add 2 and 3.", []string{"2 + 3 = 5.", "The answer is 5."}},
		{"numbered with parenthesis", "Problem: Add 2 and 3.\n\n1) 2 + 3 = 5.\n2) The answer is 5.\n",
			"Add 2 and 3.", []string{"2 + 3 = 5.", "The answer is 5."}},
		{"bulleted", "Add 2 and 3.\n\n- 2 + 3 = 5.\n- The answer is 5.\n",
			"Add 2 and 3.", []string{"2 + 3 = 5.", "The answer is 5."}},
		{"star bullets, continuation after a blank line", "* First, 2 + 3 = 5.\n\n  This is the sum.\n* The answer is 5.\n",
			"", []string{"First, 2 + 3 = 5.\n\n  This is the sum.", "The answer is 5."}},
		{"a nested list stays inside its item", "1. We have:\n   - a = 1\n   - b = 2\n2. So a + b = 3.\n",
			"", []string{"We have:\n   - a = 1\n   - b = 2", "So a + b = 3."}},
		{"no list: paragraphs", "2 + 3 = 5.\n\nThe answer is 5.\n",
			"", []string{"2 + 3 = 5.", "The answer is 5."}},
		{"decimals are not list items", "3.5 + 1 = 4.5.\n\n2.0 is two.\n",
			"", []string{"3.5 + 1 = 4.5.", "2.0 is two."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			chains, errs, err := Decode(strings.NewReader(tc.in), "x.md", FormatAuto)
			require.NoError(t, err)
			require.Empty(t, errs)
			require.Len(t, chains, 1)
			assert.Equal(t, tc.problem, chains[0].Problem)
			assert.Equal(t, tc.steps, chains[0].Texts())
		})
	}
}
