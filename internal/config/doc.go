// Package config is the typed configuration, loaded once (flags > LEANPRM_* > leanprm.yaml >
// defaults), validated once; Sources says where each value came from. It imports no other
// leanprm package: the Lean defaults it shares with the libraries are its own constants
// (keys.go), which internal/wire's TestConfigDefaultsAreTheLibraries holds equal to theirs.
//
// Every key lives in one table (keys.go) with its flag, its documentation, its default and
// how it is parsed into Config. Load resolves each key to the text of the source that wins,
// parses it, and fails on the first bad value with an error naming the key: a duration, a
// size, a whole number, a command line or an enum (checker, prm.backend, prm.vllm.mode) that
// does not read, or a key the file has that the table does not. Whatever Load returns is
// therefore usable as it stands; no caller re-checks a value.
package config
