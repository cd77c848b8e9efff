// HDU adapter against recorded replies (fixtures/hdu, GBK pages as the site sends them): import, login, submit, every
// verdict string of the status page, an error page, a changed page and a timeout.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { HttpSession, RemoteSiteError } from '../http/remote-http';
import { loadFixture, replayHttp } from '../http/replay-http';
import { createHduAdapter, HDU_VERDICTS } from './hdu';
import { failure, fixtureDir, replayOf } from '../../testing/remote-judge';

const base = 'https://acm.hdu.edu.cn';
const hdu = createHduAdapter();
const account = { username: 'judge1', password: 'secret-1' };
const replay = replayOf('hdu');

describe('HDU import', () => {
  it('reads title, C/C++ limits, statement, the sample, the hint inside it and the source from a GBK page', async () => {
    const fixture = loadFixture(path.join(fixtureDir('hdu'), 'import-1000.json'));
    expect(fixture.exchanges[0].bodyBase64).toBeDefined(); // the page's bytes are GBK, not UTF-8
    const http = replayHttp(fixture);
    const p = await hdu.importProblem({ http, base }, '1000');
    expect(p).toMatchObject({ problemId: '1000', title: '两数之和 (Sum of Two)', timeLimitMs: 1000, memoryLimitMb: 32, source: '合成杯 Made Up Cup', tags: [] });
    expect(p.description).toBe('A made-up task: read two integers and print their sum. 计算两个整数之和。\nNumbers are *small*.');
    expect(p.input).toBe('Each line holds two integers A and B (0 <= A, B <= 100).');
    expect(p.output).toBe('For each line, print A + B.');
    expect(p.examples).toEqual([{ input: '1 2\n40 2\n', output: '3\n42\n' }]);
    expect(p.hint).toBe('Read until the end of the input.');
    expect(http.cursor.unused()).toEqual([]);
  });

  it('says an unknown problem is not found, and a malformed id too', async () => {
    expect((await failure(hdu.importProblem({ http: replay('import-missing.json'), base }, '99999'))).kind).toBe('not-found');
    const http = replay('import-missing.json');
    expect((await failure(hdu.importProblem({ http, base }, '10a'))).kind).toBe('not-found');
    expect(http.cursor.requests).toEqual([]);
  });

  it('reports an error page as the site being down, a timeout too, and a page without its panels as changed', async () => {
    const down = await failure(hdu.importProblem({ http: replay('import-error-page.json'), base }, '1000'));
    expect(down).toMatchObject({ kind: 'down', message: 'problem page: the site answered HTTP 503' });
    expect((await failure(hdu.importProblem({ http: replay('import-timeout.json'), base }, '1000'))).kind).toBe('down');
    const changed = await failure(hdu.importProblem({ http: replay('import-changed.json'), base }, '1000'));
    expect(changed).toMatchObject({ kind: 'changed', message: 'no problem statement on the problem page' });
  });
});

describe('HDU login and submit', () => {
  it('logs in, keeps the session cookie, submits the code base64 of its URI encoding and finds the new run', async () => {
    const http = replay('judge-accepted.json');
    const session = new HttpSession(http);
    await hdu.login({ http: session, base }, account);
    const code = '#include <stdio.h>\n// 注释\nint main() { return 0; }';
    const runId = await hdu.submit({ http: session, base }, account, { problemId: '1000', language: 'G++', code });
    expect(runId).toBe('40000001');
    expect(http.cursor.requests.slice(0, 5)).toEqual([
      'POST /userloginex.php?action=login',
      'GET /',
      'POST /submit.php?action=submit',
      'GET /status.php?user=judge1&pid=1000',
      'GET /status.php?first=&pid=1000&user=judge1&lang=0&status=0',
    ]);
    // What HDU's form would send: base64 of encodeURIComponent(code).
    const sent = await new Promise<Record<string, string>>((resolve) => {
      const spy = { request: async (req: { form?: Record<string, string> }) => (resolve(req.form ?? {}), Promise.reject(new RemoteSiteError('down', 'spy'))) };
      void hdu.submit({ http: spy as never, base }, account, { problemId: '1000', language: 'C#', code }).catch(() => undefined);
    });
    expect(sent).toMatchObject({ problemid: '1000', language: '6', check: '0' });
    expect(decodeURIComponent(Buffer.from(sent._usercode, 'base64').toString('latin1'))).toBe(code);
  });

  it('says a refused password is a login failure with the site reason', async () => {
    const e = await failure(hdu.login({ http: new HttpSession(replay('login-refused.json')), base }, account));
    expect(e).toMatchObject({ kind: 'login', message: 'No such user or wrong password.' });
  });

  it('says a refused submission is rejected with the site reason', async () => {
    const session = new HttpSession(replay('submit-refused.json'));
    await hdu.login({ http: session, base }, account);
    const e = await failure(hdu.submit({ http: session, base }, account, { problemId: '1000', language: 'GCC', code: 'x' }));
    expect(e).toMatchObject({ kind: 'rejected', message: 'Code length is improper! Make sure your code length is longer than 50 and not exceed 65536 Bytes.' });
  });

  it('refuses a language HDU does not offer before sending anything', async () => {
    const http = replay('import-1000.json');
    expect((await failure(hdu.submit({ http, base }, account, { problemId: '1000', language: 'Python 3', code: 'x' }))).kind).toBe('rejected');
    expect(http.cursor.requests).toEqual([]);
  });
});

describe('HDU verdicts', () => {
  const STATUS = '/status.php?first=&pid=1000&user=judge1&lang=0&status=0';
  const page = (verdict: string, time = '46MS', memory = '3072K') =>
    `<table width=100% border=0 align=center cellspacing=2 class='table_text'><tr class='table_header'><td>Run ID</td><td>Submit Time</td><td>Judge Status</td><td>Pro.ID</td><td>Exe.Time</td><td>Exe.Memory</td><td>Code Len.</td><td>Language</td><td>Author</td></tr>
<tr align=center ><td height=22px>7</td><td>2026-11-26 12:00:00</td><td><font color=red>${verdict}</font></td><td><a href="/showproblem.php?pid=1000">1000</a></td><td>${time}</td><td>${memory}</td><td>228 B</td><td>G++</td><td class=fixedsize><a href="/userstatus.php?user=judge1">judge1</a></td></tr></table>`;
  const pollWith = (body: string) => hdu.poll({ http: replayHttp({ site: 'HDU', exchanges: [{ method: 'GET', path: STATUS, body }] }), base }, account, { problemId: '1000', runId: '7' });

  const expected: [string, number, string | null][] = [
    ['Accepted', JudgeStatus.ACCEPTED, null],
    ['Wrong Answer', JudgeStatus.WRONG_ANSWER, null],
    ['Presentation Error', JudgeStatus.PRESENTATION_ERROR, null],
    ['<a href="/viewerror.php?rid=7">Compilation Error</a>', JudgeStatus.COMPILE_ERROR, 'Compilation error on HDU'],
    ['Runtime Error<br>(ACCESS_VIOLATION)', JudgeStatus.RUNTIME_ERROR, 'ACCESS_VIOLATION'],
    ['Runtime Error<br>(STACK_OVERFLOW)', JudgeStatus.RUNTIME_ERROR, 'STACK_OVERFLOW'],
    ['Runtime Error<br>(INTEGER_DIVIDE_BY_ZERO)', JudgeStatus.RUNTIME_ERROR, 'INTEGER_DIVIDE_BY_ZERO'],
    ['Time Limit Exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED, null],
    ['Memory Limit Exceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED, null],
    ['Output Limit Exceeded', JudgeStatus.RUNTIME_ERROR, 'Output Limit Exceeded'],
    ['System Error', JudgeStatus.SYSTEM_ERROR, null],
    ['Out Of Contest Time', JudgeStatus.CANCELLED, null],
  ];
  it.each(expected)('%s is status %i with time in ms and memory in KB', async (verdict, status, errorMessage) => {
    expect(await pollWith(page(verdict))).toEqual({ state: 'done', status, time: 46, memory: 3072, errorMessage });
  });

  it('covers every string of the table, and Queuing is queued, Compiling and Running are judging', async () => {
    const tested = new Set([...expected.map(([v]) => v.replace(/<[^>]*>/g, ' ').replace(/\s*\(.*$/, '').trim()), 'Queuing', 'Compiling', 'Running']);
    expect([...tested].sort()).toEqual(Object.keys(HDU_VERDICTS).sort());
    expect(await pollWith(page('Queuing', '0MS', '0K'))).toEqual({ state: 'queued' });
    expect(await pollWith(page('Compiling'))).toEqual({ state: 'judging' });
    expect(await pollWith(page('Running'))).toEqual({ state: 'judging' });
  });

  it('an unknown verdict string or a page without the status table is a changed site; a timeout is down', async () => {
    expect(await failure(pollWith(page('Judged By Martians')))).toMatchObject({ kind: 'changed', message: 'unknown HDU verdict "Judged By Martians"' });
    expect((await failure(pollWith('<html><body>Redesigned</body></html>'))).kind).toBe('changed');
    const http = replay('poll-timeout.json');
    const session = new HttpSession(http);
    await hdu.login({ http: session, base }, account);
    const runId = await hdu.submit({ http: session, base }, account, { problemId: '1000', language: 'G++', code: 'int main() { return 0; }' });
    expect((await failure(hdu.poll({ http: session, base }, account, { problemId: '1000', runId }))).kind).toBe('down');
  });
});
