// Contests as contestants and visitors see them: the list, the shell's info, registration with the password and
// account-name rule, the outside board's info, and who may subscribe to a contest's topics. The problems are in
// contest-problem.service.ts, the submission list in contest-submission.service.ts, the admin side in
// contest-admin.service.ts, the rules in access.ts; the SQL in the *.repo.ts files.
import {
  CONTEST_AUTH,
  CONTEST_LIMITS,
  OjError,
  type ContestListQuery,
  type ContestOutsideInfo,
  type ContestVO,
  type PageOf,
  type RegisterContestBody,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4 } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { canEnter, checkRegistration, isContestAdmin, isRegistered, outsideBoardContest, outsideOpen, visibleContest } from './access';
import { createRecordCounter } from './contest-counts';
import { contestProblemList, createContestProblemService, type ContestProblemService } from './contest-problem.service';
import { addRegistration, findContest, listVisibleContests, participantCounts } from './contest.repo';
import { createContestReads } from './contest-reads';
import { createContestSubmissionService, type ContestSubmissionService } from './contest-submission.service';
import { toContestVO } from './contest-view';
import type { BoardProjector } from './scoreboard/projector';

export type ContestTopicKind = 'contest' | 'scoreboard' | 'contest-admin';

/** The contestants' side; the problems are `ContestProblemService`'s, the submissions `ContestSubmissionService`'s. */
export interface ContestService extends ContestProblemService, ContestSubmissionService {
  list(q: ContestListQuery): Promise<PageOf<ContestVO>>;
  info(cid: number, viewer: Viewer): Promise<ContestVO>;
  register(body: RegisterContestBody, viewer: Viewer): Promise<void>;
  access(cid: number, viewer: Viewer): Promise<{ access: boolean }>;
  outsideInfo(cid: number, viewer: Viewer | null): Promise<ContestOutsideInfo>;
  /** Socket topics: `contest:` and `scoreboard:` for whoever may enter (the board also for all when open), `contest-admin:` for its admins. */
  canSubscribe(kind: ContestTopicKind, cid: number, viewer: Viewer | null): Promise<boolean>;
}

/** `boards`: the process's board projection, which makes the problem counts cheap (without it: SQL). */
export function createContestService(ctx: ServiceContext, boards?: BoardProjector): ContestService {
  const { db } = ctx;
  const countRecords = createRecordCounter(db, boards);
  const reads = createContestReads(db, ctx.config.contestCacheMs);

  return {
    ...createContestSubmissionService(db),
    ...createContestProblemService(db, countRecords, reads),

    async list(q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? CONTEST_LIMITS.listPageSize;
      const now = new Date();
      const keyword = q.keyword?.trim();
      const filter = { now, ...(q.type !== undefined && { type: q.type }), ...(q.status !== undefined && { status: q.status }), ...(keyword && { keyword }) };
      const { total, rows } = await listVisibleContests(db, filter, size, pageOffset(current, size));
      const counts = await participantCounts(db, rows.map((r) => r.id));
      return pageOf(rows.map((c) => toContestVO(c, counts.get(c.id) ?? 0, now.getTime())), total, current, size);
    },

    async info(cid, viewer) {
      const c = await visibleContest(db, cid, viewer);
      const vo = toContestVO(c, await reads.participants(c.id));
      // Who manages a group contest depends on the group (the browser cannot tell from the roles).
      return c.gid === null ? vo : { ...vo, manage: isContestAdmin(viewer, c) };
    },

    async register(body, viewer) {
      const c = await visibleContest(db, body.cid, viewer);
      await checkRegistration(c, viewer, body.password);
      if (!(await addRegistration(db, c.id, viewer.uid))) throw new OjError('CONTEST_ALREADY_REGISTERED');
      reads.registeredNow(c.id);
    },

    async access(cid, viewer) {
      const c = await visibleContest(db, cid, viewer);
      if (isContestAdmin(viewer, c)) return { access: true };
      if (c.auth === CONTEST_AUTH.PUBLIC) return { access: true };
      return { access: await isRegistered(db, c.id, viewer.uid) };
    },

    async outsideInfo(cid, viewer) {
      const c = await outsideBoardContest(db, cid, viewer);
      const count = await reads.participants(c.id);
      // The public view: the seal applies to everyone here, admins included.
      return { contest: toContestVO(c, count), problemList: await contestProblemList(db, countRecords, c, null, false) };
    },

    async canSubscribe(kind, cid, viewer) {
      if (!isInt4(cid)) return false;
      const c = await findContest(db, cid);
      if (!c) return false;
      switch (kind) {
        case 'contest-admin':
          return isContestAdmin(viewer, c);
        case 'scoreboard':
          return outsideOpen(c) || canEnter(db, c, viewer);
        case 'contest':
          return canEnter(db, c, viewer);
      }
    },
  };
}
