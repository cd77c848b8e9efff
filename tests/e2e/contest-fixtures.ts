// Shared steps of the contest end-to-end tests: accounts and contests over REST, a submission waited to its
// verdict, and a generated CLICS event feed (an imported, ended, sealed contest) for the wide-board checks.
import { expect, type APIRequestContext } from '@playwright/test';
import { lastMailText } from './mail';

export interface Account {
  username: string;
  password: string;
  uid: string;
  token: string;
}

export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<{ token: string; uid: string }> {
  const res = await request.post('/api/login', { data: { username, password } });
  const body = (await res.json()) as { status: number; data: { uid: string } };
  expect(body.status).toBe(200);
  return { token: res.headers()['authorization']!, uid: body.data.uid };
}

/** Registers a user over REST, reading the code from the stored mail (no SMTP in tests; see mail.ts). */
export async function registerUser(request: APIRequestContext, _rootToken: string, username: string): Promise<Account> {
  const password = `${username}-pass`;
  const email = `${username}@example.com`;
  expect((await (await request.get(`/api/get-register-code?email=${encodeURIComponent(email)}`)).json()).status).toBe(200);
  const readCode = async () => /\b(\d{6})\b/.exec((await lastMailText(email)) ?? '')?.[1] ?? null;
  await expect.poll(readCode).not.toBeNull();
  const reg = await (await request.post('/api/register', { data: { username, password, email, code: await readCode() } })).json();
  expect(reg.status).toBe(200);
  return { username, password, ...(await apiLogin(request, username, password)) };
}

export async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { status: number; data: T; msg: string };
  expect(body.status, `${method} ${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A public ACM contest with problem 1000 as A, started two minutes ago. */
export async function createContest(request: APIRequestContext, rootToken: string, title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const start = new Date(Date.now() - 2 * 60_000);
  const end = new Date(Date.now() + 3 * 3600_000);
  const { cid } = await api<{ cid: number }>(request, rootToken, 'POST', '/admin/contest', {
    title,
    description: 'Boards end to end.',
    type: 0,
    auth: 0,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    openRank: true,
    openPrint: true,
    visible: true,
    ...extra,
  });
  const info = await api<{ problem: { id: number } }>(request, rootToken, 'GET', '/get-problem-detail?problemId=1000');
  await api(request, rootToken, 'POST', '/admin/contest/add-problem-from-public', { cid, pid: info.problem.id, displayId: 'A' });
  return cid;
}

export const WRONG_C = '#include <stdio.h>\nint main() { printf("0\\n"); return 0; }\n';

/** Submits A over REST as `who` and waits for the final verdict. */
export async function solve(request: APIRequestContext, who: Account, cid: number, code: string): Promise<number> {
  const sub = await api<{ submitId: number }>(request, who.token, 'POST', '/submit-problem-judge', { pid: 'A', cid, language: 'C', code });
  let status = 5;
  await expect
    .poll(
      async () => {
        const d = await api<{ submission: { status: number } }>(request, who.token, 'GET', `/get-submission-detail?submitId=${sub.submitId}`);
        status = d.submission.status;
        return [5, 6, 7, 9].includes(status);
      },
      { timeout: 60_000 },
    )
    .toBe(false);
  return status;
}

const HOUR = 3_600_000;
const rel = (ms: number) => `${Math.floor(ms / HOUR)}:${String(Math.floor((ms % HOUR) / 60_000)).padStart(2, '0')}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}.000`;
const iso = (ms: number) => new Date(ms).toISOString();

/** Long team names, as an ICPC regional's teams are (each about 40 characters). */
export const feedTeamName = (i: number) => `Polytechnic Institute Algorithms Team ${String(i + 1).padStart(2, '0')}`;

/**
 * A finished 5-hour contest with the last hour frozen (never thawed): `problems` problems A…, `teams` teams with
 * long names, every team solving a different number of problems (team i solves the first `problems − i % problems`
 * before the freeze and tries one more during it).
 */
export function generateFeed(problems: number, teams: number, startMs = Date.now() - 6 * HOUR): string {
  const lines: unknown[] = [];
  const ev = (type: string, data: Record<string, unknown>) => lines.push({ type, id: data.id, data });
  lines.push({ type: 'contest', id: null, data: { id: `wide-${startMs}`, name: 'Wide', formal_name: 'Wide board regional', start_time: iso(startMs), duration: rel(5 * HOUR), scoreboard_freeze_duration: rel(HOUR), penalty_time: 20 } });
  ev('judgement-types', { id: 'AC', name: 'Accepted', penalty: false, solved: true });
  ev('judgement-types', { id: 'WA', name: 'Wrong Answer', penalty: true, solved: false });
  ev('languages', { id: 'cpp', name: 'C++' });
  const labels = Array.from({ length: problems }, (_, i) => String.fromCharCode(65 + i));
  labels.forEach((label, i) => ev('problems', { id: `p${label}`, label, name: `Problem ${label}`, ordinal: i, rgb: '#3366cc', time_limit: 1 }));
  ev('organizations', { id: 'org1', name: 'PIA', formal_name: 'Polytechnic Institute of Algorithms' });
  for (let t = 0; t < teams; t++) ev('teams', { id: `t${t}`, label: `t${t}`, name: feedTeamName(t), organization_id: 'org1', hidden: false });
  lines.push({ type: 'state', id: null, data: { started: iso(startMs), frozen: null, ended: null, thawed: null, finalized: null, end_of_updates: null } });
  let n = 0;
  const submit = (team: number, label: string, minute: number, verdict: 'AC' | 'WA') => {
    const id = String(++n);
    const ms = minute * 60_000 + team * 1000;
    lines.push({ type: 'submissions', id, data: { id, team_id: `t${team}`, problem_id: `p${label}`, language_id: 'cpp', time: iso(startMs + ms), contest_time: rel(ms), files: [] } });
    lines.push({ type: 'judgements', id: `j${id}`, data: { id: `j${id}`, submission_id: id, judgement_type_id: verdict, start_time: iso(startMs + ms + 1000), start_contest_time: rel(ms + 1000) } });
  };
  for (let t = 0; t < teams; t++) {
    const solved = problems - (t % problems);
    for (let k = 0; k < solved; k++) submit(t, labels[k]!, 10 + k * 15, 'AC');
    if (solved < problems) submit(t, labels[solved]!, 250 + (t % 40), t % 2 === 0 ? 'AC' : 'WA');
  }
  lines.push({ type: 'state', id: null, data: { started: iso(startMs), frozen: iso(startMs + 4 * HOUR), ended: iso(startMs + 5 * HOUR), thawed: null, finalized: iso(startMs + 5 * HOUR), end_of_updates: iso(startMs + 5 * HOUR) } });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

/** Imports a CLICS feed as root; the new contest's id. */
export async function importFeed(request: APIRequestContext, rootToken: string, feed: string): Promise<number> {
  const res = await request.post('/api/admin/contest/import-event-feed', {
    headers: { authorization: rootToken },
    multipart: { file: { name: 'event-feed.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(feed) } },
  });
  const body = (await res.json()) as { status: number; data: { cid: number }; msg: string };
  expect(body.status, body.msg).toBe(200);
  return body.data.cid;
}
