package outcome

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/hybrid/outcome/internal/expr"
	"github.com/leanprm/leanprm/hybrid/outcome/internal/units"
	"github.com/leanprm/leanprm/translate/algebra"
)

// qty is what a value is besides its number: its dimension and the unit it is written in
// (nil for a bare number). The number itself is held in the dimension's base unit.
type qty struct {
	dim  units.Dim
	unit *units.Unit
}

// scaleOf returns one unit's size in its base unit as an exact number (π for a degree).
func scaleOf(u *units.Unit) num {
	if u.Pi {
		return num{re: normReal([]pterm{{1, algebra.SurdFromRat(u.Scale)}})}
	}
	return numRat(u.Scale)
}

// inUnit returns v, a value in its dimension's base unit, as the number of units u.
func inUnit(v num, u *units.Unit) (num, error) {
	inv, err := scaleOf(u).inv()
	if err != nil {
		return num{}, err
	}
	return v.mul(inv)
}

// render writes a quantity as the number of its unit: "250 cm", "$18", "30°".
func (q qty) render(v num) string {
	x, err := inUnit(v, q.unit)
	if err != nil {
		return v.String()
	}
	switch q.unit.Name {
	case "$":
		return "$" + x.String()
	case "%", "°", "‰", "¢":
		return x.String() + q.unit.Name
	}
	return x.String() + " " + q.unit.Name
}

// unitOfNode returns the unit a UnitOf node names.
func unitOfNode(n *expr.Node) (units.Unit, error) {
	u, ok := units.Parse(strings.Fields(n.Text))
	if !ok {
		return units.Unit{}, fmt.Errorf("%w: the unit %q", errUnsupported, n.Text)
	}
	return u, nil
}

// quantity evaluates a tree to an exact number in base units and its qty: units written
// after a number (UnitOf), percent and degree signs anywhere, carried through sums,
// products, quotients and integer powers (2·30° is 60°, 2·50% is 100%). A sum of different
// dimensions, or a unit inside another function than a trigonometric one, is not evaluated.
func (ev *evaluator) quantity(n *expr.Node) (num, qty, error) {
	if !containsKind(n, expr.UnitOf) && !containsKind(n, expr.Percent) && !containsKind(n, expr.Degrees) {
		v, err := ev.num(n)
		return v, qty{}, err
	}
	if err := ev.step(); err != nil {
		return num{}, qty{}, err
	}
	switch n.Kind {
	case expr.UnitOf, expr.Percent, expr.Degrees:
		v, q, err := ev.quantity(n.Kids[0])
		if err != nil {
			return num{}, qty{}, err
		}
		u := units.Percent
		switch n.Kind {
		case expr.Degrees:
			u = units.Degree
		case expr.UnitOf:
			if u, err = unitOfNode(n); err != nil {
				return num{}, qty{}, err
			}
		}
		if q.unit != nil && q.unit.Name == u.Name && q.dim == u.Dim {
			return v, q, nil // "\$5 dollars": the unit said twice
		}
		if q.unit != nil || !q.dim.Zero() {
			return num{}, qty{}, fmt.Errorf("%w: a unit on a number that has one", errUnsupported)
		}
		v, err = v.mul(scaleOf(&u))
		return v, qty{dim: u.Dim, unit: &u}, err
	case expr.Group:
		if len(n.Kids) == 1 && (n.Open == "(" && n.Close == ")" || n.Open == "{" || n.Open == "[" && n.Close == "]") {
			return ev.quantity(n.Kids[0])
		}
	case expr.Neg:
		v, q, err := ev.quantity(n.Kids[0])
		return v.neg(), q, err
	case expr.Add, expr.Sub, expr.Mul, expr.Div:
		return ev.quantityOp(n)
	case expr.Pow:
		base, q, err := ev.quantity(n.Kids[0])
		if err != nil {
			return num{}, qty{}, err
		}
		ex, err := ev.num(n.Kids[1])
		if err != nil {
			return num{}, qty{}, err
		}
		e, ok := ex.rat()
		if !ok || !e.IsInt() || e.Num().CmpAbs(big.NewInt(8)) > 0 {
			return num{}, qty{}, fmt.Errorf("%w: a power of a quantity with a unit", errUnsupported)
		}
		v, err := ev.intPow(base, e)
		k := int8(e.Num().Int64())
		out := qty{dim: q.dim.Scale(k)}
		if k == 1 {
			out.unit = q.unit
		}
		return v, out, err
	case expr.Func:
		if !containsKind(n, expr.UnitOf) && !containsKind(n, expr.Percent) {
			v, err := ev.num(n) // sin 30°: a degree inside a trigonometric function
			return v, qty{}, err
		}
	}
	return num{}, qty{}, fmt.Errorf("%w: a unit inside an expression", errUnsupported)
}

func (ev *evaluator) quantityOp(n *expr.Node) (num, qty, error) {
	a, qa, err := ev.quantity(n.Kids[0])
	if err != nil {
		return num{}, qty{}, err
	}
	b, qb, err := ev.quantity(n.Kids[1])
	if err != nil {
		return num{}, qty{}, err
	}
	unit := qa.unit
	if unit == nil {
		unit = qb.unit
	}
	switch n.Kind {
	case expr.Add, expr.Sub:
		if qa.dim != qb.dim {
			return num{}, qty{}, fmt.Errorf("%w: a sum of quantities of different dimensions", errUnsupported)
		}
		if n.Kind == expr.Sub {
			b = b.neg()
		}
		return a.add(b), qty{dim: qa.dim, unit: unit}, nil
	case expr.Mul:
		v, err := a.mul(b)
		return v, qty{dim: qa.dim.Add(qb.dim), unit: unit}, err
	}
	inv, err := b.inv()
	if err != nil {
		return num{}, qty{}, err
	}
	v, err := a.mul(inv)
	if qb.unit != nil && qa.unit != nil {
		unit = nil // 60 km / 2 h: no one unit it is written in
	}
	return v, qty{dim: qa.dim.Add(qb.dim.Scale(-1)), unit: unit}, err
}

// compareQuantities decides two numbers that may have units (docs/OUTCOME.md, "Units"):
// with units on both sides, equal when the quantities are after an exact conversion, and
// different dimensions are different; a bare number against a number with a unit is read
// in the unit written and, for currency, percentages, angles and counts, in the dimension's
// base unit (dollars, a fraction, radians, ones), equal when either reading is, different
// when both are different, and for measures (length, time, mass, …) not decided when the
// numbers differ: the bare number may be the quantity in another unit.
func (p policy) compareQuantities(a, b *form, la, lb string) cmp {
	switch {
	case a.unit == nil && b.unit == nil:
		if !a.dim.Zero() || !b.dim.Zero() {
			return unk("a quantity whose unit is not one written (%s, %s)", a.norm, b.norm)
		}
		return compareNums(a, b, a.val, b.val, la, lb, false)
	case a.unit != nil && b.unit != nil:
		return compareUnits(a, b, la, lb)
	}
	q, bare, lq, lbare := a, b, la, lb
	if a.unit == nil {
		q, bare, lq, lbare = b, a, lb, la
	}
	if !bare.dim.Zero() || q.dim != q.unit.Dim {
		return unk("a number against a quantity whose unit is not one written (%s, %s)", a.norm, b.norm)
	}
	u := q.unit
	if p.bare == BareUnknown {
		return unk("a bare number against %s is not decided (grade.bare_number: %s)", q.norm, p.bare)
	}
	inU, err := bare.val.mul(scaleOf(u))
	if err != nil {
		return unk("%v", err)
	}
	asUnit := compareNums(bare, q, inU, q.val, lbare, lq, true)
	if u.Class == units.Ratio && (p.percent == PercentFraction || p.percent == PercentNumber) {
		return percentOneWay(p.percent, bare, q, asUnit, lbare, lq) // the setting reads p% one way
	}
	if asUnit.v == Equal {
		return eq("the %s %s read in %s, the unit of the %s, is the %s %s", lbare, bare.norm, u.Name, lq, lq, q.norm)
	}
	var asBase cmp
	switch u.Class {
	case units.Ratio, units.Currency, units.AngleClass, units.Count:
		asBase = compareNums(bare, q, bare.val, q.val, lbare, lq, true)
		if asBase.v == Equal {
			return eq("the %s %s read in %s is the %s %s", lbare, bare.norm, baseName[u.Class], lq, q.norm)
		}
	case units.PointsClass:
		return asUnit
	default:
		if asUnit.v == Different {
			return unk("the %s %s is not the %s %s read in %s, but may be it in another unit", lbare, bare.norm, lq, q.norm, u.Name)
		}
		return asUnit
	}
	if u.Opaque {
		return unk("the %s %s has a unit of no one size", lq, q.norm)
	}
	if asUnit.v == Different && asBase.v == Different {
		return diff("the %s %s is neither the %s %s read in %s nor in %s", lbare, bare.norm, lq, q.norm, u.Name, baseName[u.Class])
	}
	return unk("a bare number against %s: %s", q.norm, firstUnknown(asUnit, asBase).reason)
}

// percentOneWay compares a bare number with a percentage under grade.percent fraction (p% is
// p/100 only) or number (p only; asUnit is that reading), the reason naming the setting.
func percentOneWay(setting string, bare, q *form, asUnit cmp, lbare, lq string) cmp {
	r, in := asUnit, "%"
	if setting == PercentFraction {
		r, in = compareNums(bare, q, bare.val, q.val, lbare, lq, true), baseName[units.Ratio]
	}
	switch r.v {
	case Equal:
		r = eq("the %s %s read in %s is the %s %s", lbare, bare.norm, in, lq, q.norm)
	case Different:
		r = diff("the %s %s is not the %s %s read in %s", lbare, bare.norm, lq, q.norm, in)
	}
	r.reason += " (grade.percent: " + setting + ")"
	return r
}

var baseName = map[units.Class]string{units.Currency: "dollars", units.Ratio: "a fraction (p% = p/100)", units.AngleClass: "radians", units.Count: "ones"}

// compareUnits decides two numbers both written with units.
func compareUnits(a, b *form, la, lb string) cmp {
	ua, ub := a.unit, b.unit
	if a.dim != b.dim || a.dim.Zero() && ua.Class != ub.Class {
		if incommensurable(ua, ub) {
			return unk("%s and %s are units that do not convert exactly to each other", ua.Name, ub.Name)
		}
		return diff("%s and %s are of different dimensions (%s against %s)", a.norm, b.norm, ua.Name, ub.Name)
	}
	if (ua.Opaque || ub.Opaque) && ua.Name != ub.Name && ua.Dim != (units.Dim{units.Calendar: 1}) {
		return unk("%s and %s do not convert exactly", ua.Name, ub.Name)
	}
	c := compareNums(a, b, a.val, b.val, la, lb, true)
	switch {
	case c.v == Equal && ua.Name != ub.Name:
		return eq("%s and %s are the same quantity after an exact conversion", a.norm, b.norm)
	case c.v == Equal:
		return eq("both are %s", a.norm)
	case c.v == Different:
		return diff("the %s is %s, the %s %s (%s)", la, a.norm, lb, b.norm, c.reason)
	}
	return c
}

// incommensurable reports two units that measure one thing but do not convert exactly
// (months against days), or that readers take for one another (percentage points against
// percent; a count against a percentage).
func incommensurable(x, y *units.Unit) bool {
	d := x.Dim.Add(y.Dim.Scale(-1))
	t := units.Dim{units.Time: 1, units.Calendar: -1}
	p := units.Dim{units.Points: 1}
	switch {
	case d == t || d == t.Scale(-1):
		return true
	case d == p && y.Class == units.Ratio, d == p.Scale(-1) && x.Class == units.Ratio:
		return true
	}
	return x.Dim.Zero() && y.Dim.Zero()
}
