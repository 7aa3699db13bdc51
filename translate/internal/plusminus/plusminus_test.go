package plusminus

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/obligation"
)

func TestReadDecidesBothSigns(t *testing.T) {
	cases := []struct {
		text string
		want int // refutations
	}{
		{`Then \[y = \frac{3 \pm \sqrt{2 + 4 \cdot 5 \cdot 7}}{10} = \frac{3 \pm \sqrt{142}}{10} = \frac{3 \pm 12}{10}.\]`, 1},
		{`So \(\pm \frac{1}{\sqrt{3}} = \pm \frac{\sqrt{3}}{3}\).`, 0},
		{`So \(\frac{5 \pm 3}{2} = 4 \pm 1\).`, 1},                          // upper: 4 = 5
		{`So \(\frac{4 \pm 2}{2} = 2 \pm 1\).`, 0},                          // true both ways
		{`So \(\frac{4 \pm 2}{2} = 2 \mp 1\).`, 1},                          // upper: 3 = 1
		{`If \(\frac{1 \pm \sqrt{5}}{2} = 1 \pm 2\) then no.`, 0},           // supposed
		{`Roughly \(1 \pm \sqrt{10} = 1 \pm 3\).`, 0},                       // approximated
		{`So \(x = 1 \pm \sqrt{10} = 1 \pm 3\).`, 1},                        // √10 is not 3 inside a sum
		{`So \(x = \pm \sqrt{10} = \pm 3\).`, 0},                            // a whole number within 1 of √10: its floor?
		{`So \(x = \frac{1 \pm \sqrt{10}}{6} = \frac{1 \pm 3.16}{6}\).`, 0}, // a decimal
		{`So \(a \pm b = b \pm a\).`, 0},                                    // names
		{`So \(7 \equiv 1 \pmod{6}\) and \(\pm 2 = \pm 3\).`, 1},
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

func TestSignAtSkipsOtherCommands(t *testing.T) {
	if hasSign(`7 \pmod{3} and \pmb{x}`) {
		t.Error(`\pmod and \pmb read as ±`)
	}
	if !hasSign(`1 \mp 2`) || !hasSign(`\pm`) {
		t.Error("a sign missed")
	}
	if got := signs(strings.Repeat(`\pm 1 `, 3)); got != 3 {
		t.Errorf("signs = %d, want 3", got)
	}
}

// FuzzRead: any text is read without a panic, and every obligation's span
// lies in the text and holds the sign it read.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`\[x = \frac{1 \pm \sqrt{7753}}{6} = \frac{1 \pm 88}{6}.\]`,
		`$\pm 2 = \mp (-2)$ and $$\frac{3 \mp 1}{2} = 1 \pm \frac{1}{2}$$`,
		`\(\pm\) \( = \pm \) \(\pm 1 = \pm\) \(\{ \pm 1 = \pm 1 \}\)`,
		`\(\sqrt{\pm 4} = \pm 2\) \(\frac{1}{\pm 0} = \pm 1\)`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range Read(1, s, "decide") {
			if !o.Span.Of(s) {
				t.Fatalf("span %+v out of %q", o.Span, s)
			}
			if !hasSign(o.Span.Text) || o.Prop == "" {
				t.Fatalf("obligation without a sign or a certificate: %+v", o)
			}
		}
	})
}
