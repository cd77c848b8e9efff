// Home-made captchas, drawn as PNG pixels (raster.ts), never as markup: no text element, coordinate or attribute in
// what the browser receives gives the answer away (docs/security.md, "Accounts and sessions").
// - image captcha (reset dialog): 4 characters of an unambiguous alphabet from a 5×7 bitmap font, each scaled,
//   rotated and waved, over noise lines and speckles;
// - slide verification (login after 5 failures): a 325×100 background of random discs and noise with the
//   puzzle-shaped gap (block 42, knobs of radius 10) at a random x, and the matching block; the client moves the
//   block and sends its x; the server accepts |x − gap| ≤ 3, once.
import { randomInt } from 'node:crypto';
import { SLIDE } from '@oj/proto';
import { randomRgb, Raster } from './raster';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The 5×7 glyphs of ALPHABET, row by row (bit 4 is the left column). */
const FONT: Record<string, readonly number[]> = {
  A: [0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
  B: [0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e],
  C: [0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e],
  D: [0x1e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1e],
  E: [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f],
  F: [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10],
  G: [0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f],
  H: [0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
  J: [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c],
  K: [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
  L: [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f],
  M: [0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11],
  N: [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
  P: [0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10],
  Q: [0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d],
  R: [0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11],
  S: [0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e],
  T: [0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
  U: [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e],
  V: [0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04],
  W: [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a],
  X: [0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11],
  Y: [0x11, 0x11, 0x0a, 0x04, 0x04, 0x04, 0x04],
  Z: [0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f],
  '2': [0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f],
  '3': [0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e],
  '4': [0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02],
  '5': [0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e],
  '6': [0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e],
  '7': [0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
  '8': [0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e],
  '9': [0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c],
};

const glyphCell = (ch: string, col: number, row: number): boolean => col >= 0 && col < 5 && row >= 0 && row < 7 && ((FONT[ch]![row]! >> (4 - col)) & 1) === 1;

/** Draws `ch` centred at (cx, cy): cells of `scale` px, rotated by `angle` radians, rows waved sideways. */
function drawGlyph(r: Raster, ch: string, cx: number, cy: number, scale: number, angle: number): void {
  const color = randomRgb(20, 120);
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const phase = Math.random() * Math.PI * 2;
  const half = 4.5 * scale;
  r.fillWhere(
    (x, y) => {
      // Back into the glyph's own frame, then into font cells.
      const dx = x - cx + Math.sin(y / 4 + phase) * 1.2;
      const dy = y - cy;
      const u = (dx * cos - dy * sin) / scale + 2.5;
      const v = (dx * sin + dy * cos) / scale + 3.5;
      return glyphCell(ch, Math.floor(u), Math.floor(v));
    },
    color,
    1,
    { x0: Math.floor(cx - half), y0: Math.floor(cy - half), x1: Math.ceil(cx + half), y1: Math.ceil(cy + half) },
  );
}

export function makeImageCaptcha(): { text: string; img: string } {
  const r = new Raster(120, 40, randomRgb(225, 250));
  let text = '';
  for (let i = 0; i < 4; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  for (let i = 0; i < 4; i++) r.line(randomInt(120), randomInt(40), randomInt(120), randomInt(40), randomRgb(60, 200), 0.8);
  [...text].forEach((ch, i) => drawGlyph(r, ch, 17 + i * 28 + randomInt(5), 19 + randomInt(4), 3.6 + Math.random() * 0.8, (randomInt(50) - 25) * (Math.PI / 180)));
  for (let i = 0; i < 3; i++) r.line(randomInt(120), randomInt(40), randomInt(120), randomInt(40), randomRgb(40, 160), 0.9);
  for (let i = 0; i < 120; i++) r.blend(randomInt(120), randomInt(40), randomRgb(0, 255), 0.7);
  r.noise(12);
  return { text, img: r.dataUrl() };
}

/** Whether (x, y) is inside the puzzle piece whose box starts at (px, py): a square with a knob on top and on the right. */
export function inPiece(x: number, y: number, px: number, py: number): boolean {
  const { block: b, radius: r } = SLIDE;
  const s = b - r; // square side; the knobs stick out by r
  const top = py + r;
  const inSquare = x >= px && x <= px + s && y >= top && y <= top + s;
  const topKnob = (x - (px + s / 2)) ** 2 + (y - top) ** 2 <= (r * 0.8) ** 2;
  const rightKnob = (x - (px + s)) ** 2 + (y - (top + s / 2)) ** 2 <= (r * 0.8) ** 2;
  return inSquare || topKnob || rightKnob;
}

/** The piece's outline: inside, with a neighbour outside. */
const onEdge = (x: number, y: number, px: number, py: number) =>
  inPiece(x, y, px, py) && (!inPiece(x - 1, y, px, py) || !inPiece(x + 1, y, px, py) || !inPiece(x, y - 1, px, py) || !inPiece(x, y + 1, px, py));

export function makeSlideCaptcha(): { gapX: number; y: number; bg: string; block: string } {
  const { width: w, height: h, block: b } = SLIDE;
  const gapX = b + 10 + randomInt(w - 2 * b - 20);
  const y = 4 + randomInt(h - b - 8);
  const bg = new Raster(w, h, randomRgb(150, 210));
  for (let i = 0; i < 18; i++) bg.disc(randomInt(w), randomInt(h), 8 + randomInt(30), randomRgb(40, 230), 0.55);
  const box = { x0: gapX - 2, y0: y - 2, x1: gapX + b + 2, y1: y + b + 2 };
  bg.fillWhere((px, py) => inPiece(px, py, gapX, y), [0, 0, 0], 0.45, box);
  bg.fillWhere((px, py) => onEdge(px, py, gapX, y), [255, 255, 255], 0.85, box);
  // Speckles and lines rather than noise on every pixel: the picture stays ~10 KB instead of ~60–110 KB.
  for (let i = 0; i < 8; i++) bg.line(randomInt(w), randomInt(h), randomInt(w), randomInt(h), randomRgb(40, 230), 0.5);
  for (let i = 0; i < 900; i++) bg.blend(randomInt(w), randomInt(h), randomRgb(0, 255), 0.5);
  // The block does not depend on the gap (only on y, which the answer states anyway): white, transparent around it.
  const block = new Raster(b, h, null);
  block.fillWhere((px, py) => inPiece(px, py, 0, y), [255, 255, 255], 0.9);
  block.fillWhere((px, py) => onEdge(px, py, 0, y), [15, 23, 42], 1);
  return { gapX, y, bg: bg.dataUrl(), block: block.dataUrl() };
}

/** A 6-character numeric code for emails. */
export function makeEmailCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}
