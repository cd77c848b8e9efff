// Site-wide anonymous endpoints: website configuration and the languages table.
import { LanguagesQuery, ok } from '@oj/proto';
import { viewerOf, type RouteDeps, type TypedApp } from './types';

export function registerSiteRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  app.get('/api/get-website-config', { preHandler: auth.anon }, async () => ok(await services.site.websiteConfig()));

  app.get('/api/languages', { schema: { querystring: LanguagesQuery }, preHandler: auth.anon }, async (req) =>
    ok(await services.site.languages({ pid: req.query.pid, all: req.query.all }, viewerOf(req))),
  );
}
