package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// TestREADMEDescribesTheEmbeddedPRM holds the README's account of the built-in model to the
// model: its file size and feature count, and its cross-validated ProcessBench F1 (learned
// alone and hybrid with the exact checker) measured again from the built binary on the
// development half.
func TestREADMEDescribesTheEmbeddedPRM(t *testing.T) {
	readme := readREADME(t)
	m := regexp.MustCompile("`hybrid/prm/embedded/model.bin`, ([0-9,]+) bytes").FindStringSubmatch(readme)
	require.NotNil(t, m, "the README gives the model's size")
	st, err := os.Stat(repoFile(t, "hybrid/prm/embedded/model.bin"))
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprint(st.Size()), regexp.MustCompile(",").ReplaceAllString(m[1], ""))

	b, err := os.ReadFile(repoFile(t, "hybrid/prm/embedded/model.bin"))
	require.NoError(t, err)
	const magic = "LEANPRM-EMBEDDED\n"
	n := binary.LittleEndian.Uint32(b[len(magic):])
	var h struct {
		Dense []string `json:"dense"`
	}
	require.NoError(t, json.Unmarshal(b[len(magic)+4:len(magic)+4+int(n)], &h))
	assert.Contains(t, readme, fmt.Sprintf("logistic regression over %d hand-made features", len(h.Dense)))

	f1 := regexp.MustCompile(`F1 averaged over the four subsets is ([0-9.]+) for the embedded model\s+alone and ([0-9.]+) for hybrid scoring`).FindStringSubmatch(readme)
	require.NotNil(t, f1, "the README gives the embedded model's ProcessBench F1")
	assert.Contains(t, readme, "73.5 reported for\n[Qwen2.5-Math-PRM-7B]")
	if testing.Short() {
		t.Skip("the F1 figures take a full ProcessBench dev run")
	}
	data := testshared.Path(t, "data")
	files, _ := filepath.Glob(filepath.Join(data, "processbench", "*.dev.jsonl"))
	require.Len(t, files, 4)
	out, errOut, code := runBin(t, nil, append([]string{"eval", "processbench", "--cv", "--json", "--checker", "exact", "--data", data}, files...)...)
	require.Equal(t, 0, code, errOut)
	var ev struct {
		CV []struct {
			Policy  string `json:"policy"`
			Average struct {
				CV struct {
					F1 float64 `json:"f1"`
				} `json:"cv"`
			} `json:"average"`
		} `json:"cross_validated"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ev))
	got := map[string]string{}
	for _, p := range ev.CV {
		got[p.Policy] = strconv.FormatFloat(p.Average.CV.F1, 'f', 1, 64)
	}
	assert.Equal(t, f1[1], got["learned"], "learned-only CV F1")
	assert.Equal(t, f1[2], got["hybrid"], "hybrid CV F1")
}
