// The dashboard's live panels: the REST snapshot (with its seq), then every `dashboard.live` on `admin-dashboard`
// applied on top (runners by id, lanes replaced, verdicts in front); the snapshot again after a resync, and every
// 5 s while the socket is down. A runner is also dropped here once silent past the timeout, in case its removal
// was missed, and the heartbeat ages tick with a one-second clock.
import { useCallback, useEffect, useRef, useState } from 'react';
import { applyDashboardLive, POLLING, topics, type DashboardPanels } from '@oj/proto';
import type { TopicWatch } from '../../lib/live-topics';
import { watchTopic } from '../../lib/useLiveTopic';
import { useLatestRead } from '../../lib/useLatestRead';
import { dashboardLive } from './dashboard-api';

export interface LivePanels extends DashboardPanels {
  /** The server's clock minus this browser's. */
  skewMs: number;
  runnerTimeoutMs: number;
}

/** Grace beyond the server's timeout before this client drops a silent runner itself. */
const LOCAL_GRACE_MS = 5000;

export function useDashboardLive(): { live: LivePanels | null; now: number } {
  const [live, setLive] = useState<LivePanels | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const ref = useRef<LivePanels | null>(null);
  const watchRef = useRef<TopicWatch | null>(null);
  const set = (next: LivePanels) => {
    ref.current = next;
    setLive(next);
  };

  const latest = useLatestRead();
  // A failed read keeps the panels: the next poll or resync brings them.
  const load = useCallback(
    () =>
      latest(dashboardLive(), (s) => {
        set({ runners: s.runners, lanes: s.lanes, verdicts: s.verdicts, remote: s.remote, skewMs: s.now - Date.now(), runnerTimeoutMs: s.runnerTimeoutMs });
        watchRef.current?.setSeq(s.seq);
      }),
    [latest],
  );

  useEffect(() => {
    const watch = watchTopic(topics.adminDashboard(), {
      snapshot: true,
      events: {
        'dashboard.live': (ev) => {
          const cur = ref.current;
          if (cur) set({ ...cur, ...applyDashboardLive(cur, ev), skewMs: ev.now - Date.now() });
        },
      },
      onResync: () => void load(),
      poll: { intervalMs: POLLING.judgeQueueMs, run: load },
    });
    watchRef.current = watch;
    void load();
    return () => {
      watch();
      watchRef.current = null;
    };
  }, [load]);

  useEffect(() => {
    const t = setInterval(() => {
      const at = Date.now();
      setNow(at);
      const cur = ref.current;
      if (!cur) return;
      const alive = cur.runners.filter((r) => at + cur.skewMs - r.lastSeen <= cur.runnerTimeoutMs + LOCAL_GRACE_MS);
      if (alive.length !== cur.runners.length) set({ ...cur, runners: alive });
    }, 1000);
    return () => clearInterval(t);
  }, []);

  return { live, now };
}
