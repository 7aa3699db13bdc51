// Package expr reads one final answer, as written in LaTeX or plain
// math, into an expression tree: Lex turns the text into tokens (numbers
// with their separators, repeating blocks and exponents; commands; words
// and units) and ParseTokens builds the tree of Nodes the grader in
// hybrid/outcome reads as forms and exact values. It decides nothing
// about equality.
//
// Hostile input fails with ErrTooLarge or ErrUnsupported in bounded time
// and memory: text longer than MaxBytes, nesting deeper than MaxDepth,
// numbers of more than MaxDigits digits, more than MaxElems elements.
package expr

import "errors"

// Bounds that keep hostile answers from costing unbounded time or memory.
const (
	// MaxBytes bounds an answer's text.
	MaxBytes = 4096
	// MaxDepth bounds the nesting of an answer's expression.
	MaxDepth = 64
	// MaxDigits bounds the digits of one number.
	MaxDigits = 400
	// MaxElems bounds the elements of a tuple, list or set.
	MaxElems = 64
)

// ErrUnsupported marks a form the grader does not decide; ErrTooLarge a
// value past the bounds. Neither is ever a verdict other than unknown.
var (
	ErrUnsupported = errors.New("not supported")
	ErrTooLarge    = errors.New("too large to decide")
)
