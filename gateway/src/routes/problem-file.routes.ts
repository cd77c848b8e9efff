// Problem files of the original product: imports (HOJ, QDUOJ, FPS, Hydro, and the ICPC and Polygon packages of this judge),
// the export, and the markdown editor's images and files (images are served with avatars by the account routes). Imports and export are root only.
import { attachment } from './attachment';
import { DeleteMdImgQuery, ExportProblemQuery, ImportQuery, MD_FILE_MAX_BYTES, MD_IMAGE_MAX_BYTES, ok, OjError, UploadMdQuery } from '@oj/proto';
import { Type } from '@sinclair/typebox';
import { IMPORT_LIMITS, type ImportFormat } from '@oj/services';
import { readFilePart, uploadOptions } from './multipart';
import { roleHook } from './role-hook';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

const IMPORTS: [path: string, format: ImportFormat, accept: RegExp][] = [
  ['/api/file/import-problem', 'hoj', /\.zip$/i],
  ['/api/file/import-qdoj-problem', 'qduoj', /\.zip$/i],
  ['/api/file/import-fps-problem', 'fps', /\.(xml|zip)$/i],
  ['/api/file/import-hydro-problem', 'hydro', /\.zip$/i],
  ['/api/file/import-icpc-problem', 'icpc', /\.zip$/i],
  ['/api/file/import-polygon-problem', 'polygon', /\.zip$/i],
];

const PublicName = Type.Object({ name: Type.String({ maxLength: 64 }) });

export function registerProblemFileRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const root = [auth.login, roleHook(['root'])];

  for (const [path, format, accept] of IMPORTS) {
    app.post(path, { schema: { querystring: ImportQuery }, ...uploadOptions(IMPORT_LIMITS.archiveBytes), preHandler: root }, async (req) => {
      const viewer = requireViewer(req);
      const file = await readFilePart(req, IMPORT_LIMITS.archiveBytes, { accept });
      return ok(await services.problemImport.import(format, file.data, viewer, req.query.progressKey));
    });
  }

  app.get('/api/file/export-problem', { schema: { querystring: ExportProblemQuery }, preHandler: root }, async (req, reply) => {
    const pids = Array.isArray(req.query.pid) ? req.query.pid : [req.query.pid];
    const { fileName, zip } = await services.problemExport.export(pids, requireViewer(req));
    return reply.header('Content-Type', 'application/zip').header('Content-Disposition', attachment(fileName)).send(zip);
  });

  app.post('/api/file/upload-md-img', { schema: { querystring: UploadMdQuery }, ...uploadOptions(MD_IMAGE_MAX_BYTES), preHandler: auth.login }, async (req) => {
    const file = await readFilePart(req, MD_IMAGE_MAX_BYTES);
    return ok(await services.mdFiles.uploadImage(file.data, file.fileName, requireViewer(req), req.query.gid));
  });
  app.get('/api/file/delete-md-img', { schema: { querystring: DeleteMdImgQuery }, preHandler: auth.login }, async (req) => {
    await services.mdFiles.deleteImage(req.query.fileId, requireViewer(req));
    return ok(null);
  });
  app.post('/api/file/upload-md-file', { schema: { querystring: UploadMdQuery }, ...uploadOptions(MD_FILE_MAX_BYTES), preHandler: auth.login }, async (req) => {
    const file = await readFilePart(req, MD_FILE_MAX_BYTES);
    return ok(await services.mdFiles.uploadFile(file.data, file.fileName, requireViewer(req), req.query.gid));
  });

  app.get('/api/public/file/:name', { schema: { params: PublicName } }, async (req, reply) => {
    const found = await services.mdFiles.read('file', req.params.name);
    if (!found) throw new OjError('NOT_FOUND');
    return reply
      .header('Content-Type', found.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', attachment(found.fileName))
      .send(found.data);
  });
}
