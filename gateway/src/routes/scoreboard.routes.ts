// Contest boards and contest-day tools: the in-contest and outside boards, the rank
// download (CSV by default, or the original product's .xlsx), the accepted-code zip, the scroll board, the AC helper,
// printing, and the rejudge of a contest problem (root + rejudge). The services check every rule; the hooks only answer early.
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  AcInfoCheckBody,
  AcInfoQuery,
  CidQuery,
  ContestRankBody,
  DownloadContestAcQuery,
  DownloadContestRankQuery,
  ok,
  OjError,
  PrintBody,
  PrintListQuery,
  PrintStatusQuery,
  PrintTextQuery,
  RejudgeContestProblemQuery,
  ScrollBoardQuery,
} from '@oj/proto';
import { attachment } from './attachment';
import { sendJsonParts } from './json-parts';
import { requireViewer, viewerOf, type RouteDeps, type TypedApp } from './types';


export function registerScoreboardRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { scoreboards, contestAcCode } = services;
  const root = async (req: FastifyRequest) => {
    if (!req.auth?.viewer.roles.includes('root')) throw new OjError('AUTH_FORBIDDEN');
  };

  // The board answers come serialised in parts: a whole board's rows are serialised (and gzipped) once per version.
  app.post('/api/get-contest-rank', { schema: { body: ContestRankBody }, preHandler: auth.login }, async (req, reply) =>
    sendJsonParts(req, reply, await scoreboards.rankJson(req.body, requireViewer(req))),
  );

  app.post('/api/get-contest-outside-scoreboard', { schema: { body: ContestRankBody }, preHandler: auth.anon }, async (req, reply) =>
    sendJsonParts(req, reply, await scoreboards.outsideRankJson(req.body, viewerOf(req))),
  );

  app.get('/api/get-contest-scroll-board-info', { schema: { querystring: CidQuery }, preHandler: auth.anon }, async (req) =>
    ok(await scoreboards.scrollBoardInfo(req.query.cid, viewerOf(req))),
  );

  app.get('/api/get-contest-scroll-board-submission', { schema: { querystring: ScrollBoardQuery }, preHandler: auth.anon }, async (req) =>
    ok(await scoreboards.scrollBoardSubmissions(req.query, viewerOf(req))),
  );

  app.get('/api/file/download-contest-rank', { schema: { querystring: DownloadContestRankQuery }, preHandler: auth.login }, async (req, reply) => {
    const { fileName, contentType, body } = await scoreboards.rankFile(req.query, requireViewer(req));
    return reply.header('Content-Type', contentType).header('Content-Disposition', attachment(fileName)).send(body);
  });

  // Streamed: the zip is written while the submissions are read (refusals come before the first byte, as JSON).
  app.get('/api/file/download-contest-ac-submission', { schema: { querystring: DownloadContestAcQuery }, preHandler: auth.login }, async (req, reply) => {
    const { fileName, body } = await contestAcCode.acCodeZip(req.query, requireViewer(req));
    return reply.header('Content-Type', 'application/zip').header('Content-Disposition', attachment(fileName)).send(Readable.from(body));
  });

  app.get('/api/get-contest-ac-info', { schema: { querystring: AcInfoQuery }, preHandler: auth.login }, async (req) =>
    ok(await scoreboards.acInfo(req.query, requireViewer(req))),
  );

  app.put('/api/check-contest-ac-info', { schema: { body: AcInfoCheckBody }, preHandler: auth.login }, async (req) => {
    await scoreboards.checkAcInfo(req.body, requireViewer(req));
    return ok(null);
  });

  app.post('/api/submit-print-text', { schema: { body: PrintBody }, preHandler: auth.login }, async (req) => {
    await scoreboards.submitPrint(req.body, requireViewer(req));
    return ok(null);
  });

  app.get('/api/get-contest-print', { schema: { querystring: PrintListQuery }, preHandler: auth.login }, async (req) =>
    ok(await scoreboards.prints(req.query, requireViewer(req))),
  );

  app.put('/api/check-contest-print-status', { schema: { querystring: PrintStatusQuery }, preHandler: auth.login }, async (req) => {
    await scoreboards.checkPrint(req.query, requireViewer(req));
    return ok(null);
  });

  app.get('/api/file/download-contest-print-text', { schema: { querystring: PrintTextQuery }, preHandler: auth.login }, async (req, reply) => {
    const { fileName, content } = await scoreboards.printText(req.query.id, requireViewer(req));
    return reply.header('Content-Type', 'text/plain; charset=utf-8').header('Content-Disposition', attachment(fileName)).send(content);
  });

  app.get(
    '/api/admin/judge/rejudge-contest-problem',
    { schema: { querystring: RejudgeContestProblemQuery }, preHandler: [auth.login, root, auth.permission('rejudge')] },
    async (req) => ok(await services.judgeAdmin.rejudgeContestProblem(req.query.cid, req.query.pid, requireViewer(req))),
  );
}
