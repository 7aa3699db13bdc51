package expr

import (
	"math/big"
	"strings"
)

// Render writes a tree back as plain text (about 256 bytes at most), for answers whose value
// is not computed.
func Render(n *Node) string {
	var b strings.Builder
	renderTo(&b, n)
	return b.String()
}

func renderTo(b *strings.Builder, n *Node) {
	if b.Len() > 256 {
		return
	}
	bin := map[NodeKind]string{Add: " + ", Sub: " - ", Mul: "·", Div: "/", Pow: "^", MixedNumber: " ", PlusMinus: " ± "}
	switch n.Kind {
	case Number:
		b.WriteString(n.Tok.Text)
		if n.Tok.Rep != "" {
			b.WriteString("(" + n.Tok.Rep + ")")
		}
		if n.Tok.Exp != "" {
			b.WriteString("e" + n.Tok.Exp)
		}
	case Var:
		b.WriteString(n.Text)
	case Pi:
		b.WriteString("π")
	case Infinity:
		b.WriteString("∞")
	case Neg:
		b.WriteString("-")
		renderTo(b, n.Kids[0])
	case Func:
		b.WriteString(n.Text + "(")
		renderTo(b, n.Kids[0])
		b.WriteString(")")
	case Root:
		b.WriteString("root(")
		renderTo(b, n.Kids[0])
		b.WriteString(")")
	case Factorial:
		renderTo(b, n.Kids[0])
		b.WriteString("!")
	case Percent:
		renderTo(b, n.Kids[0])
		b.WriteString("%")
	case Degrees:
		renderTo(b, n.Kids[0])
		b.WriteString("°")
	case Group:
		b.WriteString("(")
		for i, k := range n.Kids {
			if i > 0 {
				b.WriteString(", ")
			}
			renderTo(b, k)
		}
		b.WriteString(")")
	default:
		if op, ok := bin[n.Kind]; ok && len(n.Kids) == 2 {
			b.WriteString("(")
			renderTo(b, n.Kids[0])
			b.WriteString(op)
			renderTo(b, n.Kids[1])
			b.WriteString(")")
			return
		}
		b.WriteString("…")
	}
}

// ordinals name the parts of a fraction written in words ("three quarters").
var ordinals = map[string]int64{
	"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
	"fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8,
	"ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10,
}

var scales = map[string]int64{"thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000}

// WordsNumber reads a number written in words: "twenty five" (the hyphen dropped),
// "one hundred and five", "three thousand two hundred", "negative seven", "three quarters",
// "two and a half". It reports false for anything else, including a word it does not know.
func WordsNumber(parts []string) (*big.Rat, bool) {
	if len(parts) == 0 || len(parts) > 16 {
		return nil, false
	}
	neg := false
	if parts[0] == "negative" || parts[0] == "minus" {
		neg, parts = true, parts[1:]
	}
	var total, cur, last int64
	seen, frac := false, new(big.Rat)
	for i := 0; i < len(parts); i++ {
		w := parts[i]
		switch {
		case w == "and" && seen:
			// "one hundred and five", "two and a half"
			total, cur, last = total+cur, 0, 0
		case w == "a" && i+1 < len(parts) && (ordinals[parts[i+1]] != 0 || parts[i+1] == "hundred"):
			cur, last, seen = cur+1, 1, true
		case ordinals[w] != 0 && seen && cur > 0:
			// the count before the ordinal is its numerator: "three quarters", "a half"
			if w == "half" && cur != 1 || i+1 != len(parts) {
				return nil, false
			}
			frac.SetFrac64(cur, ordinals[w])
			cur = 0
		case w == "a" && i+1 < len(parts) && parts[i+1] == "dozen":
			cur, last, seen = cur+1, 1, true
		case w == "dozen" && seen:
			cur, last = max(cur, 1)*12, 0
		case w == "hundred" && seen:
			cur, last = max(cur, 1)*100, 0
		case scales[w] != 0 && seen:
			total, cur, last = total+max(cur, 1)*scales[w], 0, 0
		case w == "zero" && len(parts) == 1:
			seen = true
		default:
			v := NumberWords[w]
			// a units word after a tens word only ("twenty five", not "five five" nor "twenty thirty")
			if v <= 0 || v == 100 || last != 0 && (last < 20 || v >= 10) {
				return nil, false
			}
			cur, last, seen = cur+v, v, true
		}
	}
	if !seen {
		return nil, false
	}
	r := new(big.Rat).SetInt64(total + cur)
	r.Add(r, frac)
	if neg {
		r.Neg(r)
	}
	return r, true
}
