package drawing

import (
	"io"
	"testing"
)

// BenchmarkPNG and BenchmarkSVG render one position of each game.
func BenchmarkPNG(b *testing.B) {
	for _, ps := range positions {
		p := ps.picture(b)
		b.Run(ps.name, func(b *testing.B) {
			for b.Loop() {
				if err := PNG(io.Discard, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSVG(b *testing.B) {
	for _, ps := range positions {
		p := ps.picture(b)
		b.Run(ps.name, func(b *testing.B) {
			for b.Loop() {
				if err := SVG(io.Discard, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
