// Test-case files of the original product: `POST /api/file/upload-testcase-zip` (multipart field `file`, query `mode`,
// `gid`, and the extensions `pid` and `progressKey`) and `GET /api/file/download-testcase?pid=` (a zip; errors stay
// JSON envelopes). The upload is refused before its body is read when the caller is not an admin or announces more
// than the limit; otherwise it streams to the services, which spool it to disk.
import { attachment } from './attachment';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DownloadTestcaseQuery, isAdminRole, ok, OjError, UploadTestcaseQuery } from '@oj/proto';
import { sendError } from '../error-handler';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

/** Room for the multipart framing around the zip (boundaries, part headers, a few small fields). */
const MULTIPART_SLACK = 64 * 1024;

export function registerFileRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const zipLimit = services.testdata.limits.zipBytes;
  const bodyLimit = zipLimit + MULTIPART_SLACK;

  /** Admins only, from the session loaded by `auth.login`; a body announced over the limit is refused unread. */
  const adminWithinLimit = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isAdminRole(requireViewer(req).roles)) throw new OjError('AUTH_FORBIDDEN');
    const length = Number(req.headers['content-length']);
    if (length > bodyLimit) return sendError(reply, req, 'FILE_TOO_LARGE', { detail: `the zip is larger than ${zipLimit} bytes` }, 413);
  };

  /** An answer sent before the body was read closes the connection: the rest of the upload is not worth receiving. */
  const closeIfUnread = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.raw.complete) reply.header('Connection', 'close');
  };

  app.post(
    '/api/file/upload-testcase-zip',
    { schema: { querystring: UploadTestcaseQuery }, bodyLimit, preHandler: [auth.login, adminWithinLimit], onSend: closeIfUnread },
    async (req) => {
      const viewer = requireViewer(req);
      if (!req.isMultipart()) throw new OjError('VALIDATION_FAILED', { detail: 'file (multipart/form-data expected)' });
      // One byte over the limit reaches the services, which refuse the zip as soon as they see it.
      const part = await req.file({ limits: { fileSize: zipLimit + 1, files: 1 } });
      if (!part || part.fieldname !== 'file') throw new OjError('VALIDATION_FAILED', { detail: 'file' });
      if (!/\.zip$/i.test(part.filename)) {
        part.file.resume();
        throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: 'please upload the test cases as a .zip file' });
      }
      const length = Number(req.headers['content-length']);
      const expectedBytes = Number.isSafeInteger(length) && length > 0 ? length : 0;
      return ok(await services.testdata.upload(part.file, req.query, viewer, { expectedBytes }));
    },
  );

  app.get('/api/file/download-testcase', { schema: { querystring: DownloadTestcaseQuery }, preHandler: auth.login }, async (req, reply) => {
    const { fileName, zip } = await services.testdata.download(req.query.pid, requireViewer(req));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachment(fileName))
      .send(zip);
  });
}
