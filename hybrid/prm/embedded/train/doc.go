// Package train fits the embedded learned PRM (package embedded) from
// ../shared/data: `leanprm train` and `make model`. Fit reads the data
// sets, featurizes their steps with embedded.Features (the featurizer the
// model scores with), fits the linear model by AdaGrad, optionally boosts
// trees on top, calibrates on ProcessBench dev and returns an
// embedded.Model. The sources:
//
//   - PRMBench train files: modified processes labelled up to their first
//     error, as ProcessBench labels (the steps after it are not asked
//     about), except the "redundency" class, whose inserted step is
//     redundant but not wrong; and the original processes (all right).
//   - MR-GSM8K: model solutions with their first error steps, weighted up
//     (their steps read like the ones leanprm scores), and the reference
//     solution of each of its problems, which balances a set made only of
//     solutions that went wrong.
//   - Weak labels made from GSM8K reference solutions by corrupting one
//     calculation, each paired with its intact twin: an operand from
//     nowhere, the wrong operation (+ for -, × for ÷), another quantity of
//     the problem as operand, a term left out of a sum; the arithmetic of
//     the corrupted step stays true, so the model learns reasoning errors
//     the exact checks cannot see.
//
// Ten models (seeds Seed..Seed+9, each with its own draw of weak labels)
// are averaged into one linear model (Config.Bags). ProcessBench dev
// is used only to calibrate (Platt scaling) and to pick the default
// threshold on its GSM8K file. Platt scaling is monotone, so which step
// falls first below a threshold depends only on the threshold; choosing
// that threshold on the chains it is measured on flatters the figure, so
// `leanprm eval processbench --cv` and `leanprm train --cv` also report
// F1 cross-validated over two folds by id hash (bench.Fold), and a
// training choice (features, bags, weights) is kept only when it wins on
// the fold it is chosen on, both ways. Training is deterministic: the same
// data and seed give a byte-identical file.
//
// Measured under that rule and dropped (hybrid ProcessBench GSM8K F1,
// means of seeds 1, 11, 21 unless a seed is named: the fold-0 / fold-1
// figure a choice reaches on the fold it is chosen on, then the
// cross-validated one; the committed configuration gives 47.2 / 54.8 and
// 50.1, seeds 49.7 / 50.3 / 50.3). No change below wins on both folds, and
// none raises the cross-validated figure, so the model is unchanged:
//
//   - boosted trees on top of the linear model (`leanprm train --trees`,
//     seed 1): 20 trees 42.7 / 55.2 and 46.1, 60 trees 47.3 / 51.4 and 44.8;
//   - a pairwise ranking loss within each problem (a wrong step below the
//     right steps of the same problem; seed 1, not kept in the code): with
//     earlier steps as partners 40.9 / 44.0 and 38.5 at weight 0.5, with
//     only the same index (intact twin, original process) 43.6 / 51.2 and
//     45.1 at weight 0.3 — it teaches position, not error;
//   - comprehension weak labels (`--weak-kinds`, KindCrossOp, KindReversed)
//     added to the default kinds: "more than" read as "times" 46.0 / 54.4
//     and 48.7, a rate the wrong way round 45.8 / 53.7 and 48.2, both 46.2 /
//     54.0 and 47.7; every default kind twice 45.9 / 53.2 and 48.0; the
//     operand from nowhere twice 44.6 / 52.2 and 46.2; leaving one default
//     kind out loses on both folds (operand 44.8 / 49.6, operation 45.2 /
//     53.6, problem operand 46.7 / 54.1, dropped term 46.5 / 54.1);
//   - every feature repeated for word problems only (96 features): 47.1 /
//     51.7 and 47.7;
//   - a feature from the problem's structure: a problem number that a
//     relation word follows ("8 more", "3 times", "20%") combined in the
//     step by the other kind of operation ("× 8", "+ 3"): 47.2 / 54.8 and
//     50.1, no change — it fires on 20 GSM8K dev steps, 3 of them first
//     errors and 12 right steps before one;
//   - position and size features left out together: log_steps with
//     log_cum_chars 45.3 / 53.7 and 47.6, log_index with log_cum_chars
//     46.8 / 53.0 and 48.1, log_cum_chars alone 47.2 / 53.8 and 49.3;
//   - training on the held-out tenth as well: 46.6 / 53.0 and 48.8;
//   - each source's mass not split evenly between right and wrong steps:
//     natural class shares 51.9 / 51.2 and 42.5, square-root balancing
//     51.0 / 54.0 and 45.4 — fold 0 gains on the fold it is chosen on,
//     but the GSM8K scores bunch together (all within 0.78-0.89 after
//     calibration) and the two folds' best thresholds drift apart (0.820
//     and 0.786), so the other fold loses;
//   - learning rate 0.05 (46.2 / 54.1, 47.7) and 0.2 (47.0 / 53.7, 49.5);
//     MR-GSM8K weight 2 (45.7 / 54.1, 48.4) and 4 (47.2 / 54.0, 48.4);
//   - decision rules on the committed scores, chosen on one fold and
//     measured on the other: a chain flagged by its minimum (or last, or
//     mean, or second-lowest score) below one threshold, located at the
//     first step below a second — fold 0 / fold 1 44.1 / 51.7, 44.1 / 47.2,
//     42.5 / 49.6 for the minimum (seeds 1, 11, 21) against 45.8 / 53.3,
//     45.2 / 55.0, 45.8 / 54.5 for one threshold; and a threshold chosen to
//     maximize F1 averaged over ±w around it, which should move better to
//     the other fold but does not (cross-validated 49.2, 48.4, 48.6 at w =
//     0.002, 0.005, 0.01);
//   - the size features (log_chars, rel_chars, log_cum_chars, digit_frac)
//     measured on the step as plain prose would write it (LaTeX markup
//     counting nothing, \times one character), so that typeset and plain
//     data sets compare: seeds 1, 11, 21 reach 46.8 / 55.4, 46.8 / 55.4,
//     46.8 / 56.1 on the fold chosen on against 47.4 / 56.5, 46.8 / 56.5,
//     47.4 / 56.1, cross-validated 49.7, 48.0, 50.1 against 50.5, 51.1,
//     50.3;
//   - thirty bags instead of ten (seeds 1, 11): 47.4 / 56.5 and 46.8 /
//     56.5, no gain on either fold, cross-validated 50.5 and 49.5;
//   - a quantity of the problem paired in a step with another noun
//     ("$8.00/skirt" where the problem says $6.00 per skirt and $8.00 per
//     pair of pants), prototyped on GSM8K dev before any training: it
//     fires at 2 labelled first errors and on 11 right steps before one,
//     so it was not built;
//   - training on ProcessBench dev itself (steps before a first error
//     right, the step at it wrong), cross-fitted: one model per fold,
//     trained on the other fold's chains, each fold scored by the model
//     that did not see it at the threshold chosen on the other fold (not
//     kept in the code; seed 1): at weight 0.3, 1, 3, 10 (mass relative to
//     the source's size, as for the others) GSM8K cross-validated 48.0,
//     48.8, 49.5, 46.5 against 50.5 — in-domain labels do not help these
//     features either;
//   - a number derived earlier in the same step counted as support for
//     its later uses there ("52 ÷ 4 = 13. Now, he has: 52 - 13 = 39":
//     today 13 counts as a number from nowhere; it is the most common
//     reason right steps of correct GSM8K chains fall below the
//     threshold, with log_steps): seeds 1, 11, 21 reach 46.3 / 55.8,
//     47.6 / 55.8, 45.8 / 55.4 on the fold chosen on, cross-validated
//     49.9, 46.2, 48.6 — the committed weights were learned with the
//     feature as it is, and retrained with the fix they lose.
//
// Every one of these loses on GSM8K; the configuration they perturb was
// itself chosen on all of GSM8K dev by the earlier sessions, so its
// cross-validated 50.1 is still the upper end of what it would score on
// unseen chains (44.5 on the kept-aside half).
package train
