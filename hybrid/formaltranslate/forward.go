// Package formaltranslate forwards to hybrid/formal, where the prose
// adapter (formal.Prose) now lives, for the code that still imports the old
// path. The lead deletes this file once nothing does (issue 11, phase 3).
package formaltranslate

import (
	"github.com/leanprm/leanprm/hybrid/formal"
	"github.com/leanprm/leanprm/translate"
)

// New is formal.NewProse.
func New(tr *translate.Translator) *formal.Prose { return formal.NewProse(tr) }
