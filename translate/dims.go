package translate

import (
	"fmt"
	"sort"
	"strings"
)

// Physical dimensions of quantities: unit name → exponent.

// dims is a physical dimension: unit name → exponent.
type dims map[string]int

func (d dims) clone() dims {
	out := dims{}
	for k, v := range d {
		if v != 0 {
			out[k] = v
		}
	}
	return out
}

func (d dims) equal(o dims) bool {
	a, b := d.clone(), o.clone()
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

func (d dims) String() string {
	var keys []string
	for k, v := range d {
		if v != 0 {
			keys = append(keys, fmt.Sprintf("%s^%d", k, v))
		}
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}
