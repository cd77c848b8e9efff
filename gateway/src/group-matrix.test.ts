// The group authorization matrix: every group route × (anonymous, non-member, applicant, member, group admin, group
// root, super admin, and a non-member of a hidden group), each called over REST against the real services on
// PostgreSQL, each answer checked against its row. A group route the gateway registers without a row fails the test.
// A call expected to change the group gets a fresh one: one private group (code `abc123`) with its owner (root), an admin, a
// member, an applicant, a second applicant the member routes act on, a problem and an announcement by the admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MEMBER_AUTH as M, ROLE_PERMISSIONS, type ProblemDTO, type RoleName } from '@oj/proto';
import type { Viewer } from '@oj/services';
import { startHarness, type Harness } from './test-harness';

type Who = 'anon' | 'stranger' | 'applicant' | 'member' | 'admin' | 'root' | 'super' | 'hidden';
const WHO: Who[] = ['anon', 'stranger', 'applicant', 'member', 'admin', 'root', 'super', 'hidden'];

/** Short forms of the expected answers: 'ok' or the catalogue code. */
const C = {
  ok: 'ok',
  NLI: 'AUTH_NOT_LOGGED_IN',
  AF: 'AUTH_FORBIDDEN',
  F: 'GROUP_FORBIDDEN',
  NM: 'GROUP_NOT_MEMBER',
  NF: 'GROUP_NOT_FOUND',
} as const;
type Outcome = string;

interface World {
  gid: number;
  pid: number;
  problemId: string;
  aid: number;
  /** The second applicant, whom the member routes act on. */
  target: string;
  /** Group contests: a running contest by the admin with another problem of the group (`cpid`) as `A`, and one announcement of it. */
  cid: number;
  cpid: number;
  cProblemId: string;
  caid: number;
  /** A group training by the admin holding the group's problem (group trainings, issue 19 item 6). */
  tid: number;
  /** A discussion of the group by its owner (group discussions, issue 19 item 8). */
  did: number;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  multipart?: { field: string; fileName: string; data: Buffer };
}

interface Row {
  route: string;
  call: (w: World, n: number) => Call;
  /** Expected outcome per caller, in the order of WHO. */
  expect: [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];
  /** Changes nothing of the group (reads; creating another group): the shared groups serve every caller. */
  read?: boolean;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0000000000049454e44ae426082', 'hex');

function problemDto(problemId: string, gid: number, id?: number): ProblemDTO {
  return {
    problem: { ...(id && { id }), problemId, title: 'A plus B', description: 'Add.', input: 'a b', output: 'a+b', timeLimit: 1000, memoryLimit: 256, stackLimit: 128, difficulty: 0, auth: 1, type: 0, codeShare: true, examples: [], isRemoveEndBlank: true, openCaseResult: true, gid },
    samples: [{ input: '1 2\n', output: '3\n' }],
    isUploadTestCase: false,
    languages: [{ name: 'C' }],
  };
}

let serial = 0;
const groupBody = () => {
  const n = `${++serial}`.padStart(4, '0');
  return { name: `Matrix group ${n}`, shortName: `mx${n}`, brief: 'a group for the matrix', description: 'the authorization matrix', auth: 3, code: 'abc123' };
};

/** A group training's form (the category made in beforeAll). */
const trainingBody = (gid: number, id?: number) => ({ training: { ...(id && { id }), gid, title: 'Week 1', description: 'The first week', auth: 'Public' as const, rank: 1, status: true }, trainingCategory: { id: categoryId } });
const GROUP_ADMINS: Row['expect'] = [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF];
const GROUP_MEMBERS: Row['expect'] = [C.NLI, C.NM, C.NM, 'ok', 'ok', 'ok', 'ok', C.NF];

/** Group trainings, status and rank (issue 19, items 6 and 8), and the site routes they extend. */
const TRAINING_ROWS: Row[] = [
  { route: 'GET /api/group/get-training-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-training-list?gid=${w.gid}` }), expect: GROUP_MEMBERS },
  { route: 'GET /api/group/get-admin-training-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-admin-training-list?gid=${w.gid}` }), expect: GROUP_ADMINS },
  { route: 'GET /api/group/training', read: true, call: (w) => ({ method: 'GET', url: `/api/group/training?tid=${w.tid}` }), expect: GROUP_ADMINS },
  { route: 'POST /api/group/training', call: (w) => ({ method: 'POST', url: '/api/group/training', body: trainingBody(w.gid) }), expect: GROUP_ADMINS },
  { route: 'PUT /api/group/training', call: (w) => ({ method: 'PUT', url: '/api/group/training', body: trainingBody(w.gid, w.tid) }), expect: GROUP_ADMINS },
  { route: 'DELETE /api/group/training', call: (w) => ({ method: 'DELETE', url: `/api/group/training?tid=${w.tid}` }), expect: GROUP_ADMINS },
  { route: 'PUT /api/group/change-training-status', call: (w) => ({ method: 'PUT', url: `/api/group/change-training-status?tid=${w.tid}&status=false` }), expect: GROUP_ADMINS },
  { route: 'GET /api/group/get-training-problem-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-training-problem-list?tid=${w.tid}&queryExisted=true` }), expect: GROUP_ADMINS },
  { route: 'PUT /api/group/training-problem', call: (w) => ({ method: 'PUT', url: '/api/group/training-problem', body: { tid: w.tid, pid: w.pid, rank: 5 } }), expect: GROUP_ADMINS },
  { route: 'DELETE /api/group/training-problem', call: (w) => ({ method: 'DELETE', url: `/api/group/training-problem?tid=${w.tid}&pid=${w.pid}` }), expect: GROUP_ADMINS },
  { route: 'POST /api/group/add-training-problem-from-public', call: (w) => ({ method: 'POST', url: '/api/group/add-training-problem-from-public', body: { tid: w.tid, displayId: '1000' } }), expect: GROUP_ADMINS },
  {
    route: 'POST /api/group/add-training-problem-from-group',
    // The world's training holds the group's problem already: past the group's check, the add itself refuses.
    read: true,
    call: (w) => ({ method: 'POST', url: `/api/group/add-training-problem-from-group?tid=${w.tid}&problemId=${encodeURIComponent(w.problemId)}` }),
    expect: [C.NLI, C.F, C.F, C.F, 'TRAINING_PROBLEM_EXISTS', 'TRAINING_PROBLEM_EXISTS', 'TRAINING_PROBLEM_EXISTS', C.NF],
  },
  { route: 'GET /api/get-group-rank-list', read: true, call: (w) => ({ method: 'GET', url: `/api/get-group-rank-list?gid=${w.gid}&type=0` }), expect: GROUP_MEMBERS },
  { route: 'GET /api/get-training-detail', read: true, call: (w) => ({ method: 'GET', url: `/api/get-training-detail?tid=${w.tid}` }), expect: GROUP_MEMBERS },
  { route: 'GET /api/get-training-problem-list', read: true, call: (w) => ({ method: 'GET', url: `/api/get-training-problem-list?tid=${w.tid}` }), expect: GROUP_MEMBERS },
  { route: 'GET /api/get-training-rank', read: true, call: (w) => ({ method: 'GET', url: `/api/get-training-rank?tid=${w.tid}` }), expect: GROUP_MEMBERS },
  {
    route: 'POST /api/submit-problem-judge',
    call: (w) => ({ method: 'POST', url: '/api/submit-problem-judge', body: { pid: w.problemId, gid: w.gid, tid: w.tid, language: 'C', code: 'int main() { /* long enough to pass the minimum code length */ return 0; }' } }),
    expect: GROUP_MEMBERS,
  },
  // The group's status list: its members (a group that is not there, or hidden, answers the same).
  { route: 'GET /api/get-submission-list', read: true, call: (w) => ({ method: 'GET', url: `/api/get-submission-list?gid=${w.gid}` }), expect: [C.NM, C.NM, C.NM, 'ok', 'ok', 'ok', 'ok', C.NM] },
];

/** Every group route and the routes it extends, with who gets what. */
const ROWS: Row[] = [
  { route: 'GET /api/get-group-list', read: true, call: () => ({ method: 'GET', url: '/api/get-group-list' }), expect: ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'] },
  { route: 'GET /api/get-group-detail', read: true, call: (w) => ({ method: 'GET', url: `/api/get-group-detail?gid=${w.gid}` }), expect: [C.NLI, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/get-group-access', read: true, call: (w) => ({ method: 'GET', url: `/api/get-group-access?gid=${w.gid}` }), expect: [C.NLI, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/get-group-auth', read: true, call: (w) => ({ method: 'GET', url: `/api/get-group-auth?gid=${w.gid}` }), expect: [C.NLI, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', C.NF] },
  { route: 'POST /api/group', read: true, call: () => ({ method: 'POST', url: '/api/group', body: groupBody() }), expect: [C.NLI, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'] },
  { route: 'PUT /api/group', call: (w) => ({ method: 'PUT', url: '/api/group', body: { id: w.gid, brief: 'a changed brief' } }), expect: [C.NLI, C.F, C.F, C.F, C.F, 'ok', 'ok', C.NF] },
  { route: 'DELETE /api/group', call: (w) => ({ method: 'DELETE', url: `/api/group?gid=${w.gid}` }), expect: [C.NLI, C.F, C.F, C.F, C.F, 'ok', 'ok', C.NF] },
  {
    route: 'POST /api/file/upload-group-avatar',
    call: (w) => ({ method: 'POST', url: `/api/file/upload-group-avatar?gid=${w.gid}`, multipart: { field: 'image', fileName: 'a.png', data: PNG } }),
    expect: [C.NLI, C.F, C.F, C.F, C.F, 'ok', 'ok', C.NF],
  },
  { route: 'GET /api/group/get-member-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-member-list?gid=${w.gid}` }), expect: [C.NLI, C.NM, C.NM, 'ok', 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/group/get-apply-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-apply-list?gid=${w.gid}` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  {
    route: 'POST /api/group/member',
    call: (w) => ({ method: 'POST', url: `/api/group/member?gid=${w.gid}&code=abc123&reason=${encodeURIComponent('let me in please')}` }),
    expect: [C.NLI, 'ok', 'GROUP_ALREADY_APPLIED', 'GROUP_ALREADY_MEMBER', 'GROUP_ALREADY_MEMBER', 'GROUP_ALREADY_MEMBER', 'ok', C.NF],
  },
  { route: 'PUT /api/group/member', call: (w) => ({ method: 'PUT', url: '/api/group/member', body: { gid: w.gid, uid: w.target, auth: M.MEMBER } }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'DELETE /api/group/member', call: (w) => ({ method: 'DELETE', url: `/api/group/member?gid=${w.gid}&uid=${w.target}` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  {
    route: 'DELETE /api/group/member/exit',
    call: (w) => ({ method: 'DELETE', url: `/api/group/member/exit?gid=${w.gid}` }),
    expect: [C.NLI, 'GROUP_MEMBER_NOT_FOUND', 'ok', 'ok', 'ok', 'GROUP_OWNER_CANNOT_EXIT', 'GROUP_MEMBER_NOT_FOUND', C.NF],
  },
  { route: 'GET /api/group/get-announcement-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-announcement-list?gid=${w.gid}` }), expect: [C.NLI, C.NM, C.NM, 'ok', 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/group/get-admin-announcement-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-admin-announcement-list?gid=${w.gid}` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'POST /api/group/announcement', call: (w) => ({ method: 'POST', url: '/api/group/announcement', body: { gid: w.gid, title: 'Hello', content: 'World' } }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'PUT /api/group/announcement', call: (w) => ({ method: 'PUT', url: '/api/group/announcement', body: { id: w.aid, gid: w.gid, title: 'Hello', content: 'Again', status: 1 } }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'DELETE /api/group/announcement', call: (w) => ({ method: 'DELETE', url: `/api/group/announcement?aid=${w.aid}` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/group/get-problem-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-problem-list?gid=${w.gid}` }), expect: [C.NLI, C.NM, C.NM, 'ok', 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/group/get-admin-problem-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-admin-problem-list?gid=${w.gid}` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/group/problem', read: true, call: (w) => ({ method: 'GET', url: `/api/group/problem?pid=${w.pid}` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'POST /api/group/problem', call: (w, n) => ({ method: 'POST', url: '/api/group/problem', body: problemDto(`N${n}`, w.gid) }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'PUT /api/group/problem', call: (w) => ({ method: 'PUT', url: '/api/group/problem', body: problemDto('A1', w.gid, w.pid) }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'DELETE /api/group/problem', call: (w) => ({ method: 'DELETE', url: `/api/group/problem?pid=${w.pid}` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/group/get-problem-cases', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-problem-cases?pid=${w.pid}` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/group/get-all-problem-tags', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-all-problem-tags?gid=${w.gid}` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  // No checker compiles in a language that cannot write one: past the group's check, the compile itself refuses.
  ...(['spj', 'interactive'] as const).map(
    (kind): Row => ({
      route: `POST /api/group/compile-${kind}`,
      read: true,
      call: (w) => ({ method: 'POST', url: `/api/group/compile-${kind}?gid=${w.gid}`, body: { code: 'x', language: 'No such language' } }),
      expect: [C.NLI, C.F, C.F, C.F, 'PROBLEM_CHECKER_COMPILE', 'PROBLEM_CHECKER_COMPILE', 'PROBLEM_CHECKER_COMPILE', C.NF],
    }),
  ),
  { route: 'PUT /api/group/change-problem-auth', call: (w) => ({ method: 'PUT', url: `/api/group/change-problem-auth?pid=${w.pid}&auth=2` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'PUT /api/group/apply-public', call: (w) => ({ method: 'PUT', url: `/api/group/apply-public?pid=${w.pid}&isApplied=false` }), expect: [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/admin/group-problem/list', read: true, call: () => ({ method: 'GET', url: '/api/admin/group-problem/list' }), expect: [C.NLI, C.AF, C.AF, C.AF, C.AF, C.AF, 'ok', C.AF] },
  { route: 'PUT /api/admin/group-problem/change-progress', call: (w) => ({ method: 'PUT', url: '/api/admin/group-problem/change-progress', body: { pid: w.pid, progress: 3 } }), expect: [C.NLI, C.AF, C.AF, C.AF, C.AF, C.AF, 'ok', C.AF] },
  // The routes a group extends: a problem opened and submitted inside its group, its test data.
  {
    route: 'GET /api/get-problem-detail',
    read: true,
    call: (w) => ({ method: 'GET', url: `/api/get-problem-detail?problemId=${encodeURIComponent(w.problemId)}&gid=${w.gid}` }),
    expect: [C.NLI, C.NM, C.NM, 'ok', 'ok', 'ok', 'ok', C.NF],
  },
  {
    route: 'POST /api/submit-problem-judge',
    call: (w) => ({ method: 'POST', url: '/api/submit-problem-judge', body: { pid: w.problemId, gid: w.gid, language: 'C', code: 'int main() { /* long enough to pass the minimum code length */ return 0; }' } }),
    expect: [C.NLI, C.NM, C.NM, 'ok', 'ok', 'ok', 'ok', C.NF],
  },
  {
    route: 'POST /api/file/upload-testcase-zip',
    read: true,
    call: (w) => ({ method: 'POST', url: `/api/file/upload-testcase-zip?gid=${w.gid}`, multipart: { field: 'file', fileName: 'cases.zip', data: Buffer.from('not a zip at all') } }),
    expect: [C.NLI, C.AF, C.AF, C.AF, 'FILE_TYPE_NOT_SUPPORTED', 'FILE_TYPE_NOT_SUPPORTED', 'FILE_TYPE_NOT_SUPPORTED', C.AF],
  },
  { route: 'GET /api/file/download-testcase', read: true, call: (w) => ({ method: 'GET', url: `/api/file/download-testcase?pid=${w.pid}` }), expect: [C.NLI, C.AF, C.AF, C.AF, 'ok', 'ok', 'ok', C.AF] },
  ...TRAINING_ROWS,
];

// group contests (issue 19, item 7): members read the list and the contest pages, the group's admins manage (the
// admin who created the contest, the root, super admins; a non-root admin only their own: services tests).
const GA = [C.NLI, C.F, C.F, C.F, 'ok', 'ok', 'ok', C.NF] as Row['expect'];
const CNF = 'CONTEST_NOT_FOUND';
const contestForm = (title: string) => ({
  title,
  description: 'a group contest',
  type: 0,
  auth: 0,
  startTime: new Date(Date.now() - 3_600_000).toISOString(),
  endTime: new Date(Date.now() + 3_600_000).toISOString(),
});
const announcement = (w: World, id?: number) => ({ cid: w.cid, announcement: { ...(id && { id }), title: 'Note', content: 'Read A first', status: 0 } });
ROWS.push(
  { route: 'GET /api/group/get-contest-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-contest-list?gid=${w.gid}` }), expect: [C.NLI, C.NM, C.NM, 'ok', 'ok', 'ok', 'ok', C.NF] },
  { route: 'GET /api/group/get-admin-contest-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-admin-contest-list?gid=${w.gid}` }), expect: GA },
  { route: 'GET /api/group/contest', read: true, call: (w) => ({ method: 'GET', url: `/api/group/contest?cid=${w.cid}` }), expect: GA },
  { route: 'POST /api/group/contest', call: (w) => ({ method: 'POST', url: '/api/group/contest', body: { ...contestForm('Another'), gid: w.gid } }), expect: GA },
  { route: 'PUT /api/group/contest', call: (w) => ({ method: 'PUT', url: '/api/group/contest', body: { ...contestForm('Renamed'), id: w.cid } }), expect: GA },
  { route: 'DELETE /api/group/contest', call: (w) => ({ method: 'DELETE', url: `/api/group/contest?cid=${w.cid}` }), expect: GA },
  { route: 'PUT /api/group/change-contest-visible', call: (w) => ({ method: 'PUT', url: `/api/group/change-contest-visible?cid=${w.cid}&visible=false` }), expect: GA },
  { route: 'GET /api/group/get-contest-problem-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-contest-problem-list?cid=${w.cid}&problemType=0&fromGroup=true` }), expect: GA },
  {
    route: 'POST /api/group/contest-problem',
    call: (w, n) => ({ method: 'POST', url: '/api/group/contest-problem', body: { ...problemDto(`K${n}`, w.gid), cid: w.cid, displayId: 'K', displayTitle: 'Made in the contest' } }),
    expect: GA,
  },
  { route: 'GET /api/group/contest-problem', read: true, call: (w) => ({ method: 'GET', url: `/api/group/contest-problem?cid=${w.cid}&pid=${w.cpid}` }), expect: GA },
  { route: 'PUT /api/group/contest-problem', call: (w) => ({ method: 'PUT', url: '/api/group/contest-problem', body: { cid: w.cid, pid: w.cpid, displayId: 'B' } }), expect: GA },
  { route: 'DELETE /api/group/contest-problem', call: (w) => ({ method: 'DELETE', url: `/api/group/contest-problem?cid=${w.cid}&pid=${w.cpid}` }), expect: GA },
  // Past the group's check: a group's own problem is never taken "from public"; the problem is already in the contest.
  {
    route: 'POST /api/group/add-contest-problem-from-public',
    read: true,
    call: (w) => ({ method: 'POST', url: '/api/group/add-contest-problem-from-public', body: { cid: w.cid, pid: w.cpid, displayId: 'C' } }),
    expect: [C.NLI, C.F, C.F, C.F, 'PROBLEM_NOT_FOUND', 'PROBLEM_NOT_FOUND', 'PROBLEM_NOT_FOUND', C.NF],
  },
  {
    route: 'POST /api/group/add-contest-problem-from-group',
    read: true,
    call: (w) => ({ method: 'POST', url: `/api/group/add-contest-problem-from-group?cid=${w.cid}&displayId=C&problemId=${encodeURIComponent(w.cProblemId)}` }),
    expect: [C.NLI, C.F, C.F, C.F, 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', C.NF],
  },
  { route: 'GET /api/group/get-contest-announcement-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-contest-announcement-list?cid=${w.cid}` }), expect: GA },
  { route: 'POST /api/group/contest-announcement', call: (w) => ({ method: 'POST', url: '/api/group/contest-announcement', body: announcement(w) }), expect: GA },
  { route: 'PUT /api/group/contest-announcement', call: (w) => ({ method: 'PUT', url: '/api/group/contest-announcement', body: announcement(w, w.caid) }), expect: GA },
  { route: 'DELETE /api/group/contest-announcement', call: (w) => ({ method: 'DELETE', url: `/api/group/contest-announcement?cid=${w.cid}&aid=${w.caid}` }), expect: GA },
  // The site's contest pages on a group contest: its members only (anyone else: it does not exist).
  { route: 'GET /api/get-contest-info', read: true, call: (w) => ({ method: 'GET', url: `/api/get-contest-info?cid=${w.cid}` }), expect: [C.NLI, CNF, CNF, 'ok', 'ok', 'ok', 'ok', CNF] },
  { route: 'GET /api/get-contest-problem', read: true, call: (w) => ({ method: 'GET', url: `/api/get-contest-problem?cid=${w.cid}` }), expect: [C.NLI, CNF, CNF, 'ok', 'ok', 'ok', 'ok', CNF] },
  { route: 'POST /api/get-contest-rank', read: true, call: (w) => ({ method: 'POST', url: '/api/get-contest-rank', body: { cid: w.cid, currentPage: 1, limit: 30 } }), expect: [C.NLI, CNF, CNF, 'ok', 'ok', 'ok', 'ok', CNF] },
);

// group discussions (issue 19, item 8): members read and post; the author (the owner here) edits and deletes their
// own; the group's admins pin and delete any. The public discussion routes apply the group's rules to its discussions.
const GM = [C.NLI, C.NM, C.NM, 'ok', 'ok', 'ok', 'ok', C.NF] as Row['expect'];
const discussionForm = (w: World) => ({ gid: w.gid, title: 'Week 1 help', description: 'A question', content: 'How to start?' });
ROWS.push(
  { route: 'GET /api/group/get-discussion-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-discussion-list?gid=${w.gid}` }), expect: GM },
  { route: 'GET /api/group/get-admin-discussion-list', read: true, call: (w) => ({ method: 'GET', url: `/api/group/get-admin-discussion-list?gid=${w.gid}` }), expect: GA },
  { route: 'POST /api/group/discussion', call: (w) => ({ method: 'POST', url: '/api/group/discussion', body: discussionForm(w) }), expect: GM },
  { route: 'PUT /api/group/discussion', call: (w) => ({ method: 'PUT', url: '/api/group/discussion', body: { id: w.did, topPriority: true } }), expect: [C.NLI, C.NM, C.NM, C.F, 'ok', 'ok', 'ok', C.NF] },
  {
    route: 'DELETE /api/group/discussion',
    call: (w) => ({ method: 'DELETE', url: `/api/group/discussion?did=${w.did}` }),
    expect: [C.NLI, C.NM, C.NM, 'DISCUSSION_DELETE_FORBIDDEN', 'ok', 'ok', 'ok', C.NF],
  },
  { route: 'GET /api/get-discussion-detail', read: true, call: (w) => ({ method: 'GET', url: `/api/get-discussion-detail?did=${w.did}` }), expect: GM },
  { route: 'GET /api/comments', read: true, call: (w) => ({ method: 'GET', url: `/api/comments?did=${w.did}` }), expect: GM },
  { route: 'POST /api/comment', call: (w) => ({ method: 'POST', url: '/api/comment', body: { did: w.did, content: 'Same question' } }), expect: GM },
);

/** The routes that belong to groups: a row must exist for each. */
const isGroupRoute = (route: string) => /\/group\b|\/group-|-group-|get-group/.test(route);

let h: Harness;
let categoryId = 0;
const tokens = {} as Record<Exclude<Who, 'anon' | 'hidden'>, string>;
const uids = {} as Record<string, string>;

async function user(name: string, roles?: RoleName[]): Promise<string> {
  const u = await h.createUser(name, roles);
  uids[name] = u.uid;
  return h.login(name);
}

async function call(token: string | null, c: Call): Promise<{ outcome: string; http: number; body: string }> {
  const headers: Record<string, string> = { 'accept-language': 'en-US', ...(token && { authorization: token }) };
  let payload: Buffer | string | undefined;
  if (c.multipart) {
    const head = `--B\r\nContent-Disposition: form-data; name="${c.multipart.field}"; filename="${c.multipart.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    payload = Buffer.concat([Buffer.from(head), c.multipart.data, Buffer.from('\r\n--B--\r\n')]);
    headers['content-type'] = 'multipart/form-data; boundary=B';
  } else if (c.body !== undefined) {
    payload = JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  const res = await h.gw.app.inject({ method: c.method, url: c.url, headers, ...(payload !== undefined && { payload }) });
  if (res.headers['content-type']?.toString().startsWith('application/zip')) return { outcome: res.statusCode === 200 ? 'ok' : `HTTP ${res.statusCode}`, http: res.statusCode, body: '' };
  const env = res.json() as { status: number; code?: string };
  return { outcome: env.status === 200 ? 'ok' : (env.code ?? `status ${env.status}`), http: res.statusCode, body: res.body.slice(0, 200) };
}

/** A signed-in user as the services see it (roles and the seed's permissions). */
function viewer(name: string, roles: RoleName[] = ['default_user']): Viewer {
  return { uid: uids[name]!, username: name, roles, permissions: [...new Set(roles.flatMap((r) => ROLE_PERMISSIONS[r]))] };
}

/** A fresh private group with every relation (see the file's head), made through the services; hidden when asked. */
async function world(hidden = false): Promise<World> {
  const g = h.services.groups;
  const [owner, admin, member] = [viewer('g_owner'), viewer('g_admin'), viewer('g_member')];
  const { id: gid } = await g.groups.create(groupBody(), owner);
  for (const who of [viewer('g_applicant'), member, admin, viewer('target')]) await g.members.add({ gid, code: 'abc123', reason: 'let me in please' }, who);
  await g.members.update({ gid, uid: member.uid, auth: M.MEMBER }, owner);
  await g.members.update({ gid, uid: admin.uid, auth: M.ADMIN }, owner);
  const { pid, problemId } = await g.problems.create(problemDto('A1', gid), admin);
  const { id: aid } = await g.announcements.add({ gid, title: 'Welcome', content: 'First week' }, admin);
  await g.problems.applyPublic({ pid, isApplied: true }, admin);
  const gc = h.services.groupContests;
  const { cid } = await gc.create({ ...contestForm('Week 1'), gid }, admin);
  const { pid: cpid, problemId: cProblemId } = await g.problems.create(problemDto('C1', gid), admin);
  await gc.addProblemFromGroup({ cid, problemId: cProblemId, displayId: 'A' }, admin);
  await gc.announcements.create(announcement({ cid } as World), admin);
  const caid = (await gc.announcements.adminList({ cid }, admin)).records[0]!.id;
  const { tid } = await g.trainings.create(trainingBody(gid), admin);
  await g.trainings.addFromGroup({ tid, problemId }, admin);
  const { id: did } = await g.discussions.add({ gid, title: 'Welcome', description: 'Say hello', content: 'Hello all' }, owner);
  if (hidden) await g.groups.update({ id: gid, visible: false }, owner);
  return { gid, pid, problemId, aid, target: uids.target!, cid, cpid, cProblemId, caid, tid, did };
}

beforeAll(async () => {
  h = await startHarness({ servicesConfig: { createGroupMinAc: 0, createGroupDailyLimit: 0, createGroupLimit: 0, submitIntervalS: 0, postMinAc: 0, commentMinAc: 0, discussionDailyLimit: 0 } });
  tokens.root = await user('g_owner');
  tokens.admin = await user('g_admin');
  tokens.member = await user('g_member');
  tokens.applicant = await user('g_applicant');
  tokens.stranger = await user('g_stranger');
  tokens.super = await user('g_super', ['root']);
  await user('target');
  categoryId = (await h.services.trainings.addCategory({ name: 'Group weeks', color: '#409EFF' }, viewer('g_super', ['root']))).id;
}, 120_000);
afterAll(async () => h?.stop());

describe('group authorization matrix', () => {
  it('has a row for every group route the gateway registers', () => {
    const routes = h.gw.routes.filter((r) => !r.startsWith('HEAD ') && isGroupRoute(r));
    expect(routes.length).toBeGreaterThanOrEqual(31);
    const rows = new Set(ROWS.map((r) => r.route));
    expect(routes.filter((r) => !rows.has(r))).toEqual([]);
    expect([...rows].filter((r) => !h.gw.routes.includes(r))).toEqual([]);
  });

  it('answers each caller as its row says', async () => {
    const shared = { visible: await world(), hidden: await world(true) };
    const wrong: string[] = [];
    let n = 0;
    for (const row of ROWS) {
      for (const [i, who] of WHO.entries()) {
        // A call refused changes nothing: the shared groups do (a refusal that let it through shows in the later rows too).
        const fresh = !row.read && row.expect[i] === 'ok';
        const w = fresh ? await world(who === 'hidden') : who === 'hidden' ? shared.hidden : shared.visible;
        const token = who === 'anon' ? null : who === 'hidden' ? tokens.stranger : tokens[who];
        const got = await call(token, row.call(w, ++n));
        if (got.http >= 500) wrong.push(`${row.route} as ${who}: HTTP ${got.http} ${got.body}`);
        if (got.outcome !== row.expect[i]) wrong.push(`${row.route} as ${who}: expected ${row.expect[i]}, got ${got.outcome} ${got.outcome === 'ok' ? '' : got.body}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});
