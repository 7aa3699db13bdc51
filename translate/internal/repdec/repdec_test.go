package repdec

import (
	"math/big"
	"strings"
	"testing"
)

func TestParseValues(t *testing.T) {
	cases := []struct {
		in   string
		want string // "" when not read
	}{
		{`0.\overline{3}`, "1/3"},
		{`0.1\overline{6}`, "1/6"},
		{`0.\overline{142857}`, "1/7"},
		{`2.08\bar{3}`, "25/12"},
		{`-0.\overline{4}`, "-4/9"},
		{` 0.\overline{9}. `, "1"},
		{`0.\overline 3`, ""},      // no braces
		{`.\overline{3}`, ""},      // no whole digits
		{`0.\overline{3a}`, ""},    // a letter in the block
		{`0.\overline{}`, ""},      // an empty block
		{`0.\overline{3}4`, ""},    // digits after the bar
		{`\overline{12}`, ""},      // no decimal point
		{`0.\barwedge{3}`, ""},     // another command
		{`0.\overline{3} + 1`, ""}, // not alone
		{`12.\overline{12}x`, ""},  // a name after
		{`0.` + strings.Repeat("1", 30) + `\overline{` + strings.Repeat("2", 31) + `}`, ""}, // too many digits
	}
	for _, c := range cases {
		d, ok := Parse(c.in)
		if c.want == "" {
			if ok {
				t.Errorf("%q read as %s", c.in, d.Val)
			}
			continue
		}
		want, _ := new(big.Rat).SetString(c.want)
		if !ok || d.Val.Cmp(want) != 0 {
			t.Errorf("%q: got %v (%v), want %s", c.in, d.Val, ok, c.want)
		}
	}
}

func TestReadRefutesOnlyFalseValues(t *testing.T) {
	cases := []struct {
		text string
		want int // refutations
	}{
		{`So \(\frac{3}{7} = 0.\overline{428571}\).`, 0},
		{`So \(\frac{3}{7} = 0.\overline{428517}\).`, 1},
		{`So \[ 1 - \frac{2}{3} = 0.\overline{6} = \frac{2}{3}. \]`, 1},
		{`So \(\frac{1}{3} = 0.\overline{3} \approx 0.33\).`, 0},
		{`Suppose \(\frac{1}{3} = 0.\overline{4}\).`, 0},
		{`The decimal expansion of \(\frac{1}{12}\) is \(0.08\overline{3}\).`, 0},
		{`The decimal expansion of \(\frac{1}{12}\) is \(0.8\overline{3}\).`, 1},
		{`The decimal expansion of \(\frac{1}{12}\) has period \(0.8\overline{3}\).`, 0},
		{`Let \(y = 0.\overline{5}\). Then \(10y = 5.\overline{5}\).`, 0},
		{`\(\frac{1}{7} = 0.\overline{142857}\) and \(\frac{2}{7} = 0.\overline{142857}\).`, 1},
	}
	for _, c := range cases {
		out := Read(1, c.text, false, "decide")
		if len(out) != c.want {
			t.Errorf("%q: %d refutations, want %d: %+v", c.text, len(out), c.want, out)
		}
	}
}

// FuzzRead: any text is read without a panic, and every obligation's span
// lies in the text and holds the repeating decimal it read.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`Dividing, \(\frac{4}{11} = 0.\overline{34}\).`,
		`The decimal expansion of \(\frac{1}{41}\) is \(0.\overline{0244}\).`,
		`\(\frac{7}{3}\) in decimal form is \(2.\bar{6}\) $0.\overline{$ \[.\overline{}\] \(0.\overline{3}\%\)`,
		`\(-0.\overline{4} = -\frac{4}{9} = 0.1\overline{6}\) \(\overline{AB}\) $$1.\bar{$$`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range Read(1, s, false, "decide") {
			if !o.Span.Of(s) {
				t.Fatalf("span %+v out of %q", o.Span, s)
			}
			if !hasBar(o.Span.Text) || o.Prop == "" {
				t.Fatalf("obligation without a repeating decimal or a certificate: %+v", o)
			}
		}
	})
}

func TestReadComputesWithDecimals(t *testing.T) {
	cases := []struct {
		text string
		want int // refutations
	}{
		{`So \(0.\overline{7} - 0.\overline{4} = 0.\overline{3}\).`, 0},
		{`So \(0.\overline{8} - 0.\overline{4} = 0.\overline{3}\).`, 1},
		{`Then \(10 \times 0.\overline{7} = 7.\overline{7}\) and \(9 \times 0.\overline{7} = 7\).`, 0},
		{`Then \(9 \times 0.\overline{5} = 4\).`, 1},
		{`Then \(\left\lfloor 13.\overline{3} \right\rfloor = 13\).`, 0},
		{`Then \(0.\overline{5} + 0.25 = 0.8\).`, 0},         // a terminating decimal: perhaps rounded
		{`Then \(x_0.\overline{5} = 1\).`, 0},                // not a decimal
		{`Then \(10x = 5.\overline{5}\), so \(9x = 5\).`, 0}, // names
		{`Then \(0.\overline{3}^2 = \frac{1}{3}\).`, 0},      // a power on the bar: left alone
	}
	for _, c := range cases {
		out := Read(1, c.text, false, "decide")
		if len(out) != c.want {
			t.Errorf("%q: %d refutations, want %d: %+v", c.text, len(out), c.want, out)
		}
	}
}

func TestOtherBase(t *testing.T) {
	for text, want := range map[string]bool{
		`Write \(\frac{1}{4}\) in base 5.`:                 true,
		`In base-\(b\) the expansion repeats.`:             true,
		`Convert it to binary first.`:                      true,
		`The number 1011 in base two.`:                     true,
		`In base 10, \(\frac{1}{3} = 0.\overline{3}\).`:    false,
		`The base of the triangle is 6 and base case n.`:   false,
		`The decimal expansion of \(\frac{1}{7}\) is long`: false,
	} {
		if got := OtherBase(text); got != want {
			t.Errorf("OtherBase(%q) = %v, want %v", text, got, want)
		}
	}
	if out := Read(1, `So \(\frac{1}{4} = 0.\overline{3}\).`, true, "decide"); len(out) != 0 {
		t.Errorf("read with another base in the chain: %+v", out)
	}
	if out := Read(1, `So \(\frac{1}{3} = 0.\overline{1}_3\).`, false, "decide"); len(out) != 0 {
		t.Errorf("a decimal with a base subscript read: %+v", out)
	}
}
