// How a feature follows a live topic: `watchTopic` (plain code) or `useLiveTopic` (a component), both on the one
// engine (lib/live-topics.ts) over the one socket (lib/socket.ts). A live screen declares its topic, its REST
// fallback and its reducer (the event handlers) in one hook file of its feature.
import { useEffect, useRef } from 'react';
import type { EventsOfTopic, PushEventName } from '@oj/proto';
import { LiveTopicHub, type LiveEventHandlers, type TopicWatch, type WatchOptions } from './live-topics';
import { attachRealtimeLink, emitSubscribe, emitUnsubscribe, socketConnected, startRealtime } from './socket';

let hub: LiveTopicHub | null = null;

/** `connect`: open the connection now (its code loads then) if not open yet; a background watch waits for it. */
function theHub(connect: boolean): LiveTopicHub {
  if (connect) startRealtime();
  if (!hub) {
    hub = new LiveTopicHub({ connected: socketConnected, subscribe: emitSubscribe, unsubscribe: emitUnsubscribe });
    attachRealtimeLink(hub);
  }
  return hub;
}

/**
 * Follows `topic` (e.g. `scoreboard:12`) until the returned function is called. Several watchers of one topic
 * share one subscription; each gets every frame once, in seq order.
 */
export function watchTopic<T extends string>(topic: T, opts: WatchOptions<EventsOfTopic<T>>): TopicWatch {
  return theHub(!opts.background).watch(topic, opts);
}

/**
 * Watches `topic` while the component is mounted (null: nothing). The options are read when the topic changes; the
 * handlers and an interval poll's `run` are always called through the latest render's options, so they may close
 * over props and state.
 */
export function useLiveTopic<T extends string>(topic: T | null, opts: WatchOptions<EventsOfTopic<T>>): void {
  const ref = useRef<WatchOptions>(opts);
  ref.current = opts;
  useEffect(() => {
    if (topic === null) return undefined;
    const o = ref.current;
    const events: LiveEventHandlers = {};
    for (const name of Object.keys(o.events) as PushEventName[]) {
      Object.assign(events, { [name]: (data: unknown, seq: number) => (ref.current.events[name] as ((d: unknown, s: number) => void) | undefined)?.(data, seq) });
    }
    const latestRun = () => {
      const p = ref.current.poll;
      return p && 'run' in p ? p.run() : Promise.resolve();
    };
    return theHub(!o.background).watch(topic, {
      ...o,
      events,
      poll: o.poll && 'run' in o.poll ? { intervalMs: o.poll.intervalMs, run: latestRun } : o.poll,
      onResync: () => ref.current.onResync(),
      onRefused: () => ref.current.onRefused?.(),
      onSubscribed: () => ref.current.onSubscribed?.(),
    });
  }, [topic]);
}
