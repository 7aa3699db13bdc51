package repl

import "maps"

// def is a constant of an environment: a definition (with its value when it is a closed
// numeric term the simulator can unfold) or a theorem.
type def struct {
	Name    string `json:"name"`
	Ty      Type   `json:"ty,omitempty"`
	Value   *Node  `json:"value,omitempty"`
	Params  bool   `json:"params,omitempty"`
	Theorem bool   `json:"theorem,omitempty"`
	// Stmt is what a theorem or axiom proves, with its parameters as ∀ and → (nil when it
	// could not be elaborated).
	Stmt *Node `json:"stmt,omitempty"`
	// Axioms are the axioms the declaration depends on, as `#print axioms` lists them.
	Axioms []string `json:"axioms,omitempty"`
	Axiom  bool     `json:"axiom,omitempty"`
}

// envState is the simulator's counterpart of a REPL command state. It is immutable once
// stored: every command derives a new one.
type envState struct {
	Imports []string          `json:"imports"`
	Mathlib bool              `json:"mathlib,omitempty"`
	Defs    map[string]*def   `json:"defs,omitempty"`
	Opens   []string          `json:"opens,omitempty"`
	Options map[string]string `json:"options,omitempty"`
}

func (e *envState) clone() *envState {
	return &envState{
		Imports: append([]string(nil), e.Imports...),
		Mathlib: e.Mathlib,
		Defs:    maps.Clone(e.Defs),
		Opens:   append([]string(nil), e.Opens...),
		Options: maps.Clone(e.Options),
	}
}

// lookup resolves a constant name directly or through the open namespaces.
func (e *envState) lookup(name string) *def {
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
