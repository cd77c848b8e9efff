// A private nats-server with JetStream on a free port, for one test file.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startNatsServer } from '@oj/infra/processes';

export interface TestNats {
  url: string;
  stop(): Promise<void>;
}

export async function startTestNats(): Promise<TestNats> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'oj-test-nats-'));
  const server = await startNatsServer({ storeDir: dir });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
