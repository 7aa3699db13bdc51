package polyangle

import (
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestReadDecides pins the facts refuted and those left alone.
func TestReadDecides(t *testing.T) {
	cases := []struct {
		text string
		want int // refutations
	}{
		{`The sum of the interior angles of a hexagon is \(720^\circ\).`, 0},
		{`The sum of the interior angles of a hexagon is \(540^\circ\).`, 1},
		{`The sum of the angles in a pentagon is 540 degrees, so each is 108.`, 0},
		{`The sum of the angles in any pentagon is 360°.`, 1},
		{`The sum of the interior angles of a 12-gon is 1800 degrees.`, 0},
		{`The sum of the interior angles of a 12-gon is 1980 degrees.`, 1},
		{`Each interior angle of a regular octagon is \(135^{\circ}\).`, 0},
		{`Each interior angle of a regular octagon is \(140^{\circ}\).`, 1},
		{`Each exterior angle of a regular decagon is 36 degrees.`, 0},
		{`Each exterior angle of a regular decagon is 30 degrees.`, 1},
		{`Each angle of a regular heptagon is 128.57 degrees.`, 0},
		{`Each angle of a regular heptagon is 129 degrees.`, 0}, // 900/7 is not whole: it may be rounded
		{`A heptagon has 14 diagonals.`, 0},
		{`A heptagon has 21 diagonals.`, 1},
		{`The number of diagonals of a decagon is 35.`, 0},
		{`The number of diagonals of a decagon is 45.`, 1},
		{`A hexagon has 3 diagonals from each vertex.`, 0},
		{`If the sum of the interior angles of a hexagon is 540°, we get a contradiction.`, 0},
		{`The sum of the angles of a spherical triangle is 200°.`, 0},
		{`The sum of the interior angles of a hexagon is about 700°.`, 0},
		{`The sum of the interior angles of a hexagon is 4π radians.`, 0},
	}
	for _, c := range cases {
		if got := len(Read(0, "", c.text, "decide")); got != c.want {
			t.Errorf("%q: %d refutations, want %d", c.text, got, c.want)
		}
	}
	if got := Read(0, `A triangle is drawn on a sphere with three right angles.`, `The sum of the interior angles of a triangle is 270°.`, "decide"); len(got) != 0 {
		t.Errorf("a triangle on a sphere: %d refutations, want 0", len(got))
	}
}

// FuzzRead checks that Read never panics and that every obligation's span
// is the text it names.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`The sum of the interior angles of a hexagon is \(540^\circ\).`, `Each exterior angle of a regular 7-gon is 50°.`,
		`A heptagon has 21 diagonals.`, `angle angle diagonals`, `The number of diagonals of a 3000000-gon is 5.`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, "", text, "decide"))
	})
}
