// A remote-judge worker with its own database pool and the live HTTP layer: what `pnpm remote-judge` and the
// embedded stack start. Scale out by starting more of them (they share the remote lane and the account leases).
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { RemoteJudgeTransport, Stoppable } from '@oj/proto';
import type { ServicesConfig } from '../config';
import { openDb } from '../db/client';
import { liveHttp } from './http/live-http';
import { startRemoteWorker } from './remote-worker';

export interface RemoteJudgeProcessOptions {
  databaseUrl: string;
  transport: RemoteJudgeTransport;
  config: ServicesConfig;
  logger: Logger;
  /** The `judger` of its events (default: remote-<host>-<pid>). */
  workerId?: string;
  /** Least time between two requests to one site (tests); default: the site's rate limit. */
  paceMs?: number;
}

export async function startRemoteJudgeWorker(opts: RemoteJudgeProcessOptions): Promise<Stoppable> {
  const { remote } = opts.config;
  const handle = openDb(opts.databaseUrl, { max: 4 });
  const http = liveHttp({ timeoutMs: remote.timeoutMs });
  const worker = await startRemoteWorker({
    db: handle.db,
    transport: opts.transport,
    logger: opts.logger,
    workerId: opts.workerId ?? `remote-${hostname()}-${process.pid}`,
    concurrency: remote.concurrency,
    httpFor: () => http,
    baseUrls: remote.baseUrls,
    ...(opts.paceMs !== undefined && { paceMs: opts.paceMs, timing: { pollFirstMs: 50, pollMaxMs: 200 } }),
  });
  return {
    async stop() {
      await worker.stop();
      await handle.close();
    },
  };
}
