package mathtext

import (
	"math/big"
	"strings"
)

// Text around a claim, shared by the readers.

// SentenceAround is the sentence (or line, or display) that holds text[s:e], at most 300 bytes
// before and 200 after it (a display break is asked only at a capital, where one can start).
func SentenceAround(text string, s, e int) string {
	a := s
	for a > 0 && !(text[a-1] == '.' && (a >= len(text) || text[a] == ' ' || text[a] == '\n')) && text[a-1] != '\n' && s-a < 300 && !(a < len(text) && text[a] >= 'A' && text[a] <= 'Z' && DisplayBreak(text, a)) {
		a--
	}
	b := e
	for b < len(text) && text[b] != '\n' && !(text[b] == '.' && (b+1 >= len(text) || text[b+1] == ' ' || text[b+1] == '\n')) && b-e < 200 && !(text[b] >= 'A' && text[b] <= 'Z' && DisplayBreak(text, b)) {
		b++
	}
	return text[a:b]
}

// TailWords is the last n bytes of s without a word cut at its start
// ("expand" cut to "and" is no conjunction).
func TailWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	t := s[len(s)-n:]
	if IsWordByte(s[len(s)-n-1]) && IsWordByte(t[0]) {
		if i := strings.IndexFunc(t, func(r rune) bool { return r > 127 || !IsWordByte(byte(r)) }); i >= 0 {
			return t[i:]
		}
		return ""
	}
	return t
}

// pluggedValue is the number right after the trial word at toks[i]
// ("plugging in 1", "substituting $x = 3$"), or nil.
func pluggedValue(toks []Tok, i int) *big.Rat {
	for j := i + 1; j < len(toks) && j <= i+6; j++ {
		switch toks[j].K {
		case TNum:
			if toks[j-1].K == TOp && toks[j-1].Text == "-" { // "plugging in $-3$"
				return new(big.Rat).Neg(toks[j].Num.Val)
			}
			return toks[j].Num.Val
		case TWord:
			if toks[j].Text != "in" && toks[j].Text != "into" && toks[j].Text != "back" {
				return nil
			}
		case TSep:
			if toks[j].Text != SepMath {
				return nil
			}
		}
	}
	return nil
}
