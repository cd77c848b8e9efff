// Reading the one `file` part of a multipart upload into memory, bounded (for small uploads: statement images,
// problem archives). The caller's authority is checked by the route's hooks before this reads a byte.
import type { FastifyRequest } from 'fastify';
import { OjError } from '@oj/proto';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

export async function readFilePart(req: FastifyRequest, maxBytes: number, accept?: RegExp): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new OjError('VALIDATION_FAILED', { detail: 'file (multipart/form-data expected)' });
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part || part.fieldname !== 'file') throw new OjError('VALIDATION_FAILED', { detail: 'file' });
  if (accept && !accept.test(part.filename)) {
    part.file.resume();
    throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: part.filename });
  }
  try {
    return { fileName: part.filename, data: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new OjError('FILE_TOO_LARGE', { detail: `${maxBytes} bytes` });
    throw err;
  }
}
