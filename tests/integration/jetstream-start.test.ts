// A runner and the services started before JetStream answers wait for it instead of exiting: nats-server first runs
// without JetStream (every JetStream request has no responders), then is restarted with it on the same port; both
// clients reconnect, ask again (whenJetStreamAnswers) and come up with the judge streams and their consumers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { STREAMS } from '@oj/proto';
import { createNatsRunnerTransport, createRunnerLogger } from '@oj/judge-runner';
import { createNatsBus } from '@oj/services';
import { freePort, startNatsServer, waitForPort, type RunningNats } from '@oj/infra/processes';

let plain: ChildProcess | null = null;
let withJetStream: RunningNats | null = null;
let dir = '';

afterAll(async () => {
  plain?.kill('SIGKILL');
  await withJetStream?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('starting before JetStream answers', () => {
  it('a runner transport and the services bus wait for JetStream, then come up', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'oj-js-start-'));
    const port = await freePort();
    const url = `nats://127.0.0.1:${port}`;
    plain = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    await waitForPort(port);

    const warnings: string[] = [];
    // The runner's logger, its warnings kept: each "asking again" is one.
    const logger = Object.assign(createRunnerLogger({ level: 'silent' }), { warn: (o: { what?: string }, msg: string) => void warnings.push(`${o.what ?? ''}: ${msg}`) });
    const runner = createNatsRunnerTransport({ url, runnerId: 'js-start', logger });
    const bus = createNatsBus({ url, name: 'js-start-services', logger: pino({ level: 'silent' }) });
    // Neither can be up while the server has no JetStream.
    const early = await Promise.race([runner.then(() => 'runner up'), bus.then(() => 'bus up'), new Promise((r) => setTimeout(() => r('waiting'), 1500))]);
    expect(early).toBe('waiting');
    expect(warnings.some((w) => w.startsWith('JetStream: JetStream did not answer'))).toBe(true);

    const exited = new Promise((r) => plain!.once('exit', r));
    plain.kill('SIGTERM');
    await exited;
    plain = null;
    withJetStream = await startNatsServer({ storeDir: path.join(dir, 'js'), port });

    const [t, b] = await Promise.all([runner, bus]);
    const nc = await connect({ servers: url });
    const jsm = await jetstreamManager(nc);
    expect((await jsm.streams.info(STREAMS.jobs)).config.name).toBe(STREAMS.jobs);
    expect((await jsm.streams.info(STREAMS.results)).config.name).toBe(STREAMS.results);
    await nc.close();
    await t.close();
    await b.close();
  }, 90_000);
});
