package repl

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// elabConfig is what command elaboration needs from the simulator's options.
type elabConfig struct {
	mathlibAvailable bool
	acceptAll        bool
	grindLies        bool
	version          string // the full version string #eval Lean.versionString returns
	rootGoals        bool
	packages         map[string]bool // further module roots the project provides
	file             *fileRecorder   // nil except for ElaborateFile
}

type cmdOutput struct {
	msgs    []message
	sorries []sorryRec
	env     *envState
}

// knownPackages are the module roots the simulated toolchain has; Mathlib and the packages
// it brings only when the simulator runs with Mathlib.
var (
	corePackages    = map[string]bool{"Init": true, "Lean": true, "Std": true, "Lake": true}
	mathlibPackages = map[string]bool{"Mathlib": true, "Batteries": true, "Aesop": true,
		"Qq": true, "Plausible": true, "ProofWidgets": true, "ImportGraph": true, "LeanSearchClient": true}
)

// runCommands elaborates src as a REPL `cmd`: on top of base, or, when base is nil, in a
// fresh environment built from src's `import` header. When cfg.file is set, it also records
// each command's messages and the goals around each tactic (ElaborateFile).
func runCommands(src string, base *envState, cfg elabConfig) cmdOutput {
	toks := lex(src)
	var out cmdOutput
	p := &parser{toks: toks}
	if base == nil {
		env, ok := elabHeader(p, cfg, &out)
		if !ok {
			out.env = env
			return out
		}
		base = env
	}
	env := base.clone()
	p.mathlib = env.Mathlib
	rec := cfg.file
	for p.peek().kind != tkEOF {
		start := p.i
		first := len(out.msgs)
		rec.begin(p.peek().pos)
		p.hasDeclCol = false
		c, err := p.parseCommand()
		var trailing *trailingErr
		switch {
		case errors.As(err, &trailing):
			elabCommand(c, env, cfg, &out)
			e := trailing.parseErr
			out.msgs = append(out.msgs, message{severity: "error", pos: e.pos, end: &e.end, data: e.msg})
			p.next()
			p.skipToCommand()
		case err != nil:
			var e *parseErr
			if !errors.As(err, &e) {
				e = &parseErr{pos: p.peek().pos, end: p.peek().end, msg: err.Error()}
			}
			out.msgs = append(out.msgs, message{severity: "error", pos: e.pos, end: &e.end, data: e.msg})
			if c.partialProof() {
				// Lean elaborates the partial syntax of a command that failed to parse, and
				// keeps only the messages the parse error cannot have caused: unsolved goals
				// and placeholders it could not synthesize (elabCommandTopLevel and
				// showPartialSyntaxErrors in Lean's Frontend).
				var part cmdOutput
				elabCommand(c, env, cfg, &part)
				for _, m := range part.msgs {
					if keptAfterParseError(m) {
						out.msgs = append(out.msgs, m)
					}
				}
				out.sorries = append(out.sorries, part.sorries...)
			}
			if p.i == start {
				p.next()
			}
			p.skipToCommand()
		default:
			elabCommand(c, env, cfg, &out)
		}
		rec.end(toks[max(p.i-1, start)].end, out.msgs[first:])
	}
	out.env = env
	return out
}

// elabHeader reads the `import` lines at the start of a fresh command or file and builds the
// environment they give. ok is false when an import is unknown: Lean stops there.
func elabHeader(p *parser, cfg elabConfig, out *cmdOutput) (env *envState, ok bool) {
	env = &envState{Imports: []string{"Init"}, Defs: map[string]*def{}}
	if !p.isSym("import") {
		return env, true
	}
	rec := cfg.file
	rec.begin(p.peek().pos)
	fail := func(pos, end Pos, msg string) (*envState, bool) {
		out.errorAt(pos, end, msg)
		rec.end(end, out.msgs)
		rec.fatal()
		return env, false
	}
	var imports []string
	var last Pos
	for p.isSym("import") {
		kw := p.next()
		if p.peek().kind != tkIdent {
			e := unexpected(p.peek(), "identifier")
			return fail(e.pos, e.end, e.msg)
		}
		mod := p.next()
		last = mod.end
		root, _, _ := strings.Cut(mod.text, ".")
		switch {
		case corePackages[root], cfg.packages[root]:
		case mathlibPackages[root] && cfg.mathlibAvailable:
			env.Mathlib = true
		default:
			return fail(kw.pos, mod.end, fmt.Sprintf(
				"unknown module prefix '%s'\n\nNo directory '%s' or file '%s.olean' in the search path entries:\n/leanprm-simulator/lib/lean",
				root, root, root))
		}
		imports = append(imports, mod.text)
	}
	env.Imports = imports
	rec.end(last, nil)
	return env, true
}

// keptAfterParseError reports the messages Lean keeps from elaborating partial syntax: those
// tagged Tactic.unsolvedGoals or Elab.synthPlaceholder.
func keptAfterParseError(m message) bool {
	return m.severity == "error" && (strings.HasPrefix(m.data, "unsolved goals") ||
		strings.HasPrefix(m.data, "don't know how to synthesize placeholder"))
}

func (o *cmdOutput) errorAt(pos, end Pos, msg string) {
	o.msgs = append(o.msgs, message{severity: "error", pos: pos, end: &end, data: msg})
}

// elabCommand elaborates one parsed command, adding to env (which it owns) and out.
func elabCommand(c *command, env *envState, cfg elabConfig, out *cmdOutput) {
	switch c.kind {
	case "decl":
		elabDecl(c, env, cfg, out)
	case "eval":
		elabEval(c, env, cfg, out)
	case "open":
		for _, a := range c.args {
			env.Opens = append(env.Opens, a.text)
		}
	case "set_option":
		if env.Options == nil {
			env.Options = map[string]string{}
		}
		env.Options[c.args[0].text] = c.args[1].text
	case "in":
		if c.inner == nil {
			return
		}
		if c.args[0].text == "open" {
			n := len(env.Opens)
			for _, a := range c.args[1:] {
				env.Opens = append(env.Opens, a.text)
			}
			defer func() { env.Opens = env.Opens[:n:n] }()
		}
		elabCommand(c.inner, env, cfg, out)
	case "printAxioms":
		elabPrintAxioms(c, env, out)
	case "check":
		elabCheck(c, env, out)
	case "import":
		out.errorAt(c.kw.pos, c.kw.end, "invalid 'import' command, it must be used in the beginning of the file")
	case "unsupported":
		out.errorAt(c.kw.pos, c.kw.end, fmt.Sprintf(
			"leanprm-simulator: the command `%s` is not simulated (this is a simulator, not Lean)", c.kw.text))
	}
}

func elabEval(c *command, env *envState, cfg elabConfig, out *cmdOutput) {
	info := func(data string) {
		end := c.kw.end
		out.msgs = append(out.msgs, message{severity: "info", pos: c.kw.pos, end: &end, data: data})
	}
	t := c.term
	if t.Op == opVar && (t.Text == "Lean.versionString" || t.Text == "versionString" && hasOpen(env, "Lean")) {
		info(quoteLean(cfg.version))
		return
	}
	sc := &scope{env: env}
	li := &leafInfo{}
	err := sc.leaves(t, li)
	ty := li.max
	if ty == TypeNone {
		ty = TypeNat
		if li.dec != nil {
			ty = TypeFloat
		}
	}
	if err == nil {
		err = sc.elabTermAt(t, ty)
	}
	if err != nil {
		e := err.(*elabErr)
		out.errorAt(e.pos, e.end, e.msg)
		return
	}
	v, err := (&evaluator{sc: sc}).term(t)
	if err != nil {
		out.errorAt(t.Pos, t.End, "leanprm-simulator: this #eval is not simulated (this is a simulator, not Lean)")
		return
	}
	info(reprValue(v, ty))
}

func hasOpen(env *envState, ns string) bool {
	for _, o := range env.Opens {
		if o == ns {
			return true
		}
	}
	return false
}

// reprValue prints a value as Lean's Repr does: integers plainly, a non-integral Rat as
// `(n : Rat)/d`.
func reprValue(v *big.Rat, ty Type) string {
	if v.IsInt() {
		return v.Num().String()
	}
	return fmt.Sprintf("(%s : Rat)/%s", v.Num(), v.Denom())
}

// elabDecl elaborates example, theorem, lemma, def and abbrev.
func elabDecl(c *command, env *envState, cfg elabConfig, out *cmdOutput) {
	mathlib := env.Mathlib
	errorsBefore := countErrors(out.msgs)
	warnTok := c.kw
	name := ""
	if c.declKind != "example" {
		warnTok = c.nameTok
		name = c.nameTok.text
		if _, dup := env.Defs[name]; dup {
			out.errorAt(c.nameTok.pos, c.nameTok.end, fmt.Sprintf("'%s' has already been declared", name))
			return
		}
	}
	// Local context from the binders; a repeated name shadows the earlier one.
	sc := &scope{env: env}
	ctx := &goal{}
	for _, b := range c.binders {
		if b.ty.Op == opVar {
			if t, ok := typeByName(b.ty.Text, mathlib); ok {
				for _, n := range b.names {
					ctx.add(hyp{Name: n.text, Ty: t})
				}
				sc.hyps = ctx.Hyps
				continue
			}
		}
		if err := sc.elabProp(b.ty); err != nil {
			e := err.(*elabErr)
			out.errorAt(e.pos, e.end, e.msg)
			return
		}
		for _, n := range b.names {
			ctx.add(hyp{Name: n.text, Prop: b.ty.clone()})
		}
		sc.hyps = ctx.Hyps
	}
	g := &goal{Hyps: sc.hyps}
	isDef := c.declKind == "def" || c.declKind == "abbrev"
	switch {
	case c.typ == nil: // a def whose type comes from its value
	case c.typ.Op == opVar && isTypeName(c.typ.Text, mathlib):
		t, _ := typeByName(c.typ.Text, mathlib)
		g.Ty = t
	default:
		if err := sc.elabProp(c.typ); err != nil {
			e := err.(*elabErr)
			out.errorAt(e.pos, e.end, e.msg)
			register(env, c, name, isDef, nil, g, []string{"sorryAx"})
			return
		}
		g.Target = c.typ
	}
	if c.declKind == "axiom" {
		// An axiom proves its statement by fiat; `#print axioms` lists it wherever it is used.
		register(env, c, name, false, nil, g, []string{name})
		env.Defs[name].Axiom = true
		return
	}
	run := &proofRun{env: env, acceptAll: cfg.acceptAll, grindLies: cfg.grindLies}
	var value *Node
	if c.body.isBy {
		if g.Target == nil && g.Ty == TypeNone {
			out.errorAt(c.body.byTok.pos, c.body.end, "leanprm-simulator: a `by` block needs a declared type here (this is a simulator, not Lean)")
			return
		}
		if cfg.rootGoals {
			pos := c.body.byTok.pos
			defer func() {
				out.sorries = append(out.sorries, sorryRec{pos: &pos, end: &pos, goal: g.clone(), env: env, root: true})
			}()
		}
		blockEnd := c.body.end
		left, th := run.runSeqObs(c.body.tactics, []*goal{g.clone()}, cfg.file.observer(env.Mathlib))
		for _, u := range c.body.unparsed {
			cfg.file.tactic(TacticInfo{Pos: u.pos, End: u.end})
		}
		switch {
		case th != nil:
			run.logError(th.pos, th.end, th.msg)
		case len(left) > 0:
			run.logError(c.body.byTok.pos, blockEnd, "unsolved goals\n"+run.ppGoals(left))
		}
		if !run.sorryUsed && !c.body.partial {
			cfg.file.accomplished()
		}
	} else {
		term := c.body.term
		if g.Target == nil && g.Ty == TypeNone && term.Op != opSorry && term.Op != opHole {
			li := &leafInfo{}
			if err := sc.leaves(term.clone(), li); err == nil {
				g.Ty = li.max
				if g.Ty == TypeNone {
					g.Ty = TypeNat
					if li.dec != nil {
						g.Ty = TypeFloat
					}
				}
			} else {
				g.Ty = TypeNat
			}
		}
		if g.Target == nil && g.Ty == TypeNone {
			g.Ty = TypeNat // `def f := sorry`: Lean cannot infer it either; keep going
		}
		if e := run.checkTerm(term, g); e != nil {
			run.logError(e.pos, e.end, e.msg)
		} else if g.Target == nil && len(c.binders) == 0 && term.Op != opSorry {
			value = term
		}
	}
	out.msgs = append(out.msgs, run.msgs...)
	out.sorries = append(out.sorries, run.sorries...)
	if run.explicitSry && countErrors(out.msgs) == errorsBefore {
		end := warnTok.end
		out.msgs = append(out.msgs, message{severity: "warning", pos: warnTok.pos, end: &end, data: "declaration uses `sorry`"})
	}
	if run.sorryUsed || run.errors {
		run.addAxiom("sorryAx") // Lean's error recovery and `sorry` both elaborate to sorryAx
	}
	register(env, c, name, isDef, value, g, run.axiomList())
}

// elabPrintAxioms answers `#print axioms NAME` with the axioms the declaration was elaborated
// with, in Lean's wording, as an info message on the command.
func elabPrintAxioms(c *command, env *envState, out *cmdOutput) {
	name := c.nameTok.text
	d := env.lookup(name)
	if d == nil {
		out.errorAt(c.nameTok.pos, c.nameTok.end, fmt.Sprintf("Unknown constant `%s`", name))
		return
	}
	end := c.nameTok.end
	out.msgs = append(out.msgs, message{severity: "info", pos: c.kw.pos, end: &end, data: ppAxioms(d.Name, d.Axioms)})
}

func isTypeName(s string, mathlib bool) bool {
	_, ok := typeByName(s, mathlib)
	return ok
}

func register(env *envState, c *command, name string, isDef bool, value *Node, g *goal, axioms []string) {
	if name == "" {
		return
	}
	if env.Defs == nil {
		env.Defs = map[string]*def{}
	}
	d := &def{Name: name, Ty: g.Ty, Value: value, Params: len(c.binders) > 0,
		Theorem: !isDef || g.Target != nil, Axioms: axioms}
	if g.Target != nil {
		d.Stmt = closeStatement(statementBinders(g.Hyps), g.Target)
	}
	env.Defs[name] = d
}

func countErrors(ms []message) int {
	n := 0
	for _, m := range ms {
		if m.severity == "error" {
			n++
		}
	}
	return n
}
