// Submission endpoints of the original product. Visibility of code and case data is decided by the services;
// the gateway only establishes who is asking and enforces the submit permission and rate.
import { Readable } from 'node:stream';
import { CaseDataQuery, CheckSubmissionsStatusBody, LastAcCodeQuery, ok, ShareSubmissionBody, SubmissionDetailQuery, SubmissionListQuery, SubmitBody } from '@oj/proto';
import { createLimiter } from '../rate-limit';
import { attachment } from './attachment';
import { tagSubmission } from '../ops/request-observer';
import { requireViewer, viewerOf, type RouteDeps, type TypedApp } from './types';

export function registerSubmissionRoutes(app: TypedApp, { services, auth, config }: RouteDeps): void {
  const perUser = createLimiter(services, {
    name: 'submit',
    max: config.rateLimit.submitPerUser,
    windowMs: config.rateLimit.windowMs,
    key: (req) => req.auth?.viewer.uid ?? null,
  });

  app.post(
    '/api/submit-problem-judge',
    { schema: { body: SubmitBody }, preHandler: [auth.login, auth.permission('submit'), perUser] },
    async (req) => {
      const submission = await services.submissions.submit(req.body, requireViewer(req), req.ip);
      tagSubmission(req, submission.submitId);
      req.log.info({ pid: req.body.pid, cid: req.body.cid ?? 0, language: req.body.language }, 'submission accepted');
      return ok(submission);
    },
  );

  app.put('/api/submission', { schema: { body: ShareSubmissionBody }, preHandler: auth.login }, async (req) => {
    await services.submissionCode.setShare(req.body.submitId, req.body.share, requireViewer(req));
    return ok(null);
  });
  app.get('/api/get-last-ac-code', { schema: { querystring: LastAcCodeQuery }, preHandler: auth.login }, async (req) =>
    ok(await services.submissionCode.lastAccepted(req.query.pid, req.query.cid ?? 0, requireViewer(req))),
  );

  app.get('/api/get-submission-list', { schema: { querystring: SubmissionListQuery }, preHandler: auth.anon }, async (req) =>
    ok(await services.submissions.list(req.query, viewerOf(req))),
  );

  app.get('/api/get-submission-detail', { schema: { querystring: SubmissionDetailQuery }, preHandler: auth.anon }, async (req) =>
    ok(await services.submissions.detail(req.query.submitId, viewerOf(req))),
  );

  app.get('/api/get-all-case-result', { schema: { querystring: SubmissionDetailQuery }, preHandler: auth.anon }, async (req) =>
    ok(await services.submissions.caseResults(req.query.submitId, viewerOf(req))),
  );

  // One case's whole input or expected output (the case results show a preview), streamed.
  app.get('/api/get-case-data', { schema: { querystring: CaseDataQuery }, preHandler: auth.anon }, async (req, reply) => {
    const file = await services.submissions.caseData(req.query, viewerOf(req));
    return reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Content-Length', file.bytes)
      .header('Content-Disposition', attachment(file.fileName))
      .send(Readable.from(file.body));
  });

  app.post(
    '/api/check-submissions-status',
    { schema: { body: CheckSubmissionsStatusBody }, preHandler: auth.anon },
    async (req) => ok(await services.submissions.checkStatus(req.body, viewerOf(req))),
  );
}
