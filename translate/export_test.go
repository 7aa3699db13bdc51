package translate

// InvestigatedForTest are the hand-checked refutations before a labelled
// first error (investigated, measure_test.go), for the tests of package
// translate_test that run the check pipeline over the same data: one list.
var InvestigatedForTest = investigated
