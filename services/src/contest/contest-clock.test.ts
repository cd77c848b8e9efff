import { describe, expect, it } from 'vitest';
import { contestRow } from '../testing/fixtures';
import { clockColumns, nextBoundary, PHASE, phaseAt } from './contest-clock';

const T0 = Date.UTC(2026, 0, 1, 8);
const H = 3600_000;

describe('the contest clock', () => {
  const sealed = contestRow(T0, 5 * 3600, { sealRank: true, sealRankTime: new Date(T0 + 4 * H) });

  it('tells the phase: scheduled, running, sealed from the seal time, ended at the end', () => {
    expect([T0 - 1, T0, T0 + 4 * H - 1, T0 + 4 * H, T0 + 5 * H].map((t) => phaseAt(sealed, t))).toEqual([
      PHASE.SCHEDULED,
      PHASE.RUNNING,
      PHASE.RUNNING,
      PHASE.SEALED,
      PHASE.ENDED,
    ]);
    expect(phaseAt(contestRow(T0, 3600), T0 + 0.9 * H)).toBe(PHASE.RUNNING);
  });

  it('finds the next boundary strictly after now, none once ended', () => {
    expect(nextBoundary(sealed, T0 - 1)).toEqual(new Date(T0));
    expect(nextBoundary(sealed, T0)).toEqual(new Date(T0 + 4 * H));
    expect(nextBoundary(sealed, T0 + 4 * H)).toEqual(new Date(T0 + 5 * H));
    expect(nextBoundary(sealed, T0 + 5 * H)).toBeNull();
    expect(nextBoundary(contestRow(T0, 3600), T0)).toEqual(new Date(T0 + H));
  });

  it('starts a new contest in its current phase, and re-examines an edited one at once', () => {
    expect(clockColumns(sealed, T0 + H, true)).toEqual({ announcedPhase: PHASE.RUNNING, nextPhaseAt: new Date(T0 + 4 * H) });
    expect(clockColumns(sealed, T0 + H, false)).toEqual({ nextPhaseAt: new Date(T0 + H) });
  });
});
