package mathtext

import (
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The lexer's reading of LaTeX: commands, groups, environments, and Unicode math and punctuation.

var relCommands = map[string]string{
	"le": "≤", "leq": "≤", "leqslant": "≤", "leqq": "≤",
	"ge": "≥", "geq": "≥", "geqslant": "≥", "geqq": "≥",
	"ne": "≠", "neq": "≠", "lt": "<", "gt": ">", "approx": "≈",
}

var arrowCommands = map[string]bool{
	"Rightarrow": true, "rightarrow": true, "to": true, "implies": true, "Longrightarrow": true,
	"longrightarrow": true, "iff": true, "Leftrightarrow": true, "Longleftrightarrow": true,
	"therefore": true, "because": true, "mapsto": true, "quad": true, "qquad": true,
	"Leftarrow": true, "leftarrow": true, "impliedby": true, "land": true, "lor": true,
	"wedge": true, "vee": true, "text{and}": true, "hline": true, "newline": true,
}

var textCommands = map[string]bool{
	"text": true, "textbf": true, "textit": true, "textrm": true, "mathrm": true, "mbox": true,
	"mathbf": true, "mathit": true, "textsf": true, "texttt": true, "emph": true, "textnormal": true,
	"operatorname": true, "mathsf": true, "textup": true, "hbox": true,
}

var ignoredCommands = map[string]bool{
	"left": true, "right": true, "bigl": true, "bigr": true, "Bigl": true, "Bigr": true,
	"big": true, "Big": true, "bigg": true, "Bigg": true, "biggl": true, "biggr": true,
	"Biggl": true, "Biggr": true, "displaystyle": true, "textstyle": true, "scriptstyle": true,
	"limits": true, "nolimits": true, "middle": true,
}

func (l *lexer) command(i int) int {
	s := l.s
	j := i + 1
	if j >= len(s) {
		l.poison(i, j, "stray backslash")
		return j
	}
	c := s[j]
	if !IsASCIILetter(c) {
		switch c {
		case '(':
			if l.math {
				l.poison(i, j+1, "nested math")
				return j + 1
			}
			l.sep(i, j+1, SepMath)
			l.open()
			l.math, l.close = true, `\)`
			return j + 1
		case '[':
			if l.math {
				l.poison(i, j+1, "nested math")
				return j + 1
			}
			l.sep(i, j+1, SepMath)
			l.open()
			l.math, l.close = true, `\]`
			return j + 1
		case ')', ']':
			// A closer without an opener.
			l.sep(i, j+1, SepMath)
			return j + 1
		case '$':
			if k, ok := l.money(i, j+1); ok {
				return k
			}
			l.sep(i, j+1, sepClause)
			return j + 1
		case ',', ';', ':', '!', ' ':
			l.sp = true
			return j + 1
		case '\\':
			// A line break. In an alignment, `\\ &=` continues the chain.
			k := j + 1
			for k < len(s) && (s[k] == ' ' || s[k] == '\n' || s[k] == '\t') {
				k++
			}
			if l.math && l.at(k) == '&' {
				m := k + 1
				for m < len(s) && s[m] == ' ' {
					m++
				}
				if r := l.relAt(m); r != "" {
					l.sp = true
					return k + 1
				}
			}
			l.sep(i, j+1, sepClause)
			if l.math && (l.close == "$" || l.close == `\)`) {
				// A line break inside inline math is a typo: the
				// expression before it may go on.
				l.toks[len(l.toks)-1].Src = "inline-break"
			}
			return j + 1
		case '%':
			l.poison(i, j+1, "percent sign without a number")
			return j + 1
		case '{', '}':
			l.poison(i, j+1, "set braces")
			return j + 1
		default:
			l.sep(i, j+1, sepClause)
			return j + 1
		}
	}
	k := j
	for k < len(s) && IsASCIILetter(s[k]) {
		k++
	}
	name := s[j:k]
	switch {
	case name == "times" || name == "cdot" || name == "ast":
		l.emit(Tok{K: TOp, S: i, E: k, Text: "*", Src: `\` + name})
		return k
	case name == "div":
		l.emit(Tok{K: TOp, S: i, E: k, Text: "/", Src: "÷"})
		return k
	case name == "frac" || name == "dfrac" || name == "tfrac" || name == "cfrac":
		l.emit(Tok{K: TFrac, S: i, E: k})
		return k
	case name == "sqrt":
		l.emit(Tok{K: TSqrt, S: i, E: k})
		return k
	case relCommands[name] != "":
		l.emit(Tok{K: TRel, S: i, E: k, Text: relCommands[name]})
		return k
	case arrowCommands[name]:
		l.sep(i, k, sepArrow)
		return k
	case ignoredCommands[name]:
		if (name == "left" || name == "right") && l.at(k) == '.' {
			return k + 1
		}
		l.sp = true
		return k
	case name == "ldots" || name == "dots" || name == "cdots" || name == "dotsc" || name == "dotsb":
		l.poison(i, k, "ellipsis")
		return k
	case name == "degree":
		l.emit(Tok{K: TWord, S: i, E: k, Text: "degree"})
		return k
	case textCommands[name]:
		return l.textGroup(i, k)
	case name == "boxed" || name == "fbox" || name == "bbox" || name == "framebox":
		end := l.groupEnd(k)
		if end < 0 {
			end = len(l.s)
		}
		if name == "boxed" && end > k+1 && l.at(k) == '{' && boxedNumberRE.MatchString(l.s[k+1:end-1]) {
			// "= \boxed{43000}": the answer is a number the sum claims.
			inner := l.s[k+1 : end-1]
			sub := &lexer{s: inner, base: l.base + k + 1, maxDigits: l.maxDigits, math: l.math}
			sub.sp = true
			sub.run(0, len(inner))
			for _, t := range sub.toks {
				t.SpaceBefore = t.SpaceBefore || l.sp
				l.toks = append(l.toks, t)
				l.sp = false
			}
			l.sp = true
			return end
		}
		l.emit(Tok{K: tBoxed, S: i, E: end, Text: "boxed answer left alone"})
		l.sp = true
		return end
	case name == "begin":
		return l.begin(i, k)
	case name == "end":
		env, end := l.envName(k)
		if l.math && l.close == `\end{`+env+`}` {
			l.sep(i, end, SepMath)
			l.math, l.close = false, ""
			return end
		}
		l.sp = true
		return end
	case name == "quad" || name == "qquad":
		l.sep(i, k, sepClause)
		return k
	case name == "pm" || name == "mp":
		l.poison(i, k, "plus-minus")
		return k
	case name == "not":
		l.poison(i, k, "negated relation")
		return k
	}
	l.poison(i, k, `unsupported notation \`+name)
	return k
}

// relAt reports a relation spelled at i.
func (l *lexer) relAt(i int) string {
	switch l.at(i) {
	case '=', '<', '>':
		return string(l.at(i))
	case '\\':
		k := i + 1
		for k < len(l.s) && IsASCIILetter(l.s[k]) {
			k++
		}
		return relCommands[l.s[i+1:k]]
	}
	for _, r := range []string{"≤", "≥", "≠", "≈"} {
		if strings.HasPrefix(l.s[i:], r) {
			return r
		}
	}
	return ""
}

// groupEnd returns the end of the brace group starting at i (after
// spaces), i if there is none, or -1 if it is never closed.
func (l *lexer) groupEnd(i int) int {
	j := i
	for j < len(l.s) && l.s[j] == ' ' {
		j++
	}
	if l.at(j) != '{' {
		return i
	}
	depth := 0
	for k := j; k < len(l.s); k++ {
		switch l.s[k] {
		case '\\':
			k++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return k + 1
			}
		}
	}
	return -1
}

// textGroup lexes \text{…} contents as prose words (units, labels).
func (l *lexer) textGroup(i, k int) int {
	end := l.groupEnd(k)
	if end < 0 {
		l.poison(i, len(l.s), "unclosed group")
		return len(l.s)
	}
	if end == k {
		l.poison(i, k, "text command without a group")
		return k
	}
	open := strings.IndexByte(l.s[k:end], '{') + k
	inner := l.s[open+1 : end-1]
	sub := &lexer{s: inner, base: l.base + open + 1, maxDigits: l.maxDigits}
	if strings.ContainsAny(inner, "$\\") {
		l.poison(i, end, "math inside text")
		return end
	}
	sub.sp = true
	sub.run(0, len(inner))
	for _, t := range sub.toks {
		if t.K == TSep && t.Text == SepMath {
			continue
		}
		t.Math = false // text inside math is prose
		t.SpaceBefore = t.SpaceBefore || l.sp
		l.toks = append(l.toks, t)
		l.sp = false
	}
	l.sp = true
	return end
}

func (l *lexer) envName(k int) (string, int) {
	if l.at(k) != '{' {
		return "", k
	}
	e := strings.IndexByte(l.s[k:], '}')
	if e < 0 {
		return "", len(l.s)
	}
	return l.s[k+1 : k+e], k + e + 1
}

func (l *lexer) begin(i, k int) int {
	env, end := l.envName(k)
	switch {
	case !l.math && mathEnvs[env]:
		l.sep(i, end, SepMath)
		l.open()
		l.math, l.close = true, `\end{`+env+`}`
		return end
	case l.math && innerEnvs[env]:
		l.sp = true
		return end
	}
	// Cases, arrays, matrices, tables: left alone as a whole.
	closeTag := `\end{` + env + `}`
	e := strings.Index(l.s[end:], closeTag)
	stop := len(l.s)
	if e >= 0 {
		stop = end + e + len(closeTag)
	}
	l.emit(Tok{K: tBoxed, S: i, E: stop, Text: "environment " + env + " left alone"})
	l.sp = true
	return stop
}

func (l *lexer) unicode(i int) int {
	r, n := utf8.DecodeRuneInString(l.s[i:])
	j := i + n
	if r == utf8.RuneError && n == 1 {
		l.poison(i, j, "invalid UTF-8")
		return j
	}
	if num, den, ok := vulgarFraction(r); ok {
		if IsDigit(l.at(i - 1)) {
			l.poison(i, j, "a mixed number")
			return j
		}
		l.vulgar(i, j, num, den)
		return j
	}
	switch r {
	case '×', '·', '⋅', '∙', '∗':
		l.emit(Tok{K: TOp, S: i, E: j, Text: "*", Src: string(r)})
	case '÷':
		l.emit(Tok{K: TOp, S: i, E: j, Text: "/", Src: "÷"})
	case '−':
		l.emit(Tok{K: TOp, S: i, E: j, Text: "-", Src: "−"})
	case '≤', '≥', '≠', '≈':
		l.emit(Tok{K: TRel, S: i, E: j, Text: string(r)})
	case '√':
		l.emit(Tok{K: TSqrt, S: i, E: j})
	case '²', '³':
		e := "2"
		if r == '³' {
			e = "3"
		}
		l.emit(Tok{K: TOp, S: i, E: j, Text: "^", Src: string(r)})
		l.toks = append(l.toks, Tok{K: TNum, S: i + l.base, E: j + l.base, Math: l.math,
			Num: &NumLit{Val: new(big.Rat).SetInt64(int64(e[0] - '0')), Canon: e, IntLit: true}})
	case '–', '‐', '‑', '‒':
		// A spaced dash is a minus sign ("$40 – $4 = $36"); an unspaced
		// one between numbers is a range ("2–3 hours").
		spaced := (l.at(i-1) == ' ' || l.at(i-1) == '$') && (l.at(j) == ' ' || l.at(j) == '$')
		switch {
		case spaced:
			l.emit(Tok{K: TOp, S: i, E: j, Text: "-", Src: "–"})
		case IsDigit(l.at(i-1)) && IsDigit(l.at(j)):
			l.poison(i, j, "dash between numbers (a range)")
		default:
			l.sep(i, j, sepClause)
		}
	case '—', '→', '⇒', '⟹', '⇔', '↔', '⟶', '∴', '∵', '⟸', '←':
		l.sep(i, j, sepArrow)
	case '…':
		l.poison(i, j, "ellipsis")
	case '‰', '‱', '′', '″', '‴':
		// Per mille, per ten thousand, primes (feet, minutes): a unit
		// the reader does not convert, spaced or not.
		l.poison(i, j, "unsupported symbol "+string(r))
	case '°':
		l.emit(Tok{K: TWord, S: i, E: j, Text: "degree"})
	case '’', '‘', '“', '”', '«', '»':
		l.sep(i, j, sepClause)
	case '✗', '✘', '❌':
		l.sep(i, j, SepQuestion)
	case '✓', '✔', '✅':
		l.sep(i, j, sepClause)
	default:
		switch {
		case unicode.IsLetter(r):
			if l.math {
				l.poison(i, j, "unsupported symbol "+string(r))
				return j
			}
			k := j
			for k < len(l.s) {
				r2, n2 := utf8.DecodeRuneInString(l.s[k:])
				if !unicode.IsLetter(r2) {
					break
				}
				k += n2
			}
			l.emit(Tok{K: TWord, S: i, E: k, Text: strings.ToLower(l.s[i:k])})
			return k
		case unicode.IsSpace(r):
			l.sp = true
		case unicode.IsSymbol(r) || unicode.IsNumber(r):
			l.poison(i, j, "unsupported symbol "+string(r))
		default:
			l.sep(i, j, sepClause)
		}
	}
	return j
}

func (l *lexer) punct(i int) int {
	s := l.s
	c := s[i]
	j := i + 1
	two := ""
	if i+2 <= len(s) {
		two = s[i : i+2]
	}
	switch two {
	case "<=":
		l.emit(Tok{K: TRel, S: i, E: i + 2, Text: "≤"})
		return i + 2
	case ">=":
		l.emit(Tok{K: TRel, S: i, E: i + 2, Text: "≥"})
		return i + 2
	case "!=":
		if IsDigit(l.at(i-1)) || l.at(i-1) == ')' {
			// "2!=2" is a factorial, then "=".
			l.poison(i, i+1, "factorial")
			return i + 1
		}
		l.emit(Tok{K: TRel, S: i, E: i + 2, Text: "≠"})
		return i + 2
	case "=>", "->", "<-", "<<", ">>", "==":
		if two == "==" {
			l.poison(i, i+2, "double equals")
		} else {
			l.sep(i, i+2, sepArrow)
		}
		return i + 2
	case "**":
		l.sep(i, i+2, sepClause) // Markdown emphasis
		return i + 2
	}
	if c == '^' {
		for _, deg := range []string{`^\circ`, `^{\circ}`} {
			if strings.HasPrefix(s[i:], deg) {
				l.emit(Tok{K: TWord, S: i, E: i + len(deg), Text: "degree"})
				return i + len(deg)
			}
		}
	}
	switch c {
	case '+', '/', '^':
		l.emit(Tok{K: TOp, S: i, E: j, Text: s[i:j], Src: s[i:j]}) // the byte itself: no string made
	case '*':
		l.emit(Tok{K: TOp, S: i, E: j, Text: "*", Src: "*"})
	case '-':
		if !l.math && l.lineStart && (l.at(j) == ' ' || l.at(j) == '\t') {
			l.sep(i, j, sepClause) // a bullet
			return j
		}
		l.emit(Tok{K: TOp, S: i, E: j, Text: "-", Src: "-"})
	case '=', '<', '>':
		l.emit(Tok{K: TRel, S: i, E: j, Text: s[i:j]})
	case '(', '[':
		l.emit(Tok{K: TOpen, S: i, E: j, Text: s[i:j]})
	case ')', ']':
		l.emit(Tok{K: TClose, S: i, E: j, Text: s[i:j]})
	case '{':
		if l.math {
			l.emit(Tok{K: TOpen, S: i, E: j, Text: "{"})
		} else {
			l.poison(i, j, "brace in prose")
		}
	case '}':
		if l.math {
			l.emit(Tok{K: TClose, S: i, E: j, Text: "}"})
		} else {
			l.poison(i, j, "brace in prose")
		}
	case '.':
		if strings.HasPrefix(s[i:], "...") {
			l.poison(i, i+3, "ellipsis")
			return i + 3
		}
		if IsDigit(l.at(j)) {
			l.poison(i, j, "a point glued to a word before a number")
			return j
		}
		l.sep(i, j, SepSentence)
	case ',', ';':
		l.sep(i, j, sepClause)
	case ':':
		if IsDigit(l.at(i-1)) && IsDigit(l.at(j)) {
			l.poison(i, j, "colon between numbers (a time or a ratio)")
		} else {
			l.sep(i, j, SepColon)
		}
	case '?':
		l.sep(i, j, SepQuestion)
	case '!':
		if l.math || IsDigit(l.at(i-1)) || l.at(i-1) == ')' || l.at(i-1) == '}' || IsDigit(l.at(j)) || l.at(j) == '(' {
			l.poison(i, j, "factorial")
		} else {
			l.sep(i, j, SepSentence)
		}
	case '&':
		if l.math {
			l.sp = true
			return j
		}
		l.sep(i, j, sepClause)
	case '_':
		l.poison(i, j, "subscript")
	case '%':
		l.poison(i, j, "percent sign without a number")
	case '|':
		l.poison(i, j, "absolute value or divides")
	case '~':
		l.poison(i, j, "tilde")
	case '\'':
		if l.math {
			l.poison(i, j, "prime")
		} else {
			l.sep(i, j, sepClause)
		}
	default:
		l.sep(i, j, sepClause)
	}
	return j
}
