package config

import (
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// KeyError is a value that does not read for its key. From says where the value came from
// ("flag --timeout", "env LEANPRM_LEAN_TIMEOUT", "file leanprm.yaml", "default"), so that the
// command line can treat a bad flag as a usage mistake and a bad file or environment value as
// a configuration error.
type KeyError struct {
	Key  string
	From string
	Msg  string
	Err  error // the parse error underneath, if any
}

func (e *KeyError) Error() string {
	s := "setting " + e.Key + ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *KeyError) Unwrap() error { return e.Err }

// FromFlag reports whether the bad value was given on the command line.
func (e *KeyError) FromFlag() bool { return strings.HasPrefix(e.From, "flag ") }

func quote(s string) string { return strconv.Quote(s) }

// DurationHint says what a duration is written as, in every message about one (a key's value,
// or a duration flag that does not parse).
const DurationHint = "a number with a unit: 500ms, 30s, 2m, 1h30m"

// durationValue reads a non-negative duration.
func durationValue(key, raw string) (time.Duration, error) {
	d, err := time.ParseDuration(raw)
	if err != nil {
		return 0, &KeyError{Key: key, Msg: quote(raw) + " is not a duration (" + DurationHint + ")"}
	}
	if d < 0 {
		return 0, &KeyError{Key: key, Msg: "negative duration " + raw}
	}
	return d, nil
}

// sizeValue reads a size such as 512MiB, 8GiB, 1e9 or 0.
func sizeValue(key, raw string) (int64, error) {
	n, err := parseBytes(strings.TrimSpace(raw))
	if err != nil {
		return 0, &KeyError{Key: key, Msg: err.Error()}
	}
	return n, nil
}

// rewardOnErrorValue reads serve.reward_on_error: fail, nan, or a finite number.
func rewardOnErrorValue(key, raw string) (string, error) {
	v := strings.TrimSpace(raw)
	switch strings.ToLower(v) {
	case "fail", "nan":
		return strings.ToLower(v), nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return "", &KeyError{Key: key, Msg: quote(raw) + " is not fail, nan or a finite number"}
	}
	return v, nil
}

// countValue reads a whole number that is not negative (0 has each key's documented meaning).
func countValue(key, raw string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	if err != nil {
		return 0, &KeyError{Key: key, Msg: quote(raw) + " is not a whole number"}
	}
	if n < 0 {
		return 0, &KeyError{Key: key, Msg: "negative value " + raw}
	}
	return n, nil
}

// commandValue splits a command setting into argv; nil when unset.
func commandValue(key, raw string) ([]string, error) {
	argv, err := splitCommand(raw)
	if err != nil {
		return nil, &KeyError{Key: key, Msg: err.Error()}
	}
	return argv, nil
}

func parseBytes(raw string) (int64, error) {
	units := []struct {
		suffix string
		mult   float64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	mult := 1.0
	num := raw
	for _, u := range units {
		if strings.HasSuffix(raw, u.suffix) {
			mult, num = u.mult, strings.TrimSpace(strings.TrimSuffix(raw, u.suffix))
			break
		}
	}
	var f float64
	if _, err := fmt.Sscanf(num, "%g", &f); err != nil || f < 0 {
		return 0, fmt.Errorf("%q is not a size (try 512MiB or 8GiB)", raw)
	}
	return int64(f * mult), nil
}

// splitCommand splits a command line into words. It understands single and double quotes and
// backslash escapes, nothing else: no variables, globs or substitutions, since the string is
// never given to a shell.
func splitCommand(line string) ([]string, error) {
	var (
		words []string
		cur   strings.Builder
		inTok bool
		quote rune
	)
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == '\'':
			cur.WriteRune(r)
		case r == '\\' && quote != '\'':
			if i+1 >= len(rs) {
				return nil, fmt.Errorf("command %q ends with a backslash", line)
			}
			i++
			cur.WriteRune(rs[i])
			inTok = true
		case quote == '"':
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inTok = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inTok {
				words = append(words, cur.String())
				cur.Reset()
				inTok = false
			}
		default:
			cur.WriteRune(r)
			inTok = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("command %q has an unclosed %c quote", line, quote)
	}
	if inTok {
		words = append(words, cur.String())
	}
	return words, nil
}

// ParseSize reads a size as the settings write it ("16MiB", "8GiB", "1000").
func ParseSize(raw string) (int64, error) { return parseBytes(strings.TrimSpace(raw)) }

// natsURLValue reads nats.url: empty, or a comma-separated list of URLs with a nats, tls, ws
// or wss scheme and a host (the forms nats.Connect takes).
func natsURLValue(key, raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	for _, part := range strings.Split(raw, ",") {
		part = strings.TrimSpace(part)
		u, err := url.Parse(part)
		if err != nil {
			return "", &KeyError{Key: key, Msg: quote(part) + " is not a URL", Err: err}
		}
		switch u.Scheme {
		case "nats", "tls", "ws", "wss":
		default:
			return "", &KeyError{Key: key, Msg: quote(part) + " is not a NATS URL (want nats://host:4222; tls, ws and wss also do)"}
		}
		if u.Host == "" {
			return "", &KeyError{Key: key, Msg: quote(part) + " names no host"}
		}
	}
	return raw, nil
}
