// Codeforces adapter against recorded replies (fixtures/codeforces): import, login, submit, every verdict string of
// the API, an error page, a changed page and a timeout.
import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { HttpSession } from '../http/remote-http';
import { replayHttp, type Exchange } from '../http/replay-http';
import { failure, replayOf } from '../../testing/remote-judge';
import { createCodeforcesAdapter } from './codeforces';

const base = 'https://codeforces.com';
const cf = createCodeforcesAdapter('CF');
const account = { username: 'judge1', password: 'secret-1' };
const replay = replayOf('codeforces');

describe('Codeforces import', () => {
  it('reads title, limits, statement, samples, note and tags from the problem page', async () => {
    const http = replay('import-1A.json');
    const p = await cf.importProblem({ http, base }, '1a');
    expect(p).toMatchObject({ problemId: '1A', title: 'Two Numbers', timeLimitMs: 1000, memoryLimitMb: 256, source: 'Codeforces 1A', tags: ['implementation', 'math'] });
    expect(p.description).toContain('read two integers $a$ and $b$');
    expect(p.input).toBe('One line with $a$ and $b$ ($1 \\le a, b \\le 10^9$).');
    expect(p.output).toBe('Print $a + b$.');
    expect(p.hint).toBe('The sum of **1** and **2** is 3.');
    expect(p.examples).toEqual([
      { input: '1 2\n', output: '3\n' },
      { input: '40 2\n', output: '42\n' },
    ]);
    expect(http.cursor.unused()).toEqual([]);
  });

  it('says an unknown problem is not found, and a malformed id too', async () => {
    expect((await failure(cf.importProblem({ http: replay('import-missing.json'), base }, '99999Z'))).kind).toBe('not-found');
    expect((await failure(cf.importProblem({ http: replay('import-missing.json'), base }, 'A1'))).kind).toBe('not-found');
  });

  it('reports an error page as the site being down, a timeout too, and a page without its markup as changed', async () => {
    const down = await failure(cf.importProblem({ http: replay('import-error-page.json'), base }, '1A'));
    expect(down.kind).toBe('down');
    expect(down.message).toContain('503');
    expect((await failure(cf.importProblem({ http: replay('import-timeout.json'), base }, '1A'))).kind).toBe('down');
    const changed = await failure(cf.importProblem({ http: replay('import-changed.json'), base }, '1A'));
    expect(changed.kind).toBe('changed');
    expect(changed.message).toContain('no problem statement');
  });
});

describe('Codeforces login and submit', () => {
  it('logs in with the csrf token, keeps the session cookie, submits with the language id and finds the new run', async () => {
    const http = replay('judge-accepted.json');
    const session = new HttpSession(http);
    await cf.login({ http: session, base }, account);
    const runId = await cf.submit({ http: session, base }, account, { problemId: '1A', language: 'GNU G++17 7.3.0', code: 'int main() { return 0; }' });
    expect(runId).toBe('900001');
    expect(http.cursor.requests.slice(0, 7)).toEqual([
      'GET /enter',
      'POST /enter',
      'GET /',
      'GET /problemset/submit',
      'POST /problemset/submit?csrf_token=0a1b2c3d4e5f60718293a4b5c6d7e8f9',
      'GET /problemset/status?my=on',
      'GET /api/user.status?handle=judge1&from=1&count=20',
    ]);
  });

  it('says a refused password is a login failure with the site reason', async () => {
    const e = await failure(cf.login({ http: new HttpSession(replay('login-refused.json')), base }, account));
    expect(e.kind).toBe('login');
    expect(e.message).toBe('Invalid handle/email or password');
  });

  it('says a refused submission is rejected with the site reason', async () => {
    const session = new HttpSession(replay('submit-duplicate.json'));
    await cf.login({ http: session, base }, account);
    const e = await failure(cf.submit({ http: session, base }, account, { problemId: '1A', language: 'GNU G++17 7.3.0', code: 'x' }));
    expect(e.kind).toBe('rejected');
    expect(e.message).toBe('You have submitted exactly the same code before');
  });

  it('refuses a language Codeforces does not offer before sending anything', async () => {
    const http = replay('import-1A.json');
    const e = await failure(cf.submit({ http, base }, account, { problemId: '1A', language: 'C++', code: 'x' }));
    expect(e.kind).toBe('rejected');
    expect(http.cursor.requests).toEqual([]);
  });
});

describe('Codeforces verdicts', () => {
  const STATUS = '/api/user.status?handle=judge1&from=1&count=20';
  const pollWith = (run: Record<string, unknown>) => {
    const x: Exchange = { method: 'GET', path: STATUS, body: JSON.stringify({ status: 'OK', result: [{ id: 7, problem: { contestId: 1, index: 'A' }, ...run }] }) };
    return cf.poll({ http: replayHttp({ site: 'CF', exchanges: [x] }), base }, account, { problemId: '1A', runId: '7' });
  };

  // Every verdict of the API's Submission object, and what the user sees.
  const expected: [string, number][] = [
    ['OK', JudgeStatus.ACCEPTED],
    ['PARTIAL', JudgeStatus.PARTIAL_ACCEPTED],
    ['COMPILATION_ERROR', JudgeStatus.COMPILE_ERROR],
    ['RUNTIME_ERROR', JudgeStatus.RUNTIME_ERROR],
    ['WRONG_ANSWER', JudgeStatus.WRONG_ANSWER],
    ['PRESENTATION_ERROR', JudgeStatus.PRESENTATION_ERROR],
    ['TIME_LIMIT_EXCEEDED', JudgeStatus.TIME_LIMIT_EXCEEDED],
    ['MEMORY_LIMIT_EXCEEDED', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
    ['IDLENESS_LIMIT_EXCEEDED', JudgeStatus.TIME_LIMIT_EXCEEDED],
    ['SECURITY_VIOLATED', JudgeStatus.RUNTIME_ERROR],
    ['CHALLENGED', JudgeStatus.WRONG_ANSWER],
    ['FAILED', JudgeStatus.SYSTEM_ERROR],
    ['CRASHED', JudgeStatus.SYSTEM_ERROR],
    ['INPUT_PREPARATION_CRASHED', JudgeStatus.SYSTEM_ERROR],
    ['SKIPPED', JudgeStatus.CANCELLED],
    ['REJECTED', JudgeStatus.CANCELLED],
  ];
  it.each(expected)('%s is status %i with time in ms and memory in KB', async (verdict, status) => {
    const got = await pollWith({ verdict, timeConsumedMillis: 46, memoryConsumedBytes: 3 * 1024 * 1024 });
    expect(got).toMatchObject({ state: 'done', status, time: 46, memory: 3072 });
  });

  it('a run without a verdict is queued, TESTING is judging', async () => {
    expect(await pollWith({})).toEqual({ state: 'queued' });
    expect(await pollWith({ verdict: 'TESTING' })).toEqual({ state: 'judging' });
  });

  it('an unknown verdict string is a changed site, never a guessed verdict', async () => {
    const e = await failure(pollWith({ verdict: 'HACKED_BY_MARTIANS' }));
    expect(e.kind).toBe('changed');
    expect(e.message).toContain('HACKED_BY_MARTIANS');
  });

  it('the API refusing the call (call limit) is the site being busy, an HTML page a changed site, a timeout down', async () => {
    const limited: Exchange = { method: 'GET', path: STATUS, body: JSON.stringify({ status: 'FAILED', comment: 'Call limit exceeded' }) };
    const busy = await failure(cf.poll({ http: replayHttp({ site: 'CF', exchanges: [limited] }), base }, account, { problemId: '1A', runId: '7' }));
    expect(busy).toMatchObject({ kind: 'down', message: 'user.status: Call limit exceeded' });
    const http = replay('poll-changed.json');
    expect((await failure(cf.poll({ http, base }, account, { problemId: '1A', runId: '7' }))).kind).toBe('changed');
    const silent: Exchange = { method: 'GET', path: STATUS, timeout: true };
    expect((await failure(cf.poll({ http: replayHttp({ site: 'CF', exchanges: [silent] }), base }, account, { problemId: '1A', runId: '7' }))).kind).toBe('down');
  });
});
