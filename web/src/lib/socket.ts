// The one realtime connection and the ONLY writer of pushed events into stores. Watched topics are
// resubscribed with `since` after every reconnect; while the socket is down, in-progress submissions
// are polled over REST (2 s, at most 300 polls) and polling stops as soon as the socket is back.
import { io, type Socket } from 'socket.io-client';
import { subscribeKey } from 'valtio/utils';
import {
  decode,
  isInProgress,
  PUSH_EVENT_SCHEMAS,
  POLLING,
  submissionTopic,
  TestJudgeResult,
  UnreadCounts,
  type ClientToServerEvents,
  type PushEventName,
  type PushFrame,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@oj/proto';
import { api } from './api';
import { decoders } from './decoders';
import { clearSession, sessionState } from '../stores/session';
import { connectionState } from '../stores/ui';
import {
  applyCaseEvent,
  applyCaseResult,
  applyRow,
  applyStatusEvent,
  ensureSubmission,
  markFinalSnapshot,
  submissionsState,
} from '../stores/submissions';
import { applyTestJudgeResult, testJudgeState } from '../stores/test-judge';
import { applyUnread, resetUnread, unreadState } from '../stores/unread';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface WatchedTopic {
  submitId: number;
  /** Contest of the submission (0: practice): the fallback poll asks under the contest's rules. */
  cid: number;
  refs: number;
  /** Last seq applied for this topic; null before the first subscribe ack. */
  lastSeq: number | null;
}

const topics = new Map<string, WatchedTopic>();
let socket: ClientSocket | null = null;

// ---------- snapshots ----------

const snapshotsInFlight = new Set<number>();

/** Detail + case results over REST. `final` marks it as the one snapshot after a final status. */
async function loadSnapshot(submitId: number, final: boolean): Promise<void> {
  if (snapshotsInFlight.has(submitId)) return;
  snapshotsInFlight.add(submitId);
  try {
    const [info, cases] = await Promise.all([
      api.get('/get-submission-detail', { query: { submitId }, decode: decoders.submissionInfo, silent: true }),
      api.get('/get-all-case-result', { query: { submitId }, decode: decoders.caseResult, silent: true }).catch(() => null),
    ]);
    applyRow(info.submission);
    if (cases) applyCaseResult(submitId, cases);
    if (final || !isInProgress(info.submission.status)) markFinalSnapshot(submitId);
  } catch {
    // Not visible or not reachable now; the next event or poll tries again.
  } finally {
    snapshotsInFlight.delete(submitId);
  }
}

function afterStatus(submitId: number): void {
  const s = submissionsState.byId[submitId];
  if (s && !isInProgress(s.status) && !s.finalSnapshot) void loadSnapshot(submitId, true);
}

// ---------- pushed events ----------

function frameOf(raw: unknown): { topic: string; seq: number; data: unknown } | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const f = raw as Record<string, unknown>;
  if (typeof f.topic !== 'string' || !Number.isInteger(f.seq)) return null;
  return { topic: f.topic, seq: f.seq as number, data: f.data };
}

/** Accepts a frame once, in order; returns false for unknown topics and duplicates of a replay. */
function accept(frame: { topic: string; seq: number }): boolean {
  const w = topics.get(frame.topic);
  if (!w) return false;
  if (w.lastSeq !== null && frame.seq <= w.lastSeq) return false;
  w.lastSeq = frame.seq;
  return true;
}

function onStatus(raw: PushFrame<'submission.status'>): void {
  const frame = frameOf(raw);
  if (!frame) return;
  try {
    const data = decode(PUSH_EVENT_SCHEMAS['submission.status'], frame.data);
    if (!accept(frame)) return;
    applyStatusEvent(data);
    afterStatus(data.submitId);
  } catch (e) {
    console.warn('Dropped a malformed submission.status', e);
  }
}

function onCase(raw: PushFrame<'submission.case'>): void {
  const frame = frameOf(raw);
  if (!frame) return;
  try {
    const data = decode(PUSH_EVENT_SCHEMAS['submission.case'], frame.data);
    if (!accept(frame)) return;
    applyCaseEvent(data);
  } catch (e) {
    console.warn('Dropped a malformed submission.case', e);
  }
}

// ---------- subscriptions ----------

function subscribe(topic: string): void {
  const w = topics.get(topic);
  if (!socket?.connected || !w) return;
  socket.emit('subscribe', { topic, since: w.lastSeq ?? 0 }, (ack: SubscribeAck) => {
    const cur = topics.get(topic);
    if (!cur) return;
    if (!ack.ok) {
      // Not allowed to watch (or unknown): show what REST lets us see instead.
      void loadSnapshot(cur.submitId, false);
      return;
    }
    if (ack.resync) {
      cur.lastSeq = ack.seq;
      void loadSnapshot(cur.submitId, false).then(() => afterStatus(cur.submitId));
      return;
    }
    cur.lastSeq = Math.max(cur.lastSeq ?? 0, ack.seq);
    afterStatus(cur.submitId);
  });
}

/**
 * Follows a submission live until the returned function (or `unwatchSubmission`) is called.
 * Watching the same id twice is counted; the topic is left when the last watcher goes.
 */
export function watchSubmission(submitId: number, cid = 0): () => void {
  const topic = submissionTopic(submitId);
  const w = topics.get(topic);
  if (w) {
    w.refs++;
    if (cid > 0) w.cid = cid;
  } else {
    topics.set(topic, { submitId, cid, refs: 1, lastSeq: null });
    ensureSubmission(submitId);
    polls = 0; // A new submission to follow restarts the poll budget (spec §4).
    subscribe(topic);
    schedulePoll();
  }
  let done = false;
  return () => {
    if (!done) {
      done = true;
      unwatchSubmission(submitId);
    }
  };
}

export function unwatchSubmission(submitId: number): void {
  const topic = submissionTopic(submitId);
  const w = topics.get(topic);
  if (!w) return;
  if (--w.refs > 0) return;
  topics.delete(topic);
  if (socket?.connected) socket.emit('unsubscribe', { topic }, () => undefined);
}

// ---------- fallback polling ----------

let pollTimer: ReturnType<typeof setTimeout> | null = null;
let polls = 0;

function pollableIds(): number[] {
  return pollable().map((w) => w.submitId);
}

function pollable(): WatchedTopic[] {
  const out: WatchedTopic[] = [];
  for (const w of topics.values()) {
    const s = submissionsState.byId[w.submitId];
    if (!s || isInProgress(s.status)) out.push(w);
  }
  return out.slice(0, 200);
}

function stopPolling(): void {
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
  connectionState.polling = false;
}

/** Arms the next poll if the socket is down and something is still being judged. */
function schedulePoll(): void {
  if (pollTimer || socket?.connected || polls >= POLLING.submissionMaxPolls || pollableIds().length === 0) {
    if (!pollTimer) connectionState.polling = false;
    return;
  }
  connectionState.polling = true;
  pollTimer = setTimeout(() => {
    pollTimer = null;
    void pollOnce().finally(schedulePoll);
  }, POLLING.submissionMs);
}

async function pollOnce(): Promise<void> {
  if (socket?.connected) return;
  const watched = pollable();
  if (watched.length === 0) return;
  polls++;
  // One call per contest (0: practice): contest submissions are answered under their contest's rules.
  const byCid = new Map<number, number[]>();
  for (const w of watched) {
    const cid = w.cid || (submissionsState.byId[w.submitId]?.detail?.cid ?? 0);
    byCid.set(cid, [...(byCid.get(cid) ?? []), w.submitId]);
  }
  for (const [cid, submitIds] of byCid) {
    try {
      const map = await api.post('/check-submissions-status', { submitIds, cid }, { decode: decoders.submissionMap, silent: true });
      if (socket?.connected) return; // Back online meanwhile: the resubscribe owns the truth now.
      for (const row of Object.values(map)) {
        applyRow(row);
        afterStatus(row.submitId);
      }
    } catch {
      // Keep polling within the budget; the network may come back.
    }
  }
}

// ---------- online test (test-judge:<key>) ----------

/** Watched test keys → last seq applied. */
const testTopics = new Map<string, number | null>();
let testPollTimer: ReturnType<typeof setTimeout> | null = null;

const testPending = (key: string) => (testJudgeState.byKey[key]?.status ?? 5) === 5;

function onTestResult(raw: PushFrame<'test-judge.result'>): void {
  const frame = frameOf(raw);
  if (!frame || !frame.topic.startsWith('test-judge:')) return;
  const key = frame.topic.slice('test-judge:'.length);
  const last = testTopics.get(key);
  if (last === undefined || (last !== null && frame.seq <= last)) return;
  try {
    const data = decode(TestJudgeResult, frame.data);
    testTopics.set(key, frame.seq);
    applyTestJudgeResult(key, data);
  } catch (e) {
    console.warn('Dropped a malformed test-judge.result', e);
  }
}

function subscribeTest(key: string): void {
  if (!socket?.connected || !testTopics.has(key)) return;
  socket.emit('subscribe', { topic: `test-judge:${key}`, since: testTopics.get(key) ?? 0 }, (ack: SubscribeAck) => {
    // Refused or resync: REST has the answer.
    if (!ack.ok || ack.resync) void pollTestOnce();
  });
}

async function pollTestOnce(): Promise<void> {
  for (const key of [...testTopics.keys()].filter(testPending)) {
    try {
      const r = await api.get('/get-test-judge-result', { query: { testJudgeKey: key }, decode: (x) => decode(TestJudgeResult, x), silent: true });
      if (testTopics.has(key)) applyTestJudgeResult(key, r);
    } catch {
      // Unknown or expired key: nothing more will come.
      if (testTopics.has(key)) applyTestJudgeResult(key, { status: 4, stderr: '' });
    }
  }
}

/** Polls every 1 s (spec) while the socket is down and a watched test is still pending. */
function scheduleTestPoll(): void {
  if (testPollTimer || socket?.connected || ![...testTopics.keys()].some(testPending)) return;
  testPollTimer = setTimeout(() => {
    testPollTimer = null;
    void pollTestOnce().finally(scheduleTestPoll);
  }, POLLING.testJudgeMs);
}

/** Follows an online test until its result arrives (socket push, or polling while the socket is down). */
export function watchTestJudge(key: string): () => void {
  testTopics.set(key, null);
  subscribeTest(key);
  scheduleTestPoll();
  return () => {
    testTopics.delete(key);
    if (socket?.connected) socket.emit('unsubscribe', { topic: `test-judge:${key}` }, () => undefined);
  };
}

// ---------- unread message counts (user:<uid>, joined by the server on connect) ----------

let unreadTimer: ReturnType<typeof setInterval> | null = null;

/** Loads the counts over REST (after a connect, a reconnect, and every 120 s while the socket is down). */
export async function refreshUnread(): Promise<void> {
  if (!sessionState.token) return;
  try {
    applyUnread(await api.get('/msg/unread', { decode: (x) => decode(UnreadCounts, x), silent: true }));
  } catch {
    // Next push or poll brings them.
  }
}

function onUnread(raw: PushFrame<'unread.counts'>): void {
  const frame = frameOf(raw);
  if (!frame || !frame.topic.startsWith('user:')) return;
  try {
    const data = decode(PUSH_EVENT_SCHEMAS['unread.counts'], frame.data);
    // Counts are absolute: only an older frame (a late delivery) is dropped.
    if (frame.seq <= unreadState.lastSeq) return;
    unreadState.lastSeq = frame.seq;
    applyUnread(data);
  } catch (e) {
    console.warn('Dropped a malformed unread.counts', e);
  }
}

function stopUnreadPolling(): void {
  if (unreadTimer) clearInterval(unreadTimer);
  unreadTimer = null;
}

/** The spec's 120 s poll, only while logged in and the socket is down. */
function startUnreadPolling(): void {
  if (unreadTimer || socket?.connected || !sessionState.token) return;
  unreadTimer = setInterval(() => {
    if (socket?.connected || !sessionState.token) stopUnreadPolling();
    else void refreshUnread();
  }, POLLING.unreadMs);
}

// ---------- generic topics (lib/live-topics.ts) ----------

/** Events whose frames go to lib/live-topics.ts (the contest topics); the others are handled above. */
export const LINK_EVENTS = ['contest.announcement', 'contest.status', 'scoreboard.delta', 'acinfo.new', 'print.new', 'judge.runners'] as const;
export type LinkEventName = (typeof LINK_EVENTS)[number];

/** What lib/live-topics.ts hears from the socket: (re)connects, drops, and the raw frames of its events. */
export interface RealtimeLinkListener {
  connected(): void;
  disconnected(): void;
  frame(event: LinkEventName, raw: unknown): void;
}

const linkListeners = new Set<RealtimeLinkListener>();

/** Registers a listener; it is told `connected()` at once if the socket is up. Returns the remover. */
export function attachRealtimeLink(l: RealtimeLinkListener): () => void {
  linkListeners.add(l);
  if (socket?.connected) l.connected();
  return () => linkListeners.delete(l);
}

export function socketConnected(): boolean {
  return socket?.connected === true;
}

/** Sends `subscribe`; false (and no ack) when the socket is not connected. */
export function emitSubscribe(topic: string, since: number | undefined, ack: (a: SubscribeAck) => void): boolean {
  if (!socket?.connected) return false;
  socket.emit('subscribe', since === undefined ? { topic } : { topic, since }, ack);
  return true;
}

export function emitUnsubscribe(topic: string): void {
  if (socket?.connected) socket.emit('unsubscribe', { topic }, () => undefined);
}

function linkConnected(): void {
  for (const l of linkListeners) l.connected();
}

function linkDisconnected(): void {
  for (const l of linkListeners) l.disconnected();
}

function forward(s: ClientSocket, event: LinkEventName): void {
  (s as unknown as { on(ev: PushEventName, fn: (raw: unknown) => void): void }).on(event, (raw) => {
    for (const l of linkListeners) l.frame(event, raw);
  });
}

// ---------- lifecycle ----------

function connect(): ClientSocket {
  const s: ClientSocket = io('/', {
    path: '/socket.io',
    auth: sessionState.token ? { token: sessionState.token } : {},
    reconnection: true,
  });
  s.on('connect', () => {
    connectionState.connected = true;
    stopPolling();
    if (testPollTimer) clearTimeout(testPollTimer);
    testPollTimer = null;
    for (const topic of topics.keys()) subscribe(topic);
    for (const key of testTopics.keys()) subscribeTest(key);
    stopUnreadPolling();
    void refreshUnread();
    linkConnected();
  });
  s.on('disconnect', (reason) => {
    connectionState.connected = false;
    schedulePoll();
    scheduleTestPoll();
    startUnreadPolling();
    linkDisconnected();
    // socket.io retries by itself except when the server closed the socket on purpose (e.g. a restart).
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), 1000 + Math.random() * 2000);
  });
  s.on('connect_error', (err) => {
    connectionState.connected = false;
    schedulePoll();
    scheduleTestPoll();
    startUnreadPolling();
    linkDisconnected();
    // The server refused our token (logged out elsewhere, banned, expired): socket.io does not retry a refusal,
    // so drop the session; the token watcher below reconnects anonymously, as REST's 401 handling would.
    if (err.message === 'AUTH_TOKEN_INVALID' && sessionState.token) clearSession();
  });
  s.on('submission.status', onStatus);
  s.on('submission.case', onCase);
  s.on('test-judge.result', onTestResult);
  s.on('unread.counts', onUnread);
  for (const event of LINK_EVENTS) forward(s, event);
  return s;
}

/** Opens the connection once; reconnects with the new token whenever the user logs in or out. */
export function startRealtime(): void {
  if (socket) return;
  socket = connect();
  subscribeKey(sessionState, 'token', (token) => {
    if (!socket) return;
    socket.auth = token ? { token } : {};
    // Another user's counts (and topic seq) must not linger.
    resetUnread();
    stopUnreadPolling();
    socket.disconnect().connect();
  });
}

/** For the developer page and tests: closes the socket (polling takes over). */
export function stopRealtime(): void {
  socket?.disconnect();
  socket = null;
  connectionState.connected = false;
  schedulePoll();
  scheduleTestPoll();
  startUnreadPolling();
  linkDisconnected();
}
