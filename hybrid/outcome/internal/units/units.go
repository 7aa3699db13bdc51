// Package units reads the units an answer is written in ("cm", "km/h", "square feet", "$",
// "%", "°") as a dimension and an exact scale to the dimension's base unit, so that the grader
// in hybrid/outcome compares quantities after an exact conversion and never compares numbers
// of different dimensions. It decides nothing about equality.
//
// Every scale is exact: the inch is 2.54 cm, the pound 453.59237 g and the US gallon 231 cubic
// inches by definition; a degree is π/180 radians (the π is kept apart, as Unit.Pi). Units whose
// size is not one number (a month, a ton: US or metric) convert only to units of their own kind
// (a year is 12 months), and are Opaque to the others.
package units

import (
	"math/big"
	"strings"
)

// Dim is a dimension: the exponents of the base quantities.
type Dim [7]int8

// The base quantities of Dim.
const (
	Length   = iota // metre
	Time            // second
	Mass            // gram
	Money           // dollar
	Angle           // radian
	Calendar        // month: months and years convert to each other, never to days
	Points          // percentage points
)

// Add returns the dimension of a product.
func (d Dim) Add(e Dim) Dim {
	for i := range d {
		d[i] += e[i]
	}
	return d
}

// Scale returns the dimension of a k-th power.
func (d Dim) Scale(k int8) Dim {
	for i := range d {
		d[i] *= k
	}
	return d
}

// Zero reports a dimensionless quantity (a number, a percentage, a count).
func (d Dim) Zero() bool { return d == Dim{} }

// Class says how a bare number is read against a number written in a unit (docs/OUTCOME.md,
// "A bare number against a unit").
type Class uint8

// The classes of unit.
const (
	// Measure: length, time, mass, area, volume, speed. A bare number equal to the number
	// written is equal; otherwise it may be the quantity in another unit: not decided.
	Measure Class = iota
	// Currency: a bare number is in the unit written or in dollars.
	Currency
	// Ratio: percent and per mille; a bare number is in the unit written or a fraction
	// (50% is 50 and 0.5).
	Ratio
	// AngleClass: a bare number is in the unit written or in radians.
	AngleClass
	// Count: dozen, pairs, score; a bare number is in the unit written or a plain count.
	Count
	// PointsClass: percentage points; a bare number is in points only.
	PointsClass
)

// Unit is one unit an answer is written in.
type Unit struct {
	Name  string   // canonical name: "cm", "km/h", "%"
	Dim   Dim      // its dimension
	Scale *big.Rat // the size of one unit in the base unit (a centimetre is 1/100 m)
	Pi    bool     // the scale is Scale·π (a degree is π/180 rad)
	Class Class
	// Opaque: the unit has no one exact size (month, ton); it converts only to the units of
	// its own Dim listed here, and against others of the dimension nothing is decided.
	Opaque bool
}

func r(a, b int64) *big.Rat { return big.NewRat(a, b) }

func ratStr(s string) *big.Rat { v, _ := new(big.Rat).SetString(s); return v }

func dim(i int, k int8) Dim { var d Dim; d[i] = k; return d }

var (
	inch   = ratStr("0.0254")
	foot   = new(big.Rat).Mul(inch, r(12, 1))
	yard   = new(big.Rat).Mul(inch, r(36, 1))
	mile   = new(big.Rat).Mul(inch, r(63360, 1))
	pound  = ratStr("453.59237")
	gallon = new(big.Rat).Mul(r(231, 1), new(big.Rat).Mul(inch, new(big.Rat).Mul(inch, inch)))
	litre  = r(1, 1000)
)

func unit(name string, d Dim, scale *big.Rat, c Class) Unit {
	return Unit{Name: name, Dim: d, Scale: scale, Class: c}
}

func mul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }

// table maps each spelling (lower case, singular and plural) to its unit.
var table = makeTable()

func makeTable() map[string]Unit {
	table := map[string]Unit{}
	L, T, M := dim(Length, 1), dim(Time, 1), dim(Mass, 1)
	for _, u := range []struct {
		u     Unit
		names []string
	}{
		{unit("mm", L, r(1, 1000), Measure), []string{"mm", "millimeter", "millimeters", "millimetre", "millimetres"}},
		{unit("cm", L, r(1, 100), Measure), []string{"cm", "centimeter", "centimeters", "centimetre", "centimetres"}},
		{unit("dm", L, r(1, 10), Measure), []string{"dm", "decimeter", "decimeters"}},
		{unit("m", L, r(1, 1), Measure), []string{"m", "meter", "meters", "metre", "metres"}},
		{unit("km", L, r(1000, 1), Measure), []string{"km", "kilometer", "kilometers", "kilometre", "kilometres"}},
		{unit("in", L, inch, Measure), []string{"inch", "inches"}},
		{unit("ft", L, foot, Measure), []string{"ft", "foot", "feet"}},
		{unit("yd", L, yard, Measure), []string{"yd", "yard", "yards"}},
		{unit("mi", L, mile, Measure), []string{"mi", "mile", "miles"}},
		{unit("s", T, r(1, 1), Measure), []string{"s", "sec", "secs", "second", "seconds"}},
		{unit("ms", T, r(1, 1000), Measure), []string{"ms", "millisecond", "milliseconds"}},
		{unit("min", T, r(60, 1), Measure), []string{"min", "mins", "minute", "minutes"}},
		{unit("h", T, r(3600, 1), Measure), []string{"h", "hr", "hrs", "hour", "hours"}},
		{unit("day", T, r(86400, 1), Measure), []string{"day", "days"}},
		{unit("week", T, r(7*86400, 1), Measure), []string{"week", "weeks"}},
		{Unit{Name: "month", Dim: dim(Calendar, 1), Scale: r(1, 1), Opaque: true}, []string{"month", "months"}},
		{Unit{Name: "year", Dim: dim(Calendar, 1), Scale: r(12, 1), Opaque: true}, []string{"year", "years", "yr", "yrs"}},
		{Unit{Name: "decade", Dim: dim(Calendar, 1), Scale: r(120, 1), Opaque: true}, []string{"decade", "decades"}},
		{Unit{Name: "century", Dim: dim(Calendar, 1), Scale: r(1200, 1), Opaque: true}, []string{"century", "centuries"}},
		{unit("mg", M, r(1, 1000), Measure), []string{"mg", "milligram", "milligrams"}},
		{unit("g", M, r(1, 1), Measure), []string{"g", "gram", "grams", "gramme", "grammes"}},
		{unit("kg", M, r(1000, 1), Measure), []string{"kg", "kilogram", "kilograms", "kilo", "kilos"}},
		{unit("lb", M, pound, Measure), []string{"lb", "lbs", "pound", "pounds"}},
		{unit("oz", M, mul(pound, r(1, 16)), Measure), []string{"oz", "ounce", "ounces"}},
		{Unit{Name: "ton", Dim: M, Scale: r(1, 1), Opaque: true}, []string{"ton", "tons", "tonne", "tonnes"}},
		{unit("L", dim(Length, 3), litre, Measure), []string{"l", "liter", "liters", "litre", "litres"}},
		{unit("mL", dim(Length, 3), mul(litre, r(1, 1000)), Measure), []string{"ml", "milliliter", "milliliters", "millilitre", "millilitres"}},
		{unit("gal", dim(Length, 3), gallon, Measure), []string{"gal", "gallon", "gallons"}},
		{unit("qt", dim(Length, 3), mul(gallon, r(1, 4)), Measure), []string{"qt", "quart", "quarts"}},
		{unit("pt", dim(Length, 3), mul(gallon, r(1, 8)), Measure), []string{"pt", "pint", "pints"}},
		{unit("cup", dim(Length, 3), mul(gallon, r(1, 16)), Measure), []string{"cup", "cups"}},
		{unit("acre", dim(Length, 2), mul(mul(foot, foot), r(43560, 1)), Measure), []string{"acre", "acres"}},
		{unit("ha", dim(Length, 2), r(10000, 1), Measure), []string{"ha", "hectare", "hectares"}},
		{unit("mph", L.Add(T.Scale(-1)), mul(mile, r(1, 3600)), Measure), []string{"mph"}},
		{unit("km/h", L.Add(T.Scale(-1)), r(1000, 3600), Measure), []string{"kph", "kmh", "kmph"}},
		{unit("$", dim(Money, 1), r(1, 1), Currency), []string{"$", "dollar", "dollars", "usd", "buck", "bucks"}},
		{unit("¢", dim(Money, 1), r(1, 100), Currency), []string{"¢", "cent", "cents"}},
		{unit("%", Dim{}, r(1, 100), Ratio), []string{"%", "percent", "pct", "per cent", "percentage"}},
		{unit("‰", Dim{}, r(1, 1000), Ratio), []string{"‰", "permille", "per mille"}},
		{unit("pp", dim(Points, 1), r(1, 1), PointsClass), []string{"pp", "percentage point", "percentage points", "percent point", "percent points"}},
		{Unit{Name: "°", Dim: dim(Angle, 1), Scale: r(1, 180), Pi: true, Class: AngleClass}, []string{"°", "degree", "degrees", "deg"}},
		{unit("rad", dim(Angle, 1), r(1, 1), AngleClass), []string{"rad", "rads", "radian", "radians"}},
		{unit("dozen", Dim{}, r(12, 1), Count), []string{"dozen", "dozens"}},
		{unit("pair", Dim{}, r(2, 1), Count), []string{"pair", "pairs"}},
		{unit("score", Dim{}, r(20, 1), Count), []string{"score"}},
	} {
		for _, n := range u.names {
			table[n] = u.u
		}
	}
	return table
}

// Percent and Degree are the units of "%" and "°" written in an expression.
var (
	Percent = table["%"]
	Degree  = table["°"]
	Dollar  = table["$"]
)

// Lookup returns the unit of one word or symbol ("cm", "Hours", "$"); a one-letter word
// other than "l" and "m", "g", "s", "h" is no unit.
func Lookup(word string) (Unit, bool) {
	u, ok := table[strings.ToLower(word)]
	if !ok && word == "L" {
		return table["l"], true
	}
	return u, ok
}

// Parse reads the words after a number as one unit: "cm", "cm ^2", "square feet", "sq ft",
// "cubic meters", "km / h", "miles per hour", "m/s". It returns false when the words are not
// one unit (count nouns such as "apples" are no unit).
func Parse(words []string) (Unit, bool) {
	ws := make([]string, 0, len(words))
	for _, w := range words {
		ws = append(ws, strings.ToLower(w))
	}
	if len(ws) == 0 {
		return Unit{}, false
	}
	if u, ok := table[strings.Join(ws, " ")]; ok {
		return u, true
	}
	// a quotient: "km / h", "miles per hour"
	for i, w := range ws {
		if w == "/" || w == "per" {
			num, ok1 := Parse(ws[:i])
			den, ok2 := Parse(ws[i+1:])
			if !ok1 || !ok2 || num.Opaque || den.Opaque || num.Class != Measure || den.Class != Measure {
				return Unit{}, false
			}
			return Unit{Name: num.Name + "/" + den.Name, Dim: num.Dim.Add(den.Dim.Scale(-1)), Scale: new(big.Rat).Quo(num.Scale, den.Scale), Class: Measure}, true
		}
	}
	// a power: "square feet", "sq ft", "cubic meters", "cm ^2"
	k, rest := int8(1), ws
	switch {
	case rest[0] == "square" || rest[0] == "sq":
		k, rest = 2, rest[1:]
	case rest[0] == "cubic" || rest[0] == "cu":
		k, rest = 3, rest[1:]
	case len(rest) == 2 && (rest[1] == "^2" || rest[1] == "²"):
		k, rest = 2, rest[:1]
	case len(rest) == 2 && (rest[1] == "^3" || rest[1] == "³"):
		k, rest = 3, rest[:1]
	}
	if k == 1 || len(rest) != 1 {
		return Unit{}, false
	}
	base, ok := table[rest[0]]
	if !ok || base.Dim != dim(Length, 1) {
		return Unit{}, false
	}
	s := new(big.Rat).Set(base.Scale)
	for i := int8(1); i < k; i++ {
		s.Mul(s, base.Scale)
	}
	return Unit{Name: base.Name + map[int8]string{2: "²", 3: "³"}[k], Dim: base.Dim.Scale(k), Scale: s, Class: Measure}, true
}
