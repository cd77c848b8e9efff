// The contest-day tools: the AC helper (first ACs per user and problem, for balloon runners; contest admins) and
// contest printing (contestants send, contest admins list, mark printed and download).
import { CONTEST_LIMITS, OjError, topics, type AcInfoVO, type PageOf, type PrintVO, type PushMessage } from '@oj/proto';
import type { Viewer } from '../../account/viewer';
import type { ServiceContext } from '../../context';
import { isInt4 } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { appendPush, publishAll } from '../../push/push.service';
import { assertEnter, isContestAdmin, loadContest, type ContestRow } from '../access';
import { toAcInfoVO } from './ac-info';
import { acInfoRows, countAcInfo, countPrints, findPrint, insertPrint, lockAndPrintWait, markPrinted, printRows, setAcInfoChecked } from './contest-tools.repo';

export interface ContestToolsService {
  acInfo(q: { cid: number; currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<AcInfoVO>>;
  checkAcInfo(body: { id: number; cid: number; checked: boolean }, viewer: Viewer): Promise<void>;
  submitPrint(body: { cid: number; content: string }, viewer: Viewer): Promise<void>;
  prints(q: { cid: number; currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<PrintVO>>;
  checkPrint(q: { id: number; cid: number }, viewer: Viewer): Promise<void>;
  printText(id: number, viewer: Viewer): Promise<{ fileName: string; content: string }>;
}

/** Page sizes of the original product: AC info and print lists 30. */
const LIST_LIMIT = 30;

/** The contest, if `viewer` administers it (its author or a super admin). */
export async function requireContestAdmin(db: ServiceContext['db'], cid: number, viewer: Viewer): Promise<ContestRow> {
  if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
  const c = await loadContest(db, cid);
  if (!isContestAdmin(viewer, c)) throw new OjError('CONTEST_ADMIN_ONLY');
  return c;
}

async function paged<R, T>(q: { currentPage?: number; limit?: number }, count: () => Promise<number>, rows: (size: number, offset: number) => Promise<R[]>, map: (r: R) => T): Promise<PageOf<T>> {
  const size = q.limit ?? LIST_LIMIT;
  const current = q.currentPage ?? 1;
  const offset = pageOffset(current, size);
  const total = await count();
  const records = offset === null ? [] : (await rows(size, offset)).map(map);
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

export function createContestToolsService(ctx: ServiceContext): ContestToolsService {
  const { db, transport, logger } = ctx;

  return {
    async acInfo(q, viewer) {
      await requireContestAdmin(db, q.cid, viewer);
      return paged(
        q,
        () => countAcInfo(db, q.cid),
        (size, offset) => acInfoRows(db, q.cid, size, offset),
        (r) => toAcInfoVO(r.a, { username: r.username, realname: r.realname, nickname: null, school: null, gender: null, avatar: null }, r.color ?? null),
      );
    },

    async checkAcInfo(body, viewer) {
      await requireContestAdmin(db, body.cid, viewer);
      if (!(await setAcInfoChecked(db, body.cid, body.id, body.checked))) throw new OjError('NOT_FOUND');
    },

    async submitPrint(body, viewer) {
      const c = await loadContest(db, body.cid);
      await assertEnter(db, c, viewer);
      if (!c.openPrint) throw new OjError('PRINT_CLOSED');
      if (body.content.trim() === '') throw new OjError('PRINT_EMPTY');
      if ([...body.content].length < CONTEST_LIMITS.printMinLength) throw new OjError('PRINT_TOO_SHORT');
      const pushes: PushMessage[] = await db.transaction(async (tx) => {
        const wait = await lockAndPrintWait(tx, viewer.uid);
        if (wait !== null && wait > 0) throw new OjError('PRINT_TOO_FAST', { seconds: wait });
        const { p, realname } = await insertPrint(tx, { cid: c.id, uid: viewer.uid, content: body.content });
        const vo: PrintVO = { id: p.id, cid: c.id, username: viewer.username, realname, status: p.status, gmtCreate: p.gmtCreate.toISOString() };
        return [await appendPush(tx, topics.contestAdmin(c.id), 'print.new', vo)];
      });
      await publishAll(transport, pushes, logger);
    },

    async prints(q, viewer) {
      await requireContestAdmin(db, q.cid, viewer);
      return paged(
        q,
        () => countPrints(db, q.cid),
        (size, offset) => printRows(db, q.cid, size, offset),
        (r): PrintVO => ({ id: r.p.id, cid: r.p.cid, username: r.username, realname: r.realname, status: r.p.status, gmtCreate: r.p.gmtCreate.toISOString() }),
      );
    },

    async checkPrint(q, viewer) {
      await requireContestAdmin(db, q.cid, viewer);
      if (!(await markPrinted(db, q.cid, q.id))) throw new OjError('NOT_FOUND');
    },

    async printText(id, viewer) {
      if (!isInt4(id)) throw new OjError('NOT_FOUND');
      const p = await findPrint(db, id);
      if (!p) throw new OjError('NOT_FOUND');
      await requireContestAdmin(db, p.cid, viewer);
      return { fileName: `contest-${p.cid}-print-${id}-${p.username}.txt`, content: p.content };
    },
  };
}
