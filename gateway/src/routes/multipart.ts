// Reading the one file part of a multipart upload into memory, bounded (for small uploads: avatars, statement
// images, problem archives). The caller's authority is checked by the route's hooks before this reads a byte.
import type { FastifyRequest } from 'fastify';
import { OjError } from '@oj/proto';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

export interface FilePartOptions {
  /** The form field holding the file (`file` unless the original product names it otherwise). */
  field?: string;
  /** File names accepted; others are refused unread. */
  accept?: RegExp;
  /** What the refusals name: the accepted types, and the size limit. */
  acceptText?: string;
  limitText?: string;
}

export async function readFilePart(req: FastifyRequest, maxBytes: number, opts: FilePartOptions = {}): Promise<UploadedFile> {
  const field = opts.field ?? 'file';
  if (!req.isMultipart()) throw new OjError('VALIDATION_FAILED', { detail: `${field} (multipart/form-data expected)` });
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part || part.fieldname !== field) throw new OjError('VALIDATION_FAILED', { detail: field });
  if (opts.accept && !opts.accept.test(part.filename)) {
    part.file.resume();
    throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: opts.acceptText ?? part.filename });
  }
  try {
    return { fileName: part.filename, data: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new OjError('FILE_TOO_LARGE', { detail: opts.limitText ?? `${maxBytes} bytes` });
    throw err;
  }
}
