package mathtext

import (
	"cmp"
	"fmt"
	"maps"
	"sort"
	"strings"
)

// Physical dimensions of quantities: unit name → exponent.

// Dims is a physical dimension: unit name → exponent.
type Dims map[string]int

func (d Dims) Clone() Dims {
	out := Dims{}
	for k, v := range d {
		if v != 0 {
			out[k] = v
		}
	}
	return out
}

// Equal reports the same dimension: the same exponent of every unit, a zero one as none.
func (d Dims) Equal(o Dims) bool { return maps.Equal(d.Clone(), o.Clone()) }

func (d Dims) String() string {
	var keys []string
	for k, v := range d {
		if v != 0 {
			keys = append(keys, fmt.Sprintf("%s^%d", k, v))
		}
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}

// Item is a token of a run, with the unit phrase read after a number.
type Item struct {
	*Tok      // the step's token (its fields are never written through an item), or one made for the item
	Unit      Dims
	note      *itemNote // the unit as read and the modifying word; nil: neither (most items)
	unitWords bool      // a unit phrase was read (beyond a currency sign)
	Glued     bool      // glued to a math delimiter: the expression goes on
}

// itemNote holds what few items carry: the unit as read, and why a word after the number changes
// its value. Never written once an item holds it (a change makes a new one): items share one.
type itemNote struct{ unitText, modified string }

// currencyNote is the note of a number with a currency sign and no unit phrase, shared.
var currencyNote = &itemNote{unitText: "$"}

// noNote is the note of an item without one.
var noNote itemNote

// UnitText is the unit as read after the number, "$" for money, or "".
func (it Item) UnitText() string { return cmp.Or(it.note, &noNote).unitText }

// Modified is why a word after the number changes its value ("12 thousand"), or "".
func (it Item) Modified() string { return cmp.Or(it.note, &noNote).modified }

// setModified sets why a word after the number changes its value.
func (it *Item) setModified(why string) { it.note = &itemNote{it.UnitText(), why} }
