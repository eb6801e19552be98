import { crc32, deflateSync } from 'node:zlib'

export type Rgba = readonly [number, number, number, number]
/** The colour of one pixel, from its centre's coordinates. */
export type Painter = (x: number, y: number) => Rgba

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, checksum])
}

/**
 * A real PNG (8-bit RGBA, no interlace) painted pixel by pixel: the demo's logos, favicon and
 * slides are drawn here, so the seed needs no binary assets and every image passes content checks.
 */
export function encodePng(width: number, height: number, paint: Painter): Buffer {
  const stride = width * 4 + 1
  const raw = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = paint(x + 0.5, y + 0.5)
      const at = y * stride + 1 + x * 4
      raw[at] = r
      raw[at + 1] = g
      raw[at + 2] = b
      raw[at + 3] = a
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export function hex(color: string, alpha = 255): Rgba {
  const value = color.replace('#', '')
  return [parseInt(value.slice(0, 2), 16), parseInt(value.slice(2, 4), 16), parseInt(value.slice(4, 6), 16), alpha]
}

/** 0 outside, 1 inside, a one-pixel soft edge between: cheap antialiasing. */
export function coverage(distanceOutside: number): number {
  return Math.max(0, Math.min(1, 0.5 - distanceOutside))
}

/** Paints `top` over `bottom` with `amount` (0..1) of `top`'s opacity. */
export function over(bottom: Rgba, top: Rgba, amount: number): Rgba {
  const a = (top[3] / 255) * amount
  const outA = a + (bottom[3] / 255) * (1 - a)
  if (outA === 0) return [0, 0, 0, 0]
  const mix = (i: number) => Math.round((top[i] * a + bottom[i] * (bottom[3] / 255) * (1 - a)) / outA)
  return [mix(0), mix(1), mix(2), Math.round(outA * 255)]
}

export function lerp(from: Rgba, to: Rgba, t: number): Rgba {
  const k = Math.max(0, Math.min(1, t))
  return [0, 1, 2, 3].map((i) => Math.round(from[i] + (to[i] - from[i]) * k)) as unknown as Rgba
}
