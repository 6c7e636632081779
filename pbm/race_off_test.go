//go:build !race

package pbm

// raceEnabled tells whether the race detector is on (the build tag
// "race" sets it true).
const raceEnabled = false
