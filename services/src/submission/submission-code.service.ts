// The owner's code actions: sharing a practice submission's code (`PUT /api/submission`), and the code of their
// last accepted submission of a problem (`GET /api/get-last-ac-code`, the editor's "fetch recently passed code").
import { OjError } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isBoardSealed, isContestAdmin } from '../contest/access';
import { findContest } from '../contest/contest.repo';
import { sealAt } from '../contest/contest-view';
import { lastAcceptedCode, setSubmissionShare, submissionOwner } from './submission.repo';

export interface LastAcceptedCode {
  submitId: number;
  code: string;
  language: string;
}

export interface SubmissionCodeService {
  /** Only the owner, only outside contests. */
  setShare(submitId: number, share: boolean, viewer: Viewer): Promise<void>;
  /** The caller's last Accepted submission of problem `pid` (in contest `cid`, 0 for practice); null when none. */
  lastAccepted(pid: number, cid: number, viewer: Viewer): Promise<LastAcceptedCode | null>;
}

export function createSubmissionCodeService(ctx: ServiceContext): SubmissionCodeService {
  const { db } = ctx;
  return {
    async setShare(submitId, share, viewer) {
      const row = await submissionOwner(db, submitId);
      if (!row) throw new OjError('SUBMISSION_NOT_FOUND');
      if (row.uid !== viewer.uid) throw new OjError('AUTH_FORBIDDEN');
      if (row.cid !== 0) throw new OjError('SUBMISSION_SHARE_CONTEST');
      if (share && !ctx.config.openCodeShare) throw new OjError('SUBMISSION_SHARE_CLOSED');
      await setSubmissionShare(db, submitId, share);
    },

    async lastAccepted(pid, cid, viewer) {
      // An OI contest's seal hides the contestant's own results: an AC from the seal on is not told (nor its code).
      const c = cid > 0 ? await findContest(db, cid) : undefined;
      const before = c && c.type === 1 && !isContestAdmin(viewer, c) && isBoardSealed(c) ? (sealAt(c) ?? undefined) : undefined;
      return (await lastAcceptedCode(db, viewer.uid, pid, cid, before)) ?? null;
    },
  };
}
