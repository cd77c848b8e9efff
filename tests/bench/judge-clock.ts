// When each submission's judge events appeared on NATS (the JUDGE_RESULTS subjects, as the ingester gets them): its
// job started (Compiling), its cases started (Judging), its final. The benchmarks split a submission's time with them.
import { connect } from '@nats-io/transport-node';
import { JudgeStatus, SUBJECTS } from '@oj/proto';
import { percentile } from './stack-process';

export interface JudgeClock {
  compiling: Map<number, number>;
  judging: Map<number, number>;
  final: Map<number, number>;
  close(): Promise<void>;
}

export async function watchJudgeEvents(natsUrl: string): Promise<JudgeClock> {
  const nc = await connect({ servers: natsUrl });
  const sub = nc.subscribe(SUBJECTS.resultAll);
  const clock: JudgeClock = { compiling: new Map(), judging: new Map(), final: new Map(), close: async () => (sub.unsubscribe(), await nc.close()) };
  void (async () => {
    for await (const m of sub) {
      const ev = JSON.parse(new TextDecoder().decode(m.data)) as { kind: string; submitId: number; status?: number };
      const t = performance.now();
      const at = ev.kind === 'final' ? clock.final : ev.kind === 'status' && ev.status === JudgeStatus.COMPILING ? clock.compiling : ev.kind === 'status' && ev.status === JudgeStatus.JUDGING ? clock.judging : null;
      if (at && !at.has(ev.submitId)) at.set(ev.submitId, t);
    }
  })();
  await nc.flush();
  return clock;
}

/** The sorted finite durations `to − from` of the submissions `ids`. */
export function spans(ids: readonly number[], from: Map<number, number>, to: Map<number, number>): number[] {
  return ids
    .map((id) => (to.get(id) ?? NaN) - (from.get(id) ?? NaN))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
}

/** A submission submitted at `t0` (before the request), answered at `answered`, its verdict on the socket at `done`. */
export interface TimedSubmission {
  submitId: number;
  t0: number;
  answered: number;
  done: number;
}

/** One line: the p50 of each part of a submission's time, one submission after another. */
export function formatParts(clock: JudgeClock, subs: readonly TimedSubmission[]): string {
  const ids = subs.map((s) => s.submitId);
  const of = (key: 't0' | 'answered' | 'done') => new Map(subs.map((s) => [s.submitId, s[key]]));
  const p50 = (xs: number[]) => percentile(xs, 50).toFixed(0);
  return [
    `p50 of each part: submit answered ${p50(spans(ids, of('t0'), of('answered')))} ms`,
    `→ job started (Compiling on NATS) ${p50(spans(ids, of('answered'), clock.compiling))} ms`,
    `→ compile ${p50(spans(ids, clock.compiling, clock.judging))} ms`,
    `→ cases ${p50(spans(ids, clock.judging, clock.final))} ms`,
    `→ final event to socket ${p50(spans(ids, clock.final, of('done')))} ms`,
  ].join(', ');
}
