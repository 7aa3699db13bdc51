package input

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// Every input that cannot be read is an *Error that names it; a readable one decodes.
func TestOneInputContract(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	for _, c := range []struct{ path, stdin, msg string }{
		{filepath.Join(dir, "none.jsonl"), "", "none.jsonl: cannot read it: no such file or directory"},
		{dir, "", ": is a directory, not an input file"},
		{write("empty.jsonl", " \n\t\n"), "", "empty.jsonl: the input is empty (no chains or rows in it)"},
		{write("bin.jsonl", "{\"a\x00"), "", "bin.jsonl: not a text file (a NUL byte at offset 3)"},
		{"-", "", "standard input: the input is empty"},
	} {
		_, _, err := Read(context.Background(), strings.NewReader(c.stdin), c.path, chain.FormatAuto)
		var ie *Error
		require.True(t, errors.As(err, &ie), "%s: %v", c.path, err)
		assert.Contains(t, err.Error(), c.msg)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := Read(ctx, strings.NewReader(`{"problem": "p", "steps": ["1 + 1 = 2."]}`), "-", chain.FormatAuto)
	assert.ErrorIs(t, err, context.Canceled, "an interrupt is not an unreadable input")

	chains, rowErrs, err := Read(context.Background(), nil, write("ok.jsonl", `{"problem": "p", "steps": ["1 + 1 = 2."]}`+"\n"), chain.FormatAuto)
	require.NoError(t, err)
	assert.Len(t, chains, 1)
	assert.Empty(t, rowErrs)
}
