// Codeforces Gym through the Codeforces adapter against recorded replies (fixtures/codeforces/gym-*): the gym's
// problem page, its submit form (the problem by its index), and the run's verdict from the API.
import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { HttpSession } from '../http/remote-http';
import { failure, replayOf } from '../../testing/remote-judge';
import { createCodeforcesAdapter } from './codeforces';

const base = 'https://codeforces.com';
const gym = createCodeforcesAdapter('GYM');
const account = { username: 'judge1', password: 'secret-1' };
const replay = replayOf('codeforces');

describe('Codeforces Gym', () => {
  it('imports a gym problem from /gym/<contest>/problem/<index>: title, limits, statement, sample, no tags', async () => {
    const http = replay('gym-import-100001B.json');
    const p = await gym.importProblem({ http, base }, '100001b');
    expect(p).toMatchObject({ problemId: '100001B', title: 'Stacked Boxes', timeLimitMs: 2500, memoryLimitMb: 512, source: 'Codeforces Gym 100001B', tags: [] });
    expect(p.description).toBe('A synthetic gym statement: $n$ boxes of heights $h_i$ are stacked. Print the height of the stack.');
    expect(p.input).toBe('The first line holds $n$, the second the $n$ heights.');
    expect(p.examples).toEqual([{ input: '3\n1 2 3\n', output: '6\n' }]);
    expect(http.cursor.requests).toEqual(['GET /gym/100001/problem/B']);
  });

  it('says an index the gym does not have (sent to the dashboard) is not found', async () => {
    const e = await failure(gym.importProblem({ http: replay('gym-import-missing.json'), base }, '100001Z'));
    expect(e).toMatchObject({ kind: 'not-found', message: 'GYM has no problem 100001Z' });
  });

  it('logs in, submits on the gym submit page by index, finds the gym run, and polls it to Accepted', async () => {
    const http = replay('gym-judge-accepted.json');
    const call = { http: new HttpSession(http), base };
    await gym.login(call, account);
    const runId = await gym.submit(call, account, { problemId: '100001B', language: 'GNU G++17 7.3.0', code: 'int main() { return 0; }' });
    expect(runId).toBe('910007');
    const sub = { problemId: '100001B', runId };
    expect(await gym.poll(call, account, sub)).toEqual({ state: 'queued' });
    expect(await gym.poll(call, account, sub)).toEqual({ state: 'judging' });
    expect(await gym.poll(call, account, sub)).toEqual({ state: 'done', status: JudgeStatus.ACCEPTED, time: 46, memory: 2048, errorMessage: null });
    expect(http.cursor.requests.slice(3, 6)).toEqual(['GET /gym/100001/submit', 'POST /gym/100001/submit?csrf_token=9f8e7d6c5b4a39281706f5e4d3c2b1a0', 'GET /gym/100001/my']);
    expect(http.cursor.unused()).toEqual([]);
  });
});
