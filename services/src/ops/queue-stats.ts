// The judge queue per lane as JetStream reports it: the lane consumer's counts, and the age of the lane's oldest
// job (in a work-queue stream the first message on a lane's subject is its oldest job not yet acked).
import type { JetStreamManager, MsgRequest } from '@nats-io/jetstream';
import { LANES, laneConsumerName, STREAMS, SUBJECTS, type Lane } from '@oj/proto';
import type { LaneStats } from './metrics';

async function oldestAgeS(jsm: JetStreamManager, lane: Lane): Promise<number> {
  try {
    // The server's MSG.GET takes `next_by_subj` (2.9+); the client's type lists only seq and last_by_subj.
    const query = { seq: 0, next_by_subj: SUBJECTS.job(lane) } as unknown as MsgRequest;
    const m = await jsm.streams.getMessage(STREAMS.jobs, query);
    return m ? Math.max(0, (Date.now() - m.time.getTime()) / 1000) : 0;
  } catch {
    return 0; // no message on the subject
  }
}

export async function laneStats(jsm: JetStreamManager): Promise<LaneStats[]> {
  return Promise.all(
    LANES.map(async (lane): Promise<LaneStats> => {
      // The consumer appears with the first runner; until then every job of the lane waits.
      const info = await jsm.consumers.info(STREAMS.jobs, laneConsumerName(lane)).catch(() => null);
      const waiting = info ? info.num_pending : ((await jsm.streams.info(STREAMS.jobs, { subjects_filter: SUBJECTS.job(lane) })).state.subjects?.[SUBJECTS.job(lane)] ?? 0);
      return { lane, waiting, inFlight: info?.num_ack_pending ?? 0, oldestAgeS: await oldestAgeS(jsm, lane) };
    }),
  );
}
