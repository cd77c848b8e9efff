// LibreOJ adapter against recorded API replies (fixtures/libreoj): import, login, submit, every submission status of
// the API, an error page, a changed reply and a timeout.
import { describe, expect, it } from 'vitest';
import { JudgeStatus, REMOTE_LANGUAGES } from '@oj/proto';
import { HttpSession } from '../http/remote-http';
import { replayHttp, type Exchange } from '../http/replay-http';
import { failure, replayOf, siteFixture } from '../../testing/remote-judge';
import { createLibreOjAdapter, LIBREOJ_LANGUAGES } from './libreoj';

const base = 'https://api.loj.ac';
const loj = createLibreOjAdapter();
const account = { username: 'judge1', password: 'secret-1' };
const replay = replayOf('libreoj');
const sub = { problemId: '1', language: 'C++ (GCC 9)', code: 'int main() { return 0; }' };
const DETAIL = '/api/submission/getSubmissionDetail';

/** A session logged in through the recorded login of `name`. */
async function loggedIn(name: string) {
  const http = replay(name);
  const session = new HttpSession(http);
  await loj.login({ http: session, base }, account);
  return { http, call: { http: session, base } };
}

describe('LibreOJ import', () => {
  it('reads title, limits, the Markdown sections, samples with their notes, and tags', async () => {
    const http = replay('import-1.json');
    const p = await loj.importProblem({ http, base }, '1');
    expect(p).toMatchObject({ problemId: '1', title: 'Garden Fence', timeLimitMs: 1000, memoryLimitMb: 256, source: 'LibreOJ 1', tags: ['模拟', '入门'] });
    expect(p.description).toBe('A garden is a rectangle of $w \\times h$ metres. How many metres of fence go **around** it?');
    expect(p.input).toBe('One line with two integers $w$ and $h$.');
    expect(p.output).toBe('One integer: the length of the fence.');
    expect(p.examples).toEqual([
      { input: '3 4\n', output: '14\n' },
      { input: '5 5\n', output: '20\n' },
    ]);
    expect(p.hint).toBe('**样例 2**\n\nA square garden.\n\n$1 \\le w, h \\le 10^4$.');
    expect(http.cursor.unused()).toEqual([]);
  });

  it('says an unknown problem is not found, and an id that is no number too', async () => {
    expect((await failure(loj.importProblem({ http: replay('import-missing.json'), base }, '99999'))).kind).toBe('not-found');
    expect((await failure(loj.importProblem({ http: replay('import-missing.json'), base }, 'P1'))).kind).toBe('not-found');
  });

  it('reports an error page as the site being down, a timeout too, and a reply without its fields as changed', async () => {
    expect(await failure(loj.importProblem({ http: replay('import-error-page.json'), base }, '1'))).toMatchObject({ kind: 'down', message: 'problem/getProblem: the site answered HTTP 502' });
    expect((await failure(loj.importProblem({ http: replay('import-timeout.json'), base }, '1'))).kind).toBe('down');
    const changed = await failure(loj.importProblem({ http: replay('import-changed.json'), base }, '1'));
    expect(changed.kind).toBe('changed');
    expect(changed.message).toContain('no title, statement or samples');
  });
});

describe('LibreOJ login and submit', () => {
  it('logs in for a token, sends it, submits with the internal problem id and the language options', async () => {
    const { http, call } = await loggedIn('judge-accepted.json');
    expect(await loj.submit(call, account, sub)).toBe('2000001');
    expect(http.cursor.requests).toEqual(['POST /api/auth/login', 'POST /api/problem/getProblem', 'POST /api/submission/submit']);
  });

  it('says a refused password is a login failure with the site reason', async () => {
    const e = await failure(loj.login({ http: new HttpSession(replay('login-refused.json')), base }, account));
    expect(e).toMatchObject({ kind: 'login', message: 'LibreOJ refused the login: WRONG_PASSWORD' });
  });

  it('says a refused submission is rejected with the site reason', async () => {
    const { call } = await loggedIn('submit-refused.json');
    expect(await failure(loj.submit(call, account, sub))).toMatchObject({ kind: 'rejected', message: 'submission/submit: PERMISSION_DENIED' });
  });

  it('a session without a token is a login failure before anything is sent (the worker logs in again)', async () => {
    const http = replay('judge-accepted.json');
    expect((await failure(loj.submit({ http: new HttpSession(http), base }, account, sub))).kind).toBe('login');
    expect((await failure(loj.poll({ http: new HttpSession(http), base }, account, { problemId: '1', runId: '2000001' }))).kind).toBe('login');
    expect(http.cursor.requests).toEqual([]);
  });

  it('maps every seeded LibreOJ language, and refuses another before sending anything', async () => {
    expect(Object.keys(LIBREOJ_LANGUAGES).sort()).toEqual(REMOTE_LANGUAGES.LIBRE.map((l) => l.name).sort());
    const http = replay('import-1.json');
    expect((await failure(loj.submit({ http, base }, account, { ...sub, language: 'COBOL' }))).kind).toBe('rejected');
    expect(http.cursor.requests).toEqual([]);
  });
});

describe('LibreOJ verdicts', () => {
  /** A logged-in session whose next status call answers `detail`. */
  async function pollWith(detail: Exchange | Record<string, unknown>) {
    const login: Exchange = { method: 'POST', path: '/api/auth/login', body: JSON.stringify({ token: 't0k3n', username: 'judge1' }) };
    const x: Exchange = 'method' in detail ? (detail as Exchange) : { method: 'POST', path: DETAIL, auth: 'Bearer t0k3n', body: JSON.stringify(detail) };
    const session = new HttpSession(replayHttp({ site: 'LIBRE', exchanges: [login, x] }));
    await loj.login({ http: session, base }, account);
    return loj.poll({ http: session, base }, account, { problemId: '1', runId: '2000001' });
  }
  const finished = (status: string) => pollWith({ meta: { id: 2000001, status, timeUsed: 12, memoryUsed: 3088 }, progress: { progressType: 'Finished', status } });

  // Every SubmissionStatus of the API but Pending, and what the user sees.
  const expected: [string, number, string | null][] = [
    ['Accepted', JudgeStatus.ACCEPTED, null],
    ['PartiallyCorrect', JudgeStatus.PARTIAL_ACCEPTED, null],
    ['WrongAnswer', JudgeStatus.WRONG_ANSWER, null],
    ['RuntimeError', JudgeStatus.RUNTIME_ERROR, null],
    ['TimeLimitExceeded', JudgeStatus.TIME_LIMIT_EXCEEDED, null],
    ['MemoryLimitExceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED, null],
    ['OutputLimitExceeded', JudgeStatus.RUNTIME_ERROR, 'Output Limit Exceeded'],
    ['FileError', JudgeStatus.RUNTIME_ERROR, 'File Error'],
    ['Canceled', JudgeStatus.CANCELLED, null],
    ['SystemError', JudgeStatus.SYSTEM_ERROR, 'System Error on LibreOJ'],
    ['ConfigurationError', JudgeStatus.SYSTEM_ERROR, 'Configuration Error on LibreOJ'],
    ['JudgementFailed', JudgeStatus.SYSTEM_ERROR, 'Judgement Failed on LibreOJ'],
  ];
  it.each(expected)('%s is status %i with time in ms and memory in KB', async (status, code, errorMessage) => {
    expect(await finished(status)).toEqual({ state: 'done', status: code, time: 12, memory: 3088, errorMessage });
  });

  it('CompilationError carries the compiler message', async () => {
    const [x] = siteFixture('libreoj', 'poll-compile-error.json').exchanges;
    expect(await pollWith({ ...x!, auth: 'Bearer t0k3n' })).toEqual({
      state: 'done',
      status: JudgeStatus.COMPILE_ERROR,
      time: null,
      memory: null,
      errorMessage: "main.cpp:1:25: error: expected ';' before '}' token",
    });
  });

  it('Pending is queued while preparing, judging while compiling or running', async () => {
    const pending = (progress?: Record<string, unknown>) => pollWith({ meta: { id: 2000001, status: 'Pending' }, ...(progress && { progress }) });
    expect(await pending()).toEqual({ state: 'queued' });
    expect(await pending({ progressType: 'Preparing' })).toEqual({ state: 'queued' });
    expect(await pending({ progressType: 'Compiling' })).toEqual({ state: 'judging' });
    expect(await pending({ progressType: 'Running' })).toEqual({ state: 'judging' });
  });

  it('an unknown status is a changed site, never a guessed verdict; so is an unknown progress', async () => {
    expect(await failure(finished('Hacked'))).toMatchObject({ kind: 'changed', message: 'unknown verdict "Hacked"' });
    expect((await failure(pollWith({ meta: { id: 2000001, status: 'Pending' }, progress: { progressType: 'Teleporting' } }))).kind).toBe('changed');
  });

  it('an error page is the site being down, a timeout too, an HTML page with 200 a changed site', async () => {
    expect((await failure(pollWith({ method: 'POST', path: DETAIL, status: 503, body: '<html>down</html>' }))).kind).toBe('down');
    expect((await failure(pollWith({ method: 'POST', path: DETAIL, timeout: true }))).kind).toBe('down');
    expect((await failure(pollWith({ method: 'POST', path: DETAIL, body: '<html>maintenance</html>' }))).kind).toBe('changed');
  });
});
