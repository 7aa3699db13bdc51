package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"reflect"
	"strings"
	"unicode/utf8"
)

// ItemID is an item's id as its client sent it. encoding/json would replace invalid UTF-8,
// and an escaped lone surrogate (\ud800), with U+FFFD: two different ids would come back the
// same, and an answer could be matched to the wrong item. An id that cannot be kept exactly
// is refused (400) instead.
type ItemID string

// UnmarshalJSON implements json.Unmarshaler.
func (id *ItemID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		return nil
	}
	if len(b) == 0 || b[0] != '"' {
		return &json.UnmarshalTypeError{Value: jsonValueKind(b), Type: reflect.TypeFor[string]()}
	}
	s, err := exactString(b)
	if err != nil {
		return err
	}
	*id = ItemID(s)
	return nil
}

// exactString decodes the JSON string b, refusing what decoding would rewrite.
func exactString(b []byte) (string, error) {
	if !utf8.Valid(b) {
		return "", &requestError{status: http.StatusBadRequest, msg: fmt.Sprintf(
			"id %s is not valid UTF-8: ids must come back exactly as sent, and rewriting one could make it another's", quoteBytes(b))}
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return "", err
	}
	// Every U+FFFD in s must be one the client wrote, as the character or as \ufffd.
	if n := strings.Count(s, "\uFFFD"); n > 0 && n != bytes.Count(b, []byte("\uFFFD"))+countFold(b, `\ufffd`) {
		return "", &requestError{status: http.StatusBadRequest, msg: fmt.Sprintf(
			"id %s holds an unpaired surrogate escape (\\ud800–\\udfff): it is not a character, and ids must come back exactly as sent", b)}
	}
	return s, nil
}

func countFold(b []byte, sub string) int {
	return strings.Count(strings.ToLower(string(b)), sub)
}

// quoteBytes shows bytes that are not UTF-8 as Go-style escapes, for a message.
func quoteBytes(b []byte) string {
	return fmt.Sprintf("%+q", b)
}

func jsonValueKind(b []byte) string {
	if len(b) == 0 {
		return "nothing"
	}
	switch b[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "bool"
	}
	return "number"
}

// kiminaCustomID reads a legacy custom_id, a string or an integer, as the string Kimina
// answers with: its backward router builds each snippet with id=str(code.custom_id) and
// returns that id (project-numina/kimina-lean-server server/routers/backward.py), so 7 comes
// back "7".
func kiminaCustomID(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		return exactString(raw)
	}
	var n big.Int
	if _, ok := n.SetString(string(raw), 10); !ok {
		return "", errors.New("want a string or an integer")
	}
	return n.String(), nil
}
