package replsim

import (
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// DefaultWidth is the line width of Lean's `Json.pretty`, which the REPL uses for every reply.
const DefaultWidth = 80

// doc is a document in the style of Lean's `Std.Format`: text, line (a space when its group
// is flat, else a newline plus the current indentation), nest (adds to the indentation, not
// to the column) and group (all of its lines break, or none).
type doc struct {
	kind  docKind
	text  string
	width int // code points of text; Lean measures columns in characters
	n     int // indentation added by a nest
	kids  []*doc
}

type docKind uint8

const (
	docText docKind = iota
	docLine
	docNest
	docGroup
	docConcat
)

func text(s string) *doc { return &doc{kind: docText, text: s, width: utf8.RuneCountInString(s)} }

var line = &doc{kind: docLine}

func nest(n int, d *doc) *doc { return &doc{kind: docNest, n: n, kids: []*doc{d}} }
func group(d *doc) *doc       { return &doc{kind: docGroup, kids: []*doc{d}} }
func concat(ds ...*doc) *doc  { return &doc{kind: docConcat, kids: ds} }

// bracket is Lean's `Format.bracket l f r = group (nest l.length (l ++ f ++ r))`.
func bracket(l string, f *doc, r string) *doc {
	return group(nest(utf8.RuneCountInString(l), concat(text(l), f, text(r))))
}

// joinSep is Lean's `Format.joinSep`.
func joinSep(ds []*doc, sep *doc) *doc {
	out := make([]*doc, 0, 2*len(ds))
	for i, d := range ds {
		if i > 0 {
			out = append(out, sep)
		}
		out = append(out, d)
	}
	return concat(out...)
}

// render builds the document Lean's `Json.render` builds for v.
func render(v Value) *doc {
	switch v.kind {
	case KindNull:
		return text("null")
	case KindBool:
		if v.b {
			return text("true")
		}
		return text("false")
	case KindNumber:
		return text(v.num)
	case KindString:
		return text(syntax.Quote(v.s))
	case KindArray:
		elems := make([]*doc, len(v.arr))
		for i, x := range v.arr {
			elems[i] = render(x)
		}
		return bracket("[", joinSep(elems, concat(text(","), line)), "]")
	default:
		keys := v.Keys()
		kvs := make([]*doc, len(keys))
		for i, k := range keys {
			kvs[i] = group(concat(text(syntax.Quote(k)), text(":"), line, render(v.obj[k])))
		}
		return bracket("{", joinSep(kvs, concat(text(","), line)), "}")
	}
}

// Pretty renders v as Lean's `Json.pretty v width` does.
func Pretty(v Value, width int) string {
	return layout(render(v), width)
}

// The layout below follows the algorithm of Lean's `Format.prettyM`, reimplemented from its
// observable behaviour: a group is laid out flat when its flat width, plus the width of
// what follows it up to the next line break of the enclosing (already decided) groups, fits
// in the remaining width. Counting the trailing `}],` is what makes the REPL break
// `"endPos": {...}}],` lines exactly where it does.

type workItem struct {
	d      *doc
	indent int
}

type workGroup struct {
	flatten bool
	items   []workItem // a stack: the next item is last
}

// spaceUpto measures d up to its first line break, giving up once the width exceeds w.
// Groups nested inside d are measured flat, as Lean does.
func spaceUpto(d *doc, flatten bool, w int) (space int, foundLine bool) {
	switch d.kind {
	case docText:
		return d.width, false
	case docLine:
		if flatten {
			return 1, false
		}
		return 0, true
	case docNest:
		return spaceUpto(d.kids[0], flatten, w)
	case docGroup:
		return spaceUpto(d.kids[0], true, w)
	default:
		sp := 0
		for _, k := range d.kids {
			s, found := spaceUpto(k, flatten, w-sp)
			sp += s
			if found || sp > w {
				return sp, found
			}
		}
		return sp, false
	}
}

// spaceUptoGroups measures the pending items of gs, innermost group first, each in its
// group's own mode.
func spaceUptoGroups(gs []*workGroup, w int) int {
	sp := 0
	for gi := len(gs) - 1; gi >= 0; gi-- {
		g := gs[gi]
		for ii := len(g.items) - 1; ii >= 0; ii-- {
			s, found := spaceUpto(g.items[ii].d, g.flatten, w-sp)
			sp += s
			if found || sp > w {
				return sp
			}
		}
	}
	return sp
}

func layout(d *doc, width int) string {
	var out strings.Builder
	col := 0
	gs := []*workGroup{{flatten: false, items: []workItem{{d: d}}}}
	for len(gs) > 0 {
		g := gs[len(gs)-1]
		if len(g.items) == 0 {
			gs = gs[:len(gs)-1]
			continue
		}
		it := g.items[len(g.items)-1]
		g.items = g.items[:len(g.items)-1]
		switch it.d.kind {
		case docText:
			out.WriteString(it.d.text)
			col += it.d.width
		case docLine:
			if g.flatten {
				out.WriteByte(' ')
				col++
			} else {
				out.WriteByte('\n')
				out.WriteString(strings.Repeat(" ", it.indent))
				col = it.indent
			}
		case docNest:
			g.items = append(g.items, workItem{it.d.kids[0], it.indent + it.d.n})
		case docConcat:
			for i := len(it.d.kids) - 1; i >= 0; i-- {
				g.items = append(g.items, workItem{it.d.kids[i], it.indent})
			}
		case docGroup:
			inner := workItem{it.d.kids[0], it.indent}
			if g.flatten {
				g.items = append(g.items, inner)
				continue
			}
			avail := width - col
			sp, _ := spaceUpto(inner.d, true, avail)
			if sp <= avail {
				sp += spaceUptoGroups(gs, avail-sp)
			}
			gs = append(gs, &workGroup{flatten: sp <= avail, items: []workItem{inner}})
		}
	}
	return out.String()
}
