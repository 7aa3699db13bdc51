package elab

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLibrary: every lemma of the table parses, and no two share a name.
func TestLibrary(t *testing.T) {
	require.Len(t, library(), len(lemmaSources), "lemmas for %d sources", len(lemmaSources))
	l, ok := LookupLemma("add_comm", []string{"Nat"})
	require.True(t, ok, "Nat.add_comm through open Nat")
	require.Equal(t, "∀ (n m : Nat), n + m = m + n", l.Stmt.Pretty(), "Nat.add_comm through open Nat")
}
