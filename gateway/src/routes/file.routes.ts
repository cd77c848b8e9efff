// Test-case files of the original product: `POST /api/file/upload-testcase-zip` (multipart field `file`, query `mode`,
// `gid`, and the extension `pid`) and `GET /api/file/download-testcase?pid=` (a zip; errors stay JSON envelopes).
import { DownloadTestcaseQuery, ok, OjError, TESTDATA_LIMITS, UploadTestcaseQuery } from '@oj/proto';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

/** Local file header or (empty archive) end of central directory. */
const isZipMagic = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6));

export function registerFileRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  app.post('/api/file/upload-testcase-zip', { schema: { querystring: UploadTestcaseQuery }, preHandler: auth.login }, async (req) => {
    const viewer = requireViewer(req);
    if (!req.isMultipart()) throw new OjError('VALIDATION_FAILED', { detail: 'file (multipart/form-data expected)' });
    const part = await req.file({ limits: { fileSize: TESTDATA_LIMITS.zipBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') throw new OjError('VALIDATION_FAILED', { detail: 'file' });
    if (!/\.zip$/i.test(part.filename)) {
      part.file.resume();
      throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: 'please upload the test cases as a .zip file' });
    }
    let zip: Buffer;
    try {
      zip = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new OjError('FILE_TOO_LARGE', { detail: `the zip is larger than ${TESTDATA_LIMITS.zipBytes} bytes` });
      throw err;
    }
    if (!isZipMagic(zip)) throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: 'the file is not a zip archive' });
    return ok(await services.testdata.upload(zip, req.query, viewer));
  });

  app.get('/api/file/download-testcase', { schema: { querystring: DownloadTestcaseQuery }, preHandler: auth.login }, async (req, reply) => {
    const { fileName, zip } = await services.testdata.download(req.query.pid, requireViewer(req));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(fileName)}"`)
      .send(zip);
  });
}
