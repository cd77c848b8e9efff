// An upload's progress pushed to the uploader (`testdata.progress` on their `user` topic, under the key the client
// chose): at most four updates a second per phase, the last one of each phase and the end always. Reporting never waits
// for the push (the upload's bytes do not slow down for it); `flush()` waits for the last one.
import { topics, type TestdataProgress } from '@oj/proto';
import type { ServiceContext } from '../context';
import { appendPush, publishAll } from '../push/push.service';

export interface ProgressReporter {
  report(phase: TestdataProgress['phase'], done: number, total: number): void;
  /** Resolves once every reported update was pushed (or given up on). */
  flush(): Promise<void>;
}

const MIN_GAP_MS = 250;

export function uploadProgress(ctx: ServiceContext, uid: string, key: string | undefined): ProgressReporter {
  if (!key) return { report: () => {}, flush: async () => {} };
  let lastAt = 0;
  let lastPhase = '';
  let chain = Promise.resolve();
  const push = async (p: TestdataProgress) => {
    try {
      const msg = await ctx.db.transaction((tx) => appendPush(tx, topics.user(uid), 'testdata.progress', p));
      await publishAll(ctx.transport, [msg], ctx.logger);
    } catch (err) {
      ctx.logger.warn({ err }, 'test-data upload progress not pushed');
    }
  };
  const send = (p: TestdataProgress) => {
    chain = chain.then(() => push(p));
  };
  // The last update a throttle held back: sent before the next phase starts, so each phase is seen to its end.
  let held: TestdataProgress | null = null;
  return {
    report(phase, done, total) {
      const p = { key, phase, done: Math.max(0, Math.floor(done)), total: Math.max(0, Math.floor(total)) };
      const now = Date.now();
      const final = phase === 'done' || phase === 'failed';
      if (!final && phase === lastPhase && now - lastAt < MIN_GAP_MS) {
        held = p;
        return;
      }
      if (held && held.phase !== phase) send(held);
      held = null;
      lastAt = now;
      lastPhase = phase;
      send(p);
    },
    flush: () => chain,
  };
}
