package drawing

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"hash/maphash"
	"image"
	"sync"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/zlib"
)

// bandRows is the height of a band of the zlib stream, in rows.
const bandRows = 64

// bandLevel is the level of klauspost/compress each band is compressed
// at.
const bandLevel = 4 // with 64-row bands, files no larger than one stream at BestSpeed

// bandCap bounds the compressed bytes the band cache keeps in each of
// its two generations.
const bandCap = 8 << 20

// A compressed band: the deflate blocks of its filtered rows, ended by
// a sync flush, and their Adler-32 checksum and length.
type compressedBand struct {
	z     []byte
	adler uint32
	n     int
}

// bandKey identifies a band by two independent 64-bit hashes of its
// filtered rows and its length: two bands alike in all three are taken
// for the same content.
type bandKey struct {
	h1, h2 uint64
	n      int
}

// compressedBands keeps the bands compressed last, in two generations:
// a band found in the old one moves to the new one, and when the new
// one holds bandCap bytes it becomes the old one and the old one is
// dropped.
var compressedBands = bandCache{seed1: maphash.MakeSeed(), seed2: maphash.MakeSeed(), cur: map[bandKey]*compressedBand{}}

type bandCache struct {
	sync.Mutex
	seed1, seed2 maphash.Seed
	cur, old     map[bandKey]*compressedBand
	bytes        int
	// hits and misses count lookups, for tests.
	hits, misses int
}

func bandOf(k bandKey) *compressedBand {
	c := &compressedBands
	c.Lock()
	defer c.Unlock()
	if b := c.cur[k]; b != nil {
		c.hits++
		return b
	}
	if b := c.old[k]; b != nil {
		c.hits++
		delete(c.old, k)
		c.keep(k, b)
		return b
	}
	c.misses++
	return nil
}

func keepBand(k bandKey, b *compressedBand) {
	c := &compressedBands
	c.Lock()
	defer c.Unlock()
	c.keep(k, b)
}

// zlibEnds are the two bytes that open the zlib stream (RFC 1950, 2.2)
// and the empty final deflate block that closes it, as the zlib writer
// of klauspost/compress writes them at bandLevel.
var zlibEnds = sync.OnceValues(func() (head, final []byte) {
	var b bytes.Buffer
	z, err := zlib.NewWriterLevel(&b, bandLevel)
	if err != nil {
		panic("drawing: zlib writer: " + err.Error())
	}
	if err := z.Close(); err != nil {
		panic("drawing: zlib writer: " + err.Error())
	}
	out := b.Bytes()
	return out[:2:2], out[2 : len(out)-4 : len(out)-4]
})

// deflate writes the zlib stream of img's filtered rows to e.idat.
func (e *pngWriter) deflate(img *image.Paletted) error {
	wd, ht := img.Rect.Dx(), img.Rect.Dy()
	head, final := zlibEnds()
	e.idat.Reset()
	e.idat.Write(head)
	sum := adler32.Checksum(nil)
	for y0 := 0; y0 < ht; y0 += bandRows {
		rows := min(bandRows, ht-y0)
		n := rows * (wd + 1)
		if cap(e.band) < n {
			e.band = make([]byte, n)
		}
		band := e.band[:n]
		for y := range rows {
			i := img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y0+y)
			row := band[y*(wd+1) : (y+1)*(wd+1)]
			row[0] = 0 // filter None
			copy(row[1:], img.Pix[i:i+wd])
		}
		k := bandKey{maphash.Bytes(compressedBands.seed1, band), maphash.Bytes(compressedBands.seed2, band), n}
		b := bandOf(k)
		if b == nil {
			var err error
			if b, err = e.compress(band); err != nil {
				return err
			}
			keepBand(k, b)
		}
		e.idat.Write(b.z)
		sum = adler32Combine(sum, b.adler, b.n)
	}
	e.idat.Write(final)
	return binary.Write(&e.idat, binary.BigEndian, sum)
}

// compress compresses one band on its own, ended by a sync flush.
func (e *pngWriter) compress(band []byte) (*compressedBand, error) {
	var out bytes.Buffer
	out.Grow(len(band) / 8)
	if e.z == nil {
		z, err := flate.NewWriter(&out, bandLevel)
		if err != nil {
			return nil, fmt.Errorf("deflate: %w", err)
		}
		e.z = z
	} else {
		e.z.Reset(&out)
	}
	if _, err := e.z.Write(band); err != nil {
		return nil, fmt.Errorf("deflate: %w", err)
	}
	if err := e.z.Flush(); err != nil {
		return nil, fmt.Errorf("deflate: %w", err)
	}
	return &compressedBand{z: bytes.Clone(out.Bytes()), adler: adler32.Checksum(band), n: len(band)}, nil
}

// keep adds b to the new generation, with c locked.
func (c *bandCache) keep(k bandKey, b *compressedBand) {
	if _, ok := c.cur[k]; ok {
		return
	}
	if c.bytes >= bandCap {
		c.old, c.cur, c.bytes = c.cur, map[bandKey]*compressedBand{}, 0
	}
	c.cur[k] = b
	c.bytes += len(b.z) + 64
}

// adler32Combine is the Adler-32 checksum of the bytes of a followed by
// n2 bytes whose checksum is b (RFC 1950, 8.2 defines the sums; this is
// the combination zlib's adler32_combine computes).
func adler32Combine(a, b uint32, n2 int) uint32 {
	const base = 65521
	rem := uint64(n2 % base)
	s1 := uint64(a & 0xffff)
	s2 := rem * s1 % base
	s1 += uint64(b&0xffff) + base - 1
	s2 += uint64(a>>16) + uint64(b>>16) + base - rem
	s1 %= base
	s2 %= base
	return uint32(s2<<16 | s1)
}
