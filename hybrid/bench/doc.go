// Package bench holds the benchmark maths over scored chains: ProcessBench
// and PRMBench metrics (EvaluateProcessBench, EvaluatePRMBench, and side by
// side per policy, CompareProcessBench, ComparePRMBench), threshold choice
// (ChooseThreshold) and its cross-validation over two folds by id hash
// (Fold, CrossValidateProcessBench), formal-against-learned comparison
// (Compare, AUC) and best-of-N (SelectBest). Package report renders what
// it computes.
package bench
