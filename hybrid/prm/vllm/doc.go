// Package vllm is a hybrid.PRM backed by a process reward model served by
// vLLM's pooling runner (POST /pooling).
//
// Two request styles are supported. ModeQwen (the default) is for
// Qwen2.5-Math-PRM: the client renders the chat template itself (system
// prompt, the problem as the user turn, the steps as the assistant turn,
// each followed by "<extra_0>") and reads one [p_neg, p_pos] vector per
// step from data[i].data, scoring p_pos. ModeStep is Math-Shepherd-style
// STEP pooling: each step is followed by a step tag and the server, started
// with that tag's token id and the returned token ids, answers with the
// returned tokens' probabilities per tag; GoodIndex picks the "good" one.
//
// Chains go out in batches (BatchSize inputs per request) with at most
// Concurrency requests in flight. Each attempt has its own timeout; network
// errors, timeouts, 408, 429 and 5xx are retried with exponential backoff
// up to MaxRetries; a failure is a *RequestError that names the call, the
// timeout and the attempts, and wraps the cause.
//
// ExampleNew shows a Scorer over a served PRM.
package vllm
