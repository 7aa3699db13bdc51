package algebra_test

import (
	"fmt"
	"math/big"

	"github.com/leanprm/leanprm/translate/algebra"
)

func ExampleRoot() {
	a, _ := algebra.Root(big.NewRat(18, 1), 2)
	b, _ := algebra.Root(big.NewRat(3, 1), 2)
	c, _ := algebra.Root(big.NewRat(16, 1), 3)
	fmt.Println(a, c)
	fmt.Println(a.Equal(algebra.SurdFromInt(3).Mul(b))) // math-104: √18 = 3√3?
	fmt.Println(a.Cmp(algebra.SurdFromInt(3).Mul(b)))
	// Output:
	// 3√2 2∛2
	// false
	// -1
}

func ExampleSurd_Div() {
	r2, _ := algebra.Root(big.NewRat(2, 1), 2)
	r3, _ := algebra.Root(big.NewRat(3, 1), 2)
	q, _ := algebra.SurdFromInt(1).Div(r2.Add(r3))
	fmt.Println(q)
	// Output: -√2 + √3
}

func ExampleTrigPi() {
	for _, fn := range []string{"sin", "cos", "tan"} {
		v, _ := algebra.TrigPi(fn, big.NewRat(15, 180)) // 15°
		fmt.Printf("%s 15° = %v\n", fn, v)
	}
	_, err := algebra.TrigPi("tan", big.NewRat(1, 2))
	fmt.Println(err)
	// Output:
	// sin 15° = -√2/4 + √6/4
	// cos 15° = √2/4 + √6/4
	// tan 15° = 2 - √3
	// algebra: undefined value: tan(1/2·π)
}

func ExampleIntLog() {
	v, ok := algebra.IntLog(big.NewRat(4, 1), big.NewRat(8, 1))
	fmt.Println(v.RatString(), ok)
	_, ok = algebra.IntLog(big.NewRat(5, 1), big.NewRat(49, 1))
	fmt.Println(ok)
	c, _ := algebra.CmpLog(big.NewRat(5, 1), big.NewRat(49, 1), big.NewRat(264, 100))
	fmt.Println(c) // math-326: log_5 49 = 2.64?
	// Output:
	// 3/2 true
	// false
	// -1
}
