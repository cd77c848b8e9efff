// The remote lane on NATS: jobs of remote problems on `oj.judge.job.remote` of JUDGE_JOBS (a work queue), pulled by
// one durable consumer that every remote-judge worker shares; their judge events go to JUDGE_RESULTS like a runner's.
import { AckPolicy, DeliverPolicy, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { decodeJson, ensureDurableConsumer, JudgeJob, STREAMS, SUBJECTS, whenJetStreamAnswers, type JobDelivery, type JudgeEvent, type RemoteJudgeTransport, type Stoppable } from '@oj/proto';
import type { Logger } from 'pino';

export const REMOTE_DURABLE = 'remote-judge';
const PULL_EXPIRES_MS = 1000;

function delivery(m: JsMsg, job: JudgeJob): JobDelivery {
  const quiet = (f: () => void) => {
    try {
      f();
    } catch {
      // closed: the job is redelivered after its ack wait
    }
  };
  return {
    job,
    deliveryCount: m.info.deliveryCount,
    ack: async () => {
      await m.ackAck().catch(() => quiet(() => m.ack()));
    },
    nak: async (delayMs) => quiet(() => m.nak(delayMs)),
    working: () => quiet(() => m.working()),
  };
}

export function natsRemoteTransport(js: JetStreamClient, jsm: JetStreamManager, logger: Logger, ackWaitMs = 30_000): RemoteJudgeTransport {
  return {
    async publishEvent(ev: JudgeEvent) {
      const attempt = ev.attempt ? `${ev.attempt.requeue}.${ev.attempt.delivery}` : '-';
      const which = ev.kind === 'case' ? `case.${ev.case.index}` : ev.kind === 'status' ? `status.${ev.status}` : 'final';
      await js.publish(SUBJECTS.result(ev.submitId), JSON.stringify(ev), { msgID: `${ev.submitId}.${ev.version}.${attempt}.${which}` });
    },
    async consumeJobs(handler, { concurrency }): Promise<Stoppable> {
      const cfg = { durable_name: REMOTE_DURABLE, ack_policy: AckPolicy.Explicit, ack_wait: nanos(ackWaitMs), filter_subject: SUBJECTS.remoteJob, deliver_policy: DeliverPolicy.All, max_deliver: -1 };
      await ensureDurableConsumer(jsm, STREAMS.jobs, cfg, logger);
      const consumer = await whenJetStreamAnswers('remote consumer', () => js.consumers.get(STREAMS.jobs, REMOTE_DURABLE), { log: logger });
      let stopped = false;
      let inFlight = 0;
      let wake: (() => void) | null = null;
      const running = new Set<Promise<void>>();
      const loop = (async () => {
        while (!stopped) {
          if (inFlight >= concurrency) {
            await new Promise<void>((r) => (wake = r));
            continue;
          }
          let m: JsMsg | null = null;
          try {
            m = await consumer.next({ expires: PULL_EXPIRES_MS });
          } catch (err) {
            if (stopped) break;
            logger.warn({ err }, 'pulling remote jobs failed; retrying');
            await new Promise((r) => setTimeout(r, 1000));
            continue;
          }
          if (!m) continue;
          if (stopped) {
            m.nak();
            break;
          }
          let job: JudgeJob;
          try {
            job = decodeJson(JudgeJob, m.data);
          } catch (err) {
            logger.error({ err, subject: m.subject }, 'malformed remote job dropped');
            m.term('malformed');
            continue;
          }
          inFlight++;
          const p = handler(delivery(m, job))
            .catch((err: unknown) => logger.error({ err }, 'remote job handler failed'))
            .finally(() => {
              inFlight--;
              running.delete(p);
              wake?.();
              wake = null;
            });
          running.add(p);
        }
      })();
      return {
        async stop() {
          stopped = true;
          wake?.();
          await loop;
          await Promise.all([...running]);
        },
      };
    },
  };
}
