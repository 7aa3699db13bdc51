package lspsim

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadFrame(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      string
		bodies  []string
		wantErr error // after the bodies; nil means io.EOF
	}{
		{"one", "Content-Length: 2\r\n\r\n{}", []string{"{}"}, nil},
		{"two back to back", "Content-Length: 2\r\n\r\n{}Content-Length: 4\r\n\r\nnull", []string{"{}", "null"}, nil},
		{"content type ignored", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n[]", []string{"[]"}, nil},
		{"length in bytes", "Content-Length: 5\r\n\r\n\"ℕ\"", []string{"\"ℕ\""}, nil},
		{"empty", "", nil, nil},
		{"no length", "Content-Type: x\r\n\r\n{}", nil, errFraming},
		{"bad length", "Content-Length: 12x\r\n\r\n{}", nil, errFraming},
		{"negative length", "Content-Length: -1\r\n\r\n", nil, errFraming},
		{"bare LF", "Content-Length: 2\n\n{}", nil, errFraming},
		{"invalid header", "Content-Length 2\r\n\r\n{}", nil, errFraming},
		{"short body", "Content-Length: 10\r\n\r\n{}", nil, errFraming},
		{"cut header", "Content-Len", nil, errFraming},
		{"huge", "Content-Length: 999999999999\r\n\r\n", nil, errFraming},
	} {
		t.Run(tc.name, func(t *testing.T) {
			br := bufio.NewReader(strings.NewReader(tc.in))
			for _, want := range tc.bodies {
				got, err := readFrame(br)
				require.NoError(t, err)
				assert.Equal(t, want, string(got))
			}
			_, err := readFrame(br)
			if tc.wantErr == nil {
				assert.Equal(t, io.EOF, err)
			} else {
				assert.ErrorIs(t, err, tc.wantErr)
			}
		})
	}
}

func FuzzReadFrame(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Type: x\r\nContent-Length: 3\r\n\r\nabcContent-Length: 0\r\n\r\n"))
	f.Add([]byte("Content-Length: 12x\r\n\r\n{}"))
	f.Add([]byte("\r\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		br := bufio.NewReader(bytes.NewReader(in))
		for {
			body, err := readFrame(br)
			if err != nil {
				require.True(t, err == io.EOF || errors.Is(err, errFraming), "unexpected error kind: %v", err)
				return
			}
			// A frame read back after writing it is the same body.
			var buf bytes.Buffer
			require.NoError(t, writeFrame(&buf, body))
			again, err := readFrame(bufio.NewReader(&buf))
			require.NoError(t, err)
			require.Equal(t, body, again)
		}
	})
}
