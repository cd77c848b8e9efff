// Fault 6 (issue 16): in a split deployment (gateways, a services worker and a runner, each its own process) every
// gateway hears the runners' heartbeats over NATS: the admin runner list and the "language unavailable" guard work on
// each of them, and a gateway started after the runners knows them at once (it asks them for a beat).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_LANGUAGES } from '@oj/proto';
import { startSplitDeployment, type SplitDeployment } from '@oj/infra/processes';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';
import { OjClient } from '../support/oj-client';

const PASSWORD = 'split-root-pass';
let db: TestDatabase;
let nats: TestNats;
let dir: string;
let split: SplitDeployment;

beforeAll(async () => {
  db = await startTestDatabase();
  nats = await startTestNats();
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-rel-split-'));
  split = await startSplitDeployment({
    dir,
    databaseUrl: db.url,
    natsUrl: nats.url,
    gateways: 1,
    workers: 1,
    runners: 1,
    uidBase: 24500,
    adminPassword: PASSWORD,
    env: { OJ_SUBMIT_INTERVAL_S: '0' },
    // This runner offers C only, so a submission in Python 3 has no runner to go to.
    runnerEnv: { OJ_RUNNER_LANGUAGES: 'C' },
  });
}, 240_000);

afterAll(async () => {
  await split?.stop();
  await nats?.stop();
  await db?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function runnerIds(client: OjClient): Promise<string[]> {
  const r = await client.call<Array<{ runnerId: string }>>('GET', '/api/admin/config/get-judge-service-info');
  expect(r.status).toBe(200);
  return r.data.map((x) => x.runnerId);
}

describe('runner heartbeats in a split deployment', () => {
  it('every gateway process lists the runner and refuses a language no runner offers', async () => {
    const first = new OjClient(split.gateways[0]!.url!);
    await first.login('root', PASSWORD);
    await expect.poll(() => runnerIds(first), { timeout: 15_000 }).toEqual(['runner-1']);

    // A second gateway process started now: it asks the runners for a beat instead of waiting up to 5 s for one.
    const [late] = (await startSplitDeployment({ dir: path.join(dir, 'late'), databaseUrl: db.url, natsUrl: nats.url, gateways: 1, workers: 0, runners: 0, adminPassword: PASSWORD, env: { OJ_SUBMIT_INTERVAL_S: '0' } })).gateways;
    split.gateways.push(late!);
    const second = new OjClient(late!.url!);
    await second.login('root', PASSWORD);
    expect(await runnerIds(second)).toEqual(['runner-1']);

    const python = LOCAL_LANGUAGES.find((l) => l.name === 'Python3')!.template;
    for (const client of [first, second]) {
      const refused = await client.submit('1000', 'Python3', python);
      expect(refused.status).toBe(400);
      expect(refused.msg).toMatch(/Python3/);
      const ok = await client.submit('1000', 'C', LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template);
      expect(ok.status).toBe(200);
    }
  }, 180_000);
});
