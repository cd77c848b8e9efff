// Test-case files of the original product: `POST /api/file/upload-testcase-zip` (multipart field `file`, query `mode`,
// `gid`, and the extensions `pid` and `progressKey`) and `GET /api/file/download-testcase?pid=` (a zip; errors stay
// JSON envelopes). The upload is refused before its body is read when the caller is not an admin (nor an admin of the
// group it names) or announces more than the limit (route-access.ts, multipart.ts); otherwise it streams to the services, which spool it to disk.
import { attachment } from './attachment';
import type { FastifyRequest } from 'fastify';
import { DownloadTestcaseQuery, ok, UploadTestcaseQuery } from '@oj/proto';
import { openFilePart, partBytes, uploadOptions } from './multipart';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerFileRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const zipLimit = services.testdata.limits.zipBytes;
  const limitText = `the zip is larger than ${zipLimit} bytes`;

  // Admins, or a group's admins for their group (`gid`): checked before a byte is read; a body announced over the limit is refused unread.
  // An onRequest hook (after the access rule, before the size check): the query is not parsed yet, so its ids are read here.
  const id = (v: unknown) => (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);
  const uploader = async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    const gid = id(q.gid);
    const pid = id(q.pid);
    await services.testdata.mayUpload({ ...(gid !== undefined && { gid }), ...(pid !== undefined && { pid }) }, requireViewer(req));
  };
  app.post('/api/file/upload-testcase-zip', { schema: { querystring: UploadTestcaseQuery }, ...uploadOptions(zipLimit), onRequest: uploader, preHandler: auth.login }, async (req) => {
    const viewer = requireViewer(req);
    // One byte over the limit reaches the services, which refuse the zip as soon as they see it.
    const part = await openFilePart(req, zipLimit + 1, { accept: /\.zip$/i, acceptText: 'please upload the test cases as a .zip file', limitText });
    const length = Number(req.headers['content-length']);
    const expectedBytes = Number.isSafeInteger(length) && length > 0 ? length : 0;
    return ok(await services.testdata.upload(partBytes(part.file, limitText), req.query, viewer, { expectedBytes }));
  });

  app.get('/api/file/download-testcase', { schema: { querystring: DownloadTestcaseQuery }, preHandler: auth.login }, async (req, reply) => {
    const { fileName, zip } = await services.testdata.download(req.query.pid, requireViewer(req));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachment(fileName))
      .send(zip);
  });
}
