package algebra

import (
	"errors"
	"math/big"
	"slices"
	"testing"
)

// fuzzSurds decodes up to three surds from data: each term takes 4 bytes
// (coefficient numerator, denominator, radicand, root index), a zero
// coefficient byte ends a surd. Radicands are small rationals, so most
// inputs stay within the bounds; a refusal is ErrTooLarge and nothing
// else.
func fuzzSurds(t *testing.T, data []byte) []Surd {
	out := make([]Surd, 0, 3)
	cur := Surd{}
	for len(data) >= 4 && len(out) < 3 {
		c, d, r, n := int8(data[0]), data[1], data[2], data[3]
		data = data[4:]
		if c == 0 || cur.Len() == 4 {
			out = append(out, cur)
			cur = Surd{}
			continue
		}
		x := big.NewRat(int64(r%60)-10, int64(r/60)+1)
		idx := []int{2, 3, 6}[n%3]
		root, err := Root(x, idx)
		if errors.Is(err, ErrNotReal) {
			if x.Sign() >= 0 || idx == 3 {
				t.Fatalf("Root(%v, %d): %v", x, idx, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Root(%v, %d): %v", x, idx, err)
		}
		checkRoot(t, x, idx, root)
		cur = cur.Add(SurdFromRat(big.NewRat(int64(c), int64(d%9)+1)).Mul(root))
	}
	out = append(out, cur)
	for len(out) < 3 {
		out = append(out, SurdFromInt(int64(len(out))))
	}
	return out
}

// checkRoot asserts root^idx = x.
func checkRoot(t *testing.T, x *big.Rat, idx int, root Surd) {
	p, err := root.Pow(idx)
	if err != nil {
		t.Fatalf("(%v)^%d: %v", root, idx, err)
	}
	if v, ok := p.Rat(); !ok || v.Cmp(x) != 0 {
		t.Fatalf("Root(%v, %d) = %v, whose power %d is %v", x, idx, root, idx, p)
	}
	if root.Sign() != x.Sign() {
		t.Fatalf("sign of Root(%v, %d) = %v", x, idx, root)
	}
}

func FuzzSurd(f *testing.F) {
	f.Add([]byte{1, 0, 12, 0, 1, 0, 13, 0, 0, 0, 0, 0, 3, 1, 16, 1})
	f.Add([]byte{255, 3, 28, 2, 7, 1, 14, 0, 0, 0, 0, 0, 2, 0, 100, 0, 1, 2, 70, 1})
	f.Add([]byte{5, 0, 11, 2, 0, 0, 0, 0, 1, 4, 130, 0, 251, 2, 13, 1, 0, 0, 0, 0, 9, 8, 17, 2})
	f.Add([]byte{1, 0, 74, 0, 255, 0, 12, 0, 0, 0, 0, 0, 1, 0, 12, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64 {
			return // longer inputs only repeat the same shapes more slowly
		}
		s := fuzzSurds(t, data)
		a, b, c := s[0], s[1], s[2]
		if !a.Add(b).Sub(b).Equal(a) {
			t.Fatalf("(a+b)−b ≠ a: %v; %v", a, b)
		}
		if !a.Mul(b).Equal(b.Mul(a)) {
			t.Fatalf("ab ≠ ba: %v; %v", a, b)
		}
		if !a.Add(b).Mul(c).Equal(a.Mul(c).Add(b.Mul(c))) {
			t.Fatalf("(a+b)c ≠ ac+bc: %v; %v; %v", a, b, c)
		}
		if a.Cmp(b) != -b.Cmp(a) || (a.Cmp(b) == 0) != a.Equal(b) {
			t.Fatalf("Cmp: %v; %v", a, b)
		}
		if a.Mul(b).Sign() != a.Sign()*b.Sign() || a.Mul(a).Sign() < 0 {
			t.Fatalf("Sign of a product: %v; %v", a, b)
		}
		if (a.Sign() == 0) != a.IsZero() {
			t.Fatalf("Sign 0 ⇔ zero: %v", a)
		}
		if a.Len() > 0 && a.Len() < 3 {
			// the terms reversed build the same canonical form
			ts := slices.Clone(a.ts)
			slices.Reverse(ts)
			if normSurd(ts).String() != a.String() {
				t.Fatalf("order-dependent form: %v", a)
			}
		}
		if b.IsZero() {
			if _, err := a.Div(b); !errors.Is(err, ErrDivByZero) {
				t.Fatalf("division by 0: %v", err)
			}
			return
		}
		q, err := a.Div(b)
		if errors.Is(err, ErrTooLarge) {
			return
		}
		if err != nil {
			t.Fatalf("%v / %v: %v", a, b, err)
		}
		if !q.Mul(b).Equal(a) {
			t.Fatalf("(a/b)·b ≠ a: %v / %v = %v", a, b, q)
		}
		if q.Sign() != a.Sign()*b.Sign() {
			t.Fatalf("sign of a quotient: %v / %v = %v", a, b, q)
		}
	})
}
