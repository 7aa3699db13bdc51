package wordcmp

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/dialect"
	"github.com/leanprm/leanprm/translate/obligation"
)

// TestRelation: the words, "or equal to" and "not" give the relation the text states.
func TestRelation(t *testing.T) {
	cases := []struct {
		word         string
		orEqual, not bool
		want         string
	}{
		{"less", false, false, "<"}, {"smaller", true, false, "≤"}, {"greater", false, false, ">"}, {"larger", true, false, "≥"},
		{"less", false, true, "≥"}, {"less", true, true, ">"}, {"bigger", false, true, "≤"}, {"greater", true, true, "<"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, relation(c.word, c.orEqual, c.not), "%+v", c)
	}
}

// TestReadDecides: the exact checker decides each comparison read as the text states it, through
// the same dialect lines Lean would get, and the sides' spans cover the words between them.
func TestReadDecides(t *testing.T) {
	cases := []struct {
		text   string
		expr   string
		proved bool
	}{
		{`Note that \(2^{10} = 1024\) is an integer greater than \(1000\).`, "1024 > 1000", true},
		{`So \(\frac{9}{7}\) is a fraction less than 1.`, "9/7 < 1", false},
		{`Here 9 is not less than \(\sqrt{80}\), so we keep it.`, "9 ≥ 4√5", true},
		{`Here 8 is not less than \(\sqrt{80}\), so we keep it.`, "8 ≥ 4√5", false},
		{`Thus \(\sqrt{3}\) is smaller than \(\sqrt{2}\).`, "√3 < √2", false},
		{"- 20 is greater than or equal to 20.", "20 ≥ 20", true},
		{"Candidates:\nSecond, \\(23\\): This number is less than \\(20\\), so it goes.", "23 < 20", false},
	}
	for _, c := range cases {
		got := Read(3, c.text, "decide +kernel")
		require.Len(t, got, 1, c.text)
		o := got[0]
		assert.Equal(t, c.expr, o.Expr, c.text)
		assert.Equal(t, obligation.KindInequality, o.Kind)
		assert.Equal(t, 3, o.Step)
		assertDecides(t, o, c.text, c.proved)
	}
}

// TestReadLeavesAlone: sides that are not a closed value standing alone, objects that go on,
// and sentences that suppose, test or hedge are not read.
func TestReadLeavesAlone(t *testing.T) {
	for _, text := range []string{
		`The sum of 3 and 8 is less than 10.`,
		`If 9 is greater than 10, we stop.`,
		`So 9 is greater than 10 times 2.`,
		`So \(y\) is greater than 3.`,
		`So 3.17 is greater than \(\sqrt{10}\).`,
		`So 2,019 is less than 2,000.`,
		`The cost $9 is greater than $10.`,
		`So 9 is greater than 3 and 12.`,
		`So \(2 < 3\) is less than 1.`,
		`So 9 is greater than`,
	} {
		assert.Empty(t, Read(0, text, "decide +kernel"), text)
	}
}

// FuzzRead: any text, valid UTF-8 or not, reads without a panic within a bound of time, and every
// comparison read has a span inside the text and two dialect lines the exact checker can decide.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`Note that \(3^4 = 81\) is an integer greater than \(128\).`,
		`However, note that 6 is not actually less than $\sqrt{40}$. So we drop 6.`,
		"- \\(5! = 120\\) is larger than \\(2^7\\).",
		`$\frac{11}{9}$ is a fraction less than 1.`,
		`So 1.414 is greater than \(\sqrt{2}\).`,
		`$$ is less than $$`, `\( is less than \)`, `$5 is greater than $`,
		`so 2709 is a valid number. However, it is larger than 2908.`, ". But it is less than 4", "\\) is x.\nIt is less than 1",
		"is greater than " + strings.Repeat("9", 50),
		`Fifth, \(45\): This number is between \(40\) and \(44\), so it rounds to \(40\).`,
		`So the largest prime factor of \(15! - 13!\) is \(209\). The greatest odd integer that is a factor of $5!$ is $5$.`,
		"the smallest prime divisor of " + strings.Repeat("7", 30) + " is 7",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		done := make(chan []obligation.Obligation, 1)
		go func() { done <- Read(0, text, "decide +kernel") }()
		var got []obligation.Obligation
		select {
		case got = <-done:
		case <-time.After(2 * time.Second):
			t.Fatalf("slow: %q", text)
		}
		for _, o := range got {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start > o.Span.End {
				t.Fatalf("span %d-%d outside %d bytes", o.Span.Start, o.Span.End, len(text))
			}
			if o.Prop == "" || !strings.Contains(o.Lean, o.Prop) {
				t.Fatalf("obligation without its proposition: %+v", o)
			}
			if out := dialect.Decide(o.Lean, o.LeanNeg, "decide +kernel", "grind"); out.Fail != "" || out.Proved == out.Disproved {
				t.Fatalf("%q: undecided %+v", o.Prop, out)
			}
			if utf8.ValidString(text) && !utf8.ValidString(o.Span.Text) {
				t.Fatalf("span cuts a character: %q", o.Span.Text)
			}
		}
	})
}

// TestReadBetween: a closed value said to lie between two others is decided with the ends
// included; a value at an end is not verified (the ends may be meant excluded); "This number"
// after "<value>:" names the value; suppositions, open sides and longer objects are left alone.
// Cases written for this test.
func TestReadBetween(t *testing.T) {
	cases := []struct {
		text, expr       string
		proved, verifies bool
	}{
		{`Third, \(57\): This number is between \(50\) and \(54\), so it rounds to \(50\).`, "50 ≤ 57 ≤ 54", false, true},
		{`So \(2^5\) is between 30 and 40.`, "30 ≤ 32 ≤ 40", true, true},
		{`So \(2^5\) is between 20 and 30.`, "20 ≤ 32 ≤ 30", false, true},
		{`Here \(\frac{7}{2}\) lies between \(4\) and \(3\).`, "3 ≤ 3.5 ≤ 4", true, true},
		{"Note that 12 is between 12 and 15.", "12 ≤ 12 ≤ 15", true, false},
		{"Note that 11 is strictly between 12 and 15.", "12 ≤ 11 ≤ 15", false, true},
	}
	for _, c := range cases {
		got := Read(1, c.text, "decide +kernel")
		require.Len(t, got, 1, c.text)
		o := got[0]
		assert.Equal(t, c.expr, o.Expr, c.text)
		assert.Equal(t, c.verifies, o.OnProof == obligation.Verified, c.text)
		assertDecides(t, o, c.text, c.proved)
	}
	for _, text := range []string{
		`If \(57\) is between \(50\) and \(54\), it rounds to \(50\).`,
		`We check whether 57 is between 50 and 54.`,
		`So \(x\) is between 50 and 54.`,
		`The sum of 3 and 57 is between 50 and 54.`,
		`So 57 is between 50 and 54 times 2.`,
		`So 57 is between 50 and 54 cm long.`,
		`So 1.41 is between 1.2 and \(\sqrt{2}\).`,
		`The answer: the value is between 50 and 54.`,
	} {
		assert.Empty(t, Read(1, text, "decide +kernel"), text)
	}
}

// TestReadExtremal: the greatest or least factor of a kind of a closed whole number, stated in
// words, is decided from its exact factoring; factors with no kind and open factorings are not
// read. Cases written for this test.
func TestReadExtremal(t *testing.T) {
	cases := []struct {
		text, expr string
		proved     bool
	}{
		{"So the largest prime factor of 91 is 13.", "the largest prime factor of 91 = 13", true},
		{"So the largest prime factor of 91 is 91.", "the largest prime factor of 91 = 91", false},
		{`So the greatest odd integer that is a factor of \(6!\) is \(5\).`, "the greatest odd factor of 720 = 5", false},
		{`Thus the greatest odd factor of \(6!\) is \(45\).`, "the greatest odd factor of 720 = 45", true},
		{`The smallest prime divisor of \(2^{7} + 1\) is 3.`, "the smallest prime factor of 129 = 3", true},
		{`The smallest odd prime factor of \(2^{5} \cdot 35\) is \(7\).`, "the smallest odd prime factor of 1120 = 7", false},
		{`The largest even factor of \(90\) is \(90\).`, "the largest even factor of 90 = 90", true},
		{`The largest prime factor of \(20! + 1\) is 2.`, "", false}, // 20! + 1 = 20639383 × 117876683047: open
	}
	for _, c := range cases {
		got := Read(1, c.text, "decide +kernel")
		if c.expr == "" {
			assert.Empty(t, got, c.text)
			continue
		}
		require.Len(t, got, 1, c.text)
		o := got[0]
		assert.Equal(t, c.expr, o.Expr, c.text)
		assert.Equal(t, obligation.KindEquality, o.Kind)
		assertDecides(t, o, c.text, c.proved)
	}
	for _, text := range []string{
		"So the largest factor of 12 is 6.",
		"If the largest prime factor of 91 is 91, then 91 is prime.",
		"We check whether the largest prime factor of 91 is 91.",
		"The largest prime factor of 91 is 13 times 7.",
		"The largest prime factor of x is 13.",
		"The largest prime factor of 91 is not 91.",
		`The odd primes are 3 and 5. Among these, the greatest odd integer that is a factor of \(6!\) is \(5\).`,
	} {
		assert.Empty(t, Read(1, text, "decide +kernel"), text)
	}
}

// TestPrimeFactors: the trial division lists the distinct primes of every number up to 3000 as
// a sieve does, and leaves a product of two primes past the bound open.
func TestPrimeFactors(t *testing.T) {
	for n := int64(2); n <= 3000; n++ {
		var want []string
		m := n
		for p := int64(2); p <= m; p++ {
			if m%p == 0 {
				want = append(want, fmt.Sprint(p))
				for m%p == 0 {
					m /= p
				}
			}
		}
		ps, ok := primeFactors(big.NewInt(n), true)
		require.True(t, ok, n)
		var got []string
		for _, p := range ps {
			got = append(got, p.String())
		}
		require.Equal(t, want, got, n)
	}
	p := new(big.Int).SetUint64(1<<61 - 1) // a Mersenne prime past the bound's square
	_, ok := primeFactors(new(big.Int).Mul(p, p), true)
	assert.False(t, ok)
	big1 := new(big.Int).Lsh(big.NewInt(3), 100) // 3 · 2^100
	ps, ok := primeFactors(big1, true)
	require.True(t, ok)
	assert.Equal(t, "[2 3]", fmt.Sprint(ps))
}

// assertDecides checks that o's span is its text in text, and that the exact checker decides o:
// proved when proved is set, disproved otherwise.
func assertDecides(t *testing.T, o obligation.Obligation, text string, proved bool) {
	t.Helper()
	assert.Equal(t, text[o.Span.Start:o.Span.End], o.Span.Text)
	out := dialect.Decide(o.Lean, o.LeanNeg, "decide +kernel", "grind")
	require.Empty(t, out.Fail, text)
	assert.Equal(t, proved, out.Proved, text)
	assert.Equal(t, !proved, out.Disproved, text)
}

// TestHoldsThan checks holdsThan against lowering the text.
func TestHoldsThan(t *testing.T) {
	for _, s := range []string{"", "than", "THAN", "tHaN", "more tha", "Thanks", "th an", "tḧan", "ſthan", "KTHAN", "t\x00han", "tHAN."} {
		if got, want := holdsThan(s), strings.Contains(strings.ToLower(s), "than"); got != want {
			t.Errorf("holdsThan(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestReadPronoun: "it" opening a sentence stands for the side the sentence before names alone
// ("so 2709 is a valid number. However, it is larger than 2908"); a sentence before that names
// another number or math, "it" inside a clause, and a hedged sentence make none.
func TestReadPronoun(t *testing.T) {
	for _, c := range []struct{ text, expr string }{
		{`The digit sum is 17, so 3518 is a valid number. However, it is larger than 4106.`, "3518 > 4106"},
		{`So 45 is the count. It is less than 40.`, "45 < 40"},
		{"- \\(\\frac{7}{3}\\) is a root.\nBut it is smaller than 2, so we keep it.", "7/3 < 2"},
	} {
		obls := Read(0, c.text, "decide")
		if assert.Len(t, obls, 1, c.text) {
			assert.Equal(t, c.expr, obls[0].Expr, c.text)
		}
	}
	for _, s := range []string{
		`So 3518 is a valid number. However, it is smaller than 4106.`,
		`So 3518 is larger than 3000. However, it is larger than 4106.`,
		`So 3518 is a valid number. However, if it is larger than 4106, we stop.`,
		`So 3518 is a valid number, and it is larger than 4106.`,
		`The sum of 3518 and 2 is a valid number. It is larger than 4106.`,
		`So 3518 is a valid number. However, it is roughly larger than 4106.`,
		`So 3518 is a valid number. Bit is larger than 4106.`,
		`So x is a valid number. It is larger than 4106.`,
	} {
		for _, o := range Read(0, s, "decide") {
			assert.NotEqual(t, "3518 > 4106", o.Expr, s)
		}
	}
}
