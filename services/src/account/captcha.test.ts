// Pure parts of the account flows: captcha drawing, avatar sniffing, the account settings of the config.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SLIDE } from '@oj/proto';
import { loadServicesConfig } from '../config';
import { sniffImage } from './account-settings.service';
import { inPiece, makeEmailCode, makeImageCaptcha, makeSlideCaptcha } from './captcha';

/** The pixels of a PNG data URL as our encoder writes it (RGBA, filter 0), and its chunk types. */
function decodePng(url: string): { width: number; height: number; chunks: string[]; rgba: (x: number, y: number) => number[] } {
  const buf = Buffer.from(url.split(',')[1]!, 'base64');
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  for (let at = 8; at < buf.length; ) {
    const len = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + len);
    chunks.push(type);
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(data);
    at += len + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { width, height, chunks, rgba: (x, y) => [...raw.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 5 + x * 4)] };
}

const luminance = ([r, g, b]: number[]) => 0.3 * r! + 0.59 * g! + 0.11 * b!;

describe('captchas', () => {
  it('draws the image captcha as pixels only', () => {
    const { text, img } = makeImageCaptcha();
    expect(text).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    expect(img).toMatch(/^data:image\/png;base64,/);
    const png = decodePng(img);
    expect(png.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([png.width, png.height]).toEqual([120, 40]);
    // Dark glyph strokes exist in each quarter where a character is drawn.
    for (let i = 0; i < 4; i++) {
      let dark = 0;
      for (let x = 4 + i * 28; x < 30 + i * 28; x++) for (let y = 0; y < 40; y++) if (luminance(png.rgba(x, y)) < 130) dark++;
      expect(dark).toBeGreaterThan(40);
    }
  });

  it('draws the slide gap where the block fits, inside the 325×100 picture, as pixels only', () => {
    for (let i = 0; i < 20; i++) {
      const s = makeSlideCaptcha();
      expect(s.gapX).toBeGreaterThanOrEqual(SLIDE.block);
      expect(s.gapX + SLIDE.block).toBeLessThanOrEqual(SLIDE.width);
      expect(s.y + SLIDE.block).toBeLessThanOrEqual(SLIDE.height);
      const bg = decodePng(s.bg);
      expect(bg.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
      expect([bg.width, bg.height]).toEqual([SLIDE.width, SLIDE.height]);
      // The gap is the piece's shape, darkened, with a white outline: a person sees it at gapX.
      let edge = 0;
      for (let y = s.y; y < s.y + SLIDE.block; y++) {
        for (let x = s.gapX - 1; x < s.gapX + SLIDE.block; x++) if (luminance(bg.rgba(x, y)) > 200 && inPiece(x + 0.5, y + 0.5, s.gapX, s.y)) edge++;
      }
      expect(edge).toBeGreaterThan(60);
      // The block is transparent outside the piece and the same wherever the gap is.
      const block = decodePng(s.block);
      expect(block.rgba(0, 0)[3]).toBe(0);
      expect(block.rgba(5, s.y + SLIDE.radius + 5)[3]).toBeGreaterThan(200);
    }
  });

  it('makes 6-digit email codes', () => {
    for (let i = 0; i < 20; i++) expect(makeEmailCode()).toMatch(/^\d{6}$/);
  });
});

describe('sniffImage', () => {
  it('knows the six avatar types by their first bytes and nothing else', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.ext).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe('jpg');
    expect(sniffImage(Buffer.from('GIF89a....'))?.ext).toBe('gif');
    expect(sniffImage(Buffer.concat([Buffer.from('BM'), Buffer.alloc(30)]))?.ext).toBe('bmp');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.ext).toBe('webp');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });
});

describe('account config', () => {
  it('reads SMTP, sender and the AC gates, and rejects bad values', () => {
    const c = loadServicesConfig({ OJ_SMTP_URL: 'smtp://u:p@mail:587', OJ_MAIL_FROM: 'OJ <oj@x.org>', OJ_POST_MIN_AC: '3', OJ_COMMENT_MIN_AC: '0' });
    expect(c).toMatchObject({ smtpUrl: 'smtp://u:p@mail:587', mailFrom: 'OJ <oj@x.org>', postMinAc: 3, commentMinAc: 0 });
    expect(loadServicesConfig({})).toMatchObject({ postMinAc: 10, commentMinAc: 10 });
    expect(loadServicesConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadServicesConfig({ OJ_SMTP_URL: 'http://mail' })).toThrow(/OJ_SMTP_URL/);
    expect(() => loadServicesConfig({ OJ_POST_MIN_AC: '-1' })).toThrow(/OJ_POST_MIN_AC/);
  });
});
