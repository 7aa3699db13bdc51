// Package reward puts a chain's outcome beside its process: the final answer, extracted from
// the chain's steps and graded against the chain's gold answer (hybrid/outcome), the
// right-answer-wrong-work flag, and the one number an RL loop is paid under each Mode.
//
// The grader's promise carries through: an answer is equal to the gold only when proven,
// different only when proven, and otherwise unknown, which no mode turns into a 0 or a 1
// silently: Reward says when an unknown outcome fell back (Settings.OnUnknown).
//
// A chain is flagged right_answer_wrong_work when its answer is proven equal to the gold and
// yet a step is wrong: "proven" when a checker refuted a step (the earliest is named),
// "predicted" when no step was refuted but one scores below the threshold.
//
// The default mode, grounded (grounded.go, docs/REWARD.md), pays a right answer for the work
// its steps do: relations that derive new quantities from the problem's, valued min-form, the
// answer traced to one of their results, idle steps (repetitions, restatements, identities,
// ungrounded relations) costing and never paying; each step gets a dense reward in Delta form.
//
//	o := reward.Of(grader, scored, threshold) // grader: the process's (nil: outcome's defaults); nil without a gold answer
//	p, w := reward.Settings{}.PayChain(o, scored, chainScore, refuted) // grounded
//	fmt.Println(o.Verdict, o.RightAnswerWrongWork, p.Reward, p.Fallback, w.Derived, w.Steps)
package reward
