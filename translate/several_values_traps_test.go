package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// severalValueTraps pins what the reader does with derivations whose
// lines hold several values of functions of different names (issue 29;
// docs/TRANSLATE.md, the measurement closing "Equations in the value of a
// function of a name"): such lines are not read as equations in several
// unknowns, so a true derivation is never refuted and a false one never
// verified, and a line whose values never meet their function's range, or
// that relates two values of one name, gives no witness; the lines are
// skipped with a reason. A reader built
// for the family later must keep these. The wording is ours.
var severalValueTraps = []trap{
	// True derivations in two or three independent values: never refuted.
	{family: "several values", steps: []string{`We get \(\frac{\log_2 u}{2} + \frac{\log_2 w}{3} = 4\). Multiplying through by 6, \(3\log_2 u + 2\log_2 w = 24\).`}, want: wantNotRefuted},
	{family: "several values", steps: []string{`Since \(\ln p = 3\ln m\) and \(\ln q = 3\ln n\), adding gives \(\ln p + \ln q = 3(\ln m + \ln n)\).`}, want: wantNotRefuted},
	{family: "several values", steps: []string{`We have \(2\sin a + \cos b = 1\). Rearranging: \(2\sin a = 1 - \cos b\).`}, want: wantNotRefuted},
	{family: "several values", steps: []string{`\[ \tan s \cdot \tan t = 3\tan s \]`, `Dividing both sides by \(\tan s\): \[ \tan t = 3 \]`}, step: 1, want: wantNotRefuted},
	// No point in range: sin and cos never reach these values.
	{family: "several values range", steps: []string{`So \(\sin^2 a + \cos^2 b = 9\), hence \(\sin a + \cos b = 5\).`}, want: wantNotRefuted},
	{family: "several values range", steps: []string{`We have \(\sec a \cdot \csc b = \frac{1}{4}\). Simplifying, \(\sec a = \frac{1}{3}\csc b\).`}, want: wantNotRefuted},
	// Related values of one name beside another name: left alone.
	{family: "several values related", steps: []string{`We have \(\sin x + \cos x + \tan y = 1\). Rearranging: \(\sin x + \tan y = 2 - \cos x\).`}, want: wantNotRefuted},
	{family: "several values related", steps: []string{`We get \(\log_2 x + \log_2 x^2 + \log_2 y = 3\). Simplifying, \(\log_2 x + \log_2 y = 4\).`}, want: wantNotRefuted},
	// False derivations in several values: never verified.
	{family: "several values wrong", steps: []string{`We get \(\frac{\log_2 u}{2} + \frac{\log_2 w}{3} = 4\). Multiplying through by 6, \(3\log_2 u + 2\log_2 w = 20\).`}, want: wantNotVerify},
	{family: "several values wrong", steps: []string{`We have \(2\sin a + \cos b = 1\). Rearranging: \(2\sin a = 1 + \cos b\).`}, want: wantNotVerify},
}

func TestSeveralValueTraps(t *testing.T) {
	runTraps(t, "several", severalValueTraps, func(c trap, i int, s StepResult) {
		assert.NotEmpty(t, s.Skipped, "%s #%d: the lines left alone are skipped with a reason", c.family, i)
	})
}
