// The scroll board's reveal run on random contests: it starts from the sealed board, only ever lets the revealed
// team rise, never touches a row the cursor has passed, announces the medals, and ends on the unsealed board.
import { describe, expect, it } from 'vitest';
import { ScoreboardEngine, type AcmRow, type ScoreRecord } from '@oj/proto';
import { defaultMedals, finalMedals, scrollConfig, ScrollReveal, type RevealInput } from './reveal';
import { mulberry32 as rng } from '@oj/proto/testing';

const STATUSES = [0, 0, 0, -1, -1, 1, 2, 3, -3, -2, 4, 8, -4];

function randomContest(seed: number, teams: number, problems: number, subs: number, sealed = true): RevealInput {
  const r = rng(seed);
  const displayIds = Array.from({ length: problems }, (_, i) => String.fromCharCode(65 + i));
  const durationS = 5 * 3600;
  const records: ScoreRecord[] = [];
  for (let i = 0; i < subs; i++) {
    // Bunch times so that equal seconds (first-blood ties, equal penalties) happen.
    const time = Math.floor(r() * (durationS / 60)) * 60 + (r() < 0.5 ? 0 : Math.floor(r() * 60));
    records.push({
      id: i + 1,
      uid: `u${Math.floor(r() * teams)}`,
      displayId: displayIds[Math.floor(r() * problems)]!,
      time,
      status: STATUSES[Math.floor(r() * STATUSES.length)]!,
      score: null,
      useTime: null,
    });
  }
  const starUids = [`u${Math.floor(r() * teams)}`];
  return { displayIds, records, sealS: sealed ? 4 * 3600 : null, durationS, starUids, medals: defaultMedals(teams - 1) };
}

const summary = (rows: readonly AcmRow[]) => rows.map((x) => `${x.uid}:${x.rank}:${x.ac}:${x.totalTime}`);

function cells(rows: readonly AcmRow[]) {
  return rows.map((x) =>
    Object.fromEntries(Object.entries(x.submissionInfo).map(([d, c]) => [d, [c.isAC, c.ACTime, c.errorNum, c.isFirstAC, c.isAfterContest]])),
  );
}

describe('ScrollReveal', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`ends on the live board's order (seed ${seed})`, () => {
      const input = randomContest(seed, 40 + seed * 7, 4 + (seed % 5), 900 + seed * 150);
      const sealed = ScoreboardEngine.build(scrollConfig(input, input.sealS), input.displayIds, input.records);
      const live = ScoreboardEngine.build(scrollConfig(input, null), input.displayIds, input.records);
      const reveal = new ScrollReveal(input);

      // The start is the sealed board, pending counts included.
      const start = reveal.rows();
      expect(summary(start)).toEqual(summary(sealed.rows() as AcmRow[]));
      for (const row of sealed.rows() as AcmRow[]) {
        for (const [d, c] of Object.entries(row.submissionInfo)) {
          expect(reveal.pending(row.uid, d)).toBe(c.tryNum);
          expect(reveal.rows().find((x) => x.uid === row.uid)!.submissionInfo[d]!.errorNum).toBe(c.errorNum);
        }
      }

      const medals = finalMedals(live.rows() as AcmRow[], input.starUids, input.medals);
      const announced: string[] = [];
      let frozen: string[] = [];
      let steps = 0;
      for (;;) {
        const before = reveal.rows().map((x) => x.uid);
        const step = reveal.next();
        steps++;
        expect(steps).toBeLessThan(100_000);
        if (step.kind === 'done') break;
        const after = reveal.rows().map((x) => x.uid);
        // Rows below the cursor are final.
        const below = after.slice(reveal.cursor + 1);
        expect(below.slice(below.length - frozen.length)).toEqual(frozen);
        frozen = below;
        if (step.kind === 'reveal') {
          // Only the revealed team moves, and only up.
          expect(step.to).toBeLessThanOrEqual(step.from);
          const moved = before.filter((u) => u !== step.uid);
          expect(after.filter((u) => u !== step.uid)).toEqual(moved);
        } else if (step.kind === 'focus') {
          expect(step.index).toBe(reveal.cursor);
          // Problems are revealed in problem order.
          const order = input.displayIds.filter((d) => reveal.pending(step.uid, d) > 0);
          expect(order[0]).toBe(step.displayId);
        } else if (step.kind === 'medal') {
          expect(medals.get(step.uid)).toBe(step.medal);
          expect(input.displayIds.every((d) => reveal.pending(step.uid, d) === 0)).toBe(true);
          announced.push(step.uid);
        }
      }
      expect(reveal.done).toBe(true);
      expect(summary(reveal.rows())).toEqual(summary(live.rows() as AcmRow[]));
      expect(cells(reveal.rows())).toEqual(cells(live.rows() as AcmRow[]));
      // Every medal announced once, from the bottom medal upward.
      const medalRows = (live.rows() as AcmRow[]).filter((x) => medals.has(x.uid)).map((x) => x.uid);
      expect(announced).toEqual([...medalRows].reverse());
    });
  }

  it('without a seal reveals nothing and only announces medals', () => {
    const input = randomContest(11, 30, 5, 600, false);
    const reveal = new ScrollReveal(input);
    const kinds = new Set<string>();
    for (let s = reveal.next(); s.kind !== 'done'; s = reveal.next()) kinds.add(s.kind);
    expect([...kinds]).toEqual(['medal']);
  });

  it('medals skip star teams and teams with nothing solved', () => {
    const row = (uid: string, ac: number) => ({ uid, ac }) as AcmRow;
    const m = finalMedals([row('a', 3), row('s', 3), row('b', 2), row('c', 1), row('d', 0)], ['s'], { gold: 1, silver: 1, bronze: 2 });
    expect([...m]).toEqual([
      ['a', 'gold'],
      ['b', 'silver'],
      ['c', 'bronze'],
    ]);
    expect(defaultMedals(37)).toEqual({ gold: 3, silver: 7, bronze: 11 });
  });

  it('restarts from the sealed board', () => {
    const input = randomContest(21, 25, 4, 500);
    const reveal = new ScrollReveal(input);
    const start = summary(reveal.rows());
    reveal.runToEnd();
    reveal.restart();
    expect(reveal.done).toBe(false);
    expect(summary(reveal.rows())).toEqual(start);
  });
});
