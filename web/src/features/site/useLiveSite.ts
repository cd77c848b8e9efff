// The public `site` topic, followed by every page: `site.config` replaces the site config (so the discussion entry
// and routes open or close live), and `notice.sys` (a notice to every user) makes a signed-in page reload its unread
// counts after a random delay of up to 3 s, so thousands of browsers do not ask at the same instant.
// A background watch: it does not bring the realtime connection (and socket.io-client) into the first load; once the
// connection is up, its first subscription reloads the config, which may have changed since main.tsx loaded it.
import { useRef } from 'react';
import { decode, topics, WebsiteConfig } from '@oj/proto';
import { api } from '../../lib/api';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { sessionState } from '../../stores/session';
import { siteState } from '../../stores/ui';
import { refreshUnread } from '../message/useLiveUnread';

/** While the socket is down the config is polled this often. */
const CONFIG_POLL_MS = 60_000;
const NOTICE_SPREAD_MS = 3000;

async function reloadConfig(): Promise<void> {
  try {
    siteState.config = await api.get('/get-website-config', { decode: (x) => decode(WebsiteConfig, x), silent: true });
  } catch {
    // The next push or poll brings it.
  }
}

/** Mounted once in the app shell. */
export function useLiveSite(): void {
  const caughtUp = useRef(false);
  useLiveTopic(topics.site(), {
    background: true,
    onSubscribed: () => {
      if (caughtUp.current) return;
      caughtUp.current = true;
      void reloadConfig();
    },
    events: {
      'site.config': (config) => {
        siteState.config = config;
      },
      'notice.sys': () => {
        if (sessionState.csrf) setTimeout(() => void refreshUnread(), Math.random() * NOTICE_SPREAD_MS);
      },
    },
    onResync: () => void reloadConfig(),
    poll: { intervalMs: CONFIG_POLL_MS, run: reloadConfig },
  });
}
