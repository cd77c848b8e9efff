// Bad input never gets a 5xx (issue 15, item 12), as anonymous and as a user: every route of the route table is sent
// malformed queries, params and bodies generated from its own schemas (NUL bytes, integers beyond the columns' range,
// huge numbers, arrays for objects, broken JSON and multipart, other content types, oversized and too deeply nested
// bodies). Every answer is below 500, a refusal is the catalogue's message in the caller's language, nothing is logged
// as an error, and the gateway keeps answering afterwards. The super admin: security-input-fuzz-root.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzEveryRoute, startFuzzHarness, type FuzzHarness } from './input-fuzz';

let f: FuzzHarness;
beforeAll(async () => {
  f = await startFuzzHarness();
});
afterAll(async () => f?.h.stop());

describe('malformed input on every route', () => {
  it.each([
    ['anonymous', false],
    ['user', false],
  ] as const)('as %s: never a 5xx, always the catalogue in the caller’s language', async (caller, deep) => {
    const { calls, wrong } = await fuzzEveryRoute(f, caller, deep);
    expect(calls).toBeGreaterThan(1000);
    expect(wrong.slice(0, 60)).toEqual([]);
    expect(f.errors).toEqual([]);
    expect((await f.h.gw.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 300_000);
});
