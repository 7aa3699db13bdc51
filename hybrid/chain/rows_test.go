package chain

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	require.NoError(t, os.WriteFile(path, []byte("{\"a\": 1}\n\nnot json\r\n{\"b\": 2}"), 0o644))
	type got struct {
		line int
		raw  string
	}
	var rows []got
	require.NoError(t, Rows(path, func(line int, raw []byte) error {
		rows = append(rows, got{line, string(raw)})
		return nil
	}))
	assert.Equal(t, []got{{1, `{"a": 1}`}, {2, ""}, {3, "not json"}, {4, `{"b": 2}`}}, rows,
		"every line, 1-based, blank and malformed ones too, without line ends")

	stop := errors.New("stop")
	n := 0
	err := Rows(path, func(int, []byte) error { n++; return stop })
	assert.ErrorIs(t, err, stop)
	assert.Equal(t, 1, n, "an error from fn ends the read")

	err = Rows(filepath.Join(t.TempDir(), "missing.jsonl"), func(int, []byte) error { return nil })
	assert.True(t, os.IsNotExist(err), "the open error comes back as it is: %v", err)
}
