package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repDecTraps pin the repeating decimals stated as the value of a closed
// number (docs/TRANSLATE.md, "Repeating decimals"; package repdec): true
// forms left alone, the decimal in an "=" chain or named in words as a
// value's decimal expansion, other relations, a percent, a name, a
// decimal on the other side and a supposed or approximate sentence not
// read, and a wrong block or a misplaced bar refuted. The wording and the
// numbers are ours.
var repDecTraps = []trap{
	// True forms: nothing to refute.
	{family: "repdec true", steps: []string{`Dividing, \(\frac{5}{11} = 0.\overline{45}\).`}, want: wantNotRefuted},
	{family: "repdec true", steps: []string{`So \[\frac{1}{6} = 0.1\overline{6}.\]`}, want: wantNotRefuted},
	{family: "repdec true", steps: []string{`The decimal expansion of \(\frac{2}{37}\) is \(0.\overline{054}\), with period 3.`}, want: wantNotRefuted},
	{family: "repdec true", steps: []string{`Note that \(0.\overline{9} = 1\), a classic fact.`}, want: wantNotRefuted},
	{family: "repdec true", steps: []string{`Hence \(\frac{25}{12}\) as a decimal is \(2.08\bar{3}\).`}, want: wantNotRefuted},
	{family: "repdec true", steps: []string{`We get \(-\frac{4}{9} = -0.\overline{4}\).`}, want: wantNotRefuted},
	// Not read: a name, another relation, a percent, a decimal on the other side, a supposition, an approximation.
	{family: "repdec other", steps: []string{`Let \(x = 0.\overline{27}\); then \(100x = 27.\overline{27}\).`}, want: wantNotRefuted},
	{family: "repdec other", steps: []string{`So \(\frac{2}{7} \approx 0.\overline{28}\).`}, want: wantNotRefuted},
	{family: "repdec other", steps: []string{`The share is \(\frac{1}{6} = 16.\overline{7}\%\) of the total.`}, want: wantNotRefuted},
	{family: "repdec other", steps: []string{`Here \(0.33 = 0.\overline{3}\) to two places.`}, want: wantNotRefuted},
	{family: "repdec other", steps: []string{`If \(\frac{3}{13} = 0.\overline{23}\), the period would be 2.`}, want: wantNotRefuted},
	{family: "repdec other", steps: []string{`The decimal expansion of \(\frac{4}{13}\) is roughly \(0.\overline{31}\).`}, want: wantNotRefuted},
	{family: "repdec other", steps: []string{`The value \(\frac{8}{15}\) is not \(0.\overline{5}\).`}, want: wantNotRefuted},
	{family: "repdec other", steps: []string{`The segment \(\overline{AB} = 3\) and \(\overline{12} = 5\).`}, want: wantNotRefuted},
	// Another base named in the chain or on the decimal: the expansion may be in it.
	{family: "repdec base", steps: []string{`We write every number in base 5.`, `Then \(\frac{1}{4} = 0.\overline{1}\).`}, step: 1, want: wantNotRefuted},
	{family: "repdec base", steps: []string{`In binary, \(\frac{1}{3} = 0.\overline{01}\).`}, want: wantNotRefuted},
	{family: "repdec base", steps: []string{`So \(\frac{1}{2} = 0.\overline{1}_3\).`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "repdec wrong", steps: []string{`Dividing, \(\frac{4}{11} = 0.\overline{34}\).`}, want: wantRefuted, claim: "0.\\overline{34}"},
	{family: "repdec wrong", steps: []string{`So \[\frac{5}{6} = 0.\overline{83}.\]`}, want: wantRefuted, claim: "0.\\overline{83}"},
	{family: "repdec wrong", steps: []string{`Long division shows the decimal expansion of \(\frac{1}{41}\) is \(0.\overline{0244}\), so the period is 4.`}, want: wantRefuted, claim: "0.\\overline{0244}"},
	{family: "repdec wrong", steps: []string{`Then \(\frac{7}{3}\) in decimal form is \(2.\overline{6}\).`}, want: wantRefuted, claim: "2.\\overline{6}"},
	{family: "repdec wrong", steps: []string{`We find \(1 - \frac{1}{9} = 0.\overline{9}\) here.`}, want: wantRefuted, claim: "0.\\overline{9}"},
}

func TestRepDecTraps(t *testing.T) {
	runTraps(t, "repdec", repDecTraps, nil)
}

// TestRepDecTrapsProblemBase: a base the problem names holds for every
// step, though no step names it again.
func TestRepDecTrapsProblemBase(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	steps := []string{`Dividing, \(\frac{1}{4} = 0.\overline{1}\).`}
	res, err := tr.ChainProblem(context.Background(), "repdec-base", `Write one quarter as a repeating expansion in base 5.`, steps)
	require.NoError(t, err)
	assert.NotEqual(t, StepRefuted, res.Steps[0].Verdict, "%+v", res.Steps[0].Obligations)
	res, err = tr.ChainProblem(context.Background(), "repdec-ten", `Write one quarter as a decimal.`, steps)
	require.NoError(t, err)
	assert.Equal(t, StepRefuted, res.Steps[0].Verdict, "%+v", res.Steps[0].Obligations)
}
