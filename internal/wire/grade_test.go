package wire

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/internal/config"
)

// The configuration's grade.* values are outcome's, so that every value the configuration
// accepts builds a grader (and none is read as another).
func TestGradeValuesAreOutcomes(t *testing.T) {
	assert.Equal(t, outcome.PercentValues, config.GradePercent("").Values())
	assert.Equal(t, outcome.BareNumberValues, config.GradeBareNumber("").Values())
}

// Grader follows grade.*: the default pays 50% as 50 and as 0.5; grade.percent: fraction pays
// it as 0.5 only; grade.bare_number: unknown leaves a bare 5 against 5 cm undecided. A Config
// built in code with a value outside outcome's is an error, not the default.
func TestGraderFollowsConfig(t *testing.T) {
	verdict := func(settings map[string]string, gold, answer string) outcome.Verdict {
		t.Helper()
		g, err := Grader(load(t, settings))
		require.NoError(t, err)
		return g.Grade(gold, answer).Verdict
	}
	assert.Equal(t, outcome.Equal, verdict(nil, `50\%`, "50"))
	assert.Equal(t, outcome.Equal, verdict(nil, `50\%`, "0.5"))
	assert.Equal(t, outcome.Different, verdict(map[string]string{"grade.percent": "fraction"}, `50\%`, "50"))
	assert.Equal(t, outcome.Equal, verdict(map[string]string{"grade.percent": "fraction"}, `50\%`, "0.5"))
	assert.Equal(t, outcome.Equal, verdict(nil, "5 cm", "5"))
	assert.Equal(t, outcome.Unknown, verdict(map[string]string{"grade.bare_number": "unknown"}, "5 cm", "5"))

	cfg := load(t, nil)
	cfg.Grade.Percent = "fractoin"
	g, err := Grader(cfg)
	assert.Nil(t, g)
	require.EqualError(t, err, `outcome: grader option Percent: "fractoin" is not one of either, fraction, number`)
}
