package verify

import (
	"errors"
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// Statement is an official theorem statement, read once and compared against candidates.
//
// Its text is: optional `import` lines, an optional preamble (commands the problem set needs,
// e.g. `open Real` or `set_option maxHeartbeats 400000`; trusted, because it is official), then
// the theorem: `theorem NAME binders : type`, optionally ending in a stub `:=`, `:= sorry`,
// `:= by`, `:= by sorry`. The last `theorem`/`lemma` in the text is the one to prove.
type Statement struct {
	Src     string
	Imports []string // module names of the import lines, as written
	// Preamble are the tokens between the imports and the theorem; PreambleText their source.
	Preamble     []syntax.Token
	PreambleText string
	// Header runs from the theorem's first modifier or attribute through its type, without
	// the `:=`. Candidates must repeat it token for token.
	Header []syntax.Token
	// HeaderText is the source of Header.
	HeaderText string
	// Name is the theorem's name with guillemets removed ("t1", "Foo.t1"); NameText is how
	// it is written, which is what `#print axioms` is given.
	Name, NameText string
	// mentions holds every identifier the header uses after the name, and every dotted
	// prefix of one ("a.b.c" gives "a", "a.b", "a.b.c").
	mentions map[string]bool
}

// errStatement marks problems with the official statement (CodeStatementInvalid).
var errStatement = errors.New("invalid statement")

// ParseStatement reads an official statement. A statement that does not lex cleanly, has no
// theorem, or whose header has no type is an error wrapping errStatement.
func ParseStatement(src string) (*Statement, error) {
	lx := syntax.Lex(src)
	if !lx.OK() {
		return nil, fmt.Errorf("%w: %s", errStatement, lx.Problems[0])
	}
	toks := lx.Tokens
	st := &Statement{Src: src}
	i, imports, err := leadingImports(toks)
	if err != nil {
		return nil, err
	}
	st.Imports = imports
	kw := -1
	for j := i; j < len(toks); j++ {
		if toks[j].Hole == 0 && (toks[j].IsWord("theorem") || toks[j].IsWord("lemma")) {
			kw = j
		}
	}
	if kw < 0 {
		return nil, fmt.Errorf("%w: no `theorem` or `lemma` in the statement", errStatement)
	}
	if kw+1 >= len(toks) || toks[kw+1].Kind != syntax.Ident {
		return nil, fmt.Errorf("%w: the theorem has no name", errStatement)
	}
	start := syntax.DeclStart(toks, i, kw)
	st.Preamble = toks[i:start]
	if len(st.Preamble) > 0 {
		st.PreambleText = src[st.Preamble[0].Off:st.Preamble[len(st.Preamble)-1].End]
	}
	st.Name = strings.TrimPrefix(toks[kw+1].FullName(), "_root_.")
	st.NameText = toks[kw+1].Text
	end := headerEnd(toks, kw+2)
	st.Header = toks[start:end]
	if len(st.Header) > 0 {
		st.HeaderText = src[st.Header[0].Off:st.Header[len(st.Header)-1].End]
	}
	if !hasTopLevelColon(toks[kw+2 : end]) {
		return nil, fmt.Errorf("%w: the theorem header has no `: type`", errStatement)
	}
	st.mentions = map[string]bool{}
	for _, t := range toks[kw+2 : end] {
		if t.Kind != syntax.Ident {
			continue
		}
		for k := 1; k <= len(t.Name); k++ {
			st.mentions[strings.Join(t.Name[:k], ".")] = true
		}
	}
	return st, nil
}

// leadingImports reads `import M` pairs from the start of toks; a bad one is an error wrapping
// errStatement.
func leadingImports(toks []syntax.Token) (next int, mods []string, err error) {
	next, mods, err = syntax.LeadingImports(toks)
	if err != nil {
		return 0, nil, fmt.Errorf("%w: %w", errStatement, err)
	}
	return next, mods, nil
}

// stubTails are what may follow the official header's final `:=`.
var stubTails = [][]string{{}, {"sorry"}, {"by"}, {"by", "sorry"}, {"by", "admit"}}

// headerEnd finds where the official header ends, searching from `from` (just after the
// name). The header ends at the last top-level `:=` when what follows it is a stub; otherwise
// the whole text is the header. The last `:=` rather than the first, because a type may
// contain `let x := …`; the stub test, because without a stub a final `:=` may belong to such a
// `let`.
func headerEnd(toks []syntax.Token, from int) int {
	last := -1
	depth := 0
	for j := from; j < len(toks); j++ {
		t := toks[j]
		if t.Hole > 0 {
			continue
		}
		switch {
		case syntax.IsOpen(t):
			depth++
		case syntax.IsClose(t):
			depth--
		case depth == 0 && t.Kind == syntax.Symbol && t.Text == ":=":
			last = j
		}
	}
	if last < 0 {
		return len(toks)
	}
	tail := toks[last+1:]
	for _, stub := range stubTails {
		if len(stub) != len(tail) {
			continue
		}
		ok := true
		for k, w := range stub {
			ok = ok && tail[k].IsWord(w)
		}
		if ok {
			return last
		}
	}
	return len(toks)
}

func hasTopLevelColon(toks []syntax.Token) bool {
	depth := 0
	for _, t := range toks {
		switch {
		case t.Hole > 0:
		case syntax.IsOpen(t):
			depth++
		case syntax.IsClose(t):
			depth--
		case depth == 0 && t.Kind == syntax.Symbol && t.Text == ":":
			return true
		}
	}
	return false
}

// ParseHeader reads the import lines of an environment header ("import Mathlib\nimport
// Aesop"); anything else in it is an error.
func ParseHeader(header string) ([]string, error) {
	lx := syntax.Lex(header)
	if !lx.OK() {
		return nil, fmt.Errorf("header: %s", lx.Problems[0])
	}
	i, mods, err := leadingImports(lx.Tokens)
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	if i != len(lx.Tokens) {
		t := lx.Tokens[i]
		return nil, fmt.Errorf("header: only import lines are allowed, found %q at %d:%d", t.Text, t.Line, t.Col)
	}
	return mods, nil
}

// headerText renders module names as import lines.
func headerText(mods []string) string {
	var b strings.Builder
	for _, m := range mods {
		b.WriteString("import ")
		b.WriteString(m)
		b.WriteByte('\n')
	}
	return b.String()
}
