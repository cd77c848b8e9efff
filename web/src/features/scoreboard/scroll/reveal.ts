// The scroll board's reveal, as a pure state machine over the shared scoreboard engine. It starts from
// the sealed board (submissions from the seal on shown as pending) and, from the bottom team upward, reveals the
// current team's hidden problems one at a time in problem order; a team that solves one rises to its new place and
// the cursor stays on the row, which now holds the next team. A team with nothing left to reveal is final: if it
// won a medal that is announced, then the cursor moves up. Revealing everything gives the unsealed board.
import { awardQuotas, isJudgedStatus, recordKind, ScoreboardEngine, type AcmRow, type BoardConfig, type ScoreRecord } from '@oj/proto';

export type Medal = 'gold' | 'silver' | 'bronze';

export interface MedalCounts {
  gold: number;
  silver: number;
  bronze: number;
}

export interface RevealInput {
  displayIds: readonly string[];
  /** Judged submissions before the end (pending ones are ignored). */
  records: readonly ScoreRecord[];
  /** Seconds from the start at which the seal begins (null: nothing is hidden). */
  sealS: number | null;
  durationS: number;
  starUids: readonly string[];
  medals: MedalCounts;
}

export type RevealStep =
  | { kind: 'focus'; uid: string; displayId: string; index: number }
  | { kind: 'reveal'; uid: string; displayId: string; accepted: boolean; from: number; to: number }
  | { kind: 'medal'; uid: string; medal: Medal; index: number }
  | { kind: 'done' };

/** A hidden submission is shown as this status until revealed: counted (the team is on the board), never scored. */
const PLACEHOLDER_STATUS = -4;

/** The engine configuration of the scroll board: ACM, no after-contest records, stars unranked, no awards. */
export function scrollConfig(input: Pick<RevealInput, 'durationS' | 'starUids'>, sealS: number | null): BoardConfig {
  return { type: 0, durationS: input.durationS, sealS, containsEnd: false, oiRankScoreType: 'Recent', starUids: input.starUids, awardType: 0, awards: [] };
}

/** Final medals by board order: gold, then silver, then bronze counts of non-star teams that solved something. */
export function finalMedals(rows: readonly AcmRow[], starUids: readonly string[], medals: MedalCounts): Map<string, Medal> {
  const quotas = awardQuotas(
    2,
    (['gold', 'silver', 'bronze'] as const).map((name, i) => ({ priority: i + 1, name, background: '', color: '', num: Math.max(0, Math.floor(medals[name])) })),
    0,
  );
  const stars = new Set(starUids);
  const out = new Map<string, Medal>();
  let level = 0;
  let left = quotas[0]?.count ?? 0;
  for (const r of rows) {
    if (level >= quotas.length) break;
    if (stars.has(r.uid) || r.ac <= 0) continue;
    out.set(r.uid, quotas[level]!.award.name as Medal);
    if (--left === 0 && ++level < quotas.length) left = quotas[level]!.count;
  }
  return out;
}

/** Medal defaults of the setup: 10 %, 20 %, 30 % of the teams, floored. */
export function defaultMedals(teams: number): MedalCounts {
  return { gold: Math.floor(teams * 0.1), silver: Math.floor(teams * 0.2), bronze: Math.floor(teams * 0.3) };
}

export class ScrollReveal {
  private engine!: ScoreboardEngine;
  /** uid → displayId → hidden records (time order). */
  private hidden = new Map<string, Map<string, ScoreRecord[]>>();
  private readonly order: ReadonlyMap<string, number>;
  private readonly medalOf: Map<string, Medal>;
  private announcedSet = new Set<string>();
  private cursorIndex = -1;
  private focused: { uid: string; displayId: string } | null = null;
  private finished = false;
  /** Bumped on every change (for renderers). */
  version = 0;

  constructor(private readonly input: RevealInput) {
    this.order = new Map(input.displayIds.map((d, i) => [d, i]));
    const final = ScoreboardEngine.build(scrollConfig(input, null), input.displayIds, input.records.filter((r) => isJudgedStatus(r.status)));
    this.medalOf = finalMedals(final.rows() as readonly AcmRow[], input.starUids, input.medals);
    this.restart();
  }

  /** Back to the sealed board, cursor on the bottom team. */
  restart(): void {
    const { sealS, displayIds } = this.input;
    const known = new Set(displayIds);
    const records = this.input.records.filter((r) => isJudgedStatus(r.status) && known.has(r.displayId) && r.time >= 0 && r.time < this.input.durationS);
    // Cells solved before the seal show nothing pending: their later records are not hidden.
    const solvedBefore = new Set<string>();
    if (sealS !== null) for (const r of records) if (r.time < sealS && recordKind(r.status) === 1) solvedBefore.add(`${r.uid}\u0000${r.displayId}`);
    this.hidden = new Map();
    const shown: ScoreRecord[] = [];
    for (const r of records) {
      if (sealS === null || r.time < sealS || solvedBefore.has(`${r.uid}\u0000${r.displayId}`)) {
        shown.push(r);
        continue;
      }
      let byProblem = this.hidden.get(r.uid);
      if (!byProblem) this.hidden.set(r.uid, (byProblem = new Map()));
      const list = byProblem.get(r.displayId) ?? [];
      list.push(r);
      byProblem.set(r.displayId, list);
      shown.push({ ...r, status: PLACEHOLDER_STATUS, score: null, useTime: null });
    }
    for (const m of this.hidden.values()) for (const list of m.values()) list.sort((a, b) => a.time - b.time || a.id - b.id);
    this.engine = ScoreboardEngine.build(scrollConfig(this.input, null), displayIds, shown);
    this.announcedSet = new Set();
    this.cursorIndex = this.engine.size - 1;
    this.focused = null;
    this.finished = this.engine.size === 0;
    this.version++;
  }

  rows(): readonly AcmRow[] {
    return this.engine.rows() as readonly AcmRow[];
  }

  get cursor(): number {
    return this.cursorIndex;
  }

  get focus(): { uid: string; displayId: string } | null {
    return this.focused;
  }

  get done(): boolean {
    return this.finished;
  }

  /** Hidden submissions of a cell still to reveal. */
  pending(uid: string, displayId: string): number {
    return this.hidden.get(uid)?.get(displayId)?.length ?? 0;
  }

  /** The medal announced for a team (only once its row is final). */
  announced(uid: string): Medal | null {
    return this.announcedSet.has(uid) ? (this.medalOf.get(uid) ?? null) : null;
  }

  medalFinal(uid: string): Medal | null {
    return this.medalOf.get(uid) ?? null;
  }

  /** One step of the ceremony. */
  next(): RevealStep {
    if (this.finished) return { kind: 'done' };
    if (this.focused) {
      const { uid, displayId } = this.focused;
      this.focused = null;
      const from = this.engine.indexOf(uid);
      const recs = this.hidden.get(uid)?.get(displayId) ?? [];
      this.hidden.get(uid)?.delete(displayId);
      if (this.hidden.get(uid)?.size === 0) this.hidden.delete(uid);
      for (const r of recs) this.engine.apply(r);
      const to = this.engine.indexOf(uid);
      this.version++;
      const cell = (this.engine.row(uid) as AcmRow | undefined)?.submissionInfo[displayId];
      return { kind: 'reveal', uid, displayId, accepted: cell?.isAC === true, from, to };
    }
    const rows = this.rows();
    while (this.cursorIndex >= 0) {
      const row = rows[this.cursorIndex]!;
      const first = this.firstHidden(row.uid);
      if (first !== null) {
        this.focused = { uid: row.uid, displayId: first };
        this.version++;
        return { kind: 'focus', uid: row.uid, displayId: first, index: this.cursorIndex };
      }
      const medal = this.medalOf.get(row.uid);
      if (medal && !this.announcedSet.has(row.uid)) {
        this.announcedSet.add(row.uid);
        this.version++;
        return { kind: 'medal', uid: row.uid, medal, index: this.cursorIndex };
      }
      this.cursorIndex--;
    }
    this.finished = true;
    this.version++;
    return { kind: 'done' };
  }

  /** Runs to the end (tests, and "reveal all"). */
  runToEnd(maxSteps = 1_000_000): number {
    let n = 0;
    while (!this.finished && n < maxSteps) {
      this.next();
      n++;
    }
    return n;
  }

  private firstHidden(uid: string): string | null {
    const m = this.hidden.get(uid);
    if (!m || m.size === 0) return null;
    let best: string | null = null;
    for (const d of m.keys()) if (best === null || (this.order.get(d) ?? 0) < (this.order.get(best) ?? 0)) best = d;
    return best;
  }
}
