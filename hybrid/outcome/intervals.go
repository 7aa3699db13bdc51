package outcome

// nondegenerate reports whether every interval is proven to have lo < hi.
func nondegenerate(ivs []interval) bool {
	for _, iv := range ivs {
		if iv.lo.inf == -1 || iv.hi.inf == 1 {
			continue
		}
		if iv.lo.inf != 0 || iv.hi.inf != 0 {
			return false
		}
		s, ok := iv.hi.v.re.sub(iv.lo.v.re).sign()
		if !ok || s <= 0 {
			return false
		}
	}
	return len(ivs) > 0
}

// cmpBound orders two endpoints' values: -1, 0, +1, ok false when the
// order is not decided (π in a sum).
func cmpBound(x, y bound) (int, bool) {
	if x.inf != 0 || y.inf != 0 {
		switch {
		case x.inf == y.inf:
			return 0, true
		case x.inf < y.inf:
			return -1, true
		}
		return 1, true
	}
	if x.v.re.equal(y.v.re) {
		return 0, true
	}
	return x.v.re.sub(y.v.re).sign()
}

// normIntervals sorts a union's intervals and merges those that overlap
// or touch; ok is false when an order is not decided.
func normIntervals(ivs []interval) ([]interval, bool) {
	out := append([]interval(nil), ivs...)
	for _, iv := range out { // an empty or reversed interval is not decided
		c, ok := cmpBound(iv.lo, iv.hi)
		if !ok || c > 0 || c == 0 && !(iv.lo.closed && iv.hi.closed) {
			return nil, false
		}
	}
	// insertion sort by lower end (unions are short)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0; j-- {
			c, ok := cmpBound(out[j].lo, out[j-1].lo)
			if !ok {
				return nil, false
			}
			if c >= 0 {
				break
			}
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	var merged []interval
	for _, iv := range out {
		if len(merged) > 0 {
			last := &merged[len(merged)-1]
			c, ok := cmpBound(iv.lo, last.hi)
			if !ok {
				return nil, false
			}
			if c < 0 || c == 0 && (iv.lo.closed || last.hi.closed) {
				h, ok := cmpBound(iv.hi, last.hi)
				if !ok {
					return nil, false
				}
				if h > 0 || h == 0 && iv.hi.closed {
					last.hi = iv.hi
				}
				continue
			}
		}
		merged = append(merged, iv)
	}
	return merged, true
}

func compareIntervals(a, b *form, la, lb string) cmp {
	x, ok1 := normIntervals(a.ivs)
	y, ok2 := normIntervals(b.ivs)
	if !ok1 || !ok2 {
		return unk("the order of the intervals' ends is not decided")
	}
	if len(x) != len(y) {
		return diff("%s and %s are unions of %d and %d separate intervals", renderIntervals(x), renderIntervals(y), len(x), len(y))
	}
	for i := range x {
		for _, p := range [][2]bound{{x[i].lo, y[i].lo}, {x[i].hi, y[i].hi}} {
			c, _ := cmpBound(p[0], p[1])
			if c != 0 {
				return diff("the ends %s and %s differ (%s against %s)", p[0], p[1], renderIntervals(x), renderIntervals(y))
			}
			if p[0].inf == 0 && p[0].closed != p[1].closed {
				return diff("the end %s is included in one and not the other (%s against %s)", p[0], renderIntervals(x), renderIntervals(y))
			}
		}
	}
	return eq("the same set %s", renderIntervals(x))
}
