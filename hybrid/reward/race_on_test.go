//go:build race

package reward

// raceDetector is set when the tests run under the race detector, which slows the regular
// expressions of the differential test about tenfold.
const raceDetector = true
