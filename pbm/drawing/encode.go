package drawing

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"io"

	"github.com/klauspost/compress/flate"
)

// The PNG of a picture is written here rather than by image/png: the
// picture is always an 8-bit paletted image, whose rows PNG filters
// with None (as image/png does for paletted images), and its zlib
// stream is compressed by klauspost/compress. The pixels are those
// image/png would write.
//
// Most rows of a board's picture are those of its picture at the move
// before, or of another board of the same layout: the zlib stream is
// cut into bands of bandRows rows, each compressed on its own (no
// match reaches back before its band) and ended by a sync flush, so
// that it ends on a byte boundary and the compressed bands can follow
// one another in any order (RFC 1951, 3.2.3 and 3.2.4: a stream is a
// series of blocks, the last one marked final). The bands compressed
// last are kept by their content (compressedBands), with their Adler-32
// checksum (RFC 1950, 2.2; the checksums of bands are combined into the
// stream's by adler32Combine), so a band seen before costs a hash
// instead of a compression.

// pngSignature opens every PNG file (PNG specification, 5.2).
const pngSignature = "\x89PNG\r\n\x1a\n"

// pngWriter keeps the buffers of one encoding for reuse.
type pngWriter struct {
	buf  bytes.Buffer // the whole file
	idat bytes.Buffer // the zlib stream
	band []byte       // the filtered rows of one band
	z    *flate.Writer
}

var pngWriters = newFreeList(func() *pngWriter { return new(pngWriter) })

// encodePNG writes img as a PNG file (colour type 3, bit depth 8).
func encodePNG(w io.Writer, img *image.Paletted) error {
	e := pngWriters.get()
	defer pngWriters.put(e)
	wd, ht := img.Rect.Dx(), img.Rect.Dy()
	if wd <= 0 || ht <= 0 || len(img.Palette) == 0 || len(img.Palette) > 256 {
		return fmt.Errorf("drawing: encode png: %dx%d image with %d colours", wd, ht, len(img.Palette))
	}
	e.buf.Reset()
	e.buf.WriteString(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(wd))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(ht))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, palette index
	e.chunk("IHDR", ihdr[:])
	pal := make([]byte, 0, 3*len(img.Palette))
	var alpha []byte
	for i, c := range img.Palette {
		r, g, b, a := c.RGBA()
		if a != 0xffff && alpha == nil {
			alpha = bytes.Repeat([]byte{0xff}, i)
		}
		if a != 0 && a != 0xffff { // unpremultiply, as image/png does
			r, g, b = r*0xffff/a, g*0xffff/a, b*0xffff/a
		}
		pal = append(pal, byte(r>>8), byte(g>>8), byte(b>>8))
		if alpha != nil {
			alpha = append(alpha, byte(a>>8))
		}
	}
	e.chunk("PLTE", pal)
	if alpha != nil {
		e.chunk("tRNS", alpha)
	}
	if err := e.deflate(img); err != nil {
		return fmt.Errorf("drawing: encode png: %w", err)
	}
	e.chunk("IDAT", e.idat.Bytes())
	e.chunk("IEND", nil)
	if _, err := w.Write(e.buf.Bytes()); err != nil {
		return fmt.Errorf("drawing: write png: %w", err)
	}
	return nil
}

// chunk appends a chunk: length, type, data and the CRC of type and
// data (PNG specification, 5.3).
func (e *pngWriter) chunk(kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	e.buf.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	e.buf.WriteString(kind)
	e.buf.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	e.buf.Write(n[:])
}
