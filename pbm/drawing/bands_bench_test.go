package drawing

import (
	"bytes"
	"image"
	"io"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zlib"
)

// BenchmarkPNGMovesOnce draws the successive positions of a board of
// each game once each, in order, as the server draws a board's pictures
// move after move, starting each round from empty caches of compressed
// bands; it reports the CPU time of the benchmark's thread per picture.
func BenchmarkPNGMovesOnce(b *testing.B) {
	for _, ps := range positions {
		pics := moves(b, ps, 40)
		b.Run(ps.name, func(b *testing.B) {
			if len(pics) == 0 {
				b.Skip("the game is over at the test position")
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu time.Duration
			n := 0
			for b.Loop() {
				resetBandsForBench()
				t0 := threadCPU()
				for _, p := range pics {
					if err := PNG(io.Discard, p); err != nil {
						b.Fatal(err)
					}
				}
				cpu += threadCPU() - t0
				n += len(pics)
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), "cpu-ns/pic")
		})
	}
}

// threadCPU is the CPU time of the calling thread so far.
func threadCPU() time.Duration { return cpuOf(syscall.RUSAGE_THREAD) }

// cpuOf is the CPU time, user and system, of the process or the thread
// who names (getrusage(2): RUSAGE_SELF, RUSAGE_THREAD).
func cpuOf(who int) time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(who, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkEncodeMovesSideBySide encodes the successive pictures of a
// board of each game, rasterised beforehand, once each in order from
// empty caches of compressed bands, and the same images as one zlib
// stream at klauspost/compress's fastest level (the encoding before the
// bands); it reports the CPU time of the benchmark's thread per picture
// for each, their ratio, and the bytes of each.
func BenchmarkEncodeMovesSideBySide(b *testing.B) {
	for _, ps := range positions {
		pics := moves(b, ps, 40)
		var imgs []*image.Paletted
		for i := range pics {
			imgs = append(imgs, paletted(&pics[i], true))
		}
		b.Run(ps.name, func(b *testing.B) {
			if len(imgs) == 0 {
				b.Skip("the game is over at the test position")
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu [2]time.Duration
			var size [2]int
			n := 0
			for b.Loop() {
				resetBandsForBench()
				for _, img := range imgs {
					for i, enc := range []func(io.Writer, *image.Paletted) error{encodePNG, encodeWhole} {
						var out bytes.Buffer
						t0 := threadCPU()
						if err := enc(&out, img); err != nil {
							b.Fatal(err)
						}
						cpu[i] += threadCPU() - t0
						size[i] += out.Len()
					}
					n++
				}
			}
			b.ReportMetric(float64(cpu[0].Nanoseconds())/float64(n), "bands-ns/pic")
			b.ReportMetric(float64(cpu[1].Nanoseconds())/float64(n), "whole-ns/pic")
			b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "x")
			b.ReportMetric(float64(size[0])/float64(n), "bands-B/pic")
			b.ReportMetric(float64(size[1])/float64(n), "whole-B/pic")
		})
	}
}

// encodeWhole writes img as a PNG file whose pixels are one zlib
// stream at klauspost/compress's fastest level.
func encodeWhole(w io.Writer, img *image.Paletted) error {
	var idat bytes.Buffer
	z, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	if err != nil {
		return err
	}
	wd := img.Rect.Dx()
	row := make([]byte, wd+1)
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		copy(row[1:], img.Pix[img.PixOffset(img.Rect.Min.X, y):][:wd])
		if _, err := z.Write(row); err != nil {
			return err
		}
	}
	if err := z.Close(); err != nil {
		return err
	}
	_, err = w.Write(idat.Bytes())
	return err
}
