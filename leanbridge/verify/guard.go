package verify

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// The semantic guard (see docs/VERIFY.md, "3. The semantic guard").
//
// The static layer refuses the instances, notations, options and scope changes it can name,
// but a list of tokens is never complete. So once Lean has accepted a proof, the checker asks
// Lean, in the same command and so in the candidate's own environment, to print the
// theorem's elaborated type with every implicit argument, instance, universe and full
// constant name shown, and compares that text with what the same request prints in a clean
// environment holding only the header and the official statement (proved by sorry). An
// instance, default instance, unification hint, notation, macro or option that changed how the
// statement elaborates changes the printed type: `(2 : Nat) * 3` elaborates to
// `@HMul.hMul Nat Nat Nat (@instHMul Nat instMulNat) …` in the clean environment and to
// `@HMul.hMul Nat Nat Nat cheatMul …` after `@[instance] def cheatMul`.
//
// Comparing the printed types, not `theorem a : T₁ = T₂ := rfl`: instances can change what is
// definitionally equal, so only a syntactic comparison of the elaborated terms is safe.

// guardOptions make `#check` print the elaborated term in full. pp.all alone is not enough:
// an option set explicitly overrides what pp.all implies (getPPExplicit and the others in
// Lean/PrettyPrinter/Delaborator/Options.lean read `o.get pp.explicit.name (getPPAll o)`), so
// the ones that matter are set here too, and the static layer refuses pp options set for the
// rest of a file. pp.maxSteps (default 5000) is raised so that a large statement is not
// abbreviated with ⋯; a report that still holds ⋯ is not compared. All these options are
// registered in the Lean sources of the pinned toolchain (v4.32.0).
var guardOptions = []string{
	"pp.all true", "pp.explicit true", "pp.notation false", "pp.fullNames true",
	"pp.universes true", "pp.proofs true", "pp.instances true", "pp.coercions false",
	"pp.privateNames true", "pp.funBinderTypes true", "pp.piBinderTypes true",
	"pp.fieldNotation false", "pp.structureInstances false", "pp.match false", "pp.beta false",
	"pp.deepTerms true", "pp.maxSteps 1000000",
}

// GuardCommand is the checker's own command that prints the elaborated type of the theorem
// named nameText (as written in the statement): one line, so that its report is found by
// line. `@` and `_root_.` make `#check` elaborate the constant itself, whatever namespaces are
// open (the bare `#check NAME` form prints a signature instead, elabCheckCore in
// Lean/Elab/BuiltinCommand.lean).
func GuardCommand(nameText string) string {
	var b strings.Builder
	for _, o := range guardOptions {
		b.WriteString("set_option ")
		b.WriteString(o)
		b.WriteString(" in ")
	}
	b.WriteString("#check @")
	if !strings.HasPrefix(nameText, "_root_.") {
		b.WriteString("_root_.")
	}
	b.WriteString(nameText)
	return b.String()
}

// referenceCommand is what runs in the clean environment: the official preamble and header,
// proved by sorry, then GuardCommand on its own line. It returns the command and the line of
// GuardCommand.
func referenceCommand(st *Statement) (cmd string, guardLine int) {
	var b strings.Builder
	if st.PreambleText != "" {
		b.WriteString(st.PreambleText)
		b.WriteByte('\n')
	}
	b.WriteString(st.HeaderText)
	b.WriteString(" := sorry\n")
	guardLine = strings.Count(b.String(), "\n") + 1
	b.WriteString(GuardCommand(st.NameText))
	b.WriteByte('\n')
	return b.String(), guardLine
}

// TypeReport finds the `#check` report on line: the one info message there that is not an
// axioms report. ok is false when there is none, or more than one.
func TypeReport(rep Reply, line int) (report string, ok bool) {
	n := 0
	for _, m := range rep.Messages {
		if m.Line != line || strings.ToLower(strings.TrimSpace(m.Severity)) != "info" {
			continue
		}
		if _, _, isAxioms := ParseAxiomsReport(m.Data); isAxioms {
			continue
		}
		report = strings.TrimSpace(m.Data)
		n++
	}
	return report, n == 1 && report != ""
}

// errReference marks a clean environment in which the official statement does not elaborate.
var errReference = errors.New("the official statement does not elaborate in a clean environment")

// reference returns the type report of the official statement in a clean environment of
// header, from opts' cache when a batch already asked.
func reference(ctx context.Context, r Runner, header string, st *Statement, cache *refCache) (string, error) {
	cmd, line := referenceCommand(st)
	compute := func() (string, error) {
		rep, err := r.RunCommand(ctx, header, cmd)
		if err != nil {
			return "", err
		}
		for _, m := range rep.Messages {
			if strings.EqualFold(strings.TrimSpace(m.Severity), "error") {
				return "", fmt.Errorf("%w: %s", errReference, clip(m.Data, 300))
			}
		}
		report, ok := TypeReport(rep, line)
		if !ok {
			return "", fmt.Errorf("%w: no readable #check report", errReference)
		}
		return report, nil
	}
	if cache == nil {
		return compute()
	}
	return cache.get(ctx, header+"\x00"+cmd, compute)
}

// refCache remembers reference reports, so that a batch elaborates each official statement
// once however many proofs of it it checks. Only verdicts are kept: a run error (a crash, a
// cancelled context) is retried by the next caller.
type refCache struct {
	mu      sync.Mutex
	entries map[string]*refEntry
}

type refEntry struct {
	ready  chan struct{}
	report string
	err    error
}

func newRefCache() *refCache { return &refCache{entries: map[string]*refEntry{}} }

// maxRefEntries bounds the cache; past it, the cache is emptied (a batch of that many
// distinct statements loses only the reuse).
const maxRefEntries = 4096

func (c *refCache) get(ctx context.Context, key string, compute func() (string, error)) (string, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	if !ok {
		if len(c.entries) >= maxRefEntries {
			c.entries = map[string]*refEntry{}
		}
		e = &refEntry{ready: make(chan struct{})}
		c.entries[key] = e
	}
	c.mu.Unlock()
	if ok {
		select {
		case <-e.ready:
			if e.err == nil || errors.Is(e.err, errReference) {
				return e.report, e.err
			}
			return c.get(ctx, key, compute) // the first caller failed to run: try again
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	e.report, e.err = compute()
	if e.err != nil && !errors.Is(e.err, errReference) {
		c.mu.Lock()
		if c.entries[key] == e {
			delete(c.entries, key)
		}
		c.mu.Unlock()
	}
	close(e.ready)
	return e.report, e.err
}

// compareTypes is the guard's verdict: no reason when the candidate's report equals the
// clean one.
func compareTypes(candidate, clean string) []Reason {
	switch {
	case strings.Contains(candidate, "⋯") || strings.Contains(clean, "⋯"):
		return []Reason{{Code: CodeTypeReportMissing, Detail: "the printed type is abbreviated (⋯), so it cannot be compared"}}
	case candidate != clean:
		return []Reason{{Code: CodeTypeChanged, Detail: fmt.Sprintf(
			"the theorem elaborates to %s, but the official statement elaborates to %s in a clean environment",
			clip(firstDifference(candidate, clean), 200), clip(firstDifference(clean, candidate), 200))}}
	}
	return nil
}

// firstDifference returns a from a little before where it first differs from b.
func firstDifference(a, b string) string {
	ra, rb := []rune(a), []rune(b)
	i := 0
	for i < len(ra) && i < len(rb) && ra[i] == rb[i] {
		i++
	}
	if i <= 40 {
		return a
	}
	return "…" + string(ra[i-40:])
}
