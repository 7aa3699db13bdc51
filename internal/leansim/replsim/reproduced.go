package replsim

// Reproduced lists the upstream REPL test transcripts (leanprover-community/repl's test/
// directory, recorded under ../shared/lean/transcripts) that the simulator reproduces reply
// for reply. Each runs in a fresh simulated process whose working directory holds the
// transcripts' Lean files under test/, like upstream's test.sh; sessions that share pickle
// files run in order in one directory. TestTranscriptReplay checks the simulator against
// them, and `leanprm lean repl`'s transparency test replays them through the command.
var Reproduced = [][]string{
	{"readme"}, {"proof_step"}, {"tactic_sorry"}, {"term_sorry"}, {"tactic_mode_sorry"},
	{"unknown_environment"}, {"unknown_proof_state"}, {"unknown_tactic"}, {"invalid_tactic"},
	{"invalid_line_break"}, {"line_breaks"}, {"no_goal_sorry_2"}, {"synthesize_placeholder"},
	{"sorry_hypotheses"}, {"by_cases"}, {"import_lean"},
	{"pickle_environment"}, {"pickle_environment_with_imports"},
	{"pickle_open", "pickle_open_2"},
	{"pickle_proof_state_1", "pickle_proof_state_2"}, {"pickle_proof_state_env"},
}
