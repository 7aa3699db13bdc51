package program

import (
	"strings"
	"testing"
)

// BenchmarkRead: a typical program-of-thought program, and the costliest
// program within the bounds we know of (64 KiB of operations on
// 1000-bit numbers), to show that the bounds keep one read cheap.
func BenchmarkRead(b *testing.B) {
	typical := "Step 1: adult_ticket = 12\nStep 2: child_ticket = 8\nStep 3: popcorn = 3 * 2.5\n" +
		"Step 4: total_cost = 2 * adult_ticket + child_ticket + popcorn\nStep 5: print(total_cost)"
	var big strings.Builder
	big.WriteString("m = 2**1000 + 7\nx = 2**999 + 1\n")
	for big.Len() < MaxBytes-64 {
		big.WriteString("x = (x * 7 + x // 3 - 1) % m\n")
	}
	big.WriteString("print(x)")
	for _, c := range []struct{ name, text string }{{"typical", typical}, {"largest", big.String()}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			for b.Loop() {
				if r := Read(c.text); r.Answer == "" {
					b.Fatal(r.Err)
				}
			}
		})
	}
}
