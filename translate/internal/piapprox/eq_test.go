package piapprox

import "testing"

// TestReadEqDecides pins ReadEq on its own: a far number is refuted, one
// within the tolerance of "≈", one that does not close its side, a unit
// the number does not repeat and π approximated by 3 are not.
func TestReadEqDecides(t *testing.T) {
	cases := []struct {
		text string
		want int // refutations
	}{
		{"\\[90 + 12\\pi \\, \\text{ft}^2 = 90 \\, \\text{ft}^2\\]", 1},
		{"\\[90 + 2\\pi \\, \\text{ft}^2 = 96.28 \\, \\text{ft}^2\\]", 0},
		{"\\[90 + 2\\pi \\, \\text{ft}^2 = 90 \\, \\text{in}^2\\]", 0},
		{`So \(36\pi = 113\), then we stop.`, 0},
		{`So \(36\pi = 90\), then we stop.`, 1},
		{`So \(36\pi = 36 \pi\), then we stop.`, 0},
		{`So \(36\pi = 36 + x\), then we stop.`, 0},
		{`With \(\pi = 3\), \(36\pi = 108\).`, 0},
		{`With \(\pi \approx 3.14\), \(36\pi = 80\).`, 1},
		{`Here \(36\pi \leq 100\) and \(a := 36\pi = 100\)?`, 0},
	}
	for _, c := range cases {
		if got := len(ReadEq(1, "", nil, c.text, "decide")); got != c.want {
			t.Errorf("ReadEq(%q): %d refutations, want %d", c.text, got, c.want)
		}
	}
}

// TestCutUnit pins the unit cut from the end of a member.
func TestCutUnit(t *testing.T) {
	for in, want := range map[string][2]string{
		`80 + 10\pi \, \text{cm}^3`: {`80 + 10\pi`, "cm^3"},
		`16\pi \text{ cm}^{2}`:      {`16\pi`, "cm^2"},
		`\frac{\pi}{2}`:             {`\frac{\pi}{2}`, ""},
		`2\pi \mathrm{m}`:           {`2\pi`, "m"},
	} {
		m, u := cutUnit(in)
		if m != want[0] || u != want[1] {
			t.Errorf("cutUnit(%q) = %q, %q; want %q, %q", in, m, u, want[0], want[1])
		}
	}
}

// FuzzReadEq: any text is read without a panic, and every obligation's
// span lies in the text, its claim holds π and it has a certificate.
func FuzzReadEq(f *testing.F) {
	for _, s := range []string{
		"\\[80 + 10\\pi \\, \\text{cm}^3 = 80 \\, \\text{cm}^3\\]",
		`\(\frac{25\pi}{2} = 39.37\) and \(100 - 25\pi = 23.46\), \(\pi(50) = 15\)`,
		`\( \pi^{99} = 1 \) \[ = \pi = \] $\pi(( = 3$ π = π = 0.000000000000000000000001`,
		`\(16\pi \text{ cm}^{2} = 5 \text{ cm}^{2}\) = \text{ =\text{cm}^ \pi \approx 3.14 = 2.`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range ReadEq(1, "", []string{s}, s, "decide") {
			if !o.Span.Of(s) {
				t.Fatalf("span %+v out of %q", o.Span, s)
			}
			if !hasPi(o.Expr) || o.Prop == "" {
				t.Fatalf("obligation without π or a certificate: %+v", o)
			}
		}
	})
}
