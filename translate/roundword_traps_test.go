package translate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// roundWordTraps is the trap corpus of the family "a rounding stated in words" (issue 29;
// docs/TRANSLATE.md, "A rounding stated in words"): a computed value, then a sentence that
// rounds it to the nearest whole number, tenth or hundredth and states the result. Roundings
// that hold are never verified (a rounding is no exact claim), variants with new numbers,
// units, a value at the end of the step before and a fraction are decided, look-alikes that
// are real errors are refuted, and roundings up or down, supposed, rejected, of something
// else, or far from the value are left alone. The wording is ours.
var roundWordTraps = []trap{
	// True roundings: not refuted, not verified.
	{family: "rounding true", steps: []string{`The trip takes \(\frac{4{,}420}{25} = 176.8\) minutes. Rounding to the nearest whole number, the trip takes 177 minutes.`}, want: wantNotVerify},
	{family: "rounding true", steps: []string{`So the mean is \(= 12.348\).`, `Rounded to the nearest hundredth, the mean is \(12.35\).`}, step: 1, want: wantNotVerify},
	{family: "rounding true", steps: []string{`The share is \(\frac{45}{2}\), so \(s = \frac{45}{2}\). Rounding to the nearest integer, we get 23.`}, want: wantNotRefuted},
	// Real errors: refuted.
	{family: "rounding wrong", steps: []string{`The trip takes $$\frac{4{,}420}{25} = 176.8.$$ Rounding to the nearest whole number, the trip takes 176 minutes.`}, want: wantRefuted, claim: "176.8 rounded to the nearest whole number = 176"},
	{family: "rounding wrong", steps: []string{`So the mean is \(= 12.348\).`, `Rounded to the nearest hundredth, the mean is \(12.34\).`}, step: 1, want: wantRefuted, claim: "12.348"},
	{family: "rounding wrong", steps: []string{`Thus \[ V \approx 903.62 \] Rounding to the nearest tenth, \[ V \approx 903.7 \]`}, want: wantRefuted, claim: "nearest tenth"},
	{family: "rounding wrong", steps: []string{`The average is \(= 57.5\). Then, rounding to the nearest whole number, the average is 56.`}, want: wantRefuted},
	// Left alone: up, down, supposed, rejected, of something else, far from the value.
	{family: "rounding alone", steps: []string{`So \(n = 176.2\). Rounding up to the nearest whole number, we need 177 buses.`}, want: wantNotRefuted},
	{family: "rounding alone", steps: []string{`So \(n = 176.8\). Rounding down to the nearest whole number, 176 boxes are full.`}, want: wantNotRefuted},
	{family: "rounding alone", steps: []string{`So \(n = 176.8\). If we were rounding to the nearest whole number, we would get 176.`}, want: wantNotRefuted},
	{family: "rounding alone", steps: []string{`So \(n = 176.8\). Rounding to the nearest whole number, 176 is not right.`}, want: wantNotRefuted},
	{family: "rounding alone", steps: []string{`Each ticket costs \$4.80. Rounding to the nearest whole number, we sell 30 tickets.`}, want: wantNotRefuted},
	{family: "rounding alone", steps: []string{`So \(n = 176.8\). Rounding to the nearest whole number, we get 1768.`}, want: wantNotRefuted},
	{family: "rounding alone", steps: []string{`So \(n = 176.8\). Rounding to the nearest whole number, we get 176 and 177.`}, want: wantNotRefuted},
	{family: "rounding alone", steps: []string{`So \(n = 176.8\).`, `We fill the vans first. Rounding to the nearest whole number, we get 176.`}, step: 1, want: wantNotRefuted},
}

func TestRoundWordTraps(t *testing.T) {
	runTraps(t, "roundword", roundWordTraps, func(c trap, i int, s StepResult) {
		read := false
		for _, o := range s.Obligations {
			read = read || o.Kind == KindRoundingBound && strings.Contains(o.Expr, "rounded to the nearest")
			if o.Kind == KindRoundingBound && o.Verdict == Refuted {
				assert.NotEmpty(t, o.Reason, "%s #%d", c.family, i)
				assert.Contains(t, o.Expr, "rounded to the nearest", "%s #%d", c.family, i)
			}
		}
		// the true forms and the errors are read as roundings, not left alone for another reason
		assert.Equal(t, c.family != "rounding alone", read, "%s #%d: %+v", c.family, i, obligationsOf(s))
	})
}
