package replsim

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/verify"
)

// TestHonestSuiteAccepted: every honest proof of testdata/verify, as verify's static layer
// sends it (with `#print axioms` appended), is accepted by the simulator with only the
// standard axioms, as verify.Judge reads the reply. The same suite goes through a pool of
// simulator processes in leanbridge's tests.
func TestHonestSuiteAccepted(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "..", "testdata", "verify", "honest.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var row struct{ ID, Statement, Proof string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &row))
		n++
		st, err := verify.ParseStatement(row.Statement)
		require.NoError(t, err)
		rep := verify.CheckStatic(st, row.Proof, []string{"Init"})
		require.True(t, rep.Accepted(), "%s: static layer: %v", row.ID, rep.Reasons)
		v := cmdReply(t, NewServer(Options{}), rep.Cmd)
		var reply verify.Reply
		ms, _ := v.Get("messages")
		for i := 0; i < ms.Len(); i++ {
			m := ms.Index(i)
			sev, _ := m.Get("severity")
			p, _ := m.Get("pos")
			l, _ := p.Get("line")
			line, _ := l.AsNat()
			reply.Messages = append(reply.Messages, verify.Message{Severity: sev.s, Line: line, Data: data(m)})
		}
		if srs, ok := v.Get("sorries"); ok {
			for i := 0; i < srs.Len(); i++ {
				reply.Sorries = append(reply.Sorries, verify.Sorry{Goal: "?"})
			}
		}
		j := verify.Judge(reply, st.NameText, rep.AxiomsLine, rep.LineShift, verify.DefaultAllowedAxioms)
		assert.Empty(t, j.Reasons, "%s\n%s\n%v", row.ID, rep.Cmd, v)
		for _, a := range j.Axioms {
			assert.Contains(t, verify.DefaultAllowedAxioms, a, "%s: axiom %s", row.ID, a)
		}
	}
	require.GreaterOrEqual(t, n, 20, "only %d honest proofs", n)

}
