package eqrewrite

import (
	"math/big"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// maxContext bounds the equations of the context a witness must satisfy.
const maxContext = 24

// link is one equation of the context: L = R must hold at a witness.
type link struct{ L, R algebra.Rat }

// context lists the equations stated before the first equation of a pair
// (in the problem, the step before and the step up to it) that hold a name
// of names: a witness must satisfy them too, as the rewriting may have
// used them. ok is false when one of them cannot be read, or there are too
// many: the pair is then left alone.
func context(names []string, texts ...string) (out []link, ok bool) {
	for _, text := range texts {
		for _, g := range mathtext.TextRegions(text) {
			src := text[g.S:g.E]
			if strings.IndexByte(src, '=') < 0 || strings.Contains(src, "matrix}") {
				continue // no equation, or one of vectors: the step restates its components
			}
			for _, piece := range pieces(src) {
				if !strings.Contains(piece, "=") || !mentions(piece, names) {
					continue
				}
				links, good := readLinks(piece)
				if !good || len(out)+len(links) > maxContext {
					return nil, false
				}
				out = append(out, links...)
			}
		}
	}
	return out, true
}

// pieces splits math at line breaks, commas, semicolons, \quad, arrows
// and environments: the equations written side by side.
func pieces(src string) []string {
	src = pieceRepl.Replace(src)
	return strings.Split(src, ";")
}

// pieceRepl marks the places between two equations of one region (line
// breaks, spacing, commas, arrows, environments, tags) with ";".
var pieceRepl = strings.NewReplacer(`\\`, ";", `\quad`, ";", `\qquad`, ";", ",", ";", "&", "",
	`\implies`, ";", `\Longrightarrow`, ";", `\Rightarrow`, ";", `\iff`, ";", `\Leftrightarrow`, ";",
	`\begin{aligned}`, ";", `\end{aligned}`, ";", `\begin{align*}`, ";", `\end{align*}`, ";",
	`\begin{align}`, ";", `\end{align}`, ";", `\tag{`, ";\\tag{")

// mentions reports a name of names standing alone in s (no letter or
// backslash before it, no letter after it).
func mentions(s string, names []string) bool {
	for i := 0; i < len(s); i++ {
		if !mathtext.IsASCIILetter(s[i]) {
			continue
		}
		j := i
		for j < len(s) && mathtext.IsASCIILetter(s[j]) {
			j++
		}
		word := s[i:j]
		if (i == 0 || s[i-1] != '\\') && len(word) >= 1 {
			for _, c := range []byte(word) {
				if slices.Contains(names, string(c)) {
					return true // "xy" holds x and y
				}
			}
		}
		i = j - 1
	}
	return false
}

// readLinks reads the links of the chain s ("A = B = C"); false when a
// member cannot be read as a rational function, or s holds another
// relation.
func readLinks(s string) ([]link, bool) {
	if !plainCommands(s) || strings.ContainsAny(s, "<>") || strings.ContainsAny(s, "&'{}") && !braced(s) {
		return nil, false
	}
	if nameBeforeBracket(s) || strings.ContainsAny(s, "_|!") {
		return nil, false
	}
	parts := strings.Split(s, "=")
	vals := make([]algebra.Rat, len(parts))
	for i, p := range parts {
		p = strings.TrimRight(strings.TrimSpace(p), ".")
		if p == "" {
			return nil, false
		}
		e, err := symexpr.Read(p)
		if err != nil {
			return nil, false
		}
		if vals[i], err = symexpr.ToRat(e); err != nil {
			return nil, false
		}
	}
	out := make([]link, 0, len(parts)-1)
	for i := 1; i < len(vals); i++ {
		out = append(out, link{vals[i-1], vals[i]})
	}
	return out, true
}

// holds reports every link of ctx true at pt, each side defined.
func holds(ctx []link, pt map[string]*big.Rat) bool {
	for _, l := range ctx {
		for _, n := range l.L.Sub(l.R).Num().Vars() {
			if pt[n] == nil {
				return false // a name the pair does not have: not decided here
			}
		}
		lv, ok1 := evalAt(l.L, pt)
		rv, ok2 := evalAt(l.R, pt)
		if !ok1 || !ok2 || lv.Cmp(rv) != 0 {
			return false
		}
	}
	return true
}
