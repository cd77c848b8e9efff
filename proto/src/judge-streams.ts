// The JetStream streams of judging, as both sides create them: the services (when they send jobs) and every runner
// (when it pulls them) call `ensureJudgeStreams` with the same settings, so whichever starts first creates them.
import { STREAMS, SUBJECTS } from './nats';

const DAY_NS = 24 * 3600 * 1000 * 1_000_000;

/** The part of a stream's settings we choose (the JetStream client's names and values). */
export interface JudgeStreamConfig {
  name: string;
  subjects: string[];
  retention: 'workqueue' | 'limits';
  storage: 'file';
  /** Nanoseconds. */
  max_age?: number;
}

export const JUDGE_STREAMS: Record<keyof typeof STREAMS, JudgeStreamConfig> = {
  /** One message per job until a runner acks it. */
  jobs: { name: STREAMS.jobs, subjects: [SUBJECTS.jobAll], retention: 'workqueue', storage: 'file' },
  /** Judge events, kept a day for the ingester to catch up after an outage. */
  results: { name: STREAMS.results, subjects: [SUBJECTS.resultAll], retention: 'limits', storage: 'file', max_age: DAY_NS },
};

/** What `ensureJudgeStreams` needs of a JetStream manager (`jsm.streams`). */
export interface StreamAdmin {
  streams: {
    info(name: string): Promise<unknown>;
    add(cfg: JudgeStreamConfig): Promise<unknown>;
  };
}

/** Creates the judge streams unless they exist; idempotent, and safe when several processes race to create them. */
export async function ensureJudgeStreams(jsm: StreamAdmin): Promise<void> {
  for (const cfg of Object.values(JUDGE_STREAMS)) {
    try {
      await jsm.streams.info(cfg.name);
      continue;
    } catch {
      // not there yet
    }
    try {
      await jsm.streams.add(cfg);
    } catch (err) {
      // Someone else created it meanwhile: fine as long as it exists now.
      await jsm.streams.info(cfg.name).catch(() => {
        throw err;
      });
    }
  }
}
