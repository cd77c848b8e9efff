// Home-made captchas, no image library: SVG drawn from random numbers and sent as data URLs.
// - image captcha (reset dialog): 4 characters of an unambiguous alphabet, jittered glyphs and noise lines;
// - slide verification (login after 5 failures): a 325×100 background with a 42 px gap at a random x, and the
//   matching block; the client moves the block and sends its x; the server accepts |x − gap| ≤ 3, once.
import { randomInt } from 'node:crypto';
import { SLIDE } from '@oj/proto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const svgUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const color = () => `hsl(${randomInt(360)},${40 + randomInt(40)}%,${30 + randomInt(25)}%)`;

export function makeImageCaptcha(): { text: string; img: string } {
  const w = 120;
  const h = 40;
  let text = '';
  for (let i = 0; i < 4; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`, `<rect width="${w}" height="${h}" fill="#f1f5f9"/>`];
  for (let i = 0; i < 5; i++) {
    parts.push(`<line x1="${randomInt(w)}" y1="${randomInt(h)}" x2="${randomInt(w)}" y2="${randomInt(h)}" stroke="${color()}" stroke-width="1"/>`);
  }
  [...text].forEach((ch, i) => {
    const x = 14 + i * 26 + randomInt(6);
    const y = 28 + randomInt(6);
    const rot = randomInt(50) - 25;
    parts.push(`<text x="${x}" y="${y}" font-family="monospace" font-size="24" font-weight="bold" fill="${color()}" transform="rotate(${rot} ${x} ${y})">${ch}</text>`);
  });
  parts.push('</svg>');
  return { text, img: svgUrl(parts.join('')) };
}

/** The puzzle piece outline at (x, y): a square with a round knob on top and on the right (radius r). */
function piecePath(x: number, y: number): string {
  const { block: b, radius: r } = SLIDE;
  const s = b - r; // square side; knobs stick out by r
  const top = y + r;
  return [
    `M ${x} ${top}`,
    `H ${x + s / 2 - r * 0.6}`,
    `A ${r} ${r} 0 1 1 ${x + s / 2 + r * 0.6} ${top}`,
    `H ${x + s}`,
    `V ${top + s / 2 - r * 0.6}`,
    `A ${r} ${r} 0 1 1 ${x + s} ${top + s / 2 + r * 0.6}`,
    `V ${top + s}`,
    `H ${x}`,
    'Z',
  ].join(' ');
}

export function makeSlideCaptcha(): { gapX: number; y: number; bg: string; block: string } {
  const { width: w, height: h, block: b } = SLIDE;
  const gapX = b + 10 + randomInt(w - 2 * b - 20);
  const y = 4 + randomInt(h - b - 8);
  const stripes: string[] = [];
  for (let i = 0; i < 14; i++) {
    stripes.push(`<circle cx="${randomInt(w)}" cy="${randomInt(h)}" r="${8 + randomInt(30)}" fill="${color()}" fill-opacity="0.55"/>`);
  }
  const bg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#cbd5e1"/>${stripes.join('')}<path d="${piecePath(gapX, y)}" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-width="1"/></svg>`;
  const block = `<svg xmlns="http://www.w3.org/2000/svg" width="${b}" height="${h}"><path d="${piecePath(0, y)}" fill="#fff" fill-opacity="0.9" stroke="#0f172a" stroke-width="1.5"/></svg>`;
  return { gapX, y, bg: svgUrl(bg), block: svgUrl(block) };
}

/** A 6-character numeric code for emails. */
export function makeEmailCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}
