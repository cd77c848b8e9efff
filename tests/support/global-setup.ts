// vitest global setup: one real PostgreSQL for the whole run (embedded, unless DATABASE_URL points at a server).
// Each test file then creates its own fresh database on it (see pg.ts).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '@oj/infra/processes';

let running: RunningPostgres | undefined;
let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'oj-test-pg-'));
    await chmod(dir, 0o755); // the postgres system user must be able to reach its data dir
    running = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), password: 'oj-test' });
    adminUrl = running.adminUrl;
  }
  project.provide('pgAdminUrl', adminUrl);
}

export async function teardown(): Promise<void> {
  await running?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}
