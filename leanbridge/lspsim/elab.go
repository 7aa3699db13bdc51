package lspsim

import (
	"fmt"
	"strings"
)

// diagnostic is what the simulator publishes (PROTOCOL.md §2.5).
type diagnostic struct {
	Range     lspRange `json:"range"`
	FullRange lspRange `json:"fullRange"`
	Severity  int      `json:"severity"`
	Source    string   `json:"source"`
	Message   string   `json:"message"`
	LeanTags  []int    `json:"leanTags,omitempty"`
	IsSilent  bool     `json:"isSilent,omitempty"`
}

const (
	sevError   = 1
	sevWarning = 2
	sevInfo    = 3
)

// hyp is a local hypothesis (prop set) or variable (typ set).
type hyp struct {
	name string
	prop *expr
	typ  string
}

type goal struct {
	tag    string
	hyps   []hyp
	target *expr
}

func (g goal) pp(mathlib bool) string {
	var b strings.Builder
	if g.tag != "" {
		b.WriteString("case " + g.tag + "\n")
	}
	// Consecutive hypotheses of the same type share a line, as Lean prints them.
	for i := 0; i < len(g.hyps); {
		ty := hypType(g.hyps[i], mathlib)
		names := []string{g.hyps[i].name}
		j := i + 1
		for j < len(g.hyps) && hypType(g.hyps[j], mathlib) == ty {
			names = append(names, g.hyps[j].name)
			j++
		}
		fmt.Fprintf(&b, "%s : %s\n", strings.Join(names, " "), ty)
		i = j
	}
	b.WriteString("⊢ " + ppM(g.target, mathlib))
	return b.String()
}

func hypType(h hyp, mathlib bool) string {
	if h.prop != nil {
		return ppM(h.prop, mathlib)
	}
	return showType(h.typ, mathlib)
}

// tacInfo records one tactic for $/lean/plainGoal: where it is and the goals around it.
type tacInfo struct {
	line       int
	start, end int // bytes in the line
	before     []goal
	after      []goal
	ran        bool // false: never run, because an earlier tactic failed
	failed     bool
}

// fileResult is the elaboration of one document version.
type fileResult struct {
	lines   []string
	mathlib bool
	fatal   bool           // an import failed: processing stopped (fileProgress kind 2)
	decls   [][]diagnostic // diagnostics per command, in order; published cumulatively
	declEnd []int          // last line of each command
	tactics []tacInfo
}

func (r *fileResult) all() []diagnostic {
	out := []diagnostic{}
	for _, d := range r.decls {
		out = append(out, d...)
	}
	return out
}

// blankComments replaces the bytes of comments (`-- …` to the end of the line, `/- … -/`
// nested) by spaces, keeping every byte offset, so that positions computed on the result
// are positions in the original.
func blankComments(s string) string {
	b := []byte(s)
	depth := 0
	for i := 0; i < len(b); i++ {
		switch {
		case depth == 0 && b[i] == '-' && i+1 < len(b) && b[i+1] == '-':
			for i < len(b) && b[i] != '\n' {
				b[i] = ' '
				i++
			}
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '-':
			depth++
			b[i], b[i+1] = ' ', ' '
			i++
		case depth > 0 && b[i] == '-' && i+1 < len(b) && b[i+1] == '/':
			depth--
			b[i], b[i+1] = ' ', ' '
			i++
		case depth > 0 && b[i] != '\n':
			b[i] = ' '
		}
	}
	return string(b)
}

// knownModules are the import prefixes the simulator pretends to have.
var knownModules = []string{"Init", "Lean", "Std", "Lake", "Mathlib", "Batteries", "Aesop", "LeanPRM", "REPL"}

// elaborate "elaborates" a document. silent: the client supports isSilent diagnostics.
func elaborate(text string, silent bool) *fileResult {
	r := &fileResult{lines: strings.Split(text, "\n")}
	code := strings.Split(blankComments(text), "\n")
	i := 0
	headerDone := false
	var diags []diagnostic
	flush := func(last int) {
		r.decls = append(r.decls, diags)
		r.declEnd = append(r.declEnd, last)
		diags = nil
	}
	for i < len(code) {
		line := code[i]
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			i++
		case strings.HasPrefix(line, "import ") || line == "import":
			if headerDone {
				diags = append(diags, errDiag(r.lines, i, 0, len(strings.TrimRight(line, " ")), "invalid 'import' command, it must be used in the beginning of the file"))
				flush(i)
				i++
				continue
			}
			mod := strings.TrimSpace(strings.TrimPrefix(line, "import"))
			root, _, _ := strings.Cut(mod, ".")
			ok := mod != ""
			if ok {
				ok = false
				for _, k := range knownModules {
					if root == k {
						ok = true
					}
				}
			}
			if !ok {
				// Lean reports an unknown import and stops: the header is fatal.
				diags = append(diags, errDiag(r.lines, i, 0, len(strings.TrimRight(line, " ")),
					fmt.Sprintf("unknown module prefix '%s'\n\nNo directory '%s' or file '%s.olean' in the search path entries (simulated)", root, root, root)))
				flush(i)
				r.fatal = true
				return r
			}
			if root == "Mathlib" {
				r.mathlib = true
			}
			i++
		case line[0] == ' ' || line[0] == '\t':
			// An indented line outside a declaration.
			start := len(line) - len(strings.TrimLeft(line, " \t"))
			diags = append(diags, errDiag(r.lines, i, start, len(strings.TrimRight(line, " \t")), "unexpected indented text outside a declaration (leanprm LSP simulator)"))
			flush(i)
			headerDone = true
			i++
		default:
			headerDone = true
			j := i + 1
			for j < len(code) && (strings.TrimSpace(code[j]) == "" || code[j][0] == ' ' || code[j][0] == '\t') {
				j++
			}
			last := j - 1
			for last > i && strings.TrimSpace(code[last]) == "" {
				last--
			}
			diags = append(diags, r.declaration(code, i, last, silent)...)
			flush(last)
			i = j
		}
	}
	if diags != nil {
		flush(len(code) - 1)
	}
	return r
}

func errDiag(lines []string, line, from, to int, msg string) diagnostic {
	rg := rng(lines, line, from, to)
	return diagnostic{Range: rg, FullRange: rg, Severity: sevError, Source: "Lean 4", Message: msg}
}

// segment is one tactic's byte range on a line.
type segment struct{ line, start, end int }

// splitTactics splits a line's code at top-level ';' into trimmed tactic segments.
func splitTactics(code string, line, from int) []segment {
	var out []segment
	depth, start := 0, from
	emit := func(end int) {
		s, e := start, end
		for s < e && (code[s] == ' ' || code[s] == '\t') {
			s++
		}
		for e > s && (code[e-1] == ' ' || code[e-1] == '\t') {
			e--
		}
		if s < e {
			out = append(out, segment{line, s, e})
		}
	}
	for i := from; i < len(code); i++ {
		switch {
		case code[i] == '(':
			depth++
		case code[i] == ')':
			depth--
		case strings.HasPrefix(code[i:], "⟨"):
			depth++
		case strings.HasPrefix(code[i:], "⟩"):
			depth--
		case code[i] == ';' && depth <= 0:
			emit(i)
			start = i + 1
		}
	}
	emit(len(code))
	return out
}

// declaration elaborates `theorem|lemma|example [name] binders : stmt := by tactics`, whose
// header is code[first] and whose tactic lines run to code[last].
func (r *fileResult) declaration(code []string, first, last int, silent bool) []diagnostic {
	line := code[first]
	toks := lex(line, 0, len(line))
	var out []diagnostic
	fail := func(e *simErr) []diagnostic {
		return append(out, errDiag(r.lines, first, e.start, e.end, e.msg))
	}
	kw := toks[0]
	if kw.kind != tIdent || (kw.text != "theorem" && kw.text != "lemma" && kw.text != "example") {
		end := len(strings.TrimRight(line, " \t"))
		return fail(&simErr{"unsupported command: the leanprm LSP simulator understands only `import`, `theorem`, `lemma` and `example`", 0, end})
	}
	nameTok := kw
	k := 1
	if kw.text != "example" {
		if k >= len(toks) || toks[k].kind != tIdent {
			return fail(&simErr{"expected a declaration name", kw.end, kw.end})
		}
		nameTok = toks[k]
		k++
	}
	// Binders: (names : Type) or (names : Prop-statement).
	vars := map[string]string{}
	var hyps []hyp
	for k < len(toks) && toks[k].kind == tSym && toks[k].text == "(" {
		close := -1
		depth := 0
		for j := k; j < len(toks); j++ {
			if toks[j].kind == tSym && toks[j].text == "(" {
				depth++
			}
			if toks[j].kind == tSym && toks[j].text == ")" {
				depth--
				if depth == 0 {
					close = j
					break
				}
			}
		}
		if close < 0 {
			return fail(&simErr{"unexpected end of input; expected ')'", len(line), len(line)})
		}
		colon := -1
		var names []token
		for j := k + 1; j < close; j++ {
			if toks[j].kind == tSym && toks[j].text == ":" {
				colon = j
				break
			}
			if toks[j].kind != tIdent {
				return fail(&simErr{"expected a binder name", toks[j].start, toks[j].end})
			}
			names = append(names, toks[j])
		}
		if colon < 0 || len(names) == 0 || colon+1 >= close {
			return fail(&simErr{"malformed binder", toks[k].start, toks[close].end})
		}
		tyToks := toks[colon+1 : close]
		if len(tyToks) == 1 && tyToks[0].kind == tIdent {
			if t, ok := resolveType(tyToks[0].text, r.mathlib); ok {
				for _, n := range names {
					vars[n.text] = t
					hyps = append(hyps, hyp{name: n.text, typ: t})
				}
				k = close + 1
				continue
			}
			if _, isVar := vars[tyToks[0].text]; !isVar {
				return fail(&simErr{fmt.Sprintf("Unknown identifier `%s`", tyToks[0].text), tyToks[0].start, tyToks[0].end})
			}
		}
		p, err := parseProp(tyToks, toks[close].start)
		if err == nil {
			err = checkProp(p, vars, r.mathlib)
		}
		if err != nil {
			return fail(err)
		}
		for _, n := range names {
			hyps = append(hyps, hyp{name: n.text, prop: p})
		}
		k = close + 1
	}
	if k >= len(toks) || toks[k].kind != tSym || toks[k].text != ":" {
		at := len(strings.TrimRight(line, " \t"))
		if k < len(toks) {
			return fail(&simErr{fmt.Sprintf("unexpected token '%s'; expected ':'", toks[k].text), toks[k].start, toks[k].end})
		}
		return fail(&simErr{"unexpected end of input; expected ':'", at, at})
	}
	k++
	assign := -1
	for j := k; j < len(toks); j++ {
		if toks[j].kind == tSym && toks[j].text == ":=" {
			assign = j
			break
		}
	}
	if assign < 0 {
		at := len(strings.TrimRight(line, " \t"))
		return fail(&simErr{"unexpected end of input; expected ':=' (the leanprm LSP simulator needs the statement on one line)", at, at})
	}
	stmt, err := parseProp(toks[k:assign], toks[assign].start)
	if err == nil {
		err = checkProp(stmt, vars, r.mathlib)
	}
	if err != nil {
		return fail(err)
	}
	if assign+1 >= len(toks) || toks[assign+1].kind != tIdent || toks[assign+1].text != "by" {
		at := toks[assign].end
		return fail(&simErr{"the leanprm LSP simulator only checks tactic proofs (`:= by`)", at, at})
	}
	byTok := toks[assign+1]

	// The tactics: the rest of the header line, then every non-blank line to last.
	var segs []segment
	segs = append(segs, splitTactics(line, first, byTok.end)...)
	for ln := first + 1; ln <= last; ln++ {
		segs = append(segs, splitTactics(code[ln], ln, 0)...)
	}
	pr := &prover{goals: []goal{{hyps: hyps, target: stmt}}, mathlib: r.mathlib}
	var failed *diagnostic  // the error that ended the proof
	var logged []diagnostic // errors Lean recovered from
	for _, sg := range segs {
		info := tacInfo{line: sg.line, start: sg.start, end: sg.end, before: pr.goals}
		if failed != nil {
			r.tactics = append(r.tactics, info) // never run: a thrown error ends the proof
			continue
		}
		info.ran = true
		if e := pr.run(code[sg.line], sg); e != nil {
			d := errDiag(r.lines, sg.line, e.start, e.end, e.msg)
			failed = &d
			info.failed = true
		} else {
			info.after = pr.goals
		}
		if e := pr.recovered; e != nil {
			logged = append(logged, errDiag(r.lines, sg.line, e.start, e.end, e.msg))
			pr.recovered = nil
		}
		r.tactics = append(r.tactics, info)
	}
	out = append(out, logged...)
	endLine, endByte := first, byTok.end
	if len(segs) > 0 {
		endLine, endByte = segs[len(segs)-1].line, segs[len(segs)-1].end
	}
	whole := lspRange{Start: lspPos{first, col(r.lines[first], kw.start)}, End: lspPos{endLine, col(r.lines[endLine], endByte)}}
	switch {
	case failed != nil:
		out = append(out, *failed)
	case len(pr.goals) > 0:
		var gs []string
		for _, g := range pr.goals {
			gs = append(gs, g.pp(r.mathlib))
		}
		rg := lspRange{Start: lspPos{first, col(r.lines[first], byTok.start)}, End: whole.End}
		out = append(out, diagnostic{Range: rg, FullRange: rg, Severity: sevError, Source: "Lean 4",
			Message: "unsolved goals\n" + strings.Join(gs, "\n\n"), LeanTags: []int{1}})
	case pr.usedSorry && len(logged) == 0:
		rg := rng(r.lines, first, nameTok.start, nameTok.end)
		out = append(out, diagnostic{Range: rg, FullRange: rg, Severity: sevWarning, Source: "Lean 4", Message: "declaration uses `sorry`"})
	case silent && len(logged) == 0:
		first := lspRange{Start: whole.Start, End: lspPos{first, u16(r.lines[first])}}
		out = append(out, diagnostic{Range: first, FullRange: whole, Severity: sevInfo, Source: "Lean 4",
			Message: "Goals accomplished!", LeanTags: []int{2}, IsSilent: true})
	}
	return out
}

// goalAt answers $/lean/plainGoal: the goals after the tactic that ends at or before the
// position on its line, or before the tactic the position is in. Nil outside tactics and
// after a tactic that failed or never ran.
func (r *fileResult) goalAt(p lspPos) ([]goal, bool) {
	if p.Line < 0 || p.Line >= len(r.lines) {
		return nil, false
	}
	off := byteOff(r.lines[p.Line], p.Character)
	var best *tacInfo
	for i := range r.tactics {
		t := &r.tactics[i]
		if t.line != p.Line {
			continue
		}
		if best == nil && off < t.start {
			best = t // before the first tactic of the line: its goals before
			break
		}
		if t.start <= off {
			best = t
		}
	}
	switch {
	case best == nil || !best.ran:
		return nil, false
	case off < best.start || off < best.end:
		return best.before, true
	case best.failed:
		return nil, false
	}
	return best.after, true
}
