package proc

import (
	"fmt"
	"strings"
)

// FailureMessage formats the failure of a child for an error's message:
//
//	<head>: <reason> (<exit>): <err>; stderr: <stderr>
//
// leaving out the parts that are empty; stderr is trimmed of surrounding space.
func FailureMessage(head, reason, exit, stderr string, err error) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", head, reason)
	if exit != "" {
		fmt.Fprintf(&b, " (%s)", exit)
	}
	if err != nil {
		fmt.Fprintf(&b, ": %v", err)
	}
	if s := strings.TrimSpace(stderr); s != "" {
		fmt.Fprintf(&b, "; stderr: %s", s)
	}
	return b.String()
}
