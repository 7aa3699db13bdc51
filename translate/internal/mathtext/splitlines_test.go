package mathtext

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDisplayLines(t *testing.T) {
	text := `a = b \\ f(x=1) = 2 = 3 \\ x < 4`
	ls := DisplayLines(text, 0, len(text))
	require.Len(t, ls, 3)
	require.Equal(t, `a = b `, text[ls[0][0]:ls[0][1]])
	require.Equal(t, ` x < 4`, text[ls[2][0]:ls[2][1]])
}
