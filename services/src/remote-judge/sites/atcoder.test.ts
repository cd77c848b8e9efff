// AtCoder adapter against recorded replies (fixtures/atcoder): import, login, submit, every verdict label of the
// site, an error page, a changed page and a timeout.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JudgeStatus, REMOTE_LANGUAGES } from '@oj/proto';
import { HttpSession } from '../http/remote-http';
import { replayHttp, type Exchange } from '../http/replay-http';
import { failure, replayOf } from '../../testing/remote-judge';
import { ATCODER_LANGUAGE_IDS, createAtCoderAdapter, splitAtCoderId } from './atcoder';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/atcoder');
const base = 'https://atcoder.jp';
const ac = createAtCoderAdapter();
const account = { username: 'judge1', password: 'secret-1' };
const replay = replayOf('atcoder');
const sub = { problemId: 'abc900_a', language: 'C++ (GCC 9.2.1)', code: 'int main() { return 0; }' };

describe('AtCoder import', () => {
  it('reads title, limits, the English statement with constraints, formats, samples and their notes', async () => {
    const http = replay('import-abc900_a.json');
    const p = await ac.importProblem({ http, base }, 'ABC900_A');
    expect(p).toMatchObject({ problemId: 'abc900_a', title: 'Lamp Count', timeLimitMs: 2000, memoryLimitMb: 1024, source: 'AtCoder abc900_a', tags: [] });
    expect(p.description).toBe(
      'A hallway has $N$ lamps and $K$ of them are switched off.\n\nHow many lamps are **on**?\n\n**Constraints**\n\n- $0 \\leq K \\leq N \\leq 100$\n\n- All values in input are integers.',
    );
    expect(p.input).toBe('Input is given from Standard Input in the following format:\n\n```\nN K\n```');
    expect(p.output).toBe('Print the number of lamps that are on.');
    expect(p.examples).toEqual([
      { input: '5 2\n', output: '3\n' },
      { input: '7 7\n', output: '0\n' },
    ]);
    expect(p.hint).toBe('**Sample Output 1**\n\nTwo of the five lamps are off.');
    expect(p.description).not.toContain('合成');
    expect(http.cursor.requests).toEqual(['GET /contests/abc900/tasks/abc900_a?lang=en']);
  });

  it('says an unknown task (404) is not found, and an id without a contest too', async () => {
    expect((await failure(ac.importProblem({ http: replay('import-missing.json'), base }, 'abc900_z'))).kind).toBe('not-found');
    expect((await failure(ac.importProblem({ http: replay('import-missing.json'), base }, 'abc900'))).kind).toBe('not-found');
    expect(splitAtCoderId('typical90_a')).toEqual({ contest: 'typical90', task: 'typical90_a' });
  });

  it('reports an error page as the site being down, a timeout too, and a page without its markup as changed', async () => {
    const down = await failure(ac.importProblem({ http: replay('import-error-page.json'), base }, 'abc900_a'));
    expect(down).toMatchObject({ kind: 'down', message: 'task page: the site answered HTTP 503' });
    expect((await failure(ac.importProblem({ http: replay('import-timeout.json'), base }, 'abc900_a'))).kind).toBe('down');
    const changed = await failure(ac.importProblem({ http: replay('import-changed.json'), base }, 'abc900_a'));
    expect(changed).toMatchObject({ kind: 'changed', message: 'no task statement on the task page' });
  });
});

describe('AtCoder login and submit', () => {
  it('logs in with the csrf token, keeps the session cookie, submits with the language id and finds the new run', async () => {
    const http = replay('judge-accepted.json');
    const session = new HttpSession(http);
    await ac.login({ http: session, base }, account);
    expect(await ac.submit({ http: session, base }, account, sub)).toBe('48000001');
    expect(http.cursor.requests).toEqual([
      'GET /login',
      'POST /login',
      'GET /home',
      'GET /contests/abc900/submit?taskScreenName=abc900_a',
      'POST /contests/abc900/submit',
      'GET /contests/abc900/submissions/me',
    ]);
  });

  it('says a refused password is a login failure with the site reason', async () => {
    const e = await failure(ac.login({ http: new HttpSession(replay('login-refused.json')), base }, account));
    expect(e).toMatchObject({ kind: 'login', message: 'Username or Password is incorrect.' });
  });

  it('says a refused submission is rejected with the site reason', async () => {
    const session = new HttpSession(replay('submit-refused.json'));
    await ac.login({ http: session, base }, account);
    const e = await failure(ac.submit({ http: session, base }, account, sub));
    expect(e).toMatchObject({ kind: 'rejected', message: 'Wait a little before submitting again.' });
  });

  it('a session that is not logged in is a login failure (the worker logs in again)', async () => {
    const page = readFileSync(path.join(dir, 'submit-page.html'), 'utf8').replace('"judge1"', '""');
    const x: Exchange = { method: 'GET', path: '/contests/abc900/submit', body: page };
    expect((await failure(ac.submit({ http: replayHttp({ site: 'AC', exchanges: [x] }), base }, account, sub))).kind).toBe('login');
  });

  it('maps every seeded AtCoder language, and refuses another before sending anything', async () => {
    expect(Object.keys(ATCODER_LANGUAGE_IDS).sort()).toEqual(REMOTE_LANGUAGES.AC.map((l) => l.name).sort());
    const http = replay('import-abc900_a.json');
    expect((await failure(ac.submit({ http, base }, account, { ...sub, language: 'Brainfuck' }))).kind).toBe('rejected');
    expect(http.cursor.requests).toEqual([]);
  });
});

describe('AtCoder verdicts', () => {
  const RUN = '/contests/abc900/submissions/48000001';
  const accepted = readFileSync(path.join(dir, 'submission-ac.html'), 'utf8');
  const pollPage = (body: string) => ac.poll({ http: replayHttp({ site: 'AC', exchanges: [{ method: 'GET', path: RUN, body }] }), base }, account, { problemId: 'abc900_a', runId: '48000001' });
  const withLabel = (label: string) => pollPage(accepted.replace('>AC</span>', `>${label}</span>`));

  // Every final label of the site, and what the user sees.
  const expected: [string, number, string | null][] = [
    ['AC', JudgeStatus.ACCEPTED, null],
    ['WA', JudgeStatus.WRONG_ANSWER, null],
    ['TLE', JudgeStatus.TIME_LIMIT_EXCEEDED, null],
    ['MLE', JudgeStatus.MEMORY_LIMIT_EXCEEDED, null],
    ['RE', JudgeStatus.RUNTIME_ERROR, null],
    ['OLE', JudgeStatus.RUNTIME_ERROR, 'Output Limit Exceeded'],
    ['QLE', JudgeStatus.WRONG_ANSWER, 'Query Limit Exceeded'],
    ['IE', JudgeStatus.SYSTEM_ERROR, 'Internal Error on AtCoder'],
  ];
  it.each(expected)('%s is status %i with the exec time in ms and memory in KB', async (label, status, errorMessage) => {
    expect(await withLabel(label)).toEqual({ state: 'done', status, time: 7, memory: 3632, errorMessage });
  });

  it('CE carries the compiler message from the submission page', async () => {
    expect(await ac.poll({ http: replay('poll-compile-error.json'), base }, account, { problemId: 'abc900_a', runId: '48000001' })).toEqual({
      state: 'done',
      status: JudgeStatus.COMPILE_ERROR,
      time: 0,
      memory: 3632,
      errorMessage: "./Main.cpp: In function 'int main()':\n./Main.cpp:1:14: error: expected ';' before '}' token",
    });
  });

  it('WJ and WR are queued; a progress label (3/12, 5/12 WA) and Judging are judging', async () => {
    expect(await withLabel('WJ')).toEqual({ state: 'queued' });
    expect(await withLabel('WR')).toEqual({ state: 'queued' });
    expect(await withLabel('3/12')).toEqual({ state: 'judging' });
    expect(await withLabel('5/12 WA')).toEqual({ state: 'judging' });
    expect(await withLabel('Judging')).toEqual({ state: 'judging' });
  });

  it('an unknown label is a changed site, never a guessed verdict; so is a page without the status', async () => {
    const e = await failure(withLabel('XYZ'));
    expect(e).toMatchObject({ kind: 'changed', message: 'unknown verdict "XYZ"' });
    expect((await failure(pollPage('<html><body>maintenance</body></html>'))).kind).toBe('changed');
  });

  it('an error page is the site being down, a timeout too, the login page a lost session', async () => {
    const http = (x: Partial<Exchange>) => replayHttp({ site: 'AC', exchanges: [{ method: 'GET', path: RUN, ...x }] });
    const poll = (h: ReturnType<typeof http>) => ac.poll({ http: h, base }, account, { problemId: 'abc900_a', runId: '48000001' });
    expect((await failure(poll(http({ status: 503, body: 'down' })))).kind).toBe('down');
    expect((await failure(poll(http({ timeout: true })))).kind).toBe('down');
    const toLogin = replayHttp({
      site: 'AC',
      exchanges: [
        { method: 'GET', path: RUN, status: 302, headers: { Location: '/login?continue=x' } },
        { method: 'GET', path: '/login', body: readFileSync(path.join(dir, 'login.html'), 'utf8') },
      ],
    });
    expect((await failure(poll(toLogin))).kind).toBe('login');
  });
});
