package translate

import "testing"

// polyangleTraps pin the facts in words about the angles and diagonals of a
// polygon (docs/TRANSLATE.md, "Angles and diagonals of a polygon"; package
// polyangle): true facts are left alone, variants in other wording and
// polygons are read, false ones are refuted, and suppositions,
// approximations, rounded values, stars and spheres and narrowed counts are
// not read. The wording and the numbers are ours.
var polyangleTraps = []trap{
	// True forms: nothing to refute.
	{family: "polyangle true", steps: []string{`Since the sum of the interior angles of a pentagon is \(540^\circ\), the last angle is \(540 - 400 = 140\) degrees.`}, want: wantNotRefuted},
	{family: "polyangle true", steps: []string{`Each interior angle of a regular dodecagon is 150°, so the turn is 30°.`}, want: wantNotRefuted},
	{family: "polyangle true", steps: []string{`An octagon has 20 diagonals, and a nonagon has 27.`}, want: wantNotRefuted},
	// Not read: supposed, approximate, rounded, star or sphere, narrowed.
	{family: "polyangle other", steps: []string{`If the sum of the angles in a hexagon were 360°, each angle would be 60°.`}, want: wantNotRefuted},
	{family: "polyangle other", steps: []string{`Each interior angle of a regular heptagon is approximately 128.6 degrees.`}, want: wantNotRefuted},
	{family: "polyangle other", steps: []string{`Each angle of a regular 7-gon is 129°, to the nearest degree.`}, want: wantNotRefuted},
	{family: "polyangle other", steps: []string{`The sum of the angles of a star pentagon is 180°.`}, want: wantNotRefuted},
	{family: "polyangle other", steps: []string{`A decagon has 7 diagonals from each vertex.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "polyangle wrong", steps: []string{`Since the sum of the interior angles of a pentagon is \(720^\circ\), the last angle is \(720 - 400 = 320\) degrees.`}, want: wantRefuted, claim: "pentagon"},
	{family: "polyangle wrong", steps: []string{`Each interior angle of a regular dodecagon is 144°.`}, want: wantRefuted},
	{family: "polyangle wrong", steps: []string{`Each exterior angle of a regular 20-gon is 20 degrees.`}, want: wantRefuted},
	{family: "polyangle wrong", steps: []string{`An octagon has 40 diagonals.`}, want: wantRefuted},
}

func TestPolyangleTraps(t *testing.T) {
	runTraps(t, "polyangle", polyangleTraps, nil)
}
