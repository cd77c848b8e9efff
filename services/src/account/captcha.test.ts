// Pure parts of the account flows: captcha drawing, avatar sniffing, the account settings of the config.
import { describe, expect, it } from 'vitest';
import { SLIDE } from '@oj/proto';
import { loadServicesConfig } from '../config';
import { sniffImage } from './account-settings.service';
import { makeEmailCode, makeImageCaptcha, makeSlideCaptcha } from './captcha';

const svg = (url: string) => Buffer.from(url.split(',')[1]!, 'base64').toString();

describe('captchas', () => {
  it('draws the image captcha text it answers', () => {
    const { text, img } = makeImageCaptcha();
    expect(text).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    expect([...svg(img).matchAll(/>([A-Z0-9])<\/text>/g)].map((m) => m[1]).join('')).toBe(text);
  });

  it('puts the slide gap where the block fits, inside the 325×100 picture', () => {
    for (let i = 0; i < 50; i++) {
      const s = makeSlideCaptcha();
      expect(s.gapX).toBeGreaterThanOrEqual(SLIDE.block);
      expect(s.gapX + SLIDE.block).toBeLessThanOrEqual(SLIDE.width);
      expect(s.y + SLIDE.block).toBeLessThanOrEqual(SLIDE.height);
      expect(svg(s.bg)).toContain(`<path d="M ${s.gapX} `);
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
