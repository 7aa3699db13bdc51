package datafetch

// The public sources, each file pinned by the commit it is read at, its size and its SHA-256
// (computed from the files at that commit). The outputs are pinned too: a conversion that does
// not reproduce them byte for byte is an error, not a silently different benchmark.

const (
	processBenchCommit = "2f2fd8ae590aeb949f7be265478b05280f93db68"
	gsm8kCommit        = "3101c7d5072418e28b9008a6636bde82a006892c"
	prmBenchCommit     = "a1ae4eab803e14c4c6316bf89d1679b0486faa8c"
	mrGSM8KCommit      = "3f666d60dd5f2fe31d619c528076bac54f4a13b7"
	prmBenchData       = "mr_eval/tasks/prmtest_classified/data/"
	mrGSM8KGrading     = "eval_results/gpt4-grading/"
)

// Builtin is the list `leanprm data fetch` knows, in the order `data list` shows it.
var Builtin = []Dataset{
	{
		Name: "processbench", Repo: "QwenLM/ProcessBench", Commit: processBenchCommit, License: "Apache-2.0",
		What:    "ProcessBench as first published in its repository: each subset split by SHA-256(id) into the development half (first byte even: SUBSET.dev.jsonl) and the held-out half (SUBSET.heldout.jsonl), one JSON object a line",
		Convert: ConvertProcessBench,
		Files: []File{
			{Path: "dataset/gsm8k.json", Size: 574343, SHA256: "fb1c59dfd1e83e1c5a48dbe598db27e4bc0b8bc524a09445f2d4b69178f61349"},
			{Path: "dataset/math.json", Size: 1938778, SHA256: "520ae64463d6ceb4bf13af31693389a5d5b14934cdad3468193dea4a5ceb0414"},
			{Path: "dataset/olympiadbench.json", Size: 2808955, SHA256: "e9d801c9f3c03f949adbfa08e90cb21ad85c0b9224bc5e98326f8215c218aa55"},
			{Path: "dataset/omnimath.json", Size: 2842872, SHA256: "e8d7cf4512c82168dae2fe48b1718069a3002e7910af1d180a27ee0d9948ba47"},
		},
		Outputs: []Output{
			{Path: "processbench/gsm8k.dev.jsonl", SHA256: "837dbf96cfe42397adc09667e5c39c27475017e8c3ea214c1781a4799415dd6d"},
			{Path: "processbench/gsm8k.heldout.jsonl", SHA256: "c983e90d542f938377a9fd0f5e2a5ecf87ab18252f9492179a05507b5fbd88ba"},
			{Path: "processbench/math.dev.jsonl", SHA256: "f6dd7103c9a869148c1de499818b921552589b139734936bf278f2d2854e8be5"},
			{Path: "processbench/math.heldout.jsonl", SHA256: "ddf24a3623d1c67705e4b130709620929507dfaa2f6c907d23e937a70ea4d135"},
			{Path: "processbench/olympiadbench.dev.jsonl", SHA256: "8e2649de4604671e8f279c2b77175ac4dc732f937e5bb980db28f66d567bd205"},
			{Path: "processbench/olympiadbench.heldout.jsonl", SHA256: "694457f0dfc449b1d04592a54bce6cce4ef8ac3233cbf17a3cafa5913f27dc82"},
			{Path: "processbench/omnimath.dev.jsonl", SHA256: "a2cd5faa768289855e164e965f6dd069415664454b26dfae03b4c75d945491e4"},
			{Path: "processbench/omnimath.heldout.jsonl", SHA256: "13316c409695429b173df01ffd6ec75af5dffdba8b7d858884392b1989d48ac6"},
		},
	},
	{
		Name: "gsm8k", Repo: "openai/grade-school-math", Commit: gsm8kCommit, License: "MIT",
		What:    "GSM8K problems with reference solutions (train and test), as published",
		Convert: ConvertCopy,
		Files: []File{
			{Path: "grade_school_math/data/train.jsonl", Size: 4166206, SHA256: "17f347dc51477c50d4efb83959dbb7c56297aba886e5544ee2aaed3024813465"},
			{Path: "grade_school_math/data/test.jsonl", Size: 749738, SHA256: "3730d312f6e3440559ace48831e51066acaca737f6eabec99bccb9e4b3c39d14"},
		},
	},
	{
		Name: "prmbench", Repo: "ssmisya/PRMBench", Commit: prmBenchCommit, License: "Apache-2.0",
		What:    "PRMBench's classified PRM800K files (original and modified processes, error steps and classes), as published",
		Convert: ConvertCopy,
		Files: []File{
			{Path: prmBenchData + "prm800k_test_p1_4o_circular.jsonl", Size: 288222, SHA256: "7205855b6b7e9a161b9b7c1e163274bea5b9ecd4ba0a435100e8e545fea42a4a"},
			{Path: prmBenchData + "prm800k_test_p1_4o_confidence.jsonl", Size: 310456, SHA256: "17ec2af85dfb6cc230c9d4c6f3b6b9b7668d5bcb7db0e8ae9e2b6b74e6b5a509"},
			{Path: prmBenchData + "prm800k_test_p1_4o_counterfactual.jsonl", Size: 308466, SHA256: "18774eff6acc1a1ff8d8be5168d451511a1bb42d1b6a000f50db008cfb0a0d54"},
			{Path: prmBenchData + "prm800k_test_p1_4o_deception.jsonl", Size: 297924, SHA256: "5a68973f459b49be56e6e2d375bf69668dcf8476c79096c1541e293bb02df44f"},
			{Path: prmBenchData + "prm800k_test_p1_4o_domain_inconsistency.jsonl", Size: 307869, SHA256: "551818a44f7ccebda16743711f6f60198cd6617296c559243b3866fd7f562f0d"},
			{Path: prmBenchData + "prm800k_test_p1_4o_missing_condition.jsonl", Size: 308540, SHA256: "216f8ea75d585becbb915070faa39b46ac07f618e7ece33bb3931ff0247b371c"},
			{Path: prmBenchData + "prm800k_test_p1_4o_redundency.jsonl", Size: 304187, SHA256: "0c23552bf0abb801acc11ee18954c4595101f334761362afa809af76238eb2c9"},
			{Path: prmBenchData + "prm800k_test_p1_4o_step_contradiction.jsonl", Size: 309610, SHA256: "7d291f5596715f8b21db2aae2ebcc5b7347b099f0cc66a7a2788ee56601c4aa8"},
			{Path: prmBenchData + "prm800k_test_p2_4o_circular.jsonl", Size: 752990, SHA256: "531060d9a79fb9561b046361258c993bfe06a6e8df18e0f8f30bb28df0a200c4"},
			{Path: prmBenchData + "prm800k_test_p2_4o_confidence.jsonl", Size: 824926, SHA256: "53ba01695ab145a8393f20cac6f96b9b836e39f169fc4ff18d7ed48cac9c1a0d"},
			{Path: prmBenchData + "prm800k_test_p2_4o_counterfactual.jsonl", Size: 824881, SHA256: "8910343b84696dc2b36cc7b1833e934897e55c66bbe4b93d5040736443a2f03d"},
			{Path: prmBenchData + "prm800k_test_p2_4o_deception.jsonl", Size: 816482, SHA256: "b98ba8ef38abbcb04ce8766e1bcb80e6aafb19661da675e3c2334e44ace3acdd"},
			{Path: prmBenchData + "prm800k_test_p2_4o_domain_inconsistency.jsonl", Size: 836151, SHA256: "66bc63f3080fcbe8b372f0fe460b4f26f9ffd1cedef9a85e4cd354c9547ca479"},
			{Path: prmBenchData + "prm800k_test_p2_4o_missing_condition.jsonl", Size: 845385, SHA256: "93b52efc514eeaed3156c1fccf3c9e4e7b633f0eb131c1a50a3b9a1d45b6c18c"},
			{Path: prmBenchData + "prm800k_test_p2_4o_redundency.jsonl", Size: 836159, SHA256: "e729812baf0c3456dc7eafb856a8380f9c21579ea225f307d0edd947cd5e2746"},
			{Path: prmBenchData + "prm800k_test_p2_4o_step_contradiction.jsonl", Size: 815381, SHA256: "7c77a62dfb9165db3d5033732eaef161b6d8dee09d548db6cb08d1a5ed4e74ac"},
			{Path: prmBenchData + "prm800k_train_p1_first400_4o_circular.jsonl", Size: 1186499, SHA256: "a4eae35fba1f169dc3a05f5e90ef7087c4be21c8dfbf9268ffbc750588221b89"},
			{Path: prmBenchData + "prm800k_train_p1_first400_4o_confidence.jsonl", Size: 1316236, SHA256: "3ed32dd0b67c59df3c854bacb72cc6d298aebc53e817eb61e504ff5de890711b"},
			{Path: prmBenchData + "prm800k_train_p1_first400_4o_counterfactual.jsonl", Size: 1310901, SHA256: "da97d496e32476912b4fcbc3254488f430f294ef6346698d5ce39af67ae24b00"},
			{Path: prmBenchData + "prm800k_train_p1_first400_4o_deception.jsonl", Size: 1302163, SHA256: "1125095799e9792d72156417f06acec7017447fdbe24d03129af5ca6e355a9cd"},
			{Path: prmBenchData + "prm800k_train_p1_first400_4o_domain_inconsistency.jsonl", Size: 1319893, SHA256: "2d68581c14f0d9dd9fa106f2060afb462561c2dd67246c0dea8ed393c90fe375"},
			{Path: prmBenchData + "prm800k_train_p1_first400_4o_missing_condition.jsonl", Size: 1324057, SHA256: "0d5f020b02bf4c631f0feb37063d0e7f2d6049c27d75dbc859ba81120e8a7070"},
			{Path: prmBenchData + "prm800k_train_p1_first400_4o_redundency.jsonl", Size: 1329916, SHA256: "03723fc0a28d896351969632c6e98e3d09c73cef41c4a5899ffdcc1ade28be47"},
			{Path: prmBenchData + "prm800k_train_p1_first400_4o_step_contradiction.jsonl", Size: 1302345, SHA256: "35accaa8eb3dc3e95eacfc51135b18949a1c68729e33803eb5edb3079dd8acdb"},
			{Path: prmBenchData + "prm_test_p12_multi_solutions.jsonl", Size: 928744, SHA256: "4cda3e5946f02d0c3e79bd9e2513af8cde2efe83868c63e469ca10388a98a99d"},
		},
	},
	{
		Name: "mr-gsm8k", Repo: "dvlab-research/MR-GSM8K", Commit: mrGSM8KCommit, License: "MIT",
		What: "MR-GSM8K solutions humans marked wrong, with the first wrong step and its reason: the records of the GPT-4-graded result files merged by uuid (a later file's record wins), their ten MR-GSM8K fields, sorted by uuid, into labeled.jsonl " +
			"(GPT4_eval_results.json is left out: it adds no record the others lack to this set, and its blob was not in the mirror the pins were computed from)",
		Convert: ConvertMRGSM8K,
		Files: []File{
			{Path: mrGSM8KGrading + "Claude_eval_results.json", Size: 1804692, SHA256: "6a9f5b28d96b882d20c4abe84f0459d47c230fedf25d438917e1b9b26ffd21b9"},
			{Path: mrGSM8KGrading + "GPT3_5_eval_results.json", Size: 987899, SHA256: "80e8856eaf11b94e260928d087366c212ebe384870033ccaaa4a798ff3ee7514"},
			{Path: mrGSM8KGrading + "llama2_70b_eval_results.json", Size: 2163689, SHA256: "e3332da08791a829a963c24f48ceaaaa9df9db41193008730e57c7da822e1c4f"},
			{Path: mrGSM8KGrading + "mammoth_70B_eval_results.json", Size: 26706, SHA256: "a488c7cb597c5813e004d778ed90f039d210e95c4cc9ca224a6f837090216baa"},
			{Path: mrGSM8KGrading + "metamath_70B_eval_results.json", Size: 114594, SHA256: "66446c9c98fe961825af91554a1c7998c1a4ddafd315ccffbd90905e7caeca28"},
			{Path: mrGSM8KGrading + "wizardmath_70B_eval_results.json", Size: 17124, SHA256: "64f9bc2a0858c7fcf9eb8d5e6eddd9a6d4cd5cb37e5ce646df8d1e465d65fc8a"},
		},
		Outputs: []Output{
			{Path: "mr-gsm8k/labeled.jsonl", SHA256: "8647aac07944adfb7149480c9ce9cdfb8768cdf3f91e7bcfeacdfe9fa90899ef"},
		},
	},
}
