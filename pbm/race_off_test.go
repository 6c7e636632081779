//go:build !race

package pbm

// raceEnabled: see race_on_test.go.
const raceEnabled = false
