// POJ adapter against recorded replies (fixtures/poj): import, login, submit, every verdict string of the status
// page, an error page, a changed page and a timeout.
import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { HttpSession } from '../http/remote-http';
import { replayHttp } from '../http/replay-http';
import { createPojAdapter, POJ_VERDICTS } from './poj';
import { failure, replayOf } from '../../testing/remote-judge';

const base = 'http://poj.org';
const poj = createPojAdapter();
const account = { username: 'judge1', password: 'secret-1' };
const replay = replayOf('poj');
const CODE = '#include <stdio.h>\nint main() { return 0; }';

describe('POJ import', () => {
  it('reads title, limits, statement, the sample, hint and source from the problem page', async () => {
    const http = replay('import-1000.json');
    const p = await poj.importProblem({ http, base }, '1000');
    expect(p).toMatchObject({ problemId: '1000', title: 'Sum of Two', timeLimitMs: 1000, memoryLimitMb: 10, source: 'Made Up Contest', tags: [] });
    expect(p.description).toBe('A made-up task: print the sum of **a** and **b**.');
    expect(p.input).toBe('Two integers a and b (0 <= a, b <= 10).');
    expect(p.output).toBe('Their sum.');
    expect(p.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(p.hint).toBe('Mind the *newline*.');
    expect(http.cursor.unused()).toEqual([]);
  });

  it('says an unknown problem is not found, and a malformed id too', async () => {
    expect((await failure(poj.importProblem({ http: replay('import-missing.json'), base }, '99999'))).kind).toBe('not-found');
    expect((await failure(poj.importProblem({ http: replay('import-missing.json'), base }, 'A1'))).kind).toBe('not-found');
  });

  it('reports an error page as the site being down, a timeout too, and a page without its sections as changed', async () => {
    expect(await failure(poj.importProblem({ http: replay('import-error-page.json'), base }, '1000'))).toMatchObject({ kind: 'down', message: 'problem page: the site answered HTTP 502' });
    expect((await failure(poj.importProblem({ http: replay('import-timeout.json'), base }, '1000'))).kind).toBe('down');
    expect(await failure(poj.importProblem({ http: replay('import-changed.json'), base }, '1000'))).toMatchObject({ kind: 'changed', message: 'no problem statement on the problem page' });
  });
});

describe('POJ login and submit', () => {
  it('logs in, keeps the session cookie, submits the source base64 with its language id and finds the new run', async () => {
    const http = replay('judge-accepted.json');
    const session = new HttpSession(http);
    await poj.login({ http: session, base }, account);
    expect(await poj.submit({ http: session, base }, account, { problemId: '1000', language: 'G++', code: CODE })).toBe('24000001');
    expect(http.cursor.requests.slice(0, 5)).toEqual(['POST /login', 'GET /', 'POST /submit', 'GET /status', 'GET /status?problem_id=1000&user_id=judge1&result=&language=']);
  });

  it('says a refused password is a login failure with the site reason', async () => {
    expect(await failure(poj.login({ http: new HttpSession(replay('login-refused.json')), base }, account))).toMatchObject({ kind: 'login', message: 'Please check your user id and password' });
  });

  it('says a refused submission is rejected with the site reason', async () => {
    const session = new HttpSession(replay('submit-refused.json'));
    await poj.login({ http: session, base }, account);
    const e = await failure(poj.submit({ http: session, base }, account, { problemId: '1000', language: 'Fortran', code: 'x' }));
    expect(e).toMatchObject({ kind: 'rejected', message: 'Source code too long or too short,submit FAILED;if you really need submit this source please contact administrator' });
  });

  it('refuses a language POJ does not offer before sending anything', async () => {
    const http = replay('import-1000.json');
    expect((await failure(poj.submit({ http, base }, account, { problemId: '1000', language: 'Python 3', code: 'x' }))).kind).toBe('rejected');
    expect(http.cursor.requests).toEqual([]);
  });
});

describe('POJ verdicts', () => {
  const STATUS = '/status?problem_id=1000&user_id=judge1&result=&language=';
  const page = (verdict: string, memory = '3072K', time = '46MS') =>
    `<TABLE cellSpacing=0 cellPadding=0 width=100% border=1 class=a><tr class='in'><td>Run ID</td><td>User</td><td>Problem</td><td>Result</td><td>Memory</td><td>Time</td><td>Language</td><td>Code Length</td><td>Submit Time</td></tr>
<tr align=center><td>7</td><td><a href=userstatus?user_id=judge1>judge1</a></td><td><a href=problem?id=1000>1000</a></td><td>${verdict}</td><td>${memory}</td><td>${time}</td><td>G++</td><td>228B</td><td>2026-11-26 12:00:00</td></tr></TABLE>`;
  const pollWith = (body: string) => poj.poll({ http: replayHttp({ site: 'POJ', exchanges: [{ method: 'GET', path: STATUS, body }] }), base }, account, { problemId: '1000', runId: '7' });

  const expected: [string, number, string | null][] = [
    ['<font color=blue>Accepted</font>', JudgeStatus.ACCEPTED, null],
    ['<font color=red>Presentation Error</font>', JudgeStatus.PRESENTATION_ERROR, null],
    ['<font color=red>Wrong Answer</font>', JudgeStatus.WRONG_ANSWER, null],
    ['<font color=red>Time Limit Exceeded</font>', JudgeStatus.TIME_LIMIT_EXCEEDED, null],
    ['<font color=red>Memory Limit Exceeded</font>', JudgeStatus.MEMORY_LIMIT_EXCEEDED, null],
    ['<font color=red>Output Limit Exceeded</font>', JudgeStatus.RUNTIME_ERROR, 'Output Limit Exceeded'],
    ['<font color=red>Runtime Error</font>', JudgeStatus.RUNTIME_ERROR, null],
    ['<a href=showcompileinfo?solution_id=7 target=_blank><font color=green>Compile Error</font></a>', JudgeStatus.COMPILE_ERROR, 'Compilation error on POJ'],
    ['<font color=red>System Error</font>', JudgeStatus.SYSTEM_ERROR, null],
    ['<font color=red>Validator Error</font>', JudgeStatus.SYSTEM_ERROR, null],
  ];
  it.each(expected)('%s is status %i with time in ms and memory in KB', async (verdict, status, errorMessage) => {
    expect(await pollWith(page(verdict))).toEqual({ state: 'done', status, time: 46, memory: 3072, errorMessage });
  });

  it('covers every string of the table; Waiting is queued, Compiling and Running & Judging are judging, without time or memory', async () => {
    const tested = new Set([...expected.map(([v]) => v.replace(/<[^>]*>/g, '')), 'Waiting', 'Compiling', 'Running & Judging']);
    expect([...tested].sort()).toEqual(Object.keys(POJ_VERDICTS).sort());
    expect(await pollWith(page('<font color=green>Waiting</font>', '', ''))).toEqual({ state: 'queued' });
    expect(await pollWith(page('<font color=green>Compiling</font>', '', ''))).toEqual({ state: 'judging' });
    expect(await pollWith(page('<font color=green>Running &amp; Judging</font>', '', ''))).toEqual({ state: 'judging' });
    expect(await pollWith(page('<font color=red>Wrong Answer</font>', '', ''))).toMatchObject({ state: 'done', time: null, memory: null });
  });

  it('an unknown verdict string or a page without the status table is a changed site; a timeout is down', async () => {
    expect(await failure(pollWith(page('Judged By Martians')))).toMatchObject({ kind: 'changed', message: 'unknown POJ verdict "Judged By Martians"' });
    expect((await failure(pollWith('<html><body>Redesigned</body></html>'))).kind).toBe('changed');
    const session = new HttpSession(replay('poll-timeout.json'));
    await poj.login({ http: session, base }, account);
    const runId = await poj.submit({ http: session, base }, account, { problemId: '1000', language: 'G++', code: CODE });
    expect((await failure(poj.poll({ http: session, base }, account, { problemId: '1000', runId }))).kind).toBe('down');
  });
});
