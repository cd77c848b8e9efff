// Fault 1 (issue 16): the judge streams are created with the replicas the NATS cluster allows (R3 on 3 nodes), a
// deployment upgraded from single-replica streams is scaled up on start (streams, their consumers and the test-data
// bucket), and judging goes on with one node of the cluster down.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AckPolicy, jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_STREAMS, STREAMS, SUBJECTS, TESTDATA_STREAM } from '@oj/proto';
import { createNatsBus, INGESTER_DURABLE } from '@oj/services';
import { createNatsRunnerTransport, createRunnerLogger, laneConsumerName } from '@oj/judge-runner';
import { startNatsCluster, type NatsCluster } from '@oj/infra/processes';
import { makeJob } from '@oj/judge-runner/testing';

let dir: string;
let cluster: NatsCluster;
let nc: NatsConnection;
let jsm: JetStreamManager;
const logger = createRunnerLogger({ level: 'silent' });

const replicasOf = async (stream: string) => (await jsm.streams.info(stream)).config.num_replicas;
/** Peers holding a consumer (its leader and followers). */
const consumerPeers = async (stream: string, name: string) => {
  const info = await jsm.consumers.info(stream, name);
  return (info.cluster?.leader ? 1 : 0) + (info.cluster?.replicas?.length ?? 0);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-rel-replicas-'));
  cluster = await startNatsCluster({ storeDir: dir });
  nc = await connect({ servers: cluster.nodes.map((n) => n.url) });
  jsm = await jetstreamManager(nc);
}, 120_000);

afterAll(async () => {
  await nc?.close();
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('JetStream replicas on a 3-node cluster', () => {
  it('an upgrade from single-replica streams: services and runner scale streams, consumers and the bucket to R3', async () => {
    // What an older version left: every stream with one replica, the ingester's consumer and the test-data bucket.
    for (const cfg of Object.values(JUDGE_STREAMS)) await jsm.streams.add({ ...cfg, num_replicas: 1 } as Parameters<typeof jsm.streams.add>[0]);
    await jsm.streams.add({ name: TESTDATA_STREAM, subjects: ['$O.oj-testdata.C.>', '$O.oj-testdata.M.>'], num_replicas: 1, allow_rollup_hdrs: true, allow_direct: true });
    await jsm.consumers.add(STREAMS.results, { durable_name: INGESTER_DURABLE, ack_policy: AckPolicy.Explicit, filter_subject: SUBJECTS.resultAll, ack_wait: 30_000_000_000 });
    expect(await replicasOf(STREAMS.jobs)).toBe(1);

    const bus = await createNatsBus({ url: cluster.url });
    const runner = await createNatsRunnerTransport({ url: cluster.url, logger });
    const stop = await runner.consumeJobs(async () => {}, { concurrency: 1 });
    await stop.stop();
    const ingest = await bus.consumeEvents(async () => {});
    await ingest.stop();
    try {
      expect(await replicasOf(STREAMS.jobs)).toBe(3);
      expect(await replicasOf(STREAMS.results)).toBe(3);
      expect(await replicasOf(TESTDATA_STREAM)).toBe(3);
      // The consumers follow their stream (and the ingester's ack wait was brought down to 10 s).
      expect(await consumerPeers(STREAMS.results, INGESTER_DURABLE)).toBe(3);
      expect((await jsm.consumers.info(STREAMS.results, INGESTER_DURABLE)).config.ack_wait).toBe(10_000_000_000);
      expect(await consumerPeers(STREAMS.jobs, laneConsumerName('practice'))).toBe(3);
    } finally {
      await bus.close();
      await runner.close();
    }
  }, 120_000);

  it('streams made afresh are R3, and jobs and results still flow with one node down', async () => {
    for (const name of [STREAMS.jobs, STREAMS.results]) await jsm.streams.delete(name);
    const bus = await createNatsBus({ url: cluster.url });
    expect(await replicasOf(STREAMS.jobs)).toBe(3);
    expect(await replicasOf(STREAMS.results)).toBe(3);
    // A runner pulling jobs, and the ingester's consumer, both connected to the whole cluster.
    const runner = await createNatsRunnerTransport({ url: cluster.url, logger });
    const taken: number[] = [];
    const jobs = await runner.consumeJobs(
      async (d) => {
        taken.push(d.job.submitId);
        await runner.publishEvent({ kind: 'status', submitId: d.job.submitId, version: 1, judger: 'r', status: 6, casesTotal: 1 });
        await d.ack();
      },
      { concurrency: 1 },
    );
    const ingested: number[] = [];
    const events = await bus.consumeEvents(async (ev) => void ingested.push(ev.submitId));
    // Take down the node leading the jobs stream: its followers elect another leader.
    const leader = (await jsm.streams.info(STREAMS.jobs)).cluster?.leader;
    const down = cluster.nodes.find((n) => n.name === leader)!;
    await down.kill();
    const survivor = cluster.nodes.find((n) => n.running())!;
    const nc2 = await connect({ servers: survivor.url });
    try {
      const js2 = jetstream(nc2);
      // A publish may fail while the new leader is elected (a few seconds at most).
      let stored = false;
      for (let i = 0; i < 40 && !stored; i++) {
        stored = await js2.publish(SUBJECTS.job('practice'), JSON.stringify(makeJob('C', 'int main(){return 0;}', {}, 4242)), { timeout: 1000 }).then(
          () => true,
          () => new Promise<boolean>((r) => setTimeout(() => r(false), 250)),
        );
      }
      expect(stored).toBe(true);
      // The result may wait for the results stream's new leader and for the ingester's pull to be renewed (seconds).
      for (let i = 0; i < 300 && !ingested.includes(4242); i++) await new Promise((r) => setTimeout(r, 200));
      expect(taken).toContain(4242);
      expect(ingested).toContain(4242);
    } finally {
      await nc2.close();
      await jobs.stop();
      await events.stop();
      await runner.close();
      await bus.close();
      await down.start();
      await cluster.waitHealthy();
    }
  }, 120_000);
});
