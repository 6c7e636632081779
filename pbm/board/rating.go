package board

import "math"

// Expected is the Elo Expected score of a against b.
func Expected(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }
