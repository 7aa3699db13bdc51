package mathtext

import (
	"fmt"
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

func (d Dims) Equal(o Dims) bool {
	a, b := d.Clone(), o.Clone()
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

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
