// The import's progress pushed to the importer (`import.progress` on their `user` topic, under the key the client
// chose): at most four updates a second, the phase changes and the end always.
import { topics, type ImportProgress } from '@oj/proto';
import type { ServiceContext } from '../context';
import { appendPush, publishAll } from '../push/push.service';

export type ProgressSink = (p: Omit<ImportProgress, 'key'>) => Promise<void>;

const MIN_GAP_MS = 250;

export function importProgress(ctx: ServiceContext, uid: string, key: string | undefined): ProgressSink {
  if (!key) return async () => {};
  let lastAt = 0;
  let lastPhase = '';
  return async (p) => {
    const now = Date.now();
    const final = p.phase === 'done' || p.phase === 'failed';
    if (!final && p.phase === lastPhase && now - lastAt < MIN_GAP_MS) return;
    lastAt = now;
    lastPhase = p.phase;
    try {
      const msg = await ctx.db.transaction((tx) => appendPush(tx, topics.user(uid), 'import.progress', { key, ...p }));
      await publishAll(ctx.transport, [msg], ctx.logger);
    } catch (err) {
      ctx.logger.warn({ err }, 'import progress not pushed');
    }
  };
}
