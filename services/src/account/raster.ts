// A tiny RGBA raster and PNG encoder for the captchas (no image library): the pictures reach the browser as pixels,
// so their answers are in no markup, attribute or coordinate a script could read.
import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

/** An RGBA picture (straight alpha); `fill` is opaque, or fully transparent when null. */
export class Raster {
  readonly px: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    fill: Rgb | null,
  ) {
    this.px = new Uint8Array(width * height * 4);
    if (fill) for (let i = 0; i < width * height; i++) this.px.set([...fill, 255], i * 4);
  }

  /** Red, green, blue and alpha of pixel (x, y). */
  get(x: number, y: number): [number, number, number, number] {
    const i = (y * this.width + x) * 4;
    return [this.px[i]!, this.px[i + 1]!, this.px[i + 2]!, this.px[i + 3]!];
  }

  /** Paints `c` over pixel (x, y) with opacity `a` (0–1); outside the picture: nothing. */
  blend(x: number, y: number, c: Rgb, a = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 4;
    const below = this.px[i + 3]! / 255;
    const out = a + below * (1 - a);
    if (out === 0) return;
    for (let k = 0; k < 3; k++) this.px[i + k] = Math.round((c[k]! * a + this.px[i + k]! * below * (1 - a)) / out);
    this.px[i + 3] = Math.round(out * 255);
  }

  /** Fills every pixel whose centre `inside` accepts. */
  fillWhere(inside: (x: number, y: number) => boolean, c: Rgb, a = 1, box = { x0: 0, y0: 0, x1: this.width, y1: this.height }): void {
    for (let y = Math.max(0, box.y0); y < Math.min(this.height, box.y1); y++) {
      for (let x = Math.max(0, box.x0); x < Math.min(this.width, box.x1); x++) if (inside(x + 0.5, y + 0.5)) this.blend(x, y, c, a);
    }
  }

  disc(cx: number, cy: number, r: number, c: Rgb, a = 1): void {
    this.fillWhere((x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r, c, a, { x0: Math.floor(cx - r), y0: Math.floor(cy - r), x1: Math.ceil(cx + r) + 1, y1: Math.ceil(cy + r) + 1 });
  }

  line(x0: number, y0: number, x1: number, y1: number, c: Rgb, a = 1): void {
    const n = Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))) + 1;
    for (let i = 0; i <= n; i++) this.blend(x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n, c, a);
  }

  /** Shifts every colour channel of every pixel by a random amount in ±`amount` (alpha stays). */
  noise(amount: number): void {
    for (let i = 0; i < this.px.length; i++) {
      // Math.random: the noise hides nothing secret and a CSPRNG call per channel would cost ~0.1 s a picture.
      if (i % 4 !== 3) this.px[i] = Math.max(0, Math.min(255, this.px[i]! + Math.floor(Math.random() * (2 * amount + 1)) - amount));
    }
  }

  /** The picture as a PNG file (8-bit RGBA, no ancillary chunks: nothing but pixels). */
  png(): Buffer {
    const stride = this.width * 4;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) raw.set(this.px.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr.set([8, 6, 0, 0, 0], 8);
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
  }

  dataUrl(): string {
    return `data:image/png;base64,${this.png().toString('base64')}`;
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A random colour with channels in [lo, hi). */
export const randomRgb = (lo: number, hi: number): Rgb => [lo + randomInt(hi - lo), lo + randomInt(hi - lo), lo + randomInt(hi - lo)];
