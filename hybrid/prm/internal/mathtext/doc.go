// Package mathtext reads the numbers and arithmetic claims in a reasoning
// step written in prose, LaTeX or a mix of both, and checks the claims
// exactly enough to serve as evidence: "7995 - 2595 = 4500" is false,
// "\frac{111}{1.5} = 74" is true, "1/3 = 0.33" is a rounding and true.
//
// It is deliberately conservative: a side it cannot read completely
// (unknown commands, function applications, subscripts) is skipped, and
// expressions with variables are checked only where a chain asserts an
// identity ("= (t+2)(t-1) = t^2 + t - 2"), never where the text may be
// stating an equation to solve.
//
// Example:
//
//	var a mathtext.Analyzer // reusable, not safe for concurrent use
//	res := a.Analyze(`So 5 boxes hold \(5 \times 6 = 35\) eggs.`)
//	fmt.Println(res.False()) // 1
package mathtext
