package mathtext

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClaims(t *testing.T) {
	tests := []struct {
		name string
		text string
		// want lists the OK flag of each claim found, in order.
		want []bool
	}{
		{"plain true", "So he has 18 - 6 = 12 left.", []bool{true}},
		{"plain false", "So he has 7995 - 2595 = 4500 cookies.", []bool{false}},
		{"multi operand false", "Total: 52 + 24 + 44 + 48 = 178", []bool{false}},
		{"units and rate", "The cost is $194/meter × 490 meters = $94,860.", []bool{false}},
		{"units and rate true", "495 students * $15/student = $7425", []bool{true}},
		{"latex times and text", `\(2 \text{ books} \times 2 \text{ pounds/book} = 4 \text{ pounds}\)`, []bool{true}},
		{"latex frac", `\[ \frac{111 \text{ feet}}{1.5 \text{ feet}} = 74 \text{ paces} \]`, []bool{true}},
		{"chain numeric", "x = 3 * 4 = 12 = 13", []bool{true, false}},
		{"rounding", "1/3 = 0.33 and 100/3 = 33", []bool{true, true}},
		{"rounding too far", "7/2 = 3", []bool{false}},
		{"approx", `22/7 \approx 3.14`, []bool{true}},
		{"percent", "40% of 50 = 20", []bool{true}},
		{"percent false", "25% of 80 = 25", []bool{false}},
		{"percent of a hundred", `\[ \left( \frac{60}{150} \right) \times 100 = 40\% \]`, []bool{true}},
		{"percent of a hundred false", "(60/150) * 100 = 45%", []bool{false}},
		{"word operators", "3 times 5 equals 15", []bool{true}},
		{"x operator", "1 skirt x $8.00/skirt = $8.00", []bool{true}},
		{"ordinal", "6th + 2 = 8th", nil},
		{"label on the left", "Total oranges in 8 boxes = 8 * 20 = 160 oranges", []bool{true}},
		{"prose letter", "D - 8 = 60 - 8", nil},
		{"glued variable", "Combine: 2x + 60 = 100.", nil},
		{"list bullets", "- \\(11^2 = 121\\)\n- 5 + 3 = 8", []bool{true, true}},
		{"substitution is not identity", `\[ x = \frac{4}{5}y = \frac{4}{5} \cdot \frac{3}{10}z = \frac{12}{50}z \]`, []bool{true}},
		{"glued product in math", `\[ A = 2bx + 4bx = 6xb \]`, []bool{true}},
		{"mixed number", `\[3\frac{4}{5} = \frac{3 \cdot 5 + 4}{5} = \frac{19}{5}\]`, []bool{true, true}},
		{"unit exponent", `\[ V = \frac{4}{3} \pi \cdot 8 = \frac{32}{3} \pi \text{ cm}^3 \]`, []bool{true}},
		{"defined operation", `\[ \frac{1}{2} \circ 1 = \frac{3}{2} \cdot \frac{2}{9} = \frac{1}{3} \]`, []bool{true}},
		{"truncated decimal", `\[14 / 19 = 0.736...\]`, []bool{true}},
		{"math starting with a digit", `$1 - 6\cos x = 1$ and $2^2 + 2 = 5$`, []bool{false}},
		{"partial left side", `(coins) × \( \frac{1}{100} = \frac{101}{100} \times \frac{1}{100} \)`, nil},
		{"prices", "It costs $43, and $15 + $5 = $20.", []bool{true}},
		{"parenthetical units", "7995 (total cookies) - 2595 (rainbow cookies) = 4500.", []bool{false}},
		{"parenthetical sum", `\[15 (\text{light blue}) + 45 (\text{dark blue}) = 60 \text{ spools}\]`, []bool{true}},
		{"repeated label", "Pencils left = (2/3) * 240. Pencils left = 170.", []bool{false}},
		{"repeated label in displays", `\[ \text{Total fruits} = 52 + 24 \] \[ \text{Total fruits} = 76 \]`, []bool{true}},
		{"possessive label", "Adam's age = 30 + 4. Adam's age = 35.", []bool{false}},
		{"different labels", "Cost = 3 + 4. Price = 9.", nil},
		{"congruences", `\[4^4 = (4^2)^2 = (-1)^2 = 1 \pmod{17}\]`, nil},
		{"units next to variables", "N = (3a^2b) × (10c) = 30a^2bc", nil},
		{"thousands", "2,000 + 1,500 = 3,500 steps", []bool{true}},
		{"list commas are not thousands", "1,2 = 3", nil},
		{"definition skipped", "Let x = 5.", nil},
		{"equation not checked", "$3p + e = 124$", nil},
		{"identity true", `\[ (t) \Join (t+2) = (t + 2)(t + 2 - 3) = (t + 2)(t - 1) \]`, []bool{true}},
		{"identity false across displays", `\[ A = (t+2)(t-1) \] \[ = t^2 - t - 2 \]`, []bool{false}},
		{"identity true across displays", `\[ A = (t+2)(t-1) \] \[ = t^2 + t - 2 \]`, []bool{true}},
		{"no claim in prose", "The answer is 42.", nil},
		{"sqrt and power", `$\sqrt{16} + 2^3 = 12$`, []bool{true}},
		{"dollar math", `$5 \cdot 3 = 15$ dollars`, []bool{true}},
		{"unicode minus", "10 − 4 = 6", []bool{true}},
		{"boxed result", `so 5000 + 10000 + 30000 = \boxed{43000}`, []bool{false}},
		{"function call unknown", `$f(2) = 5$`, nil},
		{"subscript unknown", `$a_1 + 2 = 5$`, nil},
		{"degree", `$90^\circ - 30^\circ = 60^\circ$`, []bool{true}},
		{"division by zero", "5 / 0 = 3", []bool{false}},
	}
	var a Analyzer
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := a.Analyze(tc.text)
			var got []bool
			for _, c := range res.Claims {
				got = append(got, c.OK)
			}
			assert.Equal(t, tc.want, got, "claims: %+v", res.Claims)
		})
	}
}

func TestNumbers(t *testing.T) {
	var a Analyzer
	res := a.Analyze("She had twelve apples, bought 3.5 kg and 1,250 g: 3 + 4 = 7.")
	var vals []float64
	var results []bool
	for _, n := range res.Numbers {
		vals = append(vals, n.Val)
		results = append(results, n.Result)
	}
	require.Equal(t, []float64{12, 3.5, 1250, 3, 4, 7}, vals)
	assert.Equal(t, []bool{false, false, false, false, false, true}, results)
	assert.True(t, res.Numbers[0].Word)
	assert.Equal(t, 0, res.False())
}

func TestScanNumber(t *testing.T) {
	tests := []struct {
		in   string
		end  int
		val  float64
		dec  int
		name string
	}{
		{"1,234,567 x", 9, 1234567, 0, "thousands"},
		{"1,23", 1, 1, 0, "short group"},
		{"12.50.", 5, 12.5, 2, "decimals"},
		{"3.", 1, 3, 0, "sentence end"},
		{"1,2345", 1, 1, 0, "long group"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			end, v, dec := scanNumber(tc.in, 0)
			assert.Equal(t, tc.end, end)
			assert.InDelta(t, tc.val, v, 1e-9)
			assert.Equal(t, tc.dec, dec)
		})
	}
}

func TestClaimRelErr(t *testing.T) {
	c := Claim{Left: 100, Right: 90}
	assert.InDelta(t, 0.1, c.RelErr(), 1e-12)
	assert.Zero(t, Claim{}.RelErr())
}

func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{
		"18 - 6 = 12", `\[ \frac{1}{2} \times 4 = 2 \]`, "$x^2 + 2x = x(x+2)$", "(((((",
		`\text{a} = \sqrt{}`, "50% of 30 = 15", "1,000,000 = 10^6", "=====", `\frac\frac`,
		"$$ a = b = c $$", "3x + 4 = 2x", "ℕ → ∀ × ÷", "\\", "$", "9^9^9^9 = 1",
	} {
		f.Add(s)
	}
	var a Analyzer
	f.Fuzz(func(t *testing.T, s string) {
		res := a.Analyze(s)
		for _, c := range res.Claims {
			if c.OK && (math.IsNaN(c.Left) || math.IsNaN(c.Right)) {
				t.Fatalf("claim with NaN side marked OK: %+v", c)
			}
		}
		for _, n := range res.Numbers {
			if math.IsNaN(n.Val) {
				t.Fatalf("NaN number in %q", s)
			}
		}
	})
}

func TestEval(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"48/2", 24, true},
		{"3*(4+5)-2", 25, true},
		{"50%*30", 15, true},
		{"2^10", 1024, true},
		{"3x4", 12, true},
		{"3y", 0, false},
		{"a+1", 0, false},
		{"1/0", 0, false},
		{"", 0, false},
	}
	for _, tc := range tests {
		v, ok := Eval(tc.in)
		assert.Equal(t, tc.ok, ok, tc.in)
		if tc.ok {
			assert.InDelta(t, tc.want, v, 1e-9, tc.in)
		}
	}
}
