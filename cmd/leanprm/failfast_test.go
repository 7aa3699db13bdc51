package main

import (
	"bytes"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGatewayWithoutWorkersFailsFast: a `leanprm serve --nats` gateway that no worker pulls
// from answers every work endpoint 503 with Retry-After within 5 s (before, /get_reward waited
// for the request's deadline, 5 min), so RL clients retry instead of timing out.
func TestGatewayWithoutWorkersFailsFast(t *testing.T) {
	gw, x := startServe(t, nil, "--nats", startNATS(t).ClientURL())
	for _, e := range []struct{ path, body string }{
		{"/get_reward", `{"query": ["Q? 2 + 3 = 5. The answer is \\boxed{5}."], "prompts": ["Q?"], "labels": ["5"]}`},
		{"/reward", `{"prompt": "Q?", "response": "2 + 3 = 5. The answer is \\boxed{5}.", "label": "5"}`},
		{"/v1/score", `{"chains": [{"id": "a", "steps": ["2 + 3 = 5."]}]}`},
		{"/v1/verify", `{"proofs": [{"id": "a", "statement": "theorem t : 1 = 1", "proof": "rfl"}]}`},
		{"/api/check", `{"snippets": [{"id": "a", "code": "#check Nat"}]}`},
		{"/verify", `{"codes": [{"custom_id": "a", "proof": "#check Nat"}]}`},
		{"/pooling", `{"model": "leanprm", "input": "2 + 3 = 5.<extra_0>"}`},
	} {
		start := time.Now()
		req, err := http.NewRequest(http.MethodPost, gw.url+e.path, bytes.NewReader([]byte(e.body)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		took := time.Since(start)
		assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, e.path)
		assert.NotEmpty(t, resp.Header.Get("Retry-After"), e.path)
		assert.Less(t, took, 5*time.Second, "%s answered in %s", e.path, took)
	}
	assert.Equal(t, exitSignal, x.term(t))
}
