// The queue position of a Pending submission (owner and admins only; null otherwise), read once from the
// submission detail after it has waited a second (an idle judge starts it sooner, so nothing is read then).
// One snapshot, not polling: the status itself arrives over the socket.
import { useEffect, useState } from 'react';
import { JudgeStatus } from '@oj/proto';
import { getQueuePosition } from './judge-admin-api';

const FIRST_READ_MS = 1000;

export function useQueuePosition(submitId: number, status: number | undefined): number | null {
  const [position, setPosition] = useState<number | null>(null);
  const pending = status === JudgeStatus.PENDING;
  useEffect(() => {
    if (!pending) {
      setPosition(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      getQueuePosition(submitId)
        .then((p) => live && setPosition(p))
        .catch(() => undefined);
    }, FIRST_READ_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [submitId, pending]);
  return pending ? position : null;
}
