package repl

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Requests (PROTOCOL.md §1.3). Optional ids are pointers because id 0 is valid. The REPL treats
// an absent or false allTactics/rootGoals the same, so those are plain bools.
//
// Every type keeps members it does not model in Extra (see jsonobj.go) and writes them back.

// CommandRequest runs Lean source. Without Env it starts a fresh environment and processes
// the text's import header; with Env it continues from that command state.
type CommandRequest struct {
	Cmd        string                     `json:"cmd"`
	Env        *int                       `json:"env,omitempty"`
	AllTactics bool                       `json:"allTactics,omitempty"`
	RootGoals  bool                       `json:"rootGoals,omitempty"`
	InfoTree   string                     `json:"infotree,omitempty"` // "full", "tactics", "original", "substantive"
	Extra      map[string]json.RawMessage `json:"-"`
}

// FileRequest runs a file (path relative to the REPL's working directory) like a Command.
type FileRequest struct {
	Path       string                     `json:"path"`
	Env        *int                       `json:"env,omitempty"`
	AllTactics bool                       `json:"allTactics,omitempty"`
	RootGoals  bool                       `json:"rootGoals,omitempty"`
	InfoTree   string                     `json:"infotree,omitempty"`
	Extra      map[string]json.RawMessage `json:"-"`
}

// ProofStepRequest runs one tactic on a proof state.
type ProofStepRequest struct {
	Tactic     string                     `json:"tactic"`
	ProofState int                        `json:"proofState"`
	Extra      map[string]json.RawMessage `json:"-"`
}

// PickleEnvRequest writes an environment to a .olean file. The reply is {"env": <same id>}.
type PickleEnvRequest struct {
	Env      int                        `json:"env"`
	PickleTo string                     `json:"pickleTo"`
	Extra    map[string]json.RawMessage `json:"-"`
}

// UnpickleEnvRequest loads a pickled environment (re-importing its imports).
type UnpickleEnvRequest struct {
	UnpickleEnvFrom string                     `json:"unpickleEnvFrom"`
	Extra           map[string]json.RawMessage `json:"-"`
}

// PickleProofStateRequest writes a proof state to a file. The reply is a ProofStepResponse.
type PickleProofStateRequest struct {
	ProofState int                        `json:"proofState"`
	PickleTo   string                     `json:"pickleTo"`
	Extra      map[string]json.RawMessage `json:"-"`
}

// UnpickleProofStateRequest loads a pickled proof state, on top of Env if given.
type UnpickleProofStateRequest struct {
	UnpickleProofStateFrom string                     `json:"unpickleProofStateFrom"`
	Env                    *int                       `json:"env,omitempty"`
	Extra                  map[string]json.RawMessage `json:"-"`
}

// Responses (PROTOCOL.md §1.4). Field presence follows the REPL's ToJson instances exactly, so
// that a decoded reply encodes back to the same JSON value: list members that the REPL omits
// when empty are omitempty; members it always writes are not; Option members written by a
// derived instance are pointers or Nullable without omitempty (they appear as null).

// Pos is a REPL position: 1-based line, 0-based column counted in Unicode code points (not
// bytes, not UTF-16 units).
type Pos struct {
	Line   int                        `json:"line"`
	Column int                        `json:"column"`
	Extra  map[string]json.RawMessage `json:"-"`
}

// Message is a Lean message. EndPos is null when Lean has none.
// Messages from tactic requests carry line 0.
type Message struct {
	Severity string                     `json:"severity"` // "info", "warning", "error"
	Pos      Pos                        `json:"pos"`
	EndPos   *Pos                       `json:"endPos"`
	Data     string                     `json:"data"`
	Extra    map[string]json.RawMessage `json:"-"`
}

// Sorry is a sorry (or, with rootGoals, a declaration's root goal). Pos and EndPos are absent
// for sorries created by tactic requests (their line is 0); ProofState may be null.
type Sorry struct {
	Goal       string                     `json:"goal"`
	ProofState *int                       `json:"proofState"`
	Pos        *Pos                       `json:"pos,omitempty"`
	EndPos     *Pos                       `json:"endPos,omitempty"`
	Extra      map[string]json.RawMessage `json:"-"`
}

// Tactic is one tactic node, reported with allTactics; ProofState is the state before it.
type Tactic struct {
	Tactic        string                     `json:"tactic"`
	Goals         string                     `json:"goals"`
	ProofState    int                        `json:"proofState"`
	Pos           Pos                        `json:"pos"`
	EndPos        Pos                        `json:"endPos"`
	UsedConstants []string                   `json:"usedConstants"`
	Extra         map[string]json.RawMessage `json:"-"`
}

// CommandResponse answers Command, File, PickleEnv and UnpickleEnv requests. The REPL has no
// success flag: see Accepted.
type CommandResponse struct {
	Env      int                        `json:"env"`
	Messages []Message                  `json:"messages,omitempty"`
	Sorries  []Sorry                    `json:"sorries,omitempty"`
	Tactics  []Tactic                   `json:"tactics,omitempty"`
	InfoTree []InfoTree                 `json:"infotree,omitempty"`
	Extra    map[string]json.RawMessage `json:"-"`
}

// ProofStepResponse answers ProofStep, PickleProofState and UnpickleProofState requests.
// Only ProofStatus "Completed" means the proof was checked by the kernel.
type ProofStepResponse struct {
	ProofState  int                        `json:"proofState"`
	Goals       []string                   `json:"goals"`
	Messages    []Message                  `json:"messages,omitempty"`
	Sorries     []Sorry                    `json:"sorries,omitempty"`
	Traces      []string                   `json:"traces,omitempty"`
	ProofStatus string                     `json:"proofStatus"`
	Extra       map[string]json.RawMessage `json:"-"`
}

// ProofStatusCompleted is the only ProofStatus that means a finished, kernel-checked proof.
const ProofStatusCompleted = "Completed"

// ErrorReply is the REPL's error answer, {"message": …}.
type ErrorReply struct {
	Message string                     `json:"message"`
	Extra   map[string]json.RawMessage `json:"-"`
}

// InfoTree is one node of an info tree (requested with CommandRequest.InfoTree). Node is null
// for some kinds, e.g. CompletionInfo.
type InfoTree struct {
	Node     *InfoNode                  `json:"node"`
	Kind     string                     `json:"kind"` // "TacticInfo", "TermInfo", "CommandInfo", …
	Children []InfoTree                 `json:"children"`
	Extra    map[string]json.RawMessage `json:"-"`
}

// InfoNode holds the members of the node kinds the REPL renders; which ones appear depends on
// Kind. Members of kinds not modelled here land in Extra.
type InfoNode struct {
	Stx *Syntax `json:"stx,omitempty"`
	// TacticInfo
	Name        Nullable[string] `json:"name,omitzero"`
	GoalsBefore []string         `json:"goalsBefore,omitzero"`
	GoalsAfter  []string         `json:"goalsAfter,omitzero"`
	// TermInfo
	IsBinder     *bool   `json:"isBinder,omitempty"`
	Expr         *string `json:"expr,omitempty"`
	ExpectedType *string `json:"expectedType,omitempty"`
	// TermInfo, CommandInfo
	Elaborator Nullable[string]           `json:"elaborator,omitzero"`
	Extra      map[string]json.RawMessage `json:"-"`
}

// Syntax is the rendered syntax of an info tree node.
type Syntax struct {
	Range    SyntaxRange                `json:"range"`
	PP       *string                    `json:"pp"`
	Kind     string                     `json:"kind"`
	ArgKinds []string                   `json:"argKinds"`
	Extra    map[string]json.RawMessage `json:"-"`
}

// SyntaxRange is the source range of a Syntax; Finish is exclusive.
type SyntaxRange struct {
	Synthetic bool                       `json:"synthetic"`
	Start     Pos                        `json:"start"`
	Finish    Pos                        `json:"finish"`
	Extra     map[string]json.RawMessage `json:"-"`
}

// JSON methods: every type goes through decodeObject/encodeObject; slices the REPL always
// writes are normalised from nil to empty so that a hand-built value encodes as the REPL would.

func (r *CommandRequest) UnmarshalJSON(b []byte) error {
	type plain CommandRequest
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r CommandRequest) MarshalJSON() ([]byte, error) {
	type plain CommandRequest
	return encodeObject(plain(r), r.Extra)
}
func (r *FileRequest) UnmarshalJSON(b []byte) error {
	type plain FileRequest
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r FileRequest) MarshalJSON() ([]byte, error) {
	type plain FileRequest
	return encodeObject(plain(r), r.Extra)
}
func (r *ProofStepRequest) UnmarshalJSON(b []byte) error {
	type plain ProofStepRequest
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r ProofStepRequest) MarshalJSON() ([]byte, error) {
	type plain ProofStepRequest
	return encodeObject(plain(r), r.Extra)
}
func (r *PickleEnvRequest) UnmarshalJSON(b []byte) error {
	type plain PickleEnvRequest
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r PickleEnvRequest) MarshalJSON() ([]byte, error) {
	type plain PickleEnvRequest
	return encodeObject(plain(r), r.Extra)
}
func (r *UnpickleEnvRequest) UnmarshalJSON(b []byte) error {
	type plain UnpickleEnvRequest
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r UnpickleEnvRequest) MarshalJSON() ([]byte, error) {
	type plain UnpickleEnvRequest
	return encodeObject(plain(r), r.Extra)
}
func (r *PickleProofStateRequest) UnmarshalJSON(b []byte) error {
	type plain PickleProofStateRequest
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r PickleProofStateRequest) MarshalJSON() ([]byte, error) {
	type plain PickleProofStateRequest
	return encodeObject(plain(r), r.Extra)
}
func (r *UnpickleProofStateRequest) UnmarshalJSON(b []byte) error {
	type plain UnpickleProofStateRequest
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r UnpickleProofStateRequest) MarshalJSON() ([]byte, error) {
	type plain UnpickleProofStateRequest
	return encodeObject(plain(r), r.Extra)
}

func (p *Pos) UnmarshalJSON(b []byte) error {
	type plain Pos
	return decodeObject(b, (*plain)(p), &p.Extra)
}
func (p Pos) MarshalJSON() ([]byte, error) {
	type plain Pos
	return encodeObject(plain(p), p.Extra)
}
func (m *Message) UnmarshalJSON(b []byte) error {
	type plain Message
	return decodeObject(b, (*plain)(m), &m.Extra)
}
func (m Message) MarshalJSON() ([]byte, error) {
	type plain Message
	return encodeObject(plain(m), m.Extra)
}
func (s *Sorry) UnmarshalJSON(b []byte) error {
	type plain Sorry
	return decodeObject(b, (*plain)(s), &s.Extra)
}
func (s Sorry) MarshalJSON() ([]byte, error) {
	type plain Sorry
	return encodeObject(plain(s), s.Extra)
}
func (t *Tactic) UnmarshalJSON(b []byte) error {
	type plain Tactic
	return decodeObject(b, (*plain)(t), &t.Extra)
}
func (t Tactic) MarshalJSON() ([]byte, error) {
	type plain Tactic
	t.UsedConstants = nonNil(t.UsedConstants)
	return encodeObject(plain(t), t.Extra)
}
func (r *CommandResponse) UnmarshalJSON(b []byte) error {
	type plain CommandResponse
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r CommandResponse) MarshalJSON() ([]byte, error) {
	type plain CommandResponse
	return encodeObject(plain(r), r.Extra)
}
func (r *ProofStepResponse) UnmarshalJSON(b []byte) error {
	type plain ProofStepResponse
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r ProofStepResponse) MarshalJSON() ([]byte, error) {
	type plain ProofStepResponse
	r.Goals = nonNil(r.Goals)
	return encodeObject(plain(r), r.Extra)
}
func (e *ErrorReply) UnmarshalJSON(b []byte) error {
	type plain ErrorReply
	return decodeObject(b, (*plain)(e), &e.Extra)
}
func (e ErrorReply) MarshalJSON() ([]byte, error) {
	type plain ErrorReply
	return encodeObject(plain(e), e.Extra)
}
func (t *InfoTree) UnmarshalJSON(b []byte) error {
	type plain InfoTree
	return decodeObject(b, (*plain)(t), &t.Extra)
}
func (t InfoTree) MarshalJSON() ([]byte, error) {
	type plain InfoTree
	t.Children = nonNil(t.Children)
	return encodeObject(plain(t), t.Extra)
}
func (n *InfoNode) UnmarshalJSON(b []byte) error {
	type plain InfoNode
	return decodeObject(b, (*plain)(n), &n.Extra)
}
func (n InfoNode) MarshalJSON() ([]byte, error) {
	type plain InfoNode
	return encodeObject(plain(n), n.Extra)
}
func (s *Syntax) UnmarshalJSON(b []byte) error {
	type plain Syntax
	return decodeObject(b, (*plain)(s), &s.Extra)
}
func (s Syntax) MarshalJSON() ([]byte, error) {
	type plain Syntax
	s.ArgKinds = nonNil(s.ArgKinds)
	return encodeObject(plain(s), s.Extra)
}
func (r *SyntaxRange) UnmarshalJSON(b []byte) error {
	type plain SyntaxRange
	return decodeObject(b, (*plain)(r), &r.Extra)
}
func (r SyntaxRange) MarshalJSON() ([]byte, error) {
	type plain SyntaxRange
	return encodeObject(plain(r), r.Extra)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Reply is one decoded REPL reply. There are no request ids in the protocol; the reply to a
// request is the next one on the stream, and its shape says what it is. Exactly one of Error,
// Command and ProofStep is set.
type Reply struct {
	Raw       json.RawMessage
	Error     *ErrorReply
	Command   *CommandResponse
	ProofStep *ProofStepResponse
}

// ParseReply classifies and decodes one reply: {"message"} alone is an error reply; a reply with
// proofStatus (or with proofState and goals) answers a proof-state request; a reply with env
// answers a command, file or environment-pickle request. Anything else matches
// ErrMalformedReply.
func ParseReply(raw json.RawMessage) (*Reply, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil || members == nil {
		return nil, fmt.Errorf("%w: not a JSON object: %.80s", ErrMalformedReply, raw)
	}
	has := func(k string) bool { _, ok := members[k]; return ok }
	r := &Reply{Raw: raw}
	var err error
	switch {
	case has("proofStatus") || (has("proofState") && has("goals")):
		r.ProofStep = new(ProofStepResponse)
		err = json.Unmarshal(raw, r.ProofStep)
	case has("env"):
		r.Command = new(CommandResponse)
		err = json.Unmarshal(raw, r.Command)
	case has("message"):
		r.Error = new(ErrorReply)
		err = json.Unmarshal(raw, r.Error)
	default:
		return nil, fmt.Errorf("%w: reply has none of env, proofState, message: %.80s", ErrMalformedReply, raw)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v: %.80s", ErrMalformedReply, err, raw)
	}
	return r, nil
}

// Value returns the typed reply as an any (for re-encoding).
func (r *Reply) Value() any {
	switch {
	case r.Error != nil:
		return r.Error
	case r.Command != nil:
		return r.Command
	default:
		return r.ProofStep
	}
}

// Accepted reports whether the command was accepted the way a proof checker must read it:
// no error message, no sorry, and no "declaration uses `sorry`" warning (PROTOCOL.md §1.4).
func (r *CommandResponse) Accepted() bool {
	if len(r.Sorries) > 0 {
		return false
	}
	for _, m := range r.Messages {
		if m.Severity == "error" || isSorryWarning(m) {
			return false
		}
	}
	return true
}

// Errors returns the error messages, in order.
func (r *CommandResponse) Errors() []Message {
	var out []Message
	for _, m := range r.Messages {
		if m.Severity == "error" {
			out = append(out, m)
		}
	}
	return out
}

func isSorryWarning(m Message) bool {
	return m.Severity == "warning" && strings.Contains(m.Data, "declaration uses `sorry`")
}

// Completed reports a finished proof that the REPL checked with the kernel.
func (r *ProofStepResponse) Completed() bool { return r.ProofStatus == ProofStatusCompleted }
