// The invite QR code: generated in the browser from the invite link (the `qrcode` library), as a data URL.
import QRCode from 'qrcode';
import { inviteLink } from '@oj/proto';

/** What the QR code encodes: exactly the invite link of the spec. */
export const inviteQrText = (origin: string, courseId: number, inviteCode: string): string => inviteLink(origin, courseId, inviteCode);

export function inviteQrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
}
