package reward

// Linear equations solved for a variable: "5a = -8", then "a = -\frac{8}{5}".

import (
	"regexp"
	"strings"
)

var (
	// linearTail is a relation's left side ending in a coefficient times a one-letter name
	// ("5a", "3 \cdot p").
	linearTail = regexp.MustCompile(`(?:^|[^\w.\\])(\d+(?:\.\d+)?)\s*(?:\\cdot|\\times)?\s*([a-zA-Z])$`)
	// nameTail is a left side ending in a one-letter name alone ("so a", "\( a").
	nameTail = regexp.MustCompile(`(?:^|[^\w.\\{}^_])([a-zA-Z])$`)
	// numberOnly is a right side that is one number ("-8", "$3000").
	numberOnly = regexp.MustCompile(`^-?\s*\\?\$?\s*(\d+(?:\.\d+)?)$`)
)

// solved is the last linear equation of a chain: its name and the value it gives the name.
type solved struct{ name, value string }

// formula is the end of a relation's side with its math delimiters dropped ("\( 5a" is "5a").
func formula(side string) string {
	s := strings.TrimSpace(side)
	for {
		t := s
		for _, d := range []string{`\(`, `\[`, "$"} {
			t = strings.TrimSpace(strings.TrimSuffix(t, d))
		}
		if len(t) == len(s) {
			return s
		}
		s = t
	}
}

// linear records the relation lhs = rhs when it is "c·x = d" with c and d known, one at
// least problem-dependent: x's value d/c is then computed, not assumed.
func (k *known) linear(lhs, rhs string) {
	m := linearTail.FindStringSubmatch(formula(lhs))
	n := numberOnly.FindStringSubmatch(resultText(rhs))
	if m == nil || n == nil {
		return
	}
	c, ok1 := rational(m[1])
	d, ok2 := rational(n[1])
	v, ok3 := ratio(n[1], m[1])
	if !ok1 || !ok2 || !ok3 {
		return // a zero coefficient too
	}
	known := func(q string) bool { return k.dep[q] || k.free[q] || q == "1" }
	if known(c) && known(d) && (k.dep[c] || k.dep[d]) {
		k.solution = solved{name: m[2], value: v}
	}
}

// solves is whether lhs = rhs names the variable of the last linear equation and gives it
// that equation's value, which is the final answer: "a = -\frac{8}{5}" after "5a = -8".
func (k *known) solves(lhs, rhs string) bool {
	if k.solution.name == "" || k.target == "" {
		return false
	}
	m := nameTail.FindStringSubmatch(formula(lhs))
	v, ok := firstValue(rhs)
	if m == nil || m[1] != k.solution.name || !ok || v != k.solution.value {
		return false
	}
	if k.numeric {
		return v == k.target
	}
	return compact(resultText(rhs)) == k.target || k.provenAnswer(rhs)
}
