// Package gensim is leanprm's generator simulator (`leanprm sim generator`): an
// OpenAI-compatible server (GET /v1/models, POST /v1/completions, POST /v1/chat/completions)
// that continues the reference solutions of a GSM8K-format file, one step per call, with
// slips at chosen rates — arithmetic (a wrong value), or a wrong operation, a wrong quantity
// copied, a step skipped, a conversion forgotten or doubled, a number misread, whose
// arithmetic is right — that later steps carry, computed correctly from the slipped value,
// and that each answer names in its "sim_slips". It is not a model and never says it is one: the only model it serves, and the
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
//	sim, err := gensim.New(problems, gensim.Options{SlipRate: 0.15, Seed: 1}) // arith=0.15
//	mixed, err := gensim.New(problems, gensim.Options{Slips: map[gensim.Kind]float64{
//		gensim.Arith: 0.015, gensim.Operation: 0.035, gensim.Copy: 0.035}, Seed: 1})
//	http.ListenAndServe("127.0.0.1:8001", sim.Handler())
package gensim
