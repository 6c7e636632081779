package drawing

// The rasteriser as it was before the static layer cache: every PNG
// drawn from scratch through vector.Rasterizer.Draw and font.Drawer,
// colours counted in maps, the default compression. BenchmarkPNGLegacy
// runs it beside BenchmarkPNG, and TestPNGLikeLegacy checks that the
// pictures still look the same.

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/pbmgo/pbm/engine/picture"
)

// legacyPNG is PNG as it was.
func legacyPNG(w io.Writer, p picture.Picture) error {
	img := legacyImage(p)
	b := bufio.NewWriter(w)
	enc := png.Encoder{CompressionLevel: png.DefaultCompression, BufferPool: legacyPool}
	if err := enc.Encode(b, img); err != nil {
		return fmt.Errorf("drawing: encode png: %w", err)
	}
	return b.Flush()
}

// legacyImage is Image as it was.
func legacyImage(p picture.Picture) *image.Paletted {
	height, t := layout(&p)
	s := &legacySurface{
		img:   image.NewRGBA(image.Rect(0, 0, Width, height)),
		faces: map[legacyFaceKey]font.Face{},
	}
	render(s, &p, height, t)
	for _, f := range s.faces {
		f.Close()
	}
	return legacyQuantise(s.img)
}

type legacyBufferPool struct{ sync.Pool }

func (p *legacyBufferPool) Get() *png.EncoderBuffer {
	b, _ := p.Pool.Get().(*png.EncoderBuffer)
	return b
}
func (p *legacyBufferPool) Put(b *png.EncoderBuffer) { p.Pool.Put(b) }

var legacyPool = &legacyBufferPool{}

var legacyFonts = func() (f [2]*opentype.Font) {
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		var err error
		if f[i], err = opentype.Parse(ttf); err != nil {
			panic("drawing: the Go fonts do not parse: " + err.Error())
		}
	}
	return f
}()

type legacyFaceKey struct {
	size float64
	bold bool
}

type legacySurface struct {
	img   *image.RGBA
	r     vector.Rasterizer
	faces map[legacyFaceKey]font.Face
}

func (s *legacySurface) group(string, ...string) {}
func (s *legacySurface) end()                    {}

func (s *legacySurface) poly(pts []picture.Point, fill, stroke string, width float64) {
	if len(pts) < 3 {
		return
	}
	if fill != "none" && fill != "" {
		s.fill(fill, func(add func([]picture.Point)) { add(pts) }, pts)
	}
	if width > 0 && stroke != "" {
		hw := width / 2
		s.fill(stroke, func(add func([]picture.Point)) {
			for i := range pts {
				a, b := pts[i], pts[(i+1)%len(pts)]
				dx, dy := b.X-a.X, b.Y-a.Y
				l := math.Hypot(dx, dy)
				if l == 0 {
					continue
				}
				nx, ny := -dy/l*hw, dx/l*hw
				add([]picture.Point{{X: a.X + nx, Y: a.Y + ny}, {X: b.X + nx, Y: b.Y + ny}, {X: b.X - nx, Y: b.Y - ny}, {X: a.X - nx, Y: a.Y - ny}})
				if width > 1.5 {
					add(circle(a, hw))
				}
			}
		}, legacyGrow(pts, hw+1))
	}
}

// fill rasterises the shapes that paths adds, all wound the same way so
// that overlaps do not cancel, inside the box of bound, in colour.
func (s *legacySurface) fill(colour string, paths func(add func([]picture.Point)), bound []picture.Point) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range bound {
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	rect := image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
	rect = rect.Intersect(s.img.Bounds())
	if rect.Empty() {
		return
	}
	ox, oy := float64(rect.Min.X), float64(rect.Min.Y)
	s.r.Reset(rect.Dx(), rect.Dy())
	paths(func(pts []picture.Point) {
		rev := legacyArea(pts) < 0
		for i := range pts {
			p := pts[i]
			if rev {
				p = pts[len(pts)-1-i]
			}
			if i == 0 {
				s.r.MoveTo(float32(p.X-ox), float32(p.Y-oy))
			} else {
				s.r.LineTo(float32(p.X-ox), float32(p.Y-oy))
			}
		}
		s.r.ClosePath()
	})
	s.r.Draw(s.img, rect, image.NewUniform(legacyParseHex(colour)), image.Point{})
}

// area is the signed area of a polygon.
func legacyArea(pts []picture.Point) float64 {
	a := 0.0
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}

// grow returns the corners of the box around pts widened by d.
func legacyGrow(pts []picture.Point, d float64) []picture.Point {
	out := make([]picture.Point, 0, 2)
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return append(out, picture.Point{X: x0 - d, Y: y0 - d}, picture.Point{X: x1 + d, Y: y1 + d})
}

func (s *legacySurface) face(size float64, bold bool) font.Face {
	k := legacyFaceKey{size, bold}
	if f, ok := s.faces[k]; ok {
		return f
	}
	i := 0
	if bold {
		i = 1
	}
	f, err := opentype.NewFace(legacyFonts[i], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("drawing: face of the Go font: " + err.Error())
	}
	s.faces[k] = f
	return f
}

func (s *legacySurface) text(x, y, size float64, bold, start bool, colour, txt string) {
	f := s.face(size, bold)
	d := font.Drawer{Dst: s.img, Src: image.NewUniform(legacyParseHex(colour)), Face: f}
	if !start {
		x -= float64(d.MeasureString(txt)) / 64 / 2
	}
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6((y + baseline*size) * 64)}
	d.DrawString(txt)
}

// code draws the monospaced text the rasteriser draws with its own
// face, through font.Drawer as the other text.
func (s *legacySurface) code(x, y, size float64, colour, txt string) {
	f, err := opentype.NewFace(monoFontForLegacy, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(err)
	}
	defer f.Close()
	d := font.Drawer{Dst: s.img, Src: image.NewUniform(legacyParseHex(colour)), Face: f}
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6((y + baseline*size) * 64)}
	d.DrawString(txt)
}

var monoFontForLegacy = fonts[monoFont]

// legacyParseHex reads "#rrggbb"; anything else is grey.
func legacyParseHex(s string) color.RGBA {
	if len(s) == 7 && s[0] == '#' {
		if v, err := strconv.ParseUint(s[1:], 16, 32); err == nil {
			return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
		}
	}
	return color.RGBA{128, 128, 128, 255}
}

// quantise maps the image onto a palette of at most 256 colours, most
// frequent first, so the PNG stays small: the drawing has few flat
// colours and the antialiased edges between them.
func legacyQuantise(img *image.RGBA) *image.Paletted {
	px := img.Pix
	key := func(i int) uint32 { return uint32(px[i])<<16 | uint32(px[i+1])<<8 | uint32(px[i+2]) }
	counts := map[uint32]int{}
	last, run := uint32(1<<31), 0
	for i := 0; i+3 < len(px); i += 4 {
		if k := key(i); k == last {
			run++
		} else {
			if run > 0 {
				counts[last] += run
			}
			last, run = k, 1
		}
	}
	counts[last] += run
	keys := make([]uint32, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if counts[keys[i]] != counts[keys[j]] {
			return counts[keys[i]] > counts[keys[j]]
		}
		return keys[i] < keys[j]
	})
	if len(keys) > 256 {
		keys = keys[:256]
	}
	pal := make(color.Palette, len(keys))
	index := make(map[uint32]uint8, len(counts))
	for i, k := range keys {
		pal[i] = color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 255}
		index[k] = uint8(i)
	}
	out := image.NewPaletted(img.Bounds(), pal)
	last, idx := uint32(1<<31), uint8(0)
	for i, j := 0, 0; i+3 < len(px); i, j = i+4, j+1 {
		k := key(i)
		if k != last {
			v, ok := index[k]
			if !ok {
				v = uint8(pal.Index(color.RGBA{px[i], px[i+1], px[i+2], 255}))
				index[k] = v
			}
			last, idx = k, v
		}
		out.Pix[j] = idx
	}
	return out
}

func BenchmarkPNGLegacy(b *testing.B) {
	for _, ps := range positions {
		p := ps.picture(b)
		b.Run(ps.name, func(b *testing.B) {
			for b.Loop() {
				if err := legacyPNG(io.Discard, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPNGSideBySide draws each position with PNG and legacyPNG in
// turn, so that both see the same load, and reports per picture of each
// the CPU time of the process (which counts the garbage collector's
// work wherever it falls) and of the benchmark's own thread (which
// leaves the collector's background work out), and the ratios. The
// static layer is warm, as it is for a board that has moved before.
func BenchmarkPNGSideBySide(b *testing.B) {
	for _, ps := range positions {
		p := ps.picture(b)
		b.Run(ps.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			PNG(io.Discard, p)
			var proc, thread [2]time.Duration
			n := 0
			for b.Loop() {
				for i, draw := range []func(io.Writer, picture.Picture) error{PNG, legacyPNG} {
					p0, t0 := cpuOf(syscall.RUSAGE_SELF), cpuOf(syscall.RUSAGE_THREAD)
					draw(io.Discard, p)
					proc[i] += cpuOf(syscall.RUSAGE_SELF) - p0
					thread[i] += cpuOf(syscall.RUSAGE_THREAD) - t0
				}
				n++
			}
			b.ReportMetric(float64(proc[0].Nanoseconds())/float64(n), "new-cpu-ns/op")
			b.ReportMetric(float64(proc[1].Nanoseconds())/float64(n), "old-cpu-ns/op")
			b.ReportMetric(float64(proc[1])/float64(proc[0]), "x-cpu")
			b.ReportMetric(float64(thread[0].Nanoseconds())/float64(n), "new-thread-ns/op")
			b.ReportMetric(float64(thread[1].Nanoseconds())/float64(n), "old-thread-ns/op")
			b.ReportMetric(float64(thread[1])/float64(thread[0]), "x-thread")
		})
	}
}
