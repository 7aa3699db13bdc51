package piapprox

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/obligation"
)

func TestReadDecides(t *testing.T) {
	cases := []struct {
		problem, text string
		want          int // refutations
	}{
		{"", `The area is \(\frac{49\pi}{4} \approx 38.48\).`, 0},
		{"", `The area is \(\frac{49\pi}{4} \approx 36.48\).`, 1},
		{"", `So V = π(2)²(5) = approximately 62.83 cubic feet.`, 0},
		{"", `So V = π(2)²(5) = approximately 60.83 cubic feet.`, 1},
		{"", `The region is \(64 - 16\pi \approx 13.73\).`, 0},
		{"", `The region is \(64 - 16\pi \approx 15.73\).`, 1},
		{"", `The area is \(12\pi \approx 37.7\).`, 0}, // one decimal place
		{"", `The area is \(12\pi \approx 38\).`, 0},   // a whole number: 5 %
		{"", `The area is \(12\pi \approx 40\).`, 0},   // rounded to tens
		{"", `The area is \(12\pi \approx 47\).`, 1},   // beyond 5 %
		{"", `Using \(\pi \approx 3\), the area is \(12\pi \approx 36\).`, 0},
		{"", `With 3.14 for pi, \(12\pi \approx 37.68\).`, 0},
		{"Use 3.14 for $\\pi$.", `The area is \(12\pi \approx 37.00\).`, 0},
		{"", `If the area were \(12\pi \approx 30.1\), we would stop.`, 0},
		{"", `The area is roughly \(12\pi \approx 30.1\).`, 0},
		{"", `The number of primes is \(\pi(30) \approx 10\).`, 0},
		{"", `Then \(\pi(30) \approx 12\).`, 0},                       // a count of primes?
		{"", `The area is \(\pi r^2 \approx 30.1\).`, 0},              // a name
		{"", `The area is \(\frac{12}{\pi} \approx 5.2\).`, 0},        // π in a denominator
		{"", `The area is \(12\pi \approx 37.7 + 1\).`, 0},            // more after the number
		{"", `The area is \(2 \cdot 12\pi \approx 37.7\).`, 1},        // the whole member: 24π
		{"", `The area is \(12\pi \approx 1,037.7\).`, 0},             // a thousands comma
		{"", `The area is \(\pi^2 + \pi \approx 13.01\).`, 0},         // monotone: π² + π
		{"", `The area is \(\pi^2 - 3\pi \approx 0.45\).`, 0},         // may turn: not read
		{"", `The angle is \(\frac{\pi}{3} \approx 60\) degrees.`, 0}, // another unit
		{"", `The angle is \(\frac{\pi}{3} \approx 60 ^\circ\).`, 0},
		{"", `The angle is \(\frac{\pi}{3} \approx 60\text{ degrees}\).`, 0},
		{"", `The share is \(\frac{\pi}{4} \approx 78.5\%\).`, 0},
	}
	for _, c := range cases {
		out := Read(1, c.problem, nil, c.text, "decide")
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
// lies in the text, its claim holds π and it has a certificate.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`So: V = π(1.5)²(6) = approximately 40.71 cubic inches.`,
		`\(\frac{25\pi}{2} \approx 39.37\) and \(100 - 25\pi \approx 23.46\), \(\pi(50) \approx 15\)`,
		`\( \pi^{99} \approx 1 \) \[ = \pi \approx \] $\pi(( \approx 3$ π ≈ π ≈ 0.000000000000000000000001`,
		`\(\frac{4}{3}\pi (3)^3 \approx 118.1\) = approx 7 =approximately 1.`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range Read(1, "", []string{s}, s, "decide") {
			if !o.Span.Of(s) {
				t.Fatalf("span %+v out of %q", o.Span, s)
			}
			if !hasPi(o.Expr) || o.Prop == "" {
				t.Fatalf("obligation without π or a certificate: %+v", o)
			}
		}
	})
}

func TestCallLike(t *testing.T) {
	for s, want := range map[string]bool{`\pi(50)`: true, `π(1.5)²(6)`: false, `\pi (3)^2`: false, `2\pi`: false, `\pi(`: true} {
		if got := callLike(s); got != want {
			t.Errorf("callLike(%q) = %v", s, got)
		}
	}
}

// TestHasPiIsContains: hasPi is a search for "π" or "\pi", on texts of
// backslashes, p, i and π joined at random.
func TestHasPiIsContains(t *testing.T) {
	parts := []string{`\`, "p", "i", "pi", `\pi`, "π", " ", `\p`, "x"}
	r := rand.New(rand.NewSource(5))
	for n := 0; n < 20000; n++ {
		s := ""
		for k := r.Intn(8); k >= 0; k-- {
			s += parts[r.Intn(len(parts))]
		}
		if want := strings.Contains(s, "π") || strings.Contains(s, `\pi`); hasPi(s) != want {
			t.Fatalf("hasPi(%q) = %v", s, !want)
		}
	}
}
