package translate

import "testing"

// solvedTraps pins values stated for several names as the solution of the
// equations before them (docs/TRANSLATE.md, "Values stated for several
// names"; package symsolved): stated values that satisfy every equation are
// left alone, values in a trial, a rejection, another case, a modular
// context or rounded are never refuted, and stated values that fail an
// equation of their own window are. The wording is ours.
var solvedTraps = []trap{
	// True stated solutions, inline, in bullets, as tuples, with "fits".
	{family: "solved true", steps: []string{`The lines \(p + q = 5\) and \(p - q = 1\) meet where, solving both, we find \(p = 3\), \(q = 2\).`}, want: wantNotRefuted},
	{family: "solved true", steps: []string{"\\[ u^2 + v^2 = 25 \\]\nPossible pairs:\n- \\( u = 3, v = 4 \\)\n- \\( u = 0, v = 5 \\)"}, want: wantNotRefuted},
	{family: "solved true", steps: []string{`For \(m^2 + n^2 = 13\), the only possible pairs are \((m, n) = (2, 3)\) or \((3, 2)\).`}, want: wantNotRefuted},
	{family: "solved true", steps: []string{`If we set \(a \cdot b = 10\) and \(a + b = 7\), this fits when \(a = 2\) and \(b = 5\) (or \(a = 5\) and \(b = 2\)).`}, want: wantNotRefuted},
	{family: "solved true", steps: []string{`Solving \(2x + y = 7\) and \(x - y = -1\) simultaneously gives \(x = 2\), \(y = 3\).`}, want: wantNotRefuted},
	// Not stated as the solution: a trial, a rejection, another case, a
	// modular context, a name outside the values, rounded values.
	{family: "solved trial", steps: []string{`We need \(a + b = 7\). Try \(a = 2\), \(b = 4\): that gives only 6.`}, want: wantNotRefuted},
	{family: "solved trial", steps: []string{`We need \(c + d = 9\). Testing the pair \(c = 3\), \(d = 5\) gives 8, one short.`}, want: wantNotRefuted},
	{family: "solved rejected", steps: []string{`Solving \(r + s = 9\) gives \(r = 4\), \(s = 6\), which is not correct.`}, want: wantNotRefuted},
	{family: "solved trial", steps: []string{`For \(c + d = 9\), possible candidates are \(c = 3\), \(d = 5\) by trial.`}, want: wantNotRefuted},
	{family: "solved rejected", steps: []string{"For \\(m^2 + n^2 = 20\\) the only possible pairs are \\((m, n) = (2, 4)\\), but \\((m, n) = (1, 3)\\) is invalid."}, want: wantNotRefuted},
	{family: "solved case", steps: []string{"Case 1: \\(x + y = 3\\).\nCase 2: we find \\(x = 5\\), \\(y = 3\\)."}, want: wantNotRefuted},
	{family: "solved case", steps: []string{"Case 1: \\(x + y = 3\\).", "Case 2: solving, we find \\(x = 5\\), \\(y = 3\\)."}, step: 1, want: wantNotRefuted},
	{family: "solved modular", steps: []string{`Solving \(x + y = 1\) modulo 7, we find \(x = 4\), \(y = 4\).`}, want: wantNotRefuted},
	{family: "solved modular", steps: []string{`We need \(3x + 2y \equiv 1 \pmod{5}\); solving, we get \(x = 1\), \(y = 4\), and \(3x + 2y = 11\).`}, want: wantNotRefuted},
	{family: "solved other name", steps: []string{`Then \(a + b = t + 5\) gives \(a = 1\), \(b = 1\).`}, want: wantNotRefuted},
	{family: "solved rounded", steps: []string{`Solving \(x^2 + y = 3\) and \(x + y = 2.41\) gives \(x = 1.41\), \(y = 1\).`}, want: wantNotRefuted},
	{family: "solved one name", steps: []string{`Then \(x + 2 = 5\) gives \(x = 4\).`}, want: wantRefuted}, // the one-unknown reader's, kept
	// Look-alikes: stated values that fail an equation of their window.
	{family: "solved wrong", steps: []string{`The planes \(u + v = 2\) and \(v + w = 2\) meet where, solving simultaneously, we find \(u = 1\), \(v = 1\), \(w = 2\).`}, want: wantRefuted, claim: "v + w = 2 at u = 1, v = 1, w = 2"},
	{family: "solved wrong", steps: []string{"\\[ p^2 + q^2 = 29 \\]\nPossible combinations:\n- \\( p = 5, q = 2 \\)\n- \\( p = 3, q = 4 \\)"}, want: wantRefuted, claim: "at p = 3, q = 4"},
	{family: "solved wrong", steps: []string{`For \(m^2 + n^2 = 10\), the only possible pairs are \((m, n) = (1, 3)\) or \((2, 2)\).`}, want: wantRefuted, claim: "at m = 2, n = 2"},
	{family: "solved wrong", steps: []string{`If we set \(a \cdot b = 12\) and \(a + b = 7\), this fits when \(a = 2\) and \(b = 5\).`}, want: wantRefuted, claim: "a * b = 12"},
	{family: "solved wrong", steps: []string{"Here \\(x + y = 8\\). Solving, we find \\(x = 5\\), \\(y = 4\\)."}, want: wantRefuted},
	// A case word in the window leaves the values alone (they may solve one case only).
	{family: "solved case", steps: []string{"Case 2: \\(x + y = 8\\). Solving, we find \\(x = 5\\), \\(y = 4\\)."}, want: wantNotRefuted},
	{family: "solved wrong", steps: []string{`Solving \(2x + y = 7\) and \(x - y = 1\) simultaneously gives \(x = 2\), \(y = 3\).`}, want: wantRefuted, claim: "x - y = 1"},
	// Alternatives: the values solve one branch, not every equation written.
	{family: "solved alternatives", steps: []string{`We have two possibilities: $a-1 =b-1=2$ or $a-1=b-1=-2$.`, `The first case gives us $a=3$ and $b=3$. The second case gives us $a=-1$ and $b=-1$.`}, step: 1, want: wantNotRefuted},
	{family: "solved alternatives", steps: []string{`Either \(p + q = 4\) or \(p + q = 6\); solving gives \(p = 1\), \(q = 5\).`}, want: wantNotRefuted},
	{family: "solved alternatives", steps: []string{`From \(u + v = 4\) and \(u - v = \pm 2\), we get \(u = 3\), \(v = 1\).`}, want: wantNotRefuted},
	// One name in an equation with the name in an exponent (the symbolic
	// reader leaves those alone): the same check at the value.
	{family: "solved exponent", steps: []string{"- For \\(p = 2\\), \\(2^{k-1} \\cdot 3 = 24\\) gives \\(k = 4\\).\n- For \\(p = 5\\), \\(5^{k-1} \\cdot 4 = 100\\) gives \\(k = 3\\)."}, want: wantNotRefuted},
	{family: "solved exponent", steps: []string{`The solutions to the equation \(4^{x} = 2^{x+3}\) are \(x = 3\).`}, want: wantNotRefuted},
	{family: "solved exponent", steps: []string{`Solving \(2^{x} = 10\) gives \(x = 3.3\).`}, want: wantNotRefuted},
	{family: "solved exponent", steps: []string{`Trying \(k = 3\) in \(2^{k} = 16\) does not work.`}, want: wantNotRefuted},
	{family: "solved exponent wrong", steps: []string{"- For \\(p = 3\\), \\(3^{k-1} \\cdot 2 = 54\\) gives \\(k = 3\\)."}, want: wantRefuted, claim: "at k = 3"},
	{family: "solved exponent wrong", steps: []string{`The solutions of the equation \(9^{x} = 3^{x+4}\) are \(x = 4\) and \(x = 2\).`}, want: wantRefuted, claim: "at x = 2"},
	// A step that opens with the values solves the last sentence of the step before.
	{family: "solved next step", steps: []string{`We have \(x + y = 10\) and \(x - y = 4\).`, `Solving, we find \(x = 7\), \(y = 3\).`}, step: 1, want: wantNotRefuted},
	{family: "solved next step", steps: []string{`We have \(x + y = 10\) and \(x - y = 4\). Then we check the sum.`, `Solving, we find \(x = 6\), \(y = 3\).`}, step: 1, want: wantNotRefuted},
	{family: "solved next step", steps: []string{`We have \(x + y = 10\) and \(x - y = 4\).`, `Solving, we find \(x = 6\), \(y = 3\).`}, step: 1, want: wantRefuted, claim: "at x = 6, y = 3"},
}

func TestSolvedTraps(t *testing.T) {
	runTraps(t, "solved", solvedTraps, nil)
}
