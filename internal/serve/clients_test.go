package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGetRewardLimitsComeBeforeTheWork: 10,000 queries used to be read one by one (each
// parsed as a chain or a proof) before the item limit turned the request away, 7.1 s for a
// 413; now the count is checked first and no query is read.
func TestGetRewardLimitsComeBeforeTheWork(t *testing.T) {
	ts := exactServer(t, Options{})
	q := make([]string, 10000)
	for i := range q {
		q[i] = fmt.Sprintf("Problem: p%d\nStep 1: %d + 1 = %d.", i, i, i+1)
	}
	var e errorBody
	resp := post(t, ts.URL+"/get_reward", "", map[string]any{"query": q, "prompts": q, "labels": q}, &e)
	assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	assert.Contains(t, e.Error, "10000 items in one request; at most 1024")
	assert.Zero(t, ts.srv.itemsRead.Load(), "no query was read")

	resp = post(t, ts.URL+"/get_reward", "", map[string]any{"query": q[:3]}, nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.EqualValues(t, 3, ts.srv.itemsRead.Load(), "the counter counts")

	// The other endpoints count their items the same way, before the work.
	items := make([]map[string]any, len(q))
	for i := range items {
		items[i] = map[string]any{"id": fmt.Sprint(i), "custom_id": i, "code": "#check Nat", "proof": "#check Nat", "statement": "theorem t : 1 = 1", "steps": []string{"1 = 1."}}
	}
	for path, body := range map[string]any{
		"/pooling":   map[string]any{"input": q},
		"/v1/score":  map[string]any{"chains": items},
		"/v1/verify": map[string]any{"proofs": items},
		"/api/check": map[string]any{"snippets": items},
		"/verify":    map[string]any{"codes": items},
	} {
		resp = post(t, ts.URL+path, "", body, &e)
		assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode, path)
		assert.Contains(t, e.Error, "at most 1024", path)
	}
}

// TestWireDetailsClientsTripOn: the details of issue 20 §5, each as the other project's
// client sends it.
func TestWireDetailsClientsTripOn(t *testing.T) {
	ts := exactServer(t, Options{Token: "s3cret"})

	t.Run("GET on a POST endpoint is 405 with Allow", func(t *testing.T) {
		for path, allow := range map[string]string{"/v1/score": "POST", "/get_reward": "POST", "/api/check/": "POST", "/health": "GET, HEAD", "/": "GET, HEAD"} {
			method := http.MethodGet
			if allow != "POST" {
				method = http.MethodPut
			}
			req, err := http.NewRequestWithContext(testCtx(t), method, ts.URL+path, nil)
			require.NoError(t, err)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, path)
			assert.Equal(t, allow, resp.Header.Get("Allow"), path)
		}
		resp, _ := get(t, ts.URL+"/no/such/endpoint")
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "an unknown path is still 404")
	})

	t.Run("the bearer scheme is case-insensitive", func(t *testing.T) {
		// RFC 7235 §2.1: "It uses a case-insensitive token as a means to identify the
		// authentication scheme"; RFC 6750 defines Bearer under it.
		for _, h := range []string{"Bearer s3cret", "bearer s3cret", "BEARER s3cret", "Bearer  s3cret"} {
			req, err := http.NewRequestWithContext(testCtx(t), http.MethodPost, ts.URL+"/get_reward", strings.NewReader(`{"query": []}`))
			require.NoError(t, err)
			req.Header.Set("Authorization", h)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, http.StatusOK, resp.StatusCode, h)
		}
		for _, h := range []string{"Basic s3cret", "Bearers3cret", "bearer s3cre"} {
			req, err := http.NewRequestWithContext(testCtx(t), http.MethodPost, ts.URL+"/get_reward", strings.NewReader(`{"query": []}`))
			require.NoError(t, err)
			req.Header.Set("Authorization", h)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, h)
		}
	})

	t.Run("an invalid infotree_type is refused as /api/check refuses infotree", func(t *testing.T) {
		var e errorBody
		resp := post(t, ts.URL+"/verify", "s3cret", `{"codes": [{"custom_id": "a", "proof": "#check Nat"}], "infotree_type": "everything"}`, &e)
		assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
		assert.Contains(t, e.Error, `infotree "everything"`)
		resp = post(t, ts.URL+"/api/check", "s3cret", `{"snippets": [{"id": "a", "code": "#check Nat"}], "infotree": "everything"}`, &e)
		assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
		assert.Contains(t, e.Error, `infotree "everything"`)
	})

	t.Run("an integer custom_id comes back as Kimina's string", func(t *testing.T) {
		var got struct {
			Results []struct {
				CustomID json.RawMessage `json:"custom_id"`
			} `json:"results"`
		}
		resp := post(t, ts.URL+"/verify", "s3cret", `{"codes": [{"custom_id": 12345678901234567890, "proof": "#check Nat"}, {"custom_id": "007", "proof": "#check Nat"}]}`, &got)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Len(t, got.Results, 2)
		assert.JSONEq(t, `"12345678901234567890"`, string(got.Results[0].CustomID), "exact, not through a float")
		assert.JSONEq(t, `"007"`, string(got.Results[1].CustomID))
		var e errorBody
		resp = post(t, ts.URL+"/verify", "s3cret", `{"codes": [{"custom_id": 1.5, "proof": "#check Nat"}]}`, &e)
		assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
		assert.Contains(t, e.Error, "codes[0].custom_id")
	})

	t.Run("ids that decoding would rewrite are a 400", func(t *testing.T) {
		for _, tc := range []struct{ path, body string }{
			{"/v1/score", "{\"chains\": [{\"id\": \"a\xff\", \"steps\": [\"1 = 1.\"]}, {\"id\": \"a\xfe\", \"steps\": [\"1 = 1.\"]}]}"},
			{"/v1/score", `{"chains": [{"id": "a\ud800", "steps": ["1 = 1."]}]}`},
			{"/v1/verify", "{\"proofs\": [{\"id\": \"p\xc3\", \"statement\": \"theorem t : 1 = 1\", \"proof\": \"theorem t : 1 = 1 := rfl\"}]}"},
			{"/api/check", "{\"snippets\": [{\"id\": \"s\x80\", \"code\": \"#check Nat\"}]}"},
			{"/api/check", `{"snippets": [{"id": "s\uDC00x", "code": "#check Nat"}]}`},
			{"/verify", "{\"codes\": [{\"custom_id\": \"c\xff\", \"proof\": \"#check Nat\"}]}"},
		} {
			var e errorBody
			resp := post(t, ts.URL+tc.path, "s3cret", tc.body, &e)
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "%s %q", tc.path, tc.body)
			assert.Regexp(t, "not valid UTF-8|unpaired surrogate", e.Error, tc.path)
		}
		// A replacement character the client wrote is kept, as the character or escaped.
		var got scoreAnswer
		resp := post(t, ts.URL+"/v1/score", "s3cret", `{"chains": [{"id": "a\uFFFD", "steps": ["1 = 1."]}, {"id": "b`+"\uFFFD"+`", "steps": ["1 = 1."]}]}`, &got)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Len(t, got.Chains, 2)
		assert.Equal(t, "a\uFFFD", got.Chains[0].ID)
		assert.Equal(t, "b\uFFFD", got.Chains[1].ID)
		// An id of a wrong type still says where.
		var e errorBody
		resp = post(t, ts.URL+"/api/check", "s3cret", `{"snippets": [{"id": 1, "code": "x"}]}`, &e)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, e.Error, "snippets.id is a JSON number, want a string")
	})
}

// TestPoolingChatMessages: vLLM's pooling endpoint takes a chat, "messages", as well as
// "input" (vllm entrypoints/openai/protocol.py: PoolingRequest = PoolingCompletionRequest |
// PoolingChatRequest, the chat form EmbeddingChatRequest's fields: model, messages as
// ChatCompletionMessageParam — a role and a content that is a string or a list of
// {"type": "text", "text"} parts). The answer is the one the rendered template gets.
func TestPoolingChatMessages(t *testing.T) {
	ts := exactServer(t, Options{})
	type pooled struct {
		Data []struct {
			Data  [][]float64 `json:"data"`
			Error string      `json:"error"`
		} `json:"data"`
	}
	var chat, text pooled
	resp := post(t, ts.URL+"/pooling", "", `{"model": "leanprm", "messages": [
		{"role": "system", "content": "Please reason step by step."},
		{"role": "user", "content": "Tom has 2 apples and buys 3. How many?"},
		{"role": "assistant", "content": [{"type": "text", "text": "He has 2 + 3 = 6 apples.<extra_0>"}, {"type": "text", "text": "So 6.<extra_0>"}]}]}`, &chat)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	resp = post(t, ts.URL+"/pooling", "", map[string]any{"model": "leanprm", "input": "<|im_start|>system\nPlease reason step by step.<|im_end|>\n<|im_start|>user\nTom has 2 apples and buys 3. How many?<|im_end|>\n<|im_start|>assistant\nHe has 2 + 3 = 6 apples.<extra_0>So 6.<extra_0><|im_end|>\n"}, &text)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, chat.Data, 1)
	require.Len(t, chat.Data[0].Data, 2, "one pair per step")
	assert.Equal(t, text, chat)
	assert.Equal(t, 1.0, chat.Data[0].Data[0][0], "2 + 3 = 6 is refuted: p_neg 1")

	var e errorBody
	for body, msg := range map[string]string{
		`{"input": "a<extra_0>", "messages": [{"role": "user", "content": "x"}]}`: "not both",
		`{"messages": []}`: "at least",
		`{"messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {}}]}]}`: "only text parts",
	} {
		resp = post(t, ts.URL+"/pooling", "", body, &e)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, body)
		assert.Contains(t, e.Error, msg, body)
	}
}
