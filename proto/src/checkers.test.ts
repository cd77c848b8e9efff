import { describe, expect, it } from 'vitest';
import { normalizeSubtaskDependencies } from './checkers';

describe('normalizeSubtaskDependencies', () => {
  it('merges, sorts and drops empty lists', () => {
    const r = normalizeSubtaskDependencies([1, 2, 3], [{ groupNum: 3, dependencies: [2, 1, 2] }, { groupNum: 2, dependencies: [] }, { groupNum: 3, dependencies: [1] }]);
    expect(r).toEqual({ ok: true, value: [{ groupNum: 3, dependencies: [1, 2] }] });
  });
  it('refuses a group or dependency without cases', () => {
    expect(normalizeSubtaskDependencies([1, 2], [{ groupNum: 2, dependencies: [5] }])).toEqual({ ok: false, problem: { kind: 'unknown', group: 2, dependency: 5 } });
    expect(normalizeSubtaskDependencies([1, 2], [{ groupNum: 4, dependencies: [1] }])).toEqual({ ok: false, problem: { kind: 'unknown', group: 4, dependency: 4 } });
  });
  it('refuses cycles, a group depending on itself included', () => {
    expect(normalizeSubtaskDependencies([1, 2], [{ groupNum: 1, dependencies: [1] }])).toMatchObject({ ok: false, problem: { kind: 'cycle', group: 1 } });
    expect(normalizeSubtaskDependencies([1, 2, 3], [{ groupNum: 1, dependencies: [3] }, { groupNum: 3, dependencies: [2] }, { groupNum: 2, dependencies: [1] }])).toMatchObject({ ok: false, problem: { kind: 'cycle' } });
    expect(normalizeSubtaskDependencies([1, 2, 3], [{ groupNum: 3, dependencies: [1, 2] }, { groupNum: 2, dependencies: [1] }]).ok).toBe(true);
  });
});
