package frontend

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
	"github.com/leanprm/leanprm/internal/leansim/tactic"
)

// Config is what command elaboration needs from the simulator's options.
type Config struct {
	MathlibAvailable bool
	AcceptAll        bool
	GrindLies        bool
	Version          string // the full version string #eval Lean.versionString returns
	RootGoals        bool
	packages         map[string]bool // further module roots the project provides
	file             *fileRecorder   // nil except for ElaborateFile
}

type Output struct {
	Msgs    []tactic.Message
	Sorries []tactic.SorryRec
	Env     *elab.Env
}

// knownPackages are the module roots the simulated toolchain has; Mathlib and the packages
// it brings only when the simulator runs with Mathlib.
var (
	corePackages    = map[string]bool{"Init": true, "Lean": true, "Std": true, "Lake": true}
	mathlibPackages = map[string]bool{"Mathlib": true, "Batteries": true, "Aesop": true,
		"Qq": true, "Plausible": true, "ProofWidgets": true, "ImportGraph": true, "LeanSearchClient": true}
)

// RunCommands elaborates src as a REPL `cmd`: on top of base, or, when base is nil, in a
// fresh environment built from src's `import` header. When cfg.file is set, it also records
// each command's messages and the goals around each tactic (ElaborateFile).
func RunCommands(src string, base *elab.Env, cfg Config) Output {
	toks := syntax.Lex(src)
	var out Output
	p := &syntax.Parser{Toks: toks}
	if base == nil {
		env, ok := elabHeader(p, cfg, &out)
		if !ok {
			out.Env = env
			return out
		}
		base = env
	}
	env := base.Clone()
	p.Mathlib = env.Mathlib
	rec := cfg.file
	for p.Peek().Kind != syntax.TkEOF {
		start := p.At
		first := len(out.Msgs)
		rec.begin(p.Peek().Pos)
		p.HasDeclCol = false
		c, err := p.ParseCommand()
		var trailing *syntax.TrailingErr
		switch {
		case errors.As(err, &trailing):
			elabCommand(c, env, cfg, &out)
			e := trailing.ParseError
			out.Msgs = append(out.Msgs, tactic.Message{Severity: "error", Pos: e.Pos, End: &e.End, Data: e.Msg})
			p.Next()
			p.SkipToCommand()
		case err != nil:
			var e *syntax.ParseError
			if !errors.As(err, &e) {
				e = &syntax.ParseError{Pos: p.Peek().Pos, End: p.Peek().End, Msg: err.Error()}
			}
			out.Msgs = append(out.Msgs, tactic.Message{Severity: "error", Pos: e.Pos, End: &e.End, Data: e.Msg})
			if strings.HasPrefix(e.Msg, "leanprm-simulator:") {
				// Lean syntax the simulator does not read: whatever the command declared is
				// unknown to it, never unknown to Lean.
				env.Unmodelled = true
			}
			if c.PartialProof() {
				// Lean elaborates the partial syntax of a command that failed to parse, and
				// keeps only the messages the parse error cannot have caused: unsolved goals
				// and placeholders it could not synthesize (elabCommandTopLevel and
				// showPartialSyntaxErrors in Lean's Frontend).
				var part Output
				elabCommand(c, env, cfg, &part)
				for _, m := range part.Msgs {
					if keptAfterParseError(m) {
						out.Msgs = append(out.Msgs, m)
					}
				}
				out.Sorries = append(out.Sorries, part.Sorries...)
			}
			if p.At == start {
				p.Next()
			}
			p.SkipToCommand()
		default:
			elabCommand(c, env, cfg, &out)
		}
		rec.end(toks[max(p.At-1, start)].End, out.Msgs[first:])
	}
	out.Env = env
	return out
}

// elabHeader reads the `import` lines at the start of a fresh command or file and builds the
// environment they give. ok is false when an import is unknown: Lean stops there.
func elabHeader(p *syntax.Parser, cfg Config, out *Output) (env *elab.Env, ok bool) {
	env = &elab.Env{Imports: []string{"Init"}, Defs: map[string]*elab.Def{}}
	if !p.IsSym("import") {
		return env, true
	}
	rec := cfg.file
	rec.begin(p.Peek().Pos)
	fail := func(pos, end syntax.Pos, msg string) (*elab.Env, bool) {
		out.errorAt(pos, end, msg)
		rec.end(end, out.Msgs)
		rec.fatal()
		return env, false
	}
	var imports []string
	var last syntax.Pos
	for p.IsSym("import") {
		kw := p.Next()
		if p.Peek().Kind != syntax.TkIdent {
			e := syntax.Unexpected(p.Peek(), "identifier")
			return fail(e.Pos, e.End, e.Msg)
		}
		mod := p.Next()
		last = mod.End
		root, _, _ := strings.Cut(mod.Text, ".")
		switch {
		case corePackages[root], cfg.packages[root]:
		case mathlibPackages[root] && cfg.MathlibAvailable:
			env.Mathlib = true
		default:
			return fail(kw.Pos, mod.End, fmt.Sprintf(
				"unknown module prefix '%s'\n\nNo directory '%s' or file '%s.olean' in the search path entries:\n/leanprm-simulator/lib/lean",
				root, root, root))
		}
		imports = append(imports, mod.Text)
	}
	env.Imports = imports
	rec.end(last, nil)
	return env, true
}

// keptAfterParseError reports the messages Lean keeps from elaborating partial syntax: those
// tagged Tactic.unsolvedGoals or Elab.synthPlaceholder.
func keptAfterParseError(m tactic.Message) bool {
	return m.Severity == "error" && (strings.HasPrefix(m.Data, "unsolved goals") ||
		strings.HasPrefix(m.Data, "don't know how to synthesize placeholder"))
}

func (o *Output) errorAt(pos, end syntax.Pos, msg string) {
	o.Msgs = append(o.Msgs, tactic.Message{Severity: "error", Pos: pos, End: &end, Data: msg})
}

// elabCommand elaborates one parsed command, adding to env (which it owns) and out.
func elabCommand(c *syntax.Command, env *elab.Env, cfg Config, out *Output) {
	switch c.Kind {
	case "decl":
		elabDecl(c, env, cfg, out)
	case "eval":
		elabEval(c, env, cfg, out)
	case "open":
		for _, a := range c.Args {
			env.Opens = append(env.Opens, a.Text)
		}
	case "set_option":
		if env.Options == nil {
			env.Options = map[string]string{}
		}
		env.Options[c.Args[0].Text] = c.Args[1].Text
	case "in":
		if c.Inner == nil {
			return
		}
		if c.Args[0].Text == "open" {
			n := len(env.Opens)
			for _, a := range c.Args[1:] {
				env.Opens = append(env.Opens, a.Text)
			}
			defer func() { env.Opens = env.Opens[:n:n] }()
		}
		elabCommand(c.Inner, env, cfg, out)
	case "printAxioms":
		elabPrintAxioms(c, env, out)
	case "check":
		elabCheck(c, env, out)
	case "import":
		out.errorAt(c.Keyword.Pos, c.Keyword.End, "invalid 'import' command, it must be used in the beginning of the file")
	case "unsupported":
		env.Unmodelled = true
		out.errorAt(c.Keyword.Pos, c.Keyword.End, fmt.Sprintf(
			"leanprm-simulator: the command `%s` is not simulated (this is a simulator, not Lean)", c.Keyword.Text))
	}
}

func elabEval(c *syntax.Command, env *elab.Env, cfg Config, out *Output) {
	info := func(data string) {
		end := c.Keyword.End
		out.Msgs = append(out.Msgs, tactic.Message{Severity: "info", Pos: c.Keyword.Pos, End: &end, Data: data})
	}
	t := c.Term
	if t.Op == syntax.OpVar && (t.Text == "Lean.versionString" || t.Text == "versionString" && hasOpen(env, "Lean")) {
		info(syntax.Quote(cfg.Version))
		return
	}
	sc := &elab.Scope{Env: env}
	li := &elab.LeafInfo{}
	err := sc.Leaves(t, li)
	ty := li.Max
	if ty == syntax.TypeNone {
		ty = syntax.TypeNat
		if li.Dec != nil {
			ty = syntax.TypeFloat
		}
	}
	if err == nil {
		err = sc.ElabTermAt(t, ty)
	}
	if err != nil {
		e := err.(*elab.Error)
		out.errorAt(e.Pos, e.End, e.Msg)
		return
	}
	v, err := (&elab.Evaluator{Scope: sc}).Term(t)
	if err != nil {
		out.errorAt(t.Pos, t.End, "leanprm-simulator: this #eval is not simulated (this is a simulator, not Lean)")
		return
	}
	info(reprValue(v, ty))
}

func hasOpen(env *elab.Env, ns string) bool {
	for _, o := range env.Opens {
		if o == ns {
			return true
		}
	}
	return false
}

// reprValue prints a value as Lean's Repr does: integers plainly, a non-integral Rat as
// `(n : Rat)/d`.
func reprValue(v *big.Rat, ty syntax.Type) string {
	if v.IsInt() {
		return v.Num().String()
	}
	return fmt.Sprintf("(%s : Rat)/%s", v.Num(), v.Denom())
}

// elabDecl elaborates example, theorem, lemma, def and abbrev.
func elabDecl(c *syntax.Command, env *elab.Env, cfg Config, out *Output) {
	mathlib := env.Mathlib
	errorsBefore := countErrors(out.Msgs)
	warnTok := c.Keyword
	name := ""
	if c.DeclKind != "example" {
		warnTok = c.NameTok
		name = c.NameTok.Text
		if _, dup := env.Defs[name]; dup {
			out.errorAt(c.NameTok.Pos, c.NameTok.End, fmt.Sprintf("'%s' has already been declared", name))
			return
		}
	}
	// Local context from the binders; a repeated name shadows the earlier one.
	sc := &elab.Scope{Env: env}
	ctx := &elab.Goal{}
	for _, b := range c.Binders {
		if b.Ty.Op == syntax.OpVar {
			if t, ok := syntax.TypeByName(b.Ty.Text, mathlib); ok {
				for _, n := range b.Names {
					ctx.Add(elab.Hyp{Name: n.Text, Ty: t})
				}
				sc.Hyps = ctx.Hyps
				continue
			}
		}
		if err := sc.ElabProp(b.Ty); err != nil {
			e := err.(*elab.Error)
			out.errorAt(e.Pos, e.End, e.Msg)
			return
		}
		for _, n := range b.Names {
			ctx.Add(elab.Hyp{Name: n.Text, Prop: b.Ty.Clone()})
		}
		sc.Hyps = ctx.Hyps
	}
	g := &elab.Goal{Hyps: sc.Hyps}
	isDef := c.DeclKind == "def" || c.DeclKind == "abbrev"
	switch {
	case c.Type == nil: // a def whose type comes from its value
	case c.Type.Op == syntax.OpVar && isTypeName(c.Type.Text, mathlib):
		t, _ := syntax.TypeByName(c.Type.Text, mathlib)
		g.Ty = t
	default:
		if err := sc.ElabProp(c.Type); err != nil {
			e := err.(*elab.Error)
			out.errorAt(e.Pos, e.End, e.Msg)
			register(env, c, name, isDef, nil, g, []string{"sorryAx"})
			return
		}
		g.Target = c.Type
	}
	if c.DeclKind == "axiom" {
		// An axiom proves its statement by fiat; `#print axioms` lists it wherever it is used.
		register(env, c, name, false, nil, g, []string{name})
		env.Defs[name].Axiom = true
		return
	}
	run := &tactic.ProofRun{Env: env, AcceptAll: cfg.AcceptAll, GrindLies: cfg.GrindLies}
	var value *syntax.Node
	if c.Body.IsBy {
		if g.Target == nil && g.Ty == syntax.TypeNone {
			out.errorAt(c.Body.ByTok.Pos, c.Body.End, "leanprm-simulator: a `by` block needs a declared type here (this is a simulator, not Lean)")
			return
		}
		if cfg.RootGoals {
			pos := c.Body.ByTok.Pos
			defer func() {
				out.Sorries = append(out.Sorries, tactic.SorryRec{Pos: &pos, End: &pos, Goal: g.Clone(), Env: env, Root: true})
			}()
		}
		blockEnd := c.Body.End
		left, th := run.RunSeqObs(c.Body.Tactics, []*elab.Goal{g.Clone()}, cfg.file.observer(env.Mathlib))
		for _, u := range c.Body.Unparsed {
			cfg.file.tactic(TacticInfo{Pos: u.Pos, End: u.End})
		}
		switch {
		case th != nil:
			run.LogError(th.Pos, th.End, th.Msg)
		case len(left) > 0:
			run.LogError(c.Body.ByTok.Pos, blockEnd, "unsolved goals\n"+run.PrettyGoals(left))
		}
		if !run.SorryUsed && !c.Body.Partial {
			cfg.file.accomplished()
		}
	} else {
		term := c.Body.Term
		if g.Target == nil && g.Ty == syntax.TypeNone && term.Op != syntax.OpSorry && term.Op != syntax.OpHole {
			li := &elab.LeafInfo{}
			if err := sc.Leaves(term.Clone(), li); err == nil {
				g.Ty = li.Max
				if g.Ty == syntax.TypeNone {
					g.Ty = syntax.TypeNat
					if li.Dec != nil {
						g.Ty = syntax.TypeFloat
					}
				}
			} else {
				g.Ty = syntax.TypeNat
			}
		}
		if g.Target == nil && g.Ty == syntax.TypeNone {
			g.Ty = syntax.TypeNat // `def f := sorry`: Lean cannot infer it either; keep going
		}
		if e := run.CheckTerm(term, g); e != nil {
			run.LogError(e.Pos, e.End, e.Msg)
		} else if g.Target == nil && len(c.Binders) == 0 && term.Op != syntax.OpSorry {
			value = term
		}
	}
	out.Msgs = append(out.Msgs, run.Msgs...)
	out.Sorries = append(out.Sorries, run.Sorries...)
	if run.ExplicitSry && countErrors(out.Msgs) == errorsBefore {
		end := warnTok.End
		out.Msgs = append(out.Msgs, tactic.Message{Severity: "warning", Pos: warnTok.Pos, End: &end, Data: "declaration uses `sorry`"})
	}
	if run.SorryUsed || run.Errors {
		run.AddAxiom("sorryAx") // Lean's error recovery and `sorry` both elaborate to sorryAx
	}
	register(env, c, name, isDef, value, g, run.AxiomList())
}

// elabPrintAxioms answers `#print axioms NAME` with the axioms the declaration was elaborated
// with, in Lean's wording, as an info message on the command.
func elabPrintAxioms(c *syntax.Command, env *elab.Env, out *Output) {
	name := c.NameTok.Text
	d := env.Lookup(name)
	if d == nil && env.Unmodelled {
		out.errorAt(c.NameTok.Pos, c.NameTok.End, fmt.Sprintf("leanprm-simulator: `%s` may come from a command that is not simulated (this is a simulator, not Lean)", name))
		return
	}
	if d == nil {
		out.errorAt(c.NameTok.Pos, c.NameTok.End, fmt.Sprintf("Unknown constant `%s`", name))
		return
	}
	end := c.NameTok.End
	out.Msgs = append(out.Msgs, tactic.Message{Severity: "info", Pos: c.Keyword.Pos, End: &end, Data: elab.PrettyAxioms(d.Name, d.Axioms)})
}

func isTypeName(s string, mathlib bool) bool {
	_, ok := syntax.TypeByName(s, mathlib)
	return ok
}

func register(env *elab.Env, c *syntax.Command, name string, isDef bool, value *syntax.Node, g *elab.Goal, axioms []string) {
	if name == "" {
		return
	}
	if env.Defs == nil {
		env.Defs = map[string]*elab.Def{}
	}
	d := &elab.Def{Name: name, Ty: g.Ty, Value: value, Params: len(c.Binders) > 0,
		Theorem: !isDef || g.Target != nil, Axioms: axioms}
	if g.Target != nil {
		d.Stmt = elab.CloseStatement(elab.StatementBinders(g.Hyps), g.Target)
	}
	env.Defs[name] = d
}

func countErrors(ms []tactic.Message) int {
	n := 0
	for _, m := range ms {
		if m.Severity == "error" {
			n++
		}
	}
	return n
}
