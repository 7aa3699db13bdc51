// Package generate is a client for OpenAI-compatible text generators (vLLM, SGLang, llama.cpp's
// server, Ollama, hosted APIs): it asks for the next reasoning step of a partial answer, n
// samples at a time, through /v1/completions or /v1/chat/completions.
//
// A step is the text up to the stop string (default "\n\n", as search-and-learn and OpenR
// split steps); a call with Params.Final set sends no stop string and lets the model run to its
// end. Every Sample says how it ended (at the stop string, at the model's end of sequence, or at
// max_tokens) and which source produced it: the "model" the server names in its answer
// ("sim" for leanprm's simulator), never a name the client made up.
//
// Prompts:
//   - TemplateRaw (/v1/completions): RawTemplate with {problem} replaced, then the prefix steps,
//     each followed by the stop string, so the model continues after the last one.
//   - TemplateChat (/v1/chat/completions): an optional system message, the user message
//     (UserTemplate with {problem}), and — when there is a prefix — an assistant message holding
//     the prefix steps that the server continues. With DialectVLLM that is vLLM's
//     `continue_final_message: true` with `add_generation_prompt: false` (SGLang reads the same
//     fields); DialectOpenAI sends only fields of OpenAI's reference, and a hosted chat API then
//     answers the prefix with a new message rather than continuing it: use raw completions there.
//
// Failures: each attempt has its own timeout; network errors, 408, 429 and 5xx are retried a
// bounded number of times with exponential back-off, honouring Retry-After up to MaxBackoff; a
// 4xx, a malformed body or a completion with nothing in it is an error at once. Errors name the
// generator's URL and what went wrong ("connection refused", "no answer within 30s",
// "malformed JSON"); errors.Is finds ErrUnavailable, ErrTimeout, ErrMalformed and ErrEmpty.
//
// A server that ignores n (llama.cpp's server and Ollama answer one choice) is asked again for
// the missing samples, one request each.
//
// Usage:
//
//	c, err := generate.New(generate.Options{BaseURL: "http://127.0.0.1:8000/v1", Model: "Qwen/Qwen2.5-Math-7B-Instruct"})
//	p := generate.DefaultParams()
//	samples, err := c.Continue(ctx, problem, []string{"Step one."}, 4, p)
//	for _, s := range samples { fmt.Println(s.Text, s.End, s.Source) }
package generate
