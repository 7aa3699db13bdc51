// Package genprobe asks an OpenAI-compatible generator, once, whether it can be used, before
// search or label sends it work: an unreachable, hanging or misconfigured generator then stops
// the command in seconds with the reason instead of failing every problem after its retries.
package genprobe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Timeout bounds the probe: an unreachable generator is reported in seconds.
const Timeout = 10 * time.Second

// Error is a generator that cannot be used; the message says why.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

// Probe asks the generator at base (an OpenAI base URL, …/v1; a URL with no path is the
// server's /v1) for /models once, with apiKey as its bearer token when set, waiting at most
// min(timeout, Timeout). A generator that lists models must list model when one is named; one
// without /models (404) is accepted when the model is named, with a note on warn. Any other
// failure is an *Error with the reason; ctx's end is ctx's error.
func Probe(ctx context.Context, warn io.Writer, base, model, apiKey string, timeout time.Duration) error {
	timeout = min(timeout, Timeout)
	if timeout <= 0 {
		timeout = Timeout
	}
	u := strings.TrimRight(base, "/")
	if pu, err := url.Parse(u); err == nil && pu.Path == "" {
		u += "/v1" // as the generator client does: a URL with no path is the server's /v1
	}
	u += "/models"
	pctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(pctx, http.MethodGet, u, nil)
	if err != nil {
		return &Error{fmt.Sprintf("the generator URL %s: %v", base, err)}
	}
	if apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+apiKey)
	}
	fail := func(format string, args ...any) error {
		return &Error{fmt.Sprintf("the generator at %s cannot be used: %s (probed GET %s before sending any work)", base, fmt.Sprintf(format, args...), u)}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var reason string
		switch {
		case errors.Is(err, context.DeadlineExceeded) || pctx.Err() != nil:
			reason = fmt.Sprintf("no answer within %s", timeout)
		default:
			reason = transportReason(err)
		}
		return fail("%s", reason)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch {
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return fail("HTTP %d: the server refuses the API key", resp.StatusCode)
	case resp.StatusCode == http.StatusNotFound && model != "":
		fmt.Fprintf(warn, "leanprm: the generator at %s lists no models (HTTP 404 for /models); going on with --generator-model %s\n", base, model)
		return nil
	case resp.StatusCode != http.StatusOK:
		if msg := strings.TrimSpace(string(body[:min(len(body), 200)])); msg != "" {
			return fail("HTTP %d: %s", resp.StatusCode, msg)
		}
		return fail("HTTP %d", resp.StatusCode)
	}
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		return fail("/models is not an OpenAI model list (is %s the /v1 base URL?)", base)
	}
	var ids []string
	for _, m := range list.Data {
		ids = append(ids, m.ID)
	}
	switch {
	case len(ids) == 0 && model == "":
		return fail("it serves no model, and no --generator-model was given")
	case model != "" && len(ids) > 0 && !slices.Contains(ids, model):
		return fail("it serves %s, not --generator-model %s", strings.Join(ids, ", "), model)
	}
	return nil
}

// transportReason is a connection failure as a person reads it.
func transportReason(err error) string {
	msg := err.Error()
	for _, known := range []string{"connection refused", "no such host", "network is unreachable", "connection reset by peer", "no route to host", "server gave HTTP response to HTTPS client", "certificate"} {
		if strings.Contains(msg, known) {
			return known
		}
	}
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) && ue.Unwrap() != nil {
		return ue.Unwrap().Error()
	}
	return msg
}
