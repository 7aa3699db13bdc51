package legendre

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/obligation"
)

func TestExponent(t *testing.T) {
	for _, c := range []struct{ n, p, want int64 }{
		{10, 2, 8}, {10, 5, 2}, {100, 5, 24}, {942, 5, 233}, {942, 3, 467}, {30, 7, 4}, {6, 7, 0}, {1000, 997, 1},
	} {
		if got := Exponent(c.n, c.p); got != c.want {
			t.Errorf("Exponent(%d, %d) = %d, want %d", c.n, c.p, got, c.want)
		}
	}
}

func TestReadDecides(t *testing.T) {
	cases := []struct {
		text string
		want int // refutations
	}{
		{`So \(18!\) is divisible by \(2^{16}\).`, 0},
		{`So \(18!\) is divisible by \(2^{17}\).`, 1},
		{`So 18! is divisible by 12^8 as well.`, 0}, // 2^16 and 3^8 both divide
		{`So 18! is divisible by 12^9 as well.`, 1}, // 3^9 does not
		{`Clearly \(11^2\) divides \(22!\).`, 0},
		{`Clearly \(11^3\) divides \(22!\).`, 1},
		{`Clearly \(11^2\) does not divide \(22!\).`, 1},
		{`Then 16! is not divisible by 17.`, 0},
		{`Then 17! is not divisible by 17.`, 1},
		{`Hence 50! ends in 12 zeros.`, 0},
		{`Hence 50! ends with 11 zeroes.`, 1},
		{`The number of zeros at the end of \(50!\) is 12.`, 0},
		{`The number of trailing zeros in \(50!\) is 10.`, 1},
		{`The exponent of 7 in \(50!\) is 8.`, 0},
		{`The exponent of 7 in the prime factorization of \(50!\) is 7.`, 1},
		{`The highest power of 3 that divides \(50!\) is \(3^{22}\).`, 0},
		{`The highest power of 3 that divides \(50!\) is \(3^{23}\).`, 1},
		{`So 50! has 8 factors of 7.`, 0},
		{`So 50! has 6 factors of 7 from the multiples of 7.`, 0}, // a part: too few is no error
		{`So 50! has 9 factors of 7.`, 1},                         // too many always is
		{`So 50! has exactly 6 factors of 7.`, 1},
		{`The number of factors of 5 in 50! is 10 plus 2 more.`, 0}, // the count goes on
		{`If 20! were divisible by 3^9, we would be done.`, 0},
		{`Is 20! divisible by 3^9?`, 0},
		{`We need n such that 20! is divisible by 3^9.`, 0},
		{`So \(2 \cdot 10!\) is divisible by \(2^9\).`, 0}, // 2·10!, not 10!
		{`So \(10!\) is divisible by \(2^8 \cdot 3\).`, 0}, // a product after the power: not read
		{`So \(10!!\) is divisible by \(2^9\).`, 0},        // a double factorial
		{`The number of factors of 6 in 20! is 3.`, 0},     // a count of a prime only
		{"So 942! is divisible by 15^278.\nAnd 20! is divisible by 3^9.", 2},
		{`Written in base 7, 100! ends in 16 zeros.`, 0}, // factors of 7, not of 5
		{`In binary, 10! ends in 8 zeros.`, 0},
	}
	for _, c := range cases {
		out := Read(1, c.text, "decide")
		n := 0
		for _, o := range out {
			if o.OnDisproof == obligation.Refuted && o.Prop != "" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%q: %d refutations, want %d: %+v", c.text, n, c.want, out)
		}
	}
}

// FuzzRead: any text is read without a panic, and every obligation's span
// lies in the text and holds a factorial.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`This means that \(942!\) is divisible by \(15^{278}\) since each multiple of 5 counts.`,
		`\(11^3\) divides \(22!\); 50! ends in 11 zeros; the highest power of 3 that divides \(50!\) is \(3^{23}\).`,
		"The number of trailing zeros in \\(50!\\) is 10.\nSo 50! has 9 factors of 7! 5!! 3!=6 ! 0! !",
		`99999999999999999999! is divisible by 2^99999999999999999999 and 1! is divisible by 1^0.`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range Read(1, s, "decide") {
			if !o.Span.Of(s) {
				t.Fatalf("span %+v out of %q", o.Span, s)
			}
			if !strings.Contains(o.Span.Text, "!") || o.Prop == "" {
				t.Fatalf("obligation without a factorial or a certificate: %+v", o)
			}
		}
	})
}
