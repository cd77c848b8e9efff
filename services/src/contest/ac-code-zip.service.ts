// `GET /api/file/download-contest-ac-submission`: the contest's accepted code as a zip, a folder per user or per
// problem, each file named `<display id>_<username>_<submit id>.<extension>`. Contest admins only. The zip is
// streamed: submissions are read 100 at a time and each file leaves as soon as it is deflated.
import { OjError, sourceExtension, type DownloadContestAcQuery } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { ZIP_MAX_ENTRIES, zipStream } from '../testdata/zip';
import { acCodeBatch, countAcCode, type AcCodeFilter } from './ac-code.repo';
import type { ContestRow } from './access';
import { requireContestAdmin } from './scoreboard/contest-tools.service';

/** Submissions read at a time: what the download holds at most is one batch of code (plus socket buffers). */
const BATCH = 100;

export interface AcCodeZip {
  fileName: string;
  /** How many files the zip holds. */
  files: number;
  body: AsyncIterable<Buffer>;
}

export interface AcCodeZipService {
  acCodeZip(q: DownloadContestAcQuery, viewer: Viewer): Promise<AcCodeZip>;
}

/** A path segment safe on every file system (usernames may hold characters some forbid). */
// eslint-disable-next-line no-control-regex
export const safeSegment = (s: string): string => s.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_') || '_';

export function acCodePath(split: DownloadContestAcQuery['splitType'], r: { submitId: number; username: string; displayId: string; language: string }): string {
  const user = safeSegment(r.username);
  const problem = safeSegment(r.displayId);
  const file = `${problem}_${user}_${r.submitId}.${sourceExtension(r.language)}`;
  return `${split === 'user' ? user : problem}/${file}`;
}

export function createAcCodeZipService(ctx: ServiceContext): AcCodeZipService {
  const { db } = ctx;

  async function* files(c: ContestRow, f: AcCodeFilter, split: DownloadContestAcQuery['splitType']) {
    let after = 0;
    for (;;) {
      const rows = await acCodeBatch(db, c, f, after, BATCH);
      for (const r of rows) yield { name: acCodePath(split, r), data: Buffer.from(r.code, 'utf8') };
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1]!.submitId;
    }
  }

  return {
    async acCodeZip(q, viewer) {
      const c = await requireContestAdmin(db, q.cid, viewer);
      const f: AcCodeFilter = { excludeAdmin: q.excludeAdmin === true, latestOnly: c.type === 1 };
      const n = await countAcCode(db, c, f);
      if (n > ZIP_MAX_ENTRIES) throw new OjError('VALIDATION_FAILED', { detail: `more than ${ZIP_MAX_ENTRIES} accepted submissions` });
      ctx.logger.info({ cid: c.id, files: n, split: q.splitType, by: viewer.username }, 'contest AC code downloaded');
      return { fileName: `contest-${c.id}-ac-${q.splitType}.zip`, files: n, body: zipStream(files(c, f, q.splitType)) };
    },
  };
}
