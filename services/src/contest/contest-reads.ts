// A short-lived in-process cache of the reads every contest page request repeats: the contest row, a contestant's
// registration, a contest's problem list and a contest problem's page (the problem, its languages, templates, tags). Shared by all callers
// (2,000 contestants read the same contest and the same 13 problem pages), so even a few seconds spare most queries.
//
// Invalidation: every write of this process that changes what is cached calls `contestChanged(cid)` (the contest
// row, its problems: contest-admin.repo, contest-clock.repo, contest-problem.repo, the event-feed importer) or
// `problemsChanged()` (a problem, its languages, templates, tags: problem-admin.repo, the language admin); the next read
// loads again. Other processes (a second gateway) see a change once their entry is `ttlMs` old (OJ_CONTEST_CACHE_MS,
// 5 s by default, the same bound as the session cache's); 0 turns the cache off. Only positive registrations are
// kept: a new registration counts at once, and none is ever withdrawn but with its contest (which the row read, in
// the same request, no longer finds). The participant count (registrants and submitters: a scan of the contest's
// records) is kept `ttlMs` too and forgotten by a registration in this process; a first submission of an
// unregistered user (a public contest) shows in it once the entry is `ttlMs` old. The board version of a cached row is NOT current: callers that need it read
// the row themselves (the board projection does).
import { OjError } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { findContest, isRegistered, participantCount, type ContestRow } from './contest.repo';

/** Generation per contest, and one for all problem pages: a cached entry holds only while its generation does. */
const contestGens = new Map<number, number>();
let problemGen = 0;

/** The contest's row or problems changed in this process: forget what is cached of it. */
export function contestChanged(cid: number): void {
  contestGens.set(cid, (contestGens.get(cid) ?? 0) + 1);
}

/** A problem (statement, limits, languages, templates, tags) changed in this process: forget every cached problem page. */
export function problemsChanged(): void {
  problemGen++;
}

const genOf = (cid: number) => `${contestGens.get(cid) ?? 0}:${problemGen}`;

interface Entry<T> {
  value: T;
  gen: string;
  until: number;
}

/** Entries per cache before it is emptied (a crude bound; a contest day needs a few thousand). */
const MAX_ENTRIES = 20_000;

export interface ContestReads {
  /** The contest row (its `boardVersion` may be behind); throws CONTEST_NOT_FOUND. */
  contest(cid: number): Promise<ContestRow>;
  /** Whether `uid` registered for contest `cid`. */
  registered(cid: number, uid: string): Promise<boolean>;
  /** How many took part in contest `cid`: registered or submitted. */
  participants(cid: number): Promise<number>;
  /** A registration in this process: the next `participants` counts again. */
  registeredNow(cid: number): void;
  /** A part of contest `cid`'s pages named `key` (its problem list, one problem's page), loaded by `load` when not cached (undefined answers are not kept). */
  part<T>(cid: number, key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
}

export function createContestReads(db: DbOrTx, ttlMs: number): ContestReads {
  const rows = new Map<number, Entry<ContestRow>>();
  const registrations = new Map<string, Entry<true>>();
  const pages = new Map<string, Entry<unknown>>();
  const counts = new Map<number, Entry<number>>();

  async function cached<K, T>(map: Map<K, Entry<T>>, key: K, cid: number, forever: boolean, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (ttlMs <= 0) return load();
    // The generation before the read: a change that lands while it runs leaves the entry already stale.
    const gen = genOf(cid);
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.gen === gen && (forever || hit.until > now)) return hit.value;
    const value = await load();
    if (value === undefined) {
      map.delete(key);
      return undefined;
    }
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, gen, until: now + ttlMs });
    return value;
  }

  return {
    async contest(cid) {
      const c = await cached(rows, cid, cid, false, () => findContest(db, cid));
      if (!c) throw new OjError('CONTEST_NOT_FOUND');
      return c;
    },
    async registered(cid, uid) {
      const yes = await cached(registrations, `${cid}:${uid}`, cid, true, async () => ((await isRegistered(db, cid, uid)) ? (true as const) : undefined));
      return yes === true;
    },
    async participants(cid) {
      return (await cached(counts, cid, cid, false, () => participantCount(db, cid))) ?? 0;
    },
    registeredNow(cid) {
      counts.delete(cid);
    },
    async part(cid, key, load) {
      return cached(pages, `${cid}:${key}`, cid, false, load) as Promise<Awaited<ReturnType<typeof load>>>;
    },
  };
}
