package web

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"math"
)

// favicon is /favicon.ico: a 32x32 hexagon, as an ICO file holding one
// PNG image (the ICO directory format, which browsers read with PNG
// entries since Windows Vista).
var favicon = icon()

func icon() []byte {
	const size = 32
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	fill := color.NRGBA{0x1f, 0x5f, 0xbf, 0xff}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			// A flat-topped hexagon of radius 15 around the centre.
			dx, dy := math.Abs(float64(x)+0.5-16), math.Abs(float64(y)+0.5-16)
			if dy <= 13 && dx <= 15-dy/math.Sqrt(3) {
				img.Set(x, y, fill)
			}
		}
	}
	var p bytes.Buffer
	png.Encode(&p, img)
	var b bytes.Buffer
	// ICONDIR: reserved, type 1 (icon), one image.
	binary.Write(&b, binary.LittleEndian, [3]uint16{0, 1, 1})
	// ICONDIRENTRY: width, height, colours, reserved, planes, bits
	// per pixel, size of the image, its offset.
	b.Write([]byte{size, size, 0, 0})
	binary.Write(&b, binary.LittleEndian, [2]uint16{1, 32})
	binary.Write(&b, binary.LittleEndian, [2]uint32{uint32(p.Len()), 6 + 16})
	b.Write(p.Bytes())
	return b.Bytes()
}
