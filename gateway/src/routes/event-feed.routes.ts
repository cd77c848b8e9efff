// CLICS event feeds: `POST /api/admin/contest/import-event-feed` (root or admin; multipart field
// `file`, NDJSON; answers `{cid}`) and `GET /api/admin/contest/event-feed?cid=` (the contest's admins: root, or its
// author while an admin; an NDJSON attachment, errors stay JSON envelopes). The services re-check who may do what.
import { attachment } from './attachment';
import type { FastifyRequest } from 'fastify';
import { EVENT_FEED_LIMITS, EventFeedExportQuery, ok, OjError } from '@oj/proto';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerEventFeedRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const siteAdmin = async (req: FastifyRequest) => {
    const roles = req.auth?.viewer.roles ?? [];
    if (!roles.includes('root') && !roles.includes('admin')) throw new OjError('AUTH_FORBIDDEN');
  };

  app.post('/api/admin/contest/import-event-feed', { preHandler: [auth.login, siteAdmin] }, async (req) => {
    const viewer = requireViewer(req);
    if (!req.isMultipart()) throw new OjError('VALIDATION_FAILED', { detail: 'file (multipart/form-data expected)' });
    const part = await req.file({ limits: { fileSize: EVENT_FEED_LIMITS.maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw new OjError('VALIDATION_FAILED', { detail: 'file' });
    }
    let feed: Buffer;
    try {
      feed = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new OjError('FILE_TOO_LARGE', { detail: `the event feed is larger than ${EVENT_FEED_LIMITS.maxBytes} bytes` });
      }
      throw err;
    }
    return ok(await services.eventFeed.importFeed(feed, viewer));
  });

  app.get('/api/admin/contest/event-feed', { schema: { querystring: EventFeedExportQuery }, preHandler: auth.login }, async (req, reply) => {
    const { fileName, ndjson } = await services.eventFeed.exportFeed(req.query.cid, requireViewer(req));
    return reply
      .header('Content-Type', 'application/x-ndjson; charset=utf-8')
      .header('Content-Disposition', attachment(fileName))
      .send(ndjson);
  });
}
