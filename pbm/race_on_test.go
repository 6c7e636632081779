//go:build race

package pbm

// raceEnabled: the tests run under the race detector, whose sync.Pool
// drops pooled items at random (regexp's backtracker state among
// them), so allocation counts measure the detector and not the code.
const raceEnabled = true
