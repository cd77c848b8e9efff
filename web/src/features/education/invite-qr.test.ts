import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { inviteQrDataUrl, inviteQrText } from './invite-qr';

describe('invite QR code', () => {
  it('encodes exactly the invite link {origin}/courses/{id}/invite?inviteCode={code}', async () => {
    const text = inviteQrText('https://oj.example.edu', 42, 'Ab3dEf7hJk');
    expect(text).toBe('https://oj.example.edu/courses/42/invite?inviteCode=Ab3dEf7hJk');
    // The symbol the library builds for that text carries the text in its data segments.
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(qr.segments.map((s) => (s as unknown as { data: Uint8Array | string }).data).map((d) => (typeof d === 'string' ? d : new TextDecoder().decode(d))).join('')).toBe(text);
    expect(await inviteQrDataUrl(text)).toMatch(/^data:image\/png;base64,/);
  });
});
