// vitest global setup: one real PostgreSQL for the whole run (embedded, unless DATABASE_URL points at a server).
// Each test file then creates its own fresh database on it (see pg.ts); unit tests of the services clone a migrated
// template database instead (services/src/testing/test-db.ts), which takes milliseconds.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplateDb, dropDb } from '@oj/services/testing';
import { dropEmbeddedPostgresExitHooks, startEmbeddedPostgres, type RunningPostgres } from '@oj/infra/processes';

let running: RunningPostgres | undefined;
let dir: string | undefined;
let template: { adminUrl: string; name: string } | undefined;

export async function setup(project: TestProject): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'oj-test-pg-'));
    await chmod(dir, 0o755); // the postgres system user must be able to reach its data dir
    running = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), password: 'oj-test' });
    adminUrl = running.adminUrl;
  }
  project.provide('pgAdminUrl', adminUrl);
  template = { adminUrl, name: await createTemplateDb(adminUrl) };
  project.provide('pgTemplateDb', template.name);
}

export async function teardown(): Promise<void> {
  if (template && !running) await dropDb(template.adminUrl, template.name);
  await running?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  // Its exit hook would end the run with code 0 whatever failed.
  dropEmbeddedPostgresExitHooks();
}
