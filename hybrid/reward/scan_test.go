package reward

import (
	"math/big"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// The regular expressions the scanners of scan.go replace, as grounded.go had them: the
// reference the scanners are checked against.
var (
	quantityRE = mergedRE{regexp.MustCompile(`\\[dt]?frac(?:\{\s*(\d+(?:\.\d+)?)\s*\}|(\d))(?:\{\s*(\d+(?:\.\d+)?)\s*\}|(\d))|(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(\s*%)?`)}
	mathRunRE  = regexp.MustCompile(`(?:[\d\s.,+\-*/×÷·^()\[\]{}$%:]|\\(?:begin|end)\{[a-zA-Z*]+\}|\\[a-zA-Z]+|\b[a-zA-Z]\b)*$`)
	boxedRE    = regexp.MustCompile(`\\(?:boxed|fbox)\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}`)
)

// mergedRE is the quantity pattern with a fraction's parts braced ("\\frac{3}{7}") or single
// digits ("\\frac37", "\\frac3{7}"): its numerator's two groups and its denominator's two are
// merged, so that its submatches are the scanner's four groups.
type mergedRE struct{ re *regexp.Regexp }

func (m mergedRE) merge(g []string) []string {
	if g == nil {
		return nil
	}
	return []string{g[0], g[1] + g[2], g[3] + g[4], g[5], g[6]}
}

func (m mergedRE) FindStringSubmatch(s string) []string { return m.merge(m.re.FindStringSubmatch(s)) }

func (m mergedRE) FindAllStringSubmatch(s string, n int) [][]string {
	var out [][]string
	for _, g := range m.re.FindAllStringSubmatch(s, n) {
		out = append(out, m.merge(g))
	}
	return out
}

func (m mergedRE) FindAllStringIndex(s string, n int) [][]int { return m.re.FindAllStringIndex(s, n) }

// The four readers as they were written over the regular expressions.

func quantitiesRE(text string) []string {
	var out []string
	for _, m := range quantityRE.FindAllStringSubmatch(text, -1) {
		if m[1] != "" {
			for _, part := range m[1:3] {
				if q, ok := rational(part); ok {
					out = append(out, q)
				}
			}
			if q, ok := ratio(m[1], m[2]); ok {
				out = append(out, q)
			}
			continue
		}
		if q, ok := rational(strings.ReplaceAll(m[3], ",", "")); ok {
			out = append(out, q)
			if m[4] != "" {
				if p, ok := ratio(strings.ReplaceAll(m[3], ",", ""), "100"); ok {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

func firstValueRE(text string) (string, bool) {
	m := quantityRE.FindStringSubmatch(text)
	switch {
	case m == nil:
		return "", false
	case m[1] != "":
		return ratio(m[1], m[2])
	}
	return rational(strings.ReplaceAll(m[3], ",", ""))
}

func writtenRE(text string) []string {
	var out []string
	for _, m := range quantityRE.FindAllStringSubmatch(text, -1) {
		for _, part := range []string{m[1], m[2], strings.ReplaceAll(m[3], ",", "")} {
			if q, ok := rational(part); ok && part != "" {
				out = append(out, q)
			}
		}
	}
	return out
}

func parseQuantityRE(s string) (string, bool) {
	s = strings.NewReplacer(`\$`, "", "$", "", `\%`, "", "%", "", `\!`, "", "{,}", ",", " ", "").Replace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "\\text{"), "}")
	s = strings.TrimPrefix(s, "-")
	qs := quantityRE.FindAllStringIndex(s, -1)
	if len(qs) != 1 || qs[0][0] != 0 || qs[0][1] != len(s) {
		return "", false
	}
	if q := quantitiesRE(s); len(q) > 0 {
		return q[0], true
	}
	return "", false
}

// sameAsRegexps reports the first way the scanners or the readers over them differ from
// the regular expressions on text, "" when they agree.
func sameAsRegexps(text string) string {
	switch {
	case !slices.EqualFunc(quantity.FindAllStringSubmatch(text, -1), quantityRE.FindAllStringSubmatch(text, -1), slices.Equal[[]string]):
		return "quantity FindAllStringSubmatch"
	case !slices.Equal(quantity.FindStringSubmatch(text), quantityRE.FindStringSubmatch(text)):
		return "quantity FindStringSubmatch"
	case !slices.EqualFunc(quantity.FindAllStringIndex(text, -1), quantityRE.FindAllStringIndex(text, -1), slices.Equal[[]int]):
		return "quantity FindAllStringIndex"
	case !slices.Equal(mathRun.FindStringIndex(text), mathRunRE.FindStringIndex(text)):
		return "mathRun FindStringIndex"
	case !slices.EqualFunc(boxed.FindAllStringIndex(text, -1), boxedRE.FindAllStringIndex(text, -1), slices.Equal[[]int]):
		return "boxed FindAllStringIndex"
	case !slices.Equal(quantities(text), quantitiesRE(text)):
		return "quantities"
	case !slices.Equal(written(text), writtenRE(text)):
		return "written"
	}
	v, ok := firstValue(text)
	if w, ok2 := firstValueRE(text); v != w || ok != ok2 {
		return "firstValue"
	}
	v, ok = parseQuantity(text)
	if w, ok2 := parseQuantityRE(text); v != w || ok != ok2 {
		return "parseQuantity"
	}
	return ""
}

// devTexts are the texts of the dev data the grounded reward reads: every ProcessBench dev
// problem and step, every GSM8K reference solution and question, and each PRMBench (three
// files of it)
// question and process.
func devTexts(t *testing.T) []string {
	var texts []string
	for _, f := range testshared.Glob("data/processbench/*.dev.jsonl") {
		cs, _, err := chain.Read(f, chain.FormatAuto)
		require.NoError(t, err)
		for _, c := range cs {
			texts = append(texts, c.Problem)
			for _, s := range c.Steps {
				texts = append(texts, s.Text)
			}
		}
	}
	type gsm struct{ Question, Answer string }
	for _, r := range testshared.ReadJSONL[gsm](t, testshared.Path(t, "data/gsm8k/train.jsonl")) {
		texts = append(texts, r.Question, r.Answer)
	}
	type prm struct {
		Question        string `json:"question"`
		OriginalProcess []string
		ModifiedProcess []string
	}
	for _, f := range testshared.Glob("data/prmbench/prm800k_test_p1_4o_c*.jsonl") {
		for _, r := range testshared.ReadJSONL[prm](t, f) {
			texts = append(texts, r.Question)
			texts = append(texts, r.OriginalProcess...)
			texts = append(texts, r.ModifiedProcess...)
		}
	}
	return texts
}

// TestScannersMatchTheRegexps: over every text of the dev data (and its pieces as the reward
// reads them, segments and the two sides of each relation, for one text in sixteen), the scanners give what the
// regular expressions give, and so do the four readers built on them.
func TestScannersMatchTheRegexps(t *testing.T) {
	texts := devTexts(t)
	require.Greater(t, len(texts), 20000, "the dev data is read")
	// The scanners are pure functions of one goroutine: the race detector, which slows the
	// regular expressions tenfold, has nothing to find in them, and under it one text in
	// eight is checked.
	every := 1
	if raceDetector {
		every = 8
	}
	checked, boxes, fractions := 0, 0, 0
	for i, text := range texts {
		if i%every != 0 {
			continue
		}
		pieces := []string{text, unbox(text)}
		for _, seg := range segments(text) {
			if i%(16*every) != 0 {
				break // one text in sixteen also in its pieces, to keep the test short
			}
			pieces = append(pieces, seg)
			if at, end, ok := lastRelation(seg); ok {
				pieces = append(pieces, seg[:at], seg[end:])
			}
		}
		for _, p := range pieces {
			if why := sameAsRegexps(p); why != "" {
				t.Fatalf("%s differs on %q", why, p)
			}
			checked++
		}
		boxes += len(boxedRE.FindAllStringIndex(text, -1))
		for _, m := range quantityRE.FindAllStringSubmatch(text, -1) {
			if m[1] != "" {
				fractions++
			}
		}
	}
	t.Logf("%d texts, %d pieces, %d boxes, %d fractions", len(texts), checked, boxes, fractions)
	require.Greater(t, boxes, 100/every, "boxed answers are among the texts")
	require.Greater(t, fractions, 100/every, "fractions are among the texts")
}

// scannerCases are hand-made texts at the edges of the patterns' semantics (also the fuzz
// target's seeds).
var scannerCases = []string{
	"", "1", ".5", "1.", "1,234", "1,2345", "1234,567", "12,345,678.90 %", "1,234.5%", "3 %", "3 \n%",
	`\frac{1}{2}`, `\dfrac{ 3 }{ 4 }`, `\tfrac{1.5}{2}`, `\frac{1}{x}`, `\frac{1}{2`, `\frac {1}{2}`, `\dfrac1 2`,
	`x = \boxed{3}`, `\boxed{\frac{1}{2}}`, `\boxed{{a}{b}}`, `\boxed{{{a}}}`, `\fbox{a}\boxed{b`, `\boxed{\boxed{1}}`,
	`\boxed{` + strings.Repeat(`\boxed{x}`, 5), `\boxed{a}{`, "\\boxed{\xff}",
	`a + b = 3`, `x = 2 \times 3`, `The total is 3 + 4`, `\begin{pmatrix} 1 \\ 2 \end{pmatrix}`, `\begin{} x`,
	`\beginx{a}`, "3 × 4 ÷ 2 · 1", "\xc3 3", "\xc2\xb7", "é = 3", "ab = c", "_a = 1", "a_1", `\alpha+\beta`, `\ 1`,
	"1.2.3", "..5", "0.5.", "%", "1%%", "\t5\f%",
	`\frac37`, `\frac3{7}`, `\frac{3}7`, `\dfrac{ 3 }7%`, `\frac3`, `\frac{3}`, `\fracx7`, `\frac123`, `\tfrac3{x}`, `\frac{3}{`,
}

func TestScannersMatchTheRegexpsAtTheEdges(t *testing.T) {
	// A fraction whose parts are longer than any quantity a step computes is no quantity
	// (big numbers' arithmetic is not linear in their length).
	long := strings.Repeat("7", 41)
	require.Equal(t, []string{"3"}, quantities(`\frac{`+long+`}{3}`))
	_, ok := firstValue(`\frac{` + long + `}{3}`)
	require.False(t, ok)
	for _, c := range scannerCases {
		if why := sameAsRegexps(c); why != "" {
			t.Errorf("%s differs on %q", why, c)
		}
	}
	// The cases reach every alternative.
	require.Equal(t, []string{"1,234", "", "", "1,234", ""}, quantity.FindStringSubmatch("1,234"))
	require.Equal(t, []string{`\dfrac{ 3 }{ 4 }`, "3", "4", "", ""}, quantity.FindStringSubmatch(`\dfrac{ 3 }{ 4 }`))
	require.Equal(t, []string{`\frac37`, "3", "7", "", ""}, quantity.FindStringSubmatch(`\frac37`))
	require.Equal(t, []string{"3", "7", "3/7"}, quantities(`\left(\frac37\right)^x`), "LaTeX's unbraced fraction is 3/7, not 37")
	require.Equal(t, []string{"12,345,678.90 %", "", "", "12,345,678.90", " %"}, quantity.FindStringSubmatch("12,345,678.90 %"))
	require.Equal(t, [][]int{{0, 14}}, boxed.FindAllStringIndex(`\boxed{{a}{b}}`, -1))
	require.Equal(t, []int{8, 40}, mathRun.FindStringIndex(`Then x = \begin{pmatrix} 1 \end{pmatrix}`))
}

// FuzzScanners: on any text the scanners and the readers over them agree with the regular
// expressions.
func FuzzScanners(f *testing.F) {
	for _, c := range scannerCases {
		f.Add(c)
	}
	// A seed past the cap below: its branch is covered from the start, so a long input the
	// fuzzer makes is not "interesting" and never minimized (byte by byte, for minutes).
	f.Add(strings.Repeat(`1,234 \frac{1}{2} x = \boxed{3}. `, 40))
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1024 {
			// The reference is not linear: mathRunRE takes 2.3 s on "1 " repeated 160,000
			// times, the scanner milliseconds.
			return
		}
		if why := sameAsRegexps(text); why != "" {
			t.Fatalf("%s differs on %q", why, text)
		}
	})
}

// rational's fast path writes what big.Rat writes.
func TestRationalFastPathIsBigRat(t *testing.T) {
	cases := []string{"0", "00", "7", "007", "7.0", "7.00", "7.", "7.5", "0.50", ".5", "1.05", "120", "1200.000",
		"12345678901234567890123", "1e5", "0x10", "-3", "+3", "1/2", "", ".", "3.0.0", "٣", "7 "}
	for _, c := range cases {
		got, ok := rational(c)
		x, want := new(big.Rat).SetString(c)
		want = want && len(c) <= 40
		require.Equal(t, want, ok, "%q", c)
		if want {
			require.Equal(t, x.RatString(), got, "%q", c)
		}
	}
}
