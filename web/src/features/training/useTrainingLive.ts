// The training screens' live link to `training:<tid>` through the live-topic engine: a member's new standing
// (`training.progress`) and changes of the training (`training.changed`), replayed from the seq of the details'
// REST snapshot, reloaded over REST on a resync, and polled every 30 s (the scoreboard's interval) only while the
// socket is down.
import { POLLING, topics, type TrainingProgressEvent } from '@oj/proto';
import { useLiveTopic } from '../../lib/useLiveTopic';

export interface TrainingLiveHandlers {
  onProgress: (ev: TrainingProgressEvent) => void;
  onChanged: () => void;
  /** Reads the training and its lists again over REST. */
  reload: () => Promise<void>;
}

/** Follows the training while `fromSeq` is known (its details loaded) and the caller may read it (`enabled`). */
export function useTrainingLive(tid: number, fromSeq: number | null, enabled: boolean, handlers: TrainingLiveHandlers): void {
  useLiveTopic(enabled && fromSeq !== null ? topics.training(tid) : null, {
    fromSeq: fromSeq ?? undefined,
    events: {
      'training.progress': (ev) => {
        if (ev.tid === tid) handlers.onProgress(ev);
      },
      'training.changed': (ev) => {
        if (ev.tid === tid) handlers.onChanged();
      },
    },
    onResync: () => void handlers.reload(),
    poll: { intervalMs: POLLING.scoreboardMs, run: () => handlers.reload() },
  });
}
