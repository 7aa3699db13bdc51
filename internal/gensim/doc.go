// Package gensim is leanprm's generator simulator (`leanprm sim generator`): an
// OpenAI-compatible server (GET /v1/models, POST /v1/completions, POST /v1/chat/completions)
// that continues the reference solutions of a GSM8K-format file, one step per call. It is not a
// model and never says it is one: the only model it serves, and the "model" of every answer, is
// "sim".
//
// # What it writes
//
// The steps of a problem are the lines of its reference answer with the calculator annotations
// written out: "48/2 = <<48/2=24>>24 clips" becomes "48/2 = 24 clips", and an annotation whose
// expression the text does not show is written as "expr = value". The final step is
// "The answer is N.". Each generated step that holds a calculation slips with probability
// Options.SlipRate: its last calculation gets a wrong value (the right one plus 1, -1, 2, -2, 3,
// 10, -10 or 5, kept positive), and every later step is computed correctly from the wrong value
// (the annotated expressions are evaluated again with the values substituted), so the final
// answer is wrong and only the slipped step is refutable — as with a real model's slip.
// Numbers are carried by value: a later number that happens to equal the changed one (the
// question's 12 beside a computed 12) changes with it. The claims stay true — every changed
// expression is evaluated again — but such a chain can drift further from the reference.
// Prose numbers outside a line's calculations are left as written. Over GSM8K's training
// problems about 5 slipped chains in 100 still get a later claim that is false too (a number
// the reference reuses with two meanings, a calculation it wrote by hand): the measured figures
// of the searches include them.
//
// # How a request is read
//
// The problem is the one whose question text appears in the prompt (in any message of a chat
// request); a prompt with none is answered 400. The partial answer is, for /v1/completions,
// the prompt after the question, and, for chat, the last message when it is the assistant's
// (vLLM's continue_final_message). It is split into steps at the request's stop strings
// ("\n\n" when none), then read against the reference line by line:
//   - a step equal to the reference line, or equal up to its numbers, carries its numbers into
//     the later lines (a slip in the prefix stays carried, and "8 + 5 = 12" in a prefix makes
//     the next line use 12);
//   - a step that matches nothing takes that line's place, with the values the reference
//     computes: the simulator cannot read arbitrary prose, so it continues with the remaining
//     reference steps from the values it knows — honest about what it follows, not a reader
//     of the prefix;
//   - steps without a digit before the first matched one are the prompt template's
//     instructions and skipped;
//   - a prefix that already states a final answer ("The answer is", \boxed{, ####) is complete:
//     the answer is an empty text that ends at once (finish_reason "stop", stop_reason null).
//
// The continuation is the rest of the solution, steps separated by "\n\n", cut at the earliest
// stop string (finish_reason "stop", stop_reason the string, the string kept only with
// include_stop_str_in_output) or at max_tokens (finish_reason "length"); else it ends with the
// final answer (stop_reason null, as vLLM reports the end of the sequence). Tokens are counted
// as words and punctuation marks, for usage and max_tokens alike.
//
// # Determinism
//
// Every draw comes from a hash of Options.Seed, the request's seed, the whole prompt and the
// sample's index in n, so the same request gets the same answer, and the n samples of one
// request differ. With temperature 0 the index is left out: greedy decoding repeats itself.
//
// # Failing on purpose
//
// WithFaults wraps the handler to answer 429 (with Retry-After), 500, hang, close the
// connection, send malformed JSON or an empty completion: the failing peer of the generator
// client's tests (`leanprm sim generator --fault KIND[:COUNT]`).
package gensim
