package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rowOpStart is an augmented matrix a chain starts from; the numbers are
// ours.
const rowOpStart = `We write the augmented matrix: \[\begin{pmatrix} 1 & -1 & 2 & | & 5 \\ 3 & 0 & 1 & | & 4 \\ -2 & 4 & 1 & | & 1 \end{pmatrix}\]`

// rowOpTraps pin one elementary row operation stated in words
// (docs/TRANSLATE.md, "A row operation stated in words"; package rowop):
// a result that is the operation's is left alone, variants (another
// multiple, "row n", adding, in the same step or the next) are read, a
// changed row computed wrongly is refuted, and two operations at once, a
// supposition, a result with another row changed, and names are not
// read. The wording and the numbers are ours.
var rowOpTraps = []struct {
	steps []string
	want  string
	claim string
}{
	// True forms.
	{steps: []string{rowOpStart, `Subtract 3 times the first row from the second row: \[\begin{pmatrix} 1 & -1 & 2 & | & 5 \\ 0 & 3 & -5 & | & -11 \\ -2 & 4 & 1 & | & 1 \end{pmatrix}\]`}, want: wantNotRefuted},
	{steps: []string{rowOpStart + ` Adding twice row 1 to row 3 gives \[\begin{pmatrix} 1 & -1 & 2 & | & 5 \\ 3 & 0 & 1 & | & 4 \\ 0 & 2 & 5 & | & 11 \end{pmatrix}\]`}, want: wantNotRefuted},
	{steps: []string{`\[\begin{bmatrix} 2 & 4 \\ 1 & 5 \end{bmatrix}\]`, `Subtracting the second row from the first row, we get \[\begin{bmatrix} 1 & -1 \\ 1 & 5 \end{bmatrix}\]`}, want: wantNotRefuted},
	// Look-alikes that are real errors.
	{steps: []string{rowOpStart, `Subtract 3 times the first row from the second row: \[\begin{pmatrix} 1 & -1 & 2 & | & 5 \\ 0 & 3 & -5 & | & -19 \\ -2 & 4 & 1 & | & 1 \end{pmatrix}\]`}, want: wantRefuted, claim: "row 2 - 3·row 1"},
	{steps: []string{rowOpStart + ` Adding twice row 1 to row 3 gives \[\begin{pmatrix} 1 & -1 & 2 & | & 5 \\ 3 & 0 & 1 & | & 4 \\ 0 & 6 & 5 & | & 11 \end{pmatrix}\]`}, want: wantRefuted},
	{steps: []string{`\[\begin{bmatrix} 2 & 4 \\ 1 & 5 \end{bmatrix}\]`, `Subtracting the second row from the first row, we get \[\begin{bmatrix} 1 & 9 \\ 1 & 5 \end{bmatrix}\]`}, want: wantRefuted},
	// Not read.
	{steps: []string{rowOpStart, `Subtract 3 times the first row from the second row and add twice the first row to the third row: \[\begin{pmatrix} 1 & -1 & 2 & | & 5 \\ 0 & 3 & -5 & | & -19 \\ 0 & 2 & 5 & | & 11 \end{pmatrix}\]`}, want: wantNotRefuted},
	{steps: []string{rowOpStart, `Subtract 3 times the first row from the second row: \[\begin{pmatrix} 1 & -1 & 2 & | & 5 \\ 0 & 3 & -5 & | & -19 \\ 0 & 2 & 5 & | & 11 \end{pmatrix}\]`}, want: wantNotRefuted},
	{steps: []string{rowOpStart, `If we subtract 3 times the first row from the second row we would get \[\begin{pmatrix} 1 & -1 & 2 & | & 5 \\ 0 & 3 & -5 & | & -19 \\ -2 & 4 & 1 & | & 1 \end{pmatrix}\]`}, want: wantNotRefuted},
	{steps: []string{rowOpStart, `Subtract 3 times the first row from the second row, then divide it by 3: \[\begin{pmatrix} 1 & -1 & 2 & | & 5 \\ 0 & 1 & -5 & | & -19 \\ -2 & 4 & 1 & | & 1 \end{pmatrix}\]`}, want: wantNotRefuted},
	{steps: []string{`\[\begin{pmatrix} a & 1 \\ 2 & 3 \end{pmatrix}\]`, `Subtract twice the first row from the second row: \[\begin{pmatrix} a & 1 \\ 2 & 5 \end{pmatrix}\]`}, want: wantNotRefuted},
}

func TestRowOpTraps(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range rowOpTraps {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("rowop", i), "Solve the system of linear equations.", c.steps)
		require.NoError(t, err)
		s := res.Steps[len(c.steps)-1]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "#%d %q: %s, want %s; obligations %+v", i, c.steps, s.Verdict, c.want, obligationsOf(s))
	}
}
