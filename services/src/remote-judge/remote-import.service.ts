// Importing a problem of a remote judge into the bank (`import-remote-oj-problem`): read from its site by the
// adapter, then stored as the problem form would store it, with display id `<OJ>-<id>`, the site's languages and
// tags, and no test cases (the site judges it).
import { languageOjOf, OjError, ProblemType, REMOTE_LANGUAGES, type ImportRemoteProblemQuery, type ProblemDTO, type PushMessage, type RemoteOj } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { publishAll } from '../push/push.service';
import { languageIds, problemIdTaken } from '../problem-admin/problem-admin.repo';
import { isProblemManager } from '../problem-admin/problem-admin.service';
import { problemValues } from '../problem-admin/problem-form';
import { writeProblem } from '../problem-admin/problem-write';
import type { RemoteAdapter, RemoteProblem } from './adapter';
import { createAdapters } from './adapters';
import { liveHttp } from './http/live-http';
import { RemoteSiteError, type RemoteHttp } from './http/remote-http';

/** Places a just-written problem (a training or a contest) in the import's transaction; answers what to push. */
export type PlaceImported = (tx: Tx, pid: number, title: string) => Promise<PushMessage[]>;

export interface RemoteImportService {
  /**
   * Imports `problemId` of site `name` into the problem bank; answers the new problem's id and display id. With
   * `place`, the problem is also placed (in the same transaction: all or nothing) and its pushes are published.
   */
  importProblem(q: ImportRemoteProblemQuery, viewer: Viewer, place?: PlaceImported): Promise<{ pid: number; problemId: string }>;
}

export interface RemoteImportOptions {
  /** The transport to a site (default: live, with the configured timeout). */
  http?: RemoteHttp;
  adapters?: Partial<Record<RemoteOj, RemoteAdapter>>;
}

/** What the catalogue says about a site that could not give the problem. */
export function siteFailure(oj: RemoteOj, problemId: string, e: unknown): unknown {
  if (!(e instanceof RemoteSiteError)) return e;
  if (e.kind === 'not-found') return new OjError('REMOTE_PROBLEM_NOT_FOUND', { oj, problemId });
  if (e.kind === 'down') return new OjError('REMOTE_SITE_UNAVAILABLE', { oj, detail: e.message });
  return new OjError('REMOTE_SITE_CHANGED', { oj, detail: e.message });
}

/** The problem form's body for a remote problem (public, ACM, the site's limits and languages). */
export function remoteProblemDto(oj: RemoteOj, p: RemoteProblem, author: string): ProblemDTO {
  return {
    problem: {
      problemId: `${oj}-${p.problemId}`,
      title: p.title,
      description: p.description,
      input: p.input,
      output: p.output,
      hint: p.hint,
      source: p.source,
      author,
      timeLimit: Math.min(60_000, Math.max(1, p.timeLimitMs)),
      memoryLimit: Math.min(4096, Math.max(1, p.memoryLimitMb)),
      stackLimit: 128,
      difficulty: 0,
      auth: 1,
      type: ProblemType.ACM,
      codeShare: true,
      examples: p.examples.slice(0, 50),
      isRemoveEndBlank: true,
      openCaseResult: false,
      isRemote: true,
    },
    languages: REMOTE_LANGUAGES[languageOjOf(oj)].map((l) => ({ name: l.name })),
    tags: [...new Set(p.tags.map((t) => t.slice(0, 64)))].slice(0, 50).map((name) => ({ name })),
  };
}

export function createRemoteImportService(ctx: ServiceContext, opts: RemoteImportOptions = {}): RemoteImportService {
  const adapters = opts.adapters ?? createAdapters();
  const http = opts.http ?? liveHttp({ timeoutMs: ctx.config.remote.timeoutMs });
  return {
    async importProblem(q, viewer, place) {
      if (!isProblemManager(viewer)) throw new OjError('AUTH_FORBIDDEN');
      const oj = q.name;
      const adapter = adapters[oj];
      if (!adapter) throw new OjError('REMOTE_OJ_UNSUPPORTED', { oj });
      let remote: RemoteProblem;
      try {
        remote = await adapter.importProblem({ http, base: ctx.config.remote.baseUrls[oj] ?? adapter.defaultBase }, q.problemId);
      } catch (e) {
        throw siteFailure(oj, q.problemId, e);
      }
      const dto = remoteProblemDto(oj, remote, viewer.username);
      const v = problemValues(dto, null);
      const { pid, msgs } = await ctx.db.transaction(async (tx) => {
        if (await problemIdTaken(tx, dto.problem.problemId)) throw new OjError('PROBLEM_ID_EXISTS', { problemId: dto.problem.problemId });
        const id = await writeProblem(tx, v, { by: viewer.username, author: viewer.username, languages: await languageIds(tx, languageOjOf(oj)), tagOj: oj, isRemote: true });
        return { pid: id, msgs: place ? await place(tx, id, dto.problem.title) : [] };
      });
      await publishAll(ctx.transport, msgs, ctx.logger);
      ctx.logger.info({ pid, problemId: dto.problem.problemId, by: viewer.username }, 'remote problem imported');
      return { pid, problemId: dto.problem.problemId };
    },
  };
}
