// Bad input never gets a 5xx (issue 15, item 12): every route of the route table is sent malformed queries, params and
// bodies generated from its own schemas (NUL bytes, integers beyond the columns' range, huge numbers, arrays for
// objects, broken JSON and multipart, other content types, oversized and too deeply nested bodies) as anonymous, as a
// user and as the super admin, whose requests reach the services. Every answer is below 500, and a refusal is the
// catalogue's message in the caller's language. The gateway keeps answering afterwards.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@oj/proto';
import { answerProblem, fuzzCases, type FuzzCase } from './input-fuzz';
import { startHarness, ROOT_PASSWORD, type Harness } from './test-harness';

let h: Harness;
const tokens: Record<'user' | 'root', string> = { user: '', root: '' };

/** What the gateway logged at level error or worse: an unhandled error, or a bad value that reached the database. */
const errors: string[] = [];
const errorLog = new Writable({
  write(line: Buffer, _enc, done) {
    const entry = JSON.parse(line.toString()) as { level: number; msg?: string; url?: string; err?: { message?: string } };
    if (entry.level >= 50) errors.push(`${entry.msg} (${entry.url ?? ''}): ${(entry.err?.message ?? '').slice(-160)}`.slice(0, 400));
    done();
  },
});

beforeAll(async () => {
  h = await startHarness({ logger: pino({ level: 'error' }, errorLog) });
  await h.createUser('fuzz_user');
  tokens.user = await h.login('fuzz_user');
  tokens.root = await h.login('root', ROOT_PASSWORD);
});
afterAll(async () => h?.stop());

/** Routes that end the caller's own session: called with bad input they must refuse, but not here, as they would log the fuzzer out. */
const SESSION_ENDING = new Set(['GET /api/logout']);

type Caller = 'anonymous' | 'user' | 'root';

async function runAll(caller: Caller, deep: boolean): Promise<{ calls: number; wrong: string[] }> {
  const jobs: { route: string; c: FuzzCase }[] = [];
  for (const r of h.gw.routeTable) {
    const route = `${r.method} ${r.url}`;
    if (r.method === 'HEAD' || SESSION_ENDING.has(route)) continue;
    for (const c of fuzzCases(r, deep)) jobs.push({ route, c });
  }
  const wrong: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const { route, c } = jobs[i]!;
      const locale: Locale = i % 2 === 0 ? 'en-US' : 'zh-CN';
      const headers = { ...c.request.headers, 'accept-language': locale, ...(caller !== 'anonymous' && { authorization: tokens[caller] }) };
      const res = await h.gw.app.inject({ ...c.request, headers, remoteAddress: `10.9.${i % 250}.${(i >> 8) % 250}` });
      const problem = answerProblem(res, locale);
      if (problem) wrong.push(`${route} as ${caller}, ${c.what}: ${problem}`);
      if (res.statusCode === 401 && caller !== 'anonymous' && (res.json() as { code?: string }).code === 'AUTH_TOKEN_INVALID') {
        throw new Error(`${route} (${c.what}) ended the ${caller}'s session: the rest of the run would not reach the services`);
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return { calls: jobs.length, wrong };
}

describe('malformed input on every route', () => {
  it.each([
    ['anonymous', false],
    ['user', false],
    ['root', true],
  ] as const)('as %s: never a 5xx, always the catalogue in the caller’s language', async (caller, deep) => {
    const { calls, wrong } = await runAll(caller, deep);
    expect(calls).toBeGreaterThan(1000);
    expect(wrong.slice(0, 60)).toEqual([]);
    expect(errors).toEqual([]);
    expect((await h.gw.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 300_000);
});
