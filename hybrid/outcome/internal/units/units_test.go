package units

import (
	"math/big"
	"testing"
)

// TestParse reads units as model outputs write them, with their dimension and exact scale.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		words []string
		name  string
		dim   Dim
		scale string
	}{
		{[]string{"cm"}, "cm", Dim{Length: 1}, "1/100"},
		{[]string{"Hours"}, "h", Dim{Time: 1}, "3600"},
		{[]string{"cm", "^2"}, "cm²", Dim{Length: 2}, "1/10000"},
		{[]string{"square", "feet"}, "ft²", Dim{Length: 2}, "145161/1562500"},
		{[]string{"sq", "in"}, "", Dim{}, ""}, // "in" is no unit: too often a word
		{[]string{"cubic", "meters"}, "m³", Dim{Length: 3}, "1"},
		{[]string{"km", "/", "h"}, "km/h", Dim{Length: 1, Time: -1}, "5/18"},
		{[]string{"miles", "per", "hour"}, "mi/h", Dim{Length: 1, Time: -1}, "1397/3125"},
		{[]string{"mph"}, "mph", Dim{Length: 1, Time: -1}, "1397/3125"},
		{[]string{"per", "cent"}, "%", Dim{}, "1/100"},
		{[]string{"percentage", "points"}, "pp", Dim{Points: 1}, "1"},
		{[]string{"gallons"}, "gal", Dim{Length: 3}, "473176473/125000000000"},
		{[]string{"lb"}, "lb", Dim{Mass: 1}, "45359237/100000"},
		{[]string{"apples"}, "", Dim{}, ""},
		{[]string{"cm", "/", "month"}, "", Dim{}, ""}, // a month has no one size
	} {
		u, ok := Parse(c.words)
		if ok != (c.name != "") {
			t.Errorf("Parse(%q): ok = %v", c.words, ok)
			continue
		}
		if !ok {
			continue
		}
		want, _ := new(big.Rat).SetString(c.scale)
		if u.Name != c.name || u.Dim != c.dim || u.Scale.Cmp(want) != 0 {
			t.Errorf("Parse(%q) = %s %v %s, want %s %v %s", c.words, u.Name, u.Dim, u.Scale.RatString(), c.name, c.dim, c.scale)
		}
	}
	if d := Degree; !d.Pi || d.Scale.Cmp(big.NewRat(1, 180)) != 0 || d.Dim != (Dim{Angle: 1}) {
		t.Errorf("a degree is π/180 rad, got %+v", d)
	}
	if u, _ := Lookup("L"); u.Name != "L" {
		t.Errorf("Lookup(L) = %+v, want the litre", u)
	}
}
