// The REST contract, generated from the routes as registered: /api/docs (a page) and /api/docs/openapi.json.
import type { FastifyInstance } from 'fastify';
import { renderApiDocsHtml } from '../docs/api-docs-html';
import { openApiDocument } from '../docs/openapi';

export function registerApiDocsRoutes(app: FastifyInstance): void {
  const schema = { tags: ['operations'] };
  let html: string | null = null;
  app.get('/api/docs/openapi.json', { schema }, async () => openApiDocument(app));
  app.get('/api/docs', { schema }, async (_req, reply) => {
    html ??= renderApiDocsHtml(openApiDocument(app) as unknown as Parameters<typeof renderApiDocsHtml>[0]);
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
