package serve

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 23: a decoding error that quotes a 1 MB number used to come back whole in a 2 MB 400
// body. The answer quotes an excerpt.
func TestErrorMessagesQuoteAnExcerpt(t *testing.T) {
	rec := httptest.NewRecorder()
	huge := "json: cannot unmarshal number " + strings.Repeat("1", 1<<20) + " into Go struct field"
	writeError(rec, http.StatusBadRequest, huge)
	assert.Less(t, rec.Body.Len(), 2*maxMessageBytes+200)
	var body errorBody
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body))
	assert.True(t, strings.HasPrefix(body.Error, "json: cannot unmarshal number 111"))
	assert.Contains(t, body.Error, "more bytes)")
	assert.Equal(t, "short", shortMessage("short"))
	assert.Equal(t, strings.Repeat("é", 300)[:maxMessageBytes]+"… (88 more bytes)", shortMessage(strings.Repeat("é", 300)))
}
