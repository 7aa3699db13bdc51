package mathtext

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDropSizing(t *testing.T) {
	require.Equal(t, `(a+b)=c`, DropSizing(`\left(a+b\right)=c`))
	require.Equal(t, `x \le y`, DropSizing(`x \le y`))
	s := `3(2+5)=21`
	out := DropSizing(s)
	require.Equal(t, s, out)
	require.Equal(t, 0, int(testing.AllocsPerRun(10, func() { _ = DropSizing(s) })), "no copy without \\left or \\right")
}
