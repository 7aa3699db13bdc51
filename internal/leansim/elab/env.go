package elab

import (
	"maps"

	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// Def is a constant of an environment: a definition (with its value when it is a closed
// numeric term the simulator can unfold) or a theorem.
type Def struct {
	Name    string       `json:"name"`
	Ty      syntax.Type  `json:"ty,omitempty"`
	Value   *syntax.Node `json:"value,omitempty"`
	Params  bool         `json:"params,omitempty"`
	Theorem bool         `json:"theorem,omitempty"`
	// Stmt is what a theorem or axiom proves, with its parameters as ∀ and → (nil when it
	// could not be elaborated).
	Stmt *syntax.Node `json:"stmt,omitempty"`
	// Axioms are the axioms the declaration depends on, as `#print axioms` lists them.
	Axioms []string `json:"axioms,omitempty"`
	Axiom  bool     `json:"axiom,omitempty"`
}

// Env is the simulator's counterpart of a REPL command state. It is immutable once
// stored: every command derives a new one.
type Env struct {
	Imports []string          `json:"imports"`
	Mathlib bool              `json:"mathlib,omitempty"`
	Defs    map[string]*Def   `json:"defs,omitempty"`
	Opens   []string          `json:"opens,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	// Unmodelled: a command the simulator does not model ran before, which may have
	// declared names it cannot see (UnknownIdent).
	Unmodelled bool `json:"unmodelled,omitempty"`
}

func (e *Env) Clone() *Env {
	return &Env{
		Imports:    append([]string(nil), e.Imports...),
		Mathlib:    e.Mathlib,
		Defs:       maps.Clone(e.Defs),
		Opens:      append([]string(nil), e.Opens...),
		Options:    maps.Clone(e.Options),
		Unmodelled: e.Unmodelled,
	}
}

// Lookup resolves a constant name directly or through the open namespaces.
func (e *Env) Lookup(name string) *Def {
	if d, ok := e.Defs[name]; ok {
		return d
	}
	for i := len(e.Opens) - 1; i >= 0; i-- {
		if d, ok := e.Defs[e.Opens[i]+"."+name]; ok {
			return d
		}
	}
	return nil
}
