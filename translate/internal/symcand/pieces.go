package symcand

import (
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// separators cut a math region into pieces at the top level.
var separators = []string{",", ";", `\implies`, `\Rightarrow`, `\Longrightarrow`, `\rightarrow`, `\to`, "⇒", "→", "⟹",
	`\quad`, `\qquad`, `\\`, "&", `\text{ and }`, `\text{and}`, `\text{ or }`, `\text{or}`, `\iff`, `\Leftrightarrow`}

// otherRelations keep a piece out: it is no equation of numbers and names.
var otherRelations = []string{"<", ">", "≤", "≥", "≠", "≈", "≡", "±", `\le`, `\ge`, `\ne`, `\approx`, `\equiv`, `\pm`, `\mp`,
	`\sim`, `\in`, `\mid`, `\nmid`, `\text`, `\mathrm`, `\cdots`, `\ldots`, `\dots`, "...", "…", "|", "%", "'", "!", `\sqrt`, `\log`, `\ln`,
	`\sin`, `\cos`, `\tan`, `\pi`, `\lfloor`, `\lceil`, `\binom`, `\sum`, `\prod`, `\int`, "_{"}

// pieces reads the relations of the step's math regions, in order.
func pieces(text string, regions []mathtext.Region) []piece {
	var out []piece
	budget := maxPieces
	for _, rg := range regions {
		for _, sp := range split(text, rg.S, rg.E) {
			if budget == 0 {
				return out
			}
			budget--
			s, e := sp[0], sp[1]
			for s < e && (text[s] == ' ' || text[s] == '\n' || text[s] == '\t') {
				s++
			}
			for e > s && (text[e-1] == ' ' || text[e-1] == '\n' || text[e-1] == '\t' || text[e-1] == '.') {
				e--
			}
			if p, ok := readPiece(text, s, e); ok {
				out = append(out, p)
			}
		}
	}
	return out
}

// split cuts text[s:e] at the separators outside brackets.
func split(text string, s, e int) [][2]int {
	var out [][2]int
	depth, start := 0, s
	for i := s; i < e; {
		switch c := text[i]; c {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
		}
		if depth == 0 {
			if sep := sepAt(text[i:e]); sep > 0 {
				out = append(out, [2]int{start, i})
				i += sep
				start = i
				continue
			}
		}
		i++
	}
	return append(out, [2]int{start, e})
}

// sepAt is the length of the separator s starts with, or 0.
func sepAt(s string) int {
	for _, sep := range separators {
		if strings.HasPrefix(s, sep) && (sep[0] != '\\' || len(s) == len(sep) || !mathtext.IsASCIILetter(s[len(sep)])) {
			return len(sep)
		}
	}
	return 0
}

// readPiece reads text[s:e] as an equation in two names or more, an
// assignment "x = 3", or a tuple "(A, R) = (1, 4)".
func readPiece(text string, s, e int) (piece, bool) {
	src := strings.TrimRight(strings.TrimSpace(text[s:e]), ".")
	if strings.Count(src, "=") != 1 {
		return piece{}, false
	}
	for _, rel := range otherRelations {
		if strings.Contains(src, rel) {
			return piece{}, false
		}
	}
	if m := tupleRE.FindStringSubmatch(src); m != nil {
		return tuple(s, e, m[1], m[2])
	}
	ls, rs, _ := strings.Cut(src, "=")
	l, err1 := symexpr.Read(ls)
	r, err2 := symexpr.Read(rs)
	if err1 != nil || err2 != nil || !plain(l) || !plain(r) {
		return piece{}, false
	}
	p := piece{s: s, e: e, l: l, r: r}
	if l.Op == 'v' && !symexpr.HasVar(r) {
		v, err := symexpr.Eval(r, nil)
		if err != nil {
			return piece{}, false
		}
		p.names, p.vals = []string{l.Name}, map[string]*big.Rat{l.Name: v}
		return p, true
	}
	p.names = symexpr.Vars(r, map[string]bool{}, symexpr.Vars(l, map[string]bool{}, nil))
	p.names = union(nil, p.names)
	return p, len(p.names) >= 2
}

// tuple reads "(A, R) = (1, 4)" from its names and numbers.
func tuple(s, e int, names, nums string) (piece, bool) {
	ns := strings.Split(names, ",")
	vs := strings.Split(nums, ",")
	if len(ns) != len(vs) {
		return piece{}, false
	}
	p := piece{s: s, e: e, vals: map[string]*big.Rat{}}
	for k := range ns {
		n := strings.NewReplacer(" ", "", "{", "", "}", "").Replace(ns[k])
		v, ok := new(big.Rat).SetString(strings.TrimSpace(vs[k]))
		if !ok || p.vals[n] != nil {
			return piece{}, false
		}
		p.names, p.vals[n] = append(p.names, n), v
	}
	return p, true
}

// plain reports an expression of numbers, names and the field's operations.
func plain(e *symexpr.Expr) bool {
	if e == nil {
		return true
	}
	switch e.Op {
	case 'n', 'v':
		return e.Op == 'n' || !strings.ContainsAny(e.Name, "^(")
	case '+', '-', '*', '/', '~', '^':
		return plain(e.L) && plain(e.R)
	}
	return false
}

// joined reports the text between two assignments of one candidate: math
// marks, commas and "and" only.
func joined(between string) bool {
	t := strings.NewReplacer(`\(`, " ", `\)`, " ", `\[`, " ", `\]`, " ", "$", " ", ",", " ").Replace(between)
	t = strings.TrimSpace(t)
	return t == "" || t == "and"
}

// sentenceEnds reports a sentence boundary in the prose between two
// pieces.
func sentenceEnds(between string) bool { return sentenceEnd(between) >= 0 }

// sentenceEnd is the index of the first sentence boundary in s, or -1.
func sentenceEnd(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '?', '!':
			return i
		case '.':
			if i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n' {
				return i
			}
		case '\n':
			if i+1 < len(s) && s[i+1] == '\n' {
				return i
			}
		}
	}
	return -1
}

// lastSentenceEnd is the index of the last sentence boundary in s, or -1.
func lastSentenceEnd(s string) int {
	last := -1
	for k := sentenceEnd(s); k >= 0; {
		last += k + 1
		k = sentenceEnd(s[last+1:])
	}
	return last
}

func overlaps(a, b []string) bool {
	return slices.ContainsFunc(b, func(n string) bool { return slices.Contains(a, n) })
}

func subset(a, b []string) bool {
	return !slices.ContainsFunc(a, func(n string) bool { return !slices.Contains(b, n) })
}

func union(a, b []string) []string {
	for _, n := range b {
		if !slices.Contains(a, n) {
			a = append(a, n)
		}
	}
	return a
}

func clone(m map[string]*big.Rat) map[string]*big.Rat { return maps.Clone(m) }
