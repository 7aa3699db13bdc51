package proofchain

import (
	"strings"

	"github.com/leanprm/leanprm/leanbridge/leantext"
	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// FromSource reads a Lean file or proof and returns the chain of its theorem: the import
// lines become Header, the commands before the theorem Preamble, the theorem's signature
// Statement, and the top-level tactics of its `by` block Steps. name selects the theorem (as
// written after the keyword); "" takes the last theorem, lemma or example. Anything after
// the theorem is ignored.
//
// Tactics are split the way Lean's tactic-sequence parser reads them: a new tactic starts on
// a line at the block's column, or after a `;` outside brackets; lines indented further
// continue the tactic; a `;` after a nested block opener (`by`, `=>`, a leading `·`, or
// all_goals, any_goals, try, repeat, focus, next, case, first, iterate, on_goal) belongs to
// that block; after `open … in` or `set_option … in` at the end of a line the rest of the
// block belongs to it. Comments, strings and «escaped» names are read with syntax.Lex.
func FromSource(src, name string) (Chain, error) {
	lx := syntax.Lex(src)
	if !lx.OK() {
		return Chain{}, errorf("the source does not lex cleanly: %s", lx.Problems[0])
	}
	toks := codeTokens(lx.Tokens)
	i := 0
	var header []string
	for i+1 < len(toks) && toks[i].IsWord("import") {
		header = append(header, "import "+toks[i+1].Text)
		i += 2
	}
	bodyStart := i
	kw := -1
	for j := i; j+1 < len(toks); j++ {
		t := toks[j]
		if !(t.IsWord("theorem") || t.IsWord("lemma") || t.IsWord("example")) {
			continue
		}
		if name == "" || !t.IsWord("example") && toks[j+1].Text == name {
			kw = j
		}
	}
	switch {
	case kw < 0 && name != "":
		return Chain{}, errorf("no theorem named %s", name)
	case kw < 0:
		return Chain{}, errorf("no theorem, lemma or example")
	}
	start := declStart(toks, bodyStart, kw)
	assign := -1
	depth := 0
	for j := kw + 1; j < len(toks) && assign < 0; j++ {
		switch toks[j].Text {
		case "(", "[", "{", "⟨", "@[":
			depth++
		case ")", "]", "}", "⟩":
			depth--
		case ":=":
			if depth == 0 {
				assign = j
			}
		}
	}
	if assign < 0 {
		return Chain{}, errorf("the theorem has no `:=`")
	}
	if assign+1 >= len(toks) || !toks[assign+1].IsWord("by") {
		return Chain{}, errorf("the proof is not a `by` block of tactics")
	}
	steps, err := splitBlock(src, toks[assign+2:], toks[start].Col)
	if err != nil {
		return Chain{}, err
	}
	ch := Chain{
		Header:    strings.Join(header, "\n"),
		Statement: strings.TrimSpace(src[toks[start].Off:toks[assign].Off]),
		Steps:     steps,
	}
	if start > bodyStart {
		ch.Preamble = strings.TrimSpace(src[toks[bodyStart].Off:toks[start].Off])
	}
	return ch, ch.Validate()
}

// codeTokens drops the tokens inside string interpolation holes: they never start or end a
// tactic.
func codeTokens(toks []syntax.Token) []syntax.Token {
	out := make([]syntax.Token, 0, len(toks))
	for _, t := range toks {
		if t.Hole == 0 {
			out = append(out, t)
		}
	}
	return out
}

// declStart walks back from a declaration keyword over modifiers, attributes and
// `set_option … in` / `open … in` prefixes, not before lo.
func declStart(toks []syntax.Token, lo, kw int) int {
	start := kw
	for start > lo {
		prev := toks[start-1]
		switch {
		case prev.Kind == syntax.Ident && modifiers[prev.Text]:
			start--
		case prev.Text == "]":
			j := start - 1
			for d := 0; j >= lo; j-- {
				switch toks[j].Text {
				case "]":
					d++
				case "[", "@[":
					d--
				}
				if d == 0 {
					break
				}
			}
			if j < lo || toks[j].Text != "@[" {
				return start
			}
			start = j
		case prev.IsWord("in"):
			j := start - 2
			for j >= lo && !toks[j].IsWord("set_option") && !toks[j].IsWord("open") && toks[j].Line == prev.Line {
				j--
			}
			if j < lo || !(toks[j].IsWord("set_option") || toks[j].IsWord("open")) {
				return start
			}
			start = j
		default:
			return start
		}
	}
	return start
}

var modifiers = map[string]bool{
	"private": true, "protected": true, "noncomputable": true, "nonrec": true, "partial": true,
	"unsafe": true, "public": true,
}

// seqOpeners take a tactic sequence as their last argument (see FromSource).
var seqOpeners = map[string]bool{
	"all_goals": true, "any_goals": true, "try": true, "repeat": true, "focus": true,
	"next": true, "case": true, "first": true, "iterate": true, "on_goal": true,
	"case'": true, "repeat'": true,
}

// splitBlock splits the tokens of a `by` block (up to the end of the file) into top-level
// tactics and returns their source text. declCol is the column of the declaration: a line
// starting at or left of it, or left of the block's column, ends the block.
func splitBlock(src string, toks []syntax.Token, declCol int) ([]string, error) {
	if len(toks) == 0 {
		return nil, errorf("the `by` block is empty")
	}
	col := toks[0].Col
	type span struct{ first, last int }
	var spans []span
	cur := span{-1, -1}
	depth := 0
	nested, absorb := false, false
	flush := func() {
		if cur.first >= 0 {
			spans = append(spans, cur)
		}
		cur = span{-1, -1}
		nested, absorb = false, false
	}
	prevLine := toks[0].Line
	for j, t := range toks {
		newLine := j > 0 && t.Line != prevLine
		prevLine = t.Line
		if newLine && (t.Col < col || t.Col <= declCol && j > 0) {
			break
		}
		if newLine && t.Col == col && depth == 0 && !absorb {
			flush()
		}
		switch t.Text {
		case "(", "[", "{", "⟨", "@[", "%[", "#[":
			depth++
		case ")", "]", "}", "⟩":
			depth = max(depth-1, 0)
		case ";":
			if t.Kind == syntax.Symbol && depth == 0 && !nested {
				flush()
				continue
			}
		case "by", "=>":
			if depth == 0 {
				nested = true
			}
		case "·", ".":
			if cur.first < 0 {
				nested = true
			}
		}
		if cur.first < 0 && t.Kind == syntax.Ident && seqOpeners[t.Text] {
			nested = true
		}
		if cur.first < 0 {
			cur.first = j
		}
		cur.last = j
		if depth == 0 && t.IsWord("in") && (j+1 == len(toks) || toks[j+1].Line != t.Line) {
			absorb, nested = true, true
		}
	}
	flush()
	steps := make([]string, 0, len(spans))
	for _, sp := range spans {
		text := src[toks[sp.first].Off:toks[sp.last].End]
		steps = append(steps, dedentContinuation(text, toks[sp.first].Col))
	}
	return steps, nil
}

// dedentContinuation removes up to col leading spaces from every line after the first, so
// that a step's continuation lines keep their indentation relative to its first line.
func dedentContinuation(text string, col int) string {
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		n := 0
		for n < col && n < len(l) && l[n] == ' ' {
			n++
		}
		lines[i] = l[n:]
	}
	return strings.Join(lines, "\n")
}

// SplitStep splits one step into its top-level tactics (normally just itself): a step given
// as "subst hb; subst h" is two tactics for the REPL, whose tactic mode reads exactly one.
func SplitStep(step string) []string {
	text := leantext.StepBody(step)
	lx := syntax.Lex(text)
	if !lx.OK() || len(lx.Tokens) == 0 {
		return []string{text}
	}
	parts, err := splitBlock(text, codeTokens(lx.Tokens), -1)
	if err != nil || len(parts) == 0 {
		return []string{text}
	}
	return parts
}
