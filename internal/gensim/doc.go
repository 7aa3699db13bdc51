// Package gensim is leanprm's generator simulator (`leanprm sim generator`): an
// OpenAI-compatible server (GET /v1/models, POST /v1/completions, POST /v1/chat/completions)
// that continues the reference solutions of a GSM8K-format file, one step per call, with
// arithmetic slips at a chosen rate that later steps carry, computed correctly from the wrong
// value. It is not a model and never says it is one: the only model it serves, and the
// "model" of every answer, is "sim". Searches, Monte Carlo labels and the generator client's
// tests run against it, and WithFaults makes it the failing peer (429, 500, hangs, closed
// connections, malformed JSON, empty completions).
//
// What it writes, how slips are made and carried, how a request's prefix is read, how a
// continuation ends, determinism and faults are in docs/GENERATOR-SIMULATOR.md.
//
// # Example
//
//	problems, err := gensim.LoadFile("testdata/search/gsm8k-style.jsonl")
//	sim, err := gensim.New(problems, gensim.Options{SlipRate: 0.15, Seed: 1})
//	http.ListenAndServe("127.0.0.1:8001", sim.Handler())
package gensim
