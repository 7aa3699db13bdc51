package freenames

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// readRegion cuts the math region text[s:e] into pieces at its top level
// (line breaks, commas, semicolons, spaces, arrows, words in \text) and
// reads each. A piece that opens with "=" continues the last member of
// the piece before ("a &= b \\ &= c").
func (t *Ties) readRegion(text string, s, e int, defs map[string]*symexpr.Def) {
	depth, start := 0, s
	var last *symexpr.Expr
	cut := func(end, next int) {
		if start < end {
			last = t.readPiece(text, start, end, last, defs)
		}
		start = next
	}
	for i := s; i < e; {
		c := text[i]
		switch {
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth = max(depth-1, 0)
		case depth == 0 && (c == ',' || c == ';'):
			cut(i, i+1)
		case c == '\\':
			j := i + 1
			for j < e && mathtext.IsASCIILetter(text[j]) {
				j++
			}
			cmd := text[i+1 : j]
			switch {
			case cmd == "" && j < e && text[j] == '\\' && depth == 0:
				cut(i, j+1)
				i = j + 1
				continue
			case cmd == "":
				i = min(j+1, e)
				continue
			case textCommands[cmd] && j < e && text[j] == '{':
				k := mathtext.MatchBrace(text, j, e)
				if k < 0 {
					k = e - 1
				}
				if depth == 0 {
					cut(i, k+1)
				}
				i = k + 1
				continue
			case sepCommands[cmd] && depth == 0:
				cut(i, j)
			}
			i = j
			continue
		case depth == 0 && (strings.HasPrefix(text[i:], "⇒") || strings.HasPrefix(text[i:], "→") || strings.HasPrefix(text[i:], "⟹")):
			n := len("⇒") // each arrow is three bytes
			cut(i, i+n)
			i += n
			continue
		}
		i++
	}
	cut(e, e)
}

// readPiece reads the piece text[s:e] (last: the member a piece opening
// with "=" continues) and ties its names unless it is an identity: every
// "=" between members that read, each link with a name holding for every
// value of the names (the functions defs put in). A piece with no "="
// outside braces (a term, an inequality, a product's bounds) ties nothing; one with a congruence, a
// membership, an approximation or another relation beside "=" ties its
// names. It returns the piece's last member when it read.
func (t *Ties) readPiece(text string, s, e int, last *symexpr.Expr, defs map[string]*symexpr.Def) *symexpr.Expr {
	body := strings.ReplaceAll(text[s:e], "&", " ")
	tie := func() *symexpr.Expr {
		t.add(s, e, body)
		return nil
	}
	marked := hasCommand(body, tieMarks)
	if !marked && !relation(body) {
		return nil
	}
	if marked || hasCommand(body, mixedMarks) {
		return tie()
	}
	members := splitTop(body)
	prev := last
	if strings.TrimSpace(members[0]) != "" {
		prev = nil
	} else if members = members[1:]; prev == nil {
		return tie()
	}
	for _, m := range members {
		m = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(m), ".,;:"))
		if m == "" {
			return tie()
		}
		ex, _, _, err := symexpr.ReadDefs(m, defs)
		if err != nil {
			return tie()
		}
		if prev != nil && (symexpr.HasVar(prev) || symexpr.HasVar(ex)) && !identity(prev, ex) {
			// (the member continued may lie in the piece before: its names too)
			ns := namesOf(body)
			for _, n := range symexpr.Vars(prev, map[string]bool{}, nil) {
				ns = appendName(ns, n)
			}
			t.pieces = append(t.pieces, piece{s: s, e: e, names: ns})
			return nil
		}
		prev = ex
	}
	return prev
}

// identity reports a = b for every value of their names (wherever both
// are defined), as the symbolic reader decides a link.
func identity(a, b *symexpr.Expr) bool {
	L, R, _, err := symexpr.LinkRats(a, b)
	return err == nil && L.Sub(R).Num().IsZero()
}

// relation reports an "=" in s outside braces: one in a subscript or a
// bound ("\prod_{m=1}^{n}") binds an index and relates nothing; one in
// round or square brackets relates ("(x = 2)").
func relation(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth = max(depth-1, 0)
		case '=':
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// splitTop cuts s at each "=" outside brackets.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth = max(depth-1, 0)
		case '=':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// hasCommand reports one of marks in s: a command (`\in`) only as a
// whole command (not `\infty`, `\left`), any other mark anywhere.
func hasCommand(s string, marks []string) bool {
	for _, m := range marks {
		if m[0] != '\\' {
			if strings.Contains(s, m) {
				return true
			}
			continue
		}
		for i := 0; ; {
			k := strings.Index(s[i:], m)
			if k < 0 {
				break
			}
			i += k + len(m)
			if i >= len(s) || !mathtext.IsASCIILetter(s[i]) {
				return true
			}
		}
	}
	return false
}

// greek are the Greek letters, names when written as commands.
var greek = mathtext.Set("alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta",
	"iota", "kappa", "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi", "psi", "omega",
	"Gamma", "Delta", "Theta", "Lambda", "Xi", "Sigma", "Phi", "Psi", "Omega")

// namesOf lists the names written in the math s: each letter outside a
// command and the words of \text, each Greek letter, and with a
// subscript each of the forms the symbolic reader may give it (x_3,
// x_{3}) beside the letter itself.
func namesOf(s string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for i := 0; i < len(s); {
		var base string
		switch c := s[i]; {
		case c == '\\':
			j := i + 1
			for j < len(s) && mathtext.IsASCIILetter(s[j]) {
				j++
			}
			cmd := s[i+1 : j]
			switch {
			case cmd == "":
				i = j + 1
				continue
			case textCommands[cmd] && j < len(s) && s[j] == '{':
				if k := mathtext.MatchBrace(s, j, len(s)); k >= 0 {
					i = k + 1
					continue
				}
				i = len(s)
				continue
			case !greek[cmd]:
				i = j
				continue
			}
			base, i = cmd, j
		case mathtext.IsASCIILetter(c):
			base, i = s[i:i+1], i+1
		default:
			i++
			continue
		}
		add(base)
		if i+1 < len(s) && s[i] == '_' {
			sub := s[i+1 : i+2]
			i += 2
			if sub == "{" {
				k := strings.IndexByte(s[i:], '}')
				if k < 0 {
					continue
				}
				sub = strings.ReplaceAll(s[i:i+k], " ", "")
				i += k + 1
			}
			add(base + "_{" + sub + "}")
			if len(sub) == 1 {
				add(base + "_" + sub)
			}
		}
	}
	return out
}
