package arith

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Units on the two sides of a claim: when they forbid a refutation, or the claim, and the conversion factors that may relate them.

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// unitsMismatch says why the units of a claim leave it alone (skip), or
// why they forbid a refutation (block). Numbers with different units may
// be related by a conversion the text does not show ("1 hour = 60
// minutes", "5 students per row = 30 students"); verifying "1 = 1" in
// "1 hour = 1 minute" would be as wrong as refuting "1 = 60". A unit
// that converts, or a rate, on one side only ("2 × 30 = 1 hour") may
// hide a conversion too: such a claim can be verified but not refuted.
func unitsMismatch(A, B *SideInfo, la, lb *NumNode) (skip, block string) {
	dA, okA := dimsOf(A.N)
	dB, okB := dimsOf(B.N)
	if !okA || !okB {
		return "units that do not add up (a sum of different units)", ""
	}
	// A side whose units cancel ($60 / $4) counts as a bare number.
	uA, uB := len(dA) > 0, len(dB) > 0
	switch {
	case uA && uB && !dA.Equal(dB):
		return "different units on the two sides (" + dA.String() + " vs " + dB.String() + "): a conversion or prose may be implied", ""
	case uA != uB:
		d, loneUnit, loneOther := dA, la != nil, lb != nil
		if uB {
			d, loneUnit, loneOther = dB, lb != nil, la != nil
		}
		if loneUnit && loneOther {
			return "a number with a unit against a bare number: prose around a number, or a conversion", ""
		}
		// Rates first, then units, each in name order: a map's order must not decide
		// which reason is given, nor (through conversionLike, which only a unit's reason
		// consults) whether the claim may be refuted at all.
		names := slices.Sorted(maps.Keys(d))
		for _, k := range names {
			if d[k] < 0 {
				return "", "a rate (" + k + ") on one side only: a factor may be implied"
			}
		}
		for _, k := range names {
			for _, w := range strings.Fields(k) {
				if mathtext.Convertible[w] {
					return "", "a unit (" + w + ") on one side only: a conversion may be implied"
				}
			}
		}
	}
	return "", ""
}

// conversionLike says whether b could be the value of computation a written in another
// unit, by a multiplicative conversion: b/a (or a/b) within 2 % of a whole number from 2 up
// (12 inches, 60 minutes, 2000 pounds, 100 cents, 144 square inches) or, for units of
// length, mass, volume and speed, of a common non-whole factor (2.54 cm an inch, 1.609 km a
// mile, 0.4536 kg a pound, …). Temperatures
// convert by an affine map, which any two values fit: always true for them, as for a zero
// on either side or sides of opposite signs.
func conversionLike(a, b *big.Rat, unit string) bool {
	if a.Sign() == 0 || b.Sign() == 0 || a.Sign() != b.Sign() || temperatureUnits[unit] {
		return true
	}
	r, _ := new(big.Rat).Quo(b, a).Float64()
	near := func(x, f float64) bool { return math.Abs(x-f) <= 0.02*f }
	for _, x := range []float64{r, 1 / r} {
		if n := math.Round(x); n >= 2 && near(x, n) {
			return true
		}
		if wholeFactorUnits[unit] {
			continue
		}
		for _, f := range nonWholeFactors {
			if near(x, f) {
				return true
			}
		}
	}
	return false
}

// nonWholeFactors are the common conversions that are not whole numbers (each also serves
// inverted): inch–cm, foot–m, yard–m, mile–km, pound–kg, ounce–g, gallon–litre, quart–litre,
// cup–ml, acre–hectare, fluid ounce–ml, stone–kg, mph–m/s.
var nonWholeFactors = []float64{2.54, 0.3048, 0.9144, 1.609344, 0.45359237, 28.349523, 3.785411, 0.946353, 236.588, 2.471054, 29.57353, 6.350293, 0.44704}

var temperatureUnits = mathtext.Set("degree", "celsius", "fahrenheit", "kelvin")

// leadingZero finds a whole number written with a leading zero: 24-hour
// clock times ("0900 - 0130 = 0730") and codes, whose digits are not a
// base-10 quantity. It is the pattern `(?:^|[^0-9.,])0[0-9]{2,}` read byte
// by byte (a byte outside ASCII is no digit, point or comma).
func leadingZero(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '0' && mathtext.IsDigit(s[i+1]) && mathtext.IsDigit(s[i+2]) && (i == 0 || !mathtext.IsDigit(s[i-1]) && s[i-1] != '.' && s[i-1] != ',') {
			return true
		}
	}
	return false
}

// wholeFactorUnits convert to their neighbours by whole numbers only (time, money, counts,
// data): "8 + 2 * 15 = 41 years" is no yard-to-metre conversion.
var wholeFactorUnits = mathtext.Set("second", "sec", "s", "minute", "min", "mins", "hour", "hr", "hrs", "h", "day",
	"week", "month", "year", "yr", "decade", "century", "fortnight", "millennium", "nanosecond",
	"millisecond", "microsecond", "cent", "penny", "nickel", "dime", "quarter", "dozen", "gross", "pair",
	"byte", "kb", "mb", "gb", "tb", "bit", "kilobyte", "megabyte", "gigabyte", "terabyte")

// conversionFactors relate common units: 10^k (cents, grams, metres),
// 12 (inches, months), 16 (ounces), 24, 60, 1440, 3600 (time), 36, 52,
// 365.
var conversionFactors = []int64{10, 100, 1000, 10000, 100000, 1000000, 12, 16, 24, 36, 52, 60, 365, 1440, 3600}

// conversionFactor blocks a refutation when a unit stands on one side
// only and the sides differ by a conversion factor ("900 - 100 = $8":
// cents and dollars).
func conversionFactor(A, B *SideInfo, a, b *big.Rat) string {
	dA, _ := dimsOf(A.N)
	dB, _ := dimsOf(B.N)
	if (len(dA) > 0) == (len(dB) > 0) || a.Sign() == 0 || b.Sign() == 0 {
		return ""
	}
	r := ratAbs(new(big.Rat).Quo(a, b))
	for _, f := range conversionFactors {
		x := big.NewRat(f, 1)
		if r.Cmp(x) == 0 || new(big.Rat).Inv(r).Cmp(x) == 0 {
			return fmt.Sprintf("the sides differ by a unit-conversion factor (%d) and only one side has a unit", f)
		}
	}
	return ""
}
