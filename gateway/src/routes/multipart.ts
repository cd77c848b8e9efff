// The one file part of a multipart upload: opened only after the route's access rule passed (onRequest), refused
// unread when its announced length is over the route's limit, streamed on (test data, to disk) or read into memory
// bounded (avatars, statement images, small files). A malformed body is a 400 with the catalogue's message.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OjError } from '@oj/proto';
import { sendError } from '../error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on upload routes (`uploadOptions`): the most bytes the route's multipart body may bring. */
    uploadBytes?: number;
  }
}

/** Room for the multipart framing around the file (boundaries, part headers, a few small fields). */
export const MULTIPART_SLACK = 64 * 1024;
/** What an upload route accepts in a body that is not multipart (nothing it needs: the file comes as a part). */
const NON_MULTIPART_LIMIT = 16 * 1024;

/**
 * Route options of an upload of at most `maxBytes`: a request announcing more is refused before its body is read
 * (`refuseOversizedUpload`), and a body of another type is held to a few KiB instead of the upload's limit.
 */
export const uploadOptions = (maxBytes: number) => ({ bodyLimit: NON_MULTIPART_LIMIT, config: { uploadBytes: maxBytes } });

/** onRequest, after the access rule: before a byte is read. An answer sent now closes the connection (input-guard.ts). */
export async function refuseOversizedUpload(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const max = req.routeOptions.config.uploadBytes;
  if (max === undefined) return undefined;
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > max + MULTIPART_SLACK) return sendError(reply, req, 'FILE_TOO_LARGE', { detail: `${max} bytes` }, 413);
  return undefined;
}

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

const MULTIPART_CODES = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PROTO_VIOLATION', 'FST_NO_FORM_DATA']);

/** A failure while reading a multipart body, as the catalogue's refusal; anything not about the body is rethrown. */
export function multipartFailure(err: unknown, limitText: string): Error {
  if (err instanceof OjError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new OjError('FILE_TOO_LARGE', { detail: limitText });
  // busboy's own errors (a truncated form, a malformed part header, no boundary) carry no code.
  if ((code && MULTIPART_CODES.has(code)) || (!code && err instanceof Error)) return new OjError('MULTIPART_MALFORMED');
  return err as Error;
}

/** The file part of the upload, its stream unread; refuses a body that is not multipart, another field, a bad name or type. */
export async function openFilePart(req: FastifyRequest, maxBytes: number, opts: FilePartOptions = {}) {
  const field = opts.field ?? 'file';
  if (!req.isMultipart()) throw new OjError('VALIDATION_FAILED', { detail: `${field} (multipart/form-data expected)` });
  let part;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (err) {
    throw multipartFailure(err, opts.limitText ?? `${maxBytes} bytes`);
  }
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw new OjError('VALIDATION_FAILED', { detail: field });
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(part.filename)) {
    part.file.resume();
    throw new OjError('INPUT_NUL_CHARACTER', { field: `${field}.filename` });
  }
  if (opts.accept && !opts.accept.test(part.filename)) {
    part.file.resume();
    throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: opts.acceptText ?? part.filename });
  }
  return part;
}

/** The stream of an opened part, its failures (a truncated body, over the limit) turned into the catalogue's refusals. */
export async function* partBytes(stream: AsyncIterable<Uint8Array>, limitText: string): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk;
  } catch (err) {
    throw multipartFailure(err, limitText);
  }
}

export async function readFilePart(req: FastifyRequest, maxBytes: number, opts: FilePartOptions = {}): Promise<UploadedFile> {
  const part = await openFilePart(req, maxBytes, opts);
  try {
    return { fileName: part.filename, data: await part.toBuffer() };
  } catch (err) {
    throw multipartFailure(err, opts.limitText ?? `${maxBytes} bytes`);
  }
}
