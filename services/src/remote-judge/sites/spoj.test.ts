// SPOJ adapter against recorded replies (fixtures/spoj): import, login, submit, every status text of the status
// call, an error page, a changed page and a timeout.
import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { HttpSession } from '../http/remote-http';
import { replayHttp } from '../http/replay-http';
import { createSpojAdapter, SPOJ_VERDICTS } from './spoj';
import { failure, replayOf } from '../../testing/remote-judge';

const base = 'https://www.spoj.com';
const spoj = createSpojAdapter();
const account = { username: 'judge1', password: 'secret-1' };
const replay = replayOf('spoj');

describe('SPOJ import', () => {
  it('reads title, limits, statement, the example, tags and resource from the problem page', async () => {
    const http = replay('import-TEST.json');
    const p = await spoj.importProblem({ http, base }, 'test');
    expect(p).toMatchObject({ problemId: 'TEST', title: 'Stop at Zero', timeLimitMs: 1500, memoryLimitMb: 1536, source: 'Made Up Archive', tags: ['basics', 'io'], hint: '' });
    expect(p.description).toBe('A made-up task: copy numbers from the input until you read **0**.');
    expect(p.input).toBe('Integers of at most two digits, one per line.');
    expect(p.output).toBe('The numbers before the first *zero*.');
    expect(p.examples).toEqual([{ input: '5\n17\n0\n8\n', output: '5\n17\n' }]);
    expect(http.cursor.unused()).toEqual([]);
  });

  it('says an unknown code is not found, and a malformed one too', async () => {
    expect((await failure(spoj.importProblem({ http: replay('import-missing.json'), base }, 'NOSUCH'))).kind).toBe('not-found');
    expect((await failure(spoj.importProblem({ http: replay('import-missing.json'), base }, 'TOO_LONG_CODE'))).kind).toBe('not-found');
  });

  it('reports an error page as the site being down, a timeout too, and a page without its statement as changed', async () => {
    expect(await failure(spoj.importProblem({ http: replay('import-error-page.json'), base }, 'TEST'))).toMatchObject({ kind: 'down', message: 'problem page: the site answered HTTP 503' });
    expect((await failure(spoj.importProblem({ http: replay('import-timeout.json'), base }, 'TEST'))).kind).toBe('down');
    expect(await failure(spoj.importProblem({ http: replay('import-changed.json'), base }, 'TEST'))).toMatchObject({ kind: 'changed', message: 'no problem statement on the problem page' });
  });
});

describe('SPOJ login and submit', () => {
  it('logs in, keeps the session cookie, submits with the language id and reads the new submission id', async () => {
    const http = replay('judge-accepted.json');
    const session = new HttpSession(http);
    await spoj.login({ http: session, base }, account);
    expect(await spoj.submit({ http: session, base }, account, { problemId: 'TEST', language: 'C++14 (gcc 10.2.1)', code: 'int main() { return 0; }' })).toBe('31400001');
    expect(http.cursor.requests).toEqual(['POST /login/', 'GET /', 'POST /submit/complete/']);
  });

  it('says a refused password is a login failure with the site reason', async () => {
    expect(await failure(spoj.login({ http: new HttpSession(replay('login-refused.json')), base }, account))).toMatchObject({ kind: 'login', message: 'Authentication failed!' });
  });

  it('says a refused submission is rejected with the site reason', async () => {
    const session = new HttpSession(replay('submit-refused.json'));
    await spoj.login({ http: session, base }, account);
    const e = await failure(spoj.submit({ http: session, base }, account, { problemId: 'TEST', language: 'Pascal (fpc 3.2.0)', code: 'x' }));
    expect(e).toMatchObject({ kind: 'rejected', message: 'You are not allowed to submit in this language for this problem.' });
  });

  it('refuses a language SPOJ does not offer before sending anything', async () => {
    const http = replay('import-TEST.json');
    expect((await failure(spoj.submit({ http, base }, account, { problemId: 'TEST', language: 'G++', code: 'x' }))).kind).toBe('rejected');
    expect(http.cursor.requests).toEqual([]);
  });
});

describe('SPOJ verdicts', () => {
  const S = '/status/ajax=1,ajaxdiff=1';
  const reply = (desc: string, time = '0.05', mem = '3.0M') => JSON.stringify([{ id: '7', status: '0', final: '1', status_description: desc, time, mem }]);
  const pollWith = (body: string) => spoj.poll({ http: replayHttp({ site: 'SPOJ', exchanges: [{ method: 'POST', path: S, form: { ids: '7' }, body }] }), base }, account, { problemId: 'TEST', runId: '7' });

  const expected: [string, number, string | null][] = [
    ['<strong>accepted</strong>', JudgeStatus.ACCEPTED, null],
    ['<strong>wrong answer</strong>', JudgeStatus.WRONG_ANSWER, null],
    ['<strong>time limit exceeded</strong>', JudgeStatus.TIME_LIMIT_EXCEEDED, null],
    ['<a href="/error/7">compilation error</a>', JudgeStatus.COMPILE_ERROR, 'Compilation error on SPOJ'],
    ['<strong>runtime error (SIGSEGV)</strong>', JudgeStatus.RUNTIME_ERROR, 'SIGSEGV'],
    ['<strong>runtime error (SIGFPE)</strong>', JudgeStatus.RUNTIME_ERROR, 'SIGFPE'],
    ['<strong>runtime error (SIGABRT)</strong>', JudgeStatus.RUNTIME_ERROR, 'SIGABRT'],
    ['<strong>runtime error (SIGKILL)</strong>', JudgeStatus.RUNTIME_ERROR, 'SIGKILL'],
    ['<strong>runtime error (SIGXFSZ)</strong>', JudgeStatus.RUNTIME_ERROR, 'SIGXFSZ'],
    ['<strong>runtime error (NZEC)</strong>', JudgeStatus.RUNTIME_ERROR, 'NZEC'],
    ['<strong>runtime error (OTHER)</strong>', JudgeStatus.RUNTIME_ERROR, 'OTHER'],
    ['<strong>internal error</strong>', JudgeStatus.SYSTEM_ERROR, null],
  ];
  it.each(expected)('%s is status %i with time in ms and memory in KB', async (desc, status, errorMessage) => {
    expect(await pollWith(reply(desc))).toEqual({ state: 'done', status, time: 50, memory: 3072, errorMessage });
  });

  it('covers every text of the table; waiting is queued, compiling and running are judging', async () => {
    const tested = new Set([...expected.map(([v]) => v.replace(/<[^>]*>/g, '').replace(/\s*\(.*$/, '')), 'waiting..', 'compiling..', 'running judge..', 'running..']);
    expect([...tested].sort()).toEqual(Object.keys(SPOJ_VERDICTS).sort());
    expect(await pollWith(reply('<strong>waiting..</strong>', '', ''))).toEqual({ state: 'queued' });
    for (const s of ['compiling..', 'running judge..', 'running..']) expect(await pollWith(reply(`<strong>${s}</strong>`))).toEqual({ state: 'judging' });
    expect(await pollWith(reply('<strong>compilation error</strong>', '-', '-'))).toMatchObject({ time: null, memory: null });
  });

  it('an unknown status text (a score, too), a reply without the run or not JSON is a changed site; a timeout is down', async () => {
    expect(await failure(pollWith(reply('<strong>judged by martians</strong>')))).toMatchObject({ kind: 'changed', message: 'unknown SPOJ verdict "judged by martians"' });
    expect((await failure(pollWith(reply('100')))).kind).toBe('changed');
    expect((await failure(pollWith('[]'))).kind).toBe('changed');
    expect((await failure(pollWith('<html><body>Redesigned</body></html>'))).kind).toBe('changed');
    const session = new HttpSession(replay('poll-timeout.json'));
    await spoj.login({ http: session, base }, account);
    const runId = await spoj.submit({ http: session, base }, account, { problemId: 'TEST', language: 'C++14 (gcc 10.2.1)', code: 'int main() { return 0; }' });
    expect((await failure(spoj.poll({ http: session, base }, account, { problemId: 'TEST', runId }))).kind).toBe('down');
  });
});
