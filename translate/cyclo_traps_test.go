package translate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// cycloTraps is the trap corpus of the family "trigonometric values at
// degrees outside the table" (issue 29; docs/TRANSLATE.md, "Trigonometric
// values at any rational angle"): closed claims with sin, cos, tan … at
// rational degrees or rational multiples of π whose values lie outside
// Q(√2, √3), decided exactly in a cyclotomic field. True forms (product to
// sum, double angle, known values with √5) are verified, approximations
// and claims under a veto are left alone, and wrong look-alikes are
// refuted. The wording is ours.
var cycloTraps = []trap{
	// True forms: verified.
	{family: "cyclo true", steps: []string{`By the product-to-sum formula, \[ \sin 10^\circ \sin 50^\circ = \frac{1}{2}(\cos 40^\circ - \cos 60^\circ) \]`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`Using the double angle, \( 2 \sin 20^\circ \cos 20^\circ = \sin 40^\circ \).`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`We know \( \cos 36^\circ = \frac{1 + \sqrt{5}}{4} \).`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`Since sine and cosine are complementary, \( \sin 70^\circ = \cos 20^\circ \).`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`So \( \frac{1}{\sin 14^\circ} = \frac{2 \cos 14^\circ}{\sin 28^\circ} \).`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`In radians, \( \cos\frac{\pi}{5} - \cos\frac{2\pi}{5} = \frac{1}{2} \).`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`The tangent is odd: \( \tan(-25^\circ) = -\tan 25^\circ \).`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`Then \( \tan\frac{\pi}{7} \tan\frac{2\pi}{7} \tan\frac{3\pi}{7} = \sqrt{7} \).`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`A known sum: \( \cos\frac{\pi}{7} - \cos\frac{2\pi}{7} + \cos\frac{3\pi}{7} = \frac{1}{2} \).`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`So \[ \cos 10^\circ \cos 70^\circ = \frac{1}{2}[\cos 60^\circ + \cos 80^\circ] \]`}, want: wantVerified},
	{family: "cyclo true", steps: []string{`Halving the angle, \( \tan 22.5^\circ = \sqrt{2} - 1 \).`}, want: wantVerified},
	// Approximations, tests and vetoes: left alone.
	{family: "cyclo alone", steps: []string{`Here \( \sin 20^\circ = 0.34 \) and \( \cos 20.5^\circ = 0.94 \).`}, want: wantNotRefuted},
	{family: "cyclo alone", steps: []string{`So \( [2\sin 50^\circ] + [3\cos 20^\circ] = 3 \).`}, want: wantNotRefuted}, // [x] may be the floor
	{family: "cyclo alone", steps: []string{`Numerically \( \sin 20^\circ = 0.342 \).`}, want: wantNotRefuted},
	{family: "cyclo alone", steps: []string{`So \( \tan 50^\circ = 1 \), roughly.`}, want: wantNotRefuted},
	{family: "cyclo alone", steps: []string{`Rounding, \( 100 \sin 40^\circ = 64 \).`}, want: wantNotRefuted}, // a whole number within 1: its floor
	{family: "cyclo alone", steps: []string{`If \( \cos 10^\circ = \cos 30^\circ \), the angles would agree, which is false.`}, want: wantNotRefuted},
	{family: "cyclo alone", steps: []string{`We get \( \sin 10^\circ \approx 0.17 \).`}, want: wantNotRefuted},
	// Wrong look-alikes: refuted.
	{family: "cyclo wrong", steps: []string{`By the product-to-sum formula, \[ \sin 10^\circ \sin 50^\circ = \frac{1}{2}(\cos 10^\circ - \cos 60^\circ) \]`}, want: wantRefuted},
	{family: "cyclo wrong", steps: []string{`Using the double angle, \( 2 \sin 20^\circ \cos 20^\circ = \sin 20^\circ \).`}, want: wantRefuted},
	{family: "cyclo wrong", steps: []string{`We know \( \cos 36^\circ = \frac{1 + \sqrt{5}}{2} \).`}, want: wantRefuted},
	{family: "cyclo wrong", steps: []string{`So \( \frac{1}{\sin 14^\circ} = \frac{2}{\sin 7^\circ + \sin 14^\circ} \).`}, want: wantRefuted},
	{family: "cyclo wrong", steps: []string{`Hence \( \frac{1}{2 \sin 1^\circ \cos 1^\circ} = \frac{1}{2} \).`}, want: wantRefuted, claim: "sin"},
	{family: "cyclo wrong", steps: []string{`Then \( \tan^2 40^\circ = 3 - \sqrt{2} \).`}, want: wantRefuted},
	{family: "cyclo wrong", steps: []string{`Then \( \tan\frac{\pi}{7} \tan\frac{2\pi}{7} \tan\frac{3\pi}{7} = 7 \).`}, want: wantRefuted},
	{family: "cyclo wrong", steps: []string{`By the half angle, \( \sin 37.5^\circ = \sqrt{\frac{1 - \cos 60^\circ}{2}} \).`}, want: wantRefuted},
	{family: "cyclo wrong", steps: []string{`A known sum: \( \cos\frac{\pi}{7} - \cos\frac{2\pi}{7} + \cos\frac{3\pi}{7} = \frac{1}{3} \).`}, want: wantRefuted},
	{family: "cyclo wrong", steps: []string{`So \[ \cos 10^\circ \cos 70^\circ = \frac{1}{2}[\cos 60^\circ - \cos 80^\circ] \]`}, want: wantRefuted},
}

// neqOutcomeTraps: a "≠" followed by a stated failure ("so the case
// fails", "which does not work") states the failure itself and is claimed
// as written, never negated. The wording is ours.
var neqOutcomeTraps = []trap{
	{family: "neq outcome", steps: []string{`We get \(3^2 - 1 \neq 7\), so the case fails.`}, want: wantVerified},
	{family: "neq outcome", steps: []string{`Then \(4 + 1 \neq 6\), which does not work.`}, want: wantNotRefuted},
	{family: "neq outcome", steps: []string{`Here \(2 \cdot 5 \ne 11\); this candidate fails.`}, want: wantNotRefuted},
	// look-alikes: equal values written with ≠ are refuted; an equation said to fail is still negated.
	{family: "neq outcome", steps: []string{`We get \(3^2 - 1 \neq 8\), so the case fails.`}, want: wantRefuted},
	{family: "neq outcome", steps: []string{`Test: \(3^2 - 1 = 8\), so the case fails.`}, want: wantRefuted, claim: "not ("},
	{family: "neq outcome", steps: []string{`Test: \(3^2 - 1 = 7\), so the case fails.`}, want: wantVerified},
}

func TestNeqOutcomeTraps(t *testing.T) {
	runTraps(t, "neq", neqOutcomeTraps, nil)
}

func TestCycloTraps(t *testing.T) {
	runTraps(t, "cyclo", cycloTraps, func(c trap, i int, s StepResult) {
		for _, o := range s.Obligations {
			if o.Kind == KindClosedValue && (o.Verdict == Refuted || o.Verdict == Verified) && strings.Contains(o.Reason, "ζ") {
				assert.Contains(t, o.Reason, "cyclotomic polynomial", "%s #%d", c.family, i)
				if strings.Contains(o.Prop, "v1") {
					assert.Contains(t, o.Lean, "∀ (v1 : Rat)", "%s #%d: P is the identity in ζ", c.family, i)
					assert.NotContains(t, o.LeanNeg, "v1", "%s #%d: the negation is a closed instance", c.family, i)
				}
			}
		}
	})
}
