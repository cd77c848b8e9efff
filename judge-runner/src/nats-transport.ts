// The runner's bus on NATS JetStream: pulls judge jobs from one durable consumer per lane, always from the
// highest lane that has work (contest > practice > rejudge > test), and stores judge events on JUDGE_RESULTS.
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import type { Consumer, JsMsg } from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';
import { Objm, setSha256Backend, type ObjectStore } from '@nats-io/obj';
import { closeNats, decodeJson, ensureDurableConsumer, ensureJudgeStreams, ensureStreamReplicas, whenJetStreamAnswers, JudgeJob, LANES, laneConsumerName, natsConnectOptions, objectChunks, resolveReplicas, STREAMS, SUBJECTS, TESTDATA_BUCKET, TESTDATA_STREAM, watchNatsStatus, type JobDelivery, type JudgeEvent, type Lane, type ReplicaPolicy, type RunnerHeartbeat, type RunnerTransport, type Stoppable } from '@oj/proto';
import type { Logger } from './logger';
import { readJobHead, systemErrorFinal } from './system-error';
import { followRunnerNats } from './ops/nats-ops';

/** The shortest pull the client allows. */
const PULL_EXPIRES_MS = 1000;
/** How often an idle runner looks at the lanes when no job was announced (a missed doorbell, a restart). */
const IDLE_POLL_MS = 1000;
/** How often an idle runner pulls on a lane whose jobs are out with runners, to pick up redeliveries. */
const REDELIVERY_POLL_MS = 3000;

export { laneConsumerName };

export interface NatsRunnerTransportOptions {
  url: string;
  /** How long a job may go without an ack or `working()` before it is redelivered (default 10 s). */
  ackWaitMs?: number;
  /** Replicas of the streams (OJ_NATS_REPLICAS); default min(3, the cluster's size). */
  replicas?: number;
  /** `judger` of the System Error final sent for a malformed but attributable job. */
  runnerId?: string;
  logger?: Logger;
}

export async function createNatsRunnerTransport(opts: NatsRunnerTransportOptions): Promise<RunnerTransport> {
  const ackWaitMs = opts.ackWaitMs ?? 10_000;
  const nc = await connect({ servers: opts.url.split(','), ...natsConnectOptions(opts.runnerId ?? 'oj-judge-runner') });
  if (opts.logger) watchNatsStatus(nc, opts.logger);
  const log = opts.logger;
  const jsm = await whenJetStreamAnswers('JetStream', () => jetstreamManager(nc), { log });
  const js = jetstream(nc);
  const policy: ReplicaPolicy = { ...resolveReplicas(opts.replicas, nc.info), log: opts.logger };
  await whenJetStreamAnswers('judge streams', () => ensureJudgeStreams(jsm, policy), { log });
  await whenJetStreamAnswers('test-data stream', () => ensureStreamReplicas(jsm, TESTDATA_STREAM, policy, { ifExists: true }), { log });
  const readiness = followRunnerNats(nc, jsm);
  const stops: Stoppable[] = [];
  // The test-data bucket, opened on first use with the services' options (whoever comes first creates it).
  let objectStore: Promise<ObjectStore> | null = null;
  const testdataStore = () => {
    // Node's sha256 for the objects' digests (the default pure-JS one caps a fetch at ~60 MB/s).
    setSha256Backend('native');
    objectStore ??= new Objm(nc)
      .create(TESTDATA_BUCKET, { storage: StorageType.File, replicas: policy.replicas })
      .then(async (os) => {
        await ensureStreamReplicas(jsm, TESTDATA_STREAM, policy);
        return os;
      })
      .catch((err: unknown) => {
        objectStore = null;
        throw err;
      });
    return objectStore;
  };

  // The message id makes a publish retried after a lost ack (result-sink.ts) one stored event, within the stream's
  // duplicate window; the ingester is idempotent beyond it.
  const publishEvent = async (ev: JudgeEvent) => {
    const attempt = ev.attempt ? `${ev.attempt.requeue}.${ev.attempt.delivery}` : '-';
    const which = ev.kind === 'case' ? `case.${ev.case.index}` : ev.kind === 'status' ? `status.${ev.status}` : 'final';
    await js.publish(SUBJECTS.result(ev.submitId), JSON.stringify(ev), { msgID: `${ev.submitId}.${ev.version}.${attempt}.${which}` });
  };

  return {
    publishEvent,
    readiness,
    async getTestdata(version: string) {
      return (await testdataStore()).getBlob(version);
    },
    async getTestdataStream(version: string) {
      const found = await (await testdataStore()).get(version);
      return found ? objectChunks(found) : null;
    },
    async heartbeat(hb: RunnerHeartbeat) {
      nc.publish(SUBJECTS.runnerHeartbeat, JSON.stringify(hb));
    },
    async onHeartbeatRequest(handler: () => void) {
      const sub = nc.subscribe(SUBJECTS.runnerHello, { callback: () => handler() });
      return { stop: async () => sub.unsubscribe() };
    },
    async publishTestResult(r) {
      nc.publish(SUBJECTS.testResult, JSON.stringify(r));
      await nc.flush();
    },
    async consumeJobs(handler, { concurrency }) {
      // One durable pull consumer per lane; an older ack wait is brought to ours on start.
      for (const lane of LANES) {
        const cfg = { durable_name: laneConsumerName(lane), ack_policy: AckPolicy.Explicit, ack_wait: nanos(ackWaitMs), filter_subject: SUBJECTS.job(lane), deliver_policy: DeliverPolicy.All, max_deliver: -1 };
        await ensureDurableConsumer(jsm, STREAMS.jobs, cfg, log);
      }
      const consumers = new Map<Lane, Consumer>();
      for (const lane of LANES) consumers.set(lane, await whenJetStreamAnswers(`job consumer ${lane}`, () => js.consumers.get(STREAMS.jobs, laneConsumerName(lane)), { log }));
      let stopped = false;
      let inFlight = 0;
      const running = new Set<Promise<void>>();
      let wake: (() => void) | null = null;

      // A core subscription on the job subjects rings whenever a job is published (a JetStream publish is an
      // ordinary message on its subject too), so an idle runner pulls at once instead of at its next poll.
      const bell: { ring: (() => void) | null } = { ring: null };
      const doorbell = nc.subscribe(SUBJECTS.jobAll);
      void (async () => {
        for await (const _ of doorbell) {
          bell.ring?.();
          bell.ring = null;
        }
      })();
      let nextRedeliveryPull = 0;

      const nextMessage = async (): Promise<JsMsg | null> => {
        let busyLane: Lane | null = null;
        for (const lane of LANES) {
          const c = consumers.get(lane)!;
          const info = await c.info();
          if (info.num_pending > 0) {
            const m = await c.next({ expires: PULL_EXPIRES_MS });
            if (m) return m;
          }
          if (info.num_ack_pending > 0 && busyLane === null) busyLane = lane;
        }
        // Jobs out with some runner: one may be due for redelivery (not counted in num_pending), and JetStream
        // redelivers only on a pull, so now and then an idle runner pulls on that lane.
        if (busyLane !== null && Date.now() >= nextRedeliveryPull) {
          nextRedeliveryPull = Date.now() + REDELIVERY_POLL_MS;
          return consumers.get(busyLane)!.next({ expires: PULL_EXPIRES_MS });
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, IDLE_POLL_MS);
          bell.ring = () => {
            clearTimeout(t);
            resolve();
          };
        });
        return null;
      };

      const dispatch = async (m: JsMsg) => {
        let job: JudgeJob;
        try {
          job = decodeJson(JudgeJob, m.data);
        } catch (e) {
          let raw: unknown = null;
          try {
            raw = m.json<unknown>();
          } catch {
            // not JSON: nothing to attribute it to
          }
          const head = readJobHead(raw);
          opts.logger?.error({ err: e, subject: m.subject, head }, 'malformed judge job dropped');
          if (head) await publishEvent(systemErrorFinal(head, opts.runnerId ?? 'runner', 'malformed judge job'));
          await m.ackAck();
          return;
        }
        const delivery: JobDelivery = {
          job,
          deliveryCount: m.info.deliveryCount,
          ack: async () => {
            try {
              await m.ackAck();
            } catch (e) {
              // Not confirmed (disconnected, timed out): an ack the client buffers still lands if it reconnects in time;
              // otherwise the job is redelivered, judged again, and its newer events are ignored once this final is stored.
              opts.logger?.warn({ err: e, subject: m.subject }, 'job ack not confirmed');
              try {
                m.ack();
              } catch {
                // closed: nothing more to do
              }
            }
          },
          nak: async (delayMs) => {
            try {
              m.nak(delayMs);
            } catch {
              // closed: the job is redelivered after its ack wait anyway
            }
          },
          working: () => {
            try {
              m.working();
            } catch {
              // closed connection: the job will be redelivered
            }
          },
        };
        await handler(delivery);
      };

      const loop = (async () => {
        while (!stopped) {
          if (inFlight >= concurrency) {
            await new Promise<void>((r) => (wake = r));
            continue;
          }
          let m: JsMsg | null = null;
          try {
            m = await nextMessage();
          } catch (e) {
            if (stopped) break;
            opts.logger?.warn({ err: e }, 'pulling judge jobs failed; retrying');
            await new Promise((r) => setTimeout(r, 1000));
            continue;
          }
          if (!m) continue;
          if (stopped) {
            m.nak();
            break;
          }
          inFlight++;
          const p = dispatch(m)
            .catch((e: unknown) => opts.logger?.error({ err: e }, 'judge job handler failed'))
            .finally(() => {
              inFlight--;
              running.delete(p);
              wake?.();
              wake = null;
            });
          running.add(p);
        }
      })();

      const stoppable: Stoppable = {
        async stop() {
          stopped = true;
          wake?.();
          bell.ring?.();
          doorbell.unsubscribe();
          await loop;
          await Promise.all([...running]);
        },
      };
      stops.push(stoppable);
      return stoppable;
    },
    async close() {
      for (const s of stops) await s.stop();
      await closeNats(nc);
    },
  };
}
