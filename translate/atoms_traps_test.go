package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// atomTraps is the trap corpus of the family "the value of a function of
// a name as an unknown of its own" (issue 29; docs/TRANSLATE.md,
// "Equations in the value of a function of a name"): true derivations in
// sin θ, cos t, tan u, log_b y, ln t are verified or left alone, related
// values (sin x with cos x, sin 2x, x itself; log x with log x²),
// constant arguments and values the function never takes are left alone,
// and look-alikes that are real errors are refuted. The wording is ours.
var atomTraps = []trap{
	// True derivations in one value.
	{family: "atom", steps: []string{`From \(3\sin\theta - 1 = 1\) we move the constant: \(3\sin\theta = 2\).`}, want: wantVerified},
	{family: "atom", steps: []string{`We have \(2\cos^2 t + \cos t = 1\). Rearranging: \(2\cos^2 t + \cos t - 1 = 0\).`}, want: wantVerified},
	{family: "atom", steps: []string{`\[ -\tan^2 u + 3\tan u = 2 \]`, `Rearranging into standard form: \[ \tan^2 u - 3\tan u + 2 = 0 \]`}, step: 1, want: wantNotRefuted},
	{family: "atom", steps: []string{`We get \(2\log_3 y + 5 = 11\). Rearranging, \(2\log_3 y = 6\).`}, want: wantNotRefuted},
	{family: "atom", steps: []string{`So \(\ln t + 4 = 2\ln t\); rearranging, \(\ln t - 4 = 0\).`}, want: wantNotRefuted},
	// One case of several, alternatives, suppositions.
	{family: "atom", steps: []string{`So \(\sin^2 y = \frac{1}{4}\), hence \(\sin y = \frac{1}{2}\).`}, want: wantNotRefuted},
	{family: "atom", steps: []string{`Then \(\sin^2 y = \frac{1}{4}\) gives \(\sin y = \frac{1}{2}\) or \(\sin y = -\frac{1}{2}\).`}, want: wantNotRefuted},
	{family: "atom", steps: []string{`If \(\sin^2 y = \frac{1}{4}\), then \(\sin y = \frac{1}{3}\) would follow.`}, want: wantNotRefuted},
	// Values the function never takes: no witness.
	{family: "atom range", steps: []string{`So \(\cos^2 y = 9\), hence \(\cos y + 1 = 5\).`}, want: wantNotRefuted},
	{family: "atom range", steps: []string{`We have \(\sin x (\sin x - 2) = 0\), so \(\sin x = 0\).`}, want: wantNotRefuted},
	{family: "atom range", steps: []string{`We have \(\sec^2 x = \frac{1}{4}\), so \(\sec x = \frac{1}{3}\).`}, want: wantNotRefuted},
	{family: "atom range", steps: []string{`Squaring, \(\sin^2 w = 4\); so \(\sin w = 2\).`}, want: wantNotVerify},
	// Related values of one name, and constant arguments: left alone.
	{family: "atom related", steps: []string{`Then \(\sin^2 y = \frac{1}{3}\), so \(\cos^2 y = \frac{2}{3}\).`}, want: wantNotRefuted},
	{family: "atom related", steps: []string{`We have \(\sin x + \cos x = 1\). Rearranging: \(\sin x = 2 + \cos x\).`}, want: wantNotRefuted},
	{family: "atom related", steps: []string{`We have \(\sin 2x = \sin x\). Rearranging: \(\sin 2x - \sin x = 1\).`}, want: wantNotRefuted},
	{family: "atom related", steps: []string{`We have \(\sin x = x\). Rearranging: \(\sin x - x = 1\).`}, want: wantNotRefuted},
	{family: "atom related", steps: []string{`We get \(\log_2 x + x = 3\). Rearranging, \(\log_2 x - x = 4\).`}, want: wantNotRefuted},
	{family: "atom related", steps: []string{`We get \(\log x^2 + \log x = 3\). Rearranging, \(\log x^2 + \log x = 4\).`}, want: wantNotRefuted},
	{family: "atom related", steps: []string{`We get \(\log_2 x + \log_4 x = 3\). Rearranging, \(\log_2 x + \log_4 x = 5\).`}, want: wantNotRefuted},
	// tan 20° is a number, no unknown: the rearrangement is not read as one, but its closed
	// line is false as written and the cyclotomic reader refutes it (symcyclo).
	{family: "atom constant", steps: []string{`We get \(2\tan 20^\circ = 1\). Rearranging, \(2\tan 20^\circ - 1 = 1\).`}, want: wantRefuted, claim: "2 * tan(1/9π) - 1 = 1"},
	{family: "atom constant", steps: []string{`We get \(2\log_2 3 = 3\). Rearranging, \(2\log_2 3 - 3 = 1\).`}, want: wantNotRefuted},
	{family: "atom constant", steps: []string{`We get \(\ln e + 2 = 3\). Rearranging, \(\ln e = 2\).`}, want: wantNotRefuted},
	// Logarithms of a name, in the readers of one unknown too.
	{family: "atom log", steps: []string{`We get \(3\log_4 y - 2 = 7\), so \(3\log_4 y = 9\) and \(\log_4 y = 3\).`}, want: wantVerified},
	{family: "atom log", steps: []string{`So \((\log_{2} x)^2 - 5\log_2 x + 6 = 0\), which factors as \((\log_2 x - 2)(\log_2 x - 3) = 0\).`}, want: wantVerified},
	{family: "atom log", steps: []string{`We get \(\log_2 x + \log_2 y = 3\), so \(\log_2 x = 4 - \log_2 y\).`}, want: wantNotRefuted}, // two values
	{family: "atom log", steps: []string{`We get \(\log x^2 = 4\), so \(\log x = 3\).`}, want: wantNotRefuted},
	{family: "atom log", steps: []string{`We get \(\log_2 (2x) = 4\), so \(\log_2 x = 5\).`}, want: wantNotRefuted},
	{family: "atom log", steps: []string{`We get \(\log_2 x = x - 1\), so \(\log_2 x = 7\).`}, want: wantNotRefuted},
	{family: "atom log", steps: []string{`So \(\ln^2 t - 4 = 0\), hence \(\ln t = 3\).`}, want: wantNotRefuted}, // \ln^2 not read
	{family: "atom log wrong", steps: []string{`We get \(3\log_4 y - 2 = 7\), so \(\log_4 y = 2\).`}, want: wantRefuted, claim: "log_4(y)"},
	{family: "atom log wrong", steps: []string{`So \((\log_{2} x)^2 - 5\log_2 x + 6 = 0\), which factors as \((\log_2 x - 1)(\log_2 x - 6) = 0\).`}, want: wantRefuted, claim: "log_2(x)"},
	{family: "atom log wrong", steps: []string{`So \(\ln t \cdot \ln t - 4 = 0\), hence \(\ln t = 3\).`}, want: wantRefuted, claim: "ln(t)"},
	// Look-alikes: real errors in the value, refuted.
	{family: "atom wrong", steps: []string{`We have \(2\cos^2 t + \cos t = 1\). Rearranging: \(2\cos^2 t + \cos t + 1 = 0\).`}, want: wantRefuted},
	{family: "atom wrong", steps: []string{`\[ -\tan^2 u + 3\tan u = 2 \]`, `Rearranging into standard form: \[ \tan^2 u - 3\tan u - 2 = 0 \]`}, step: 1, want: wantRefuted},
	{family: "atom wrong", steps: []string{`\[ 5 - \cos^4 v = 4\cos^2 v \]`, `Rearrange in terms of \(\cos^2 v\): \[ \cos^4 v + 4\cos^2 v + 5 = 0 \]`}, step: 1, want: wantRefuted, claim: "cos(v)"},
	{family: "atom wrong", steps: []string{`So \(\sin^2 y = \frac{1}{4}\), hence \(\sin y = \frac{1}{3}\).`}, want: wantRefuted},
	{family: "atom wrong", steps: []string{`Simplifying, \(\sin^2 y - \frac{1}{4} = 0\), which gives \(2 \sin y = 3\).`}, want: wantRefuted},
	{family: "atom wrong", steps: []string{`Thus \(\csc^2 z - 4 = 0\), so \(\csc z = 3\).`}, want: wantRefuted},
	{family: "atom wrong", steps: []string{`We get \(3\log_5 y - 2 = 7\). Rearranging, \(3\log_5 y = 10\).`}, want: wantRefuted, claim: "log_5(y)"},
	{family: "atom wrong", steps: []string{`So \(\ln t + 4 = 2\ln t\); rearranging, \(\ln t - 3 = 0\).`}, want: wantRefuted, claim: "ln(t)"},
	{family: "atom wrong", steps: []string{`We find \(\log_{10}(q) \cdot 2 = 1 - \log_{10}(q)\).`, `Rearranging, \(3\log_{10}(q) + 1 = 0\).`}, step: 1, want: wantRefuted, claim: "log_10(q)"},
}

func TestAtomTraps(t *testing.T) {
	runTraps(t, "atom", atomTraps, nil)
}

// TestAtomObligationsNameTheValue: an obligation in the value of a function
// of a name says which quantity v1 is and which values it takes, and its
// refutation is a point in that range.
func TestAtomObligationsNameTheValue(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	res, err := tr.Chain(context.Background(), "atomnote", []string{`Simplifying, \(\sin^2 y - \frac{1}{4} = 0\), which gives \(2 \sin y = 3\).`})
	require.NoError(t, err)
	var found bool
	for _, o := range res.Steps[0].Obligations {
		if o.Verdict != Refuted {
			continue
		}
		found = true
		assert.Contains(t, o.Note, "sin(y) read as a quantity of its own, v1, which takes the values in [-1, 1]")
		assert.Contains(t, o.Reason, "sin(y) = -1/2 solves the first equation")
		assert.Contains(t, o.LeanNeg, "((1 : Rat) / (2 : Rat))")
		assert.Contains(t, o.Lean, "∀ (v1 : Rat)")
	}
	assert.True(t, found, "%+v", obligationsOf(res.Steps[0]))
}
