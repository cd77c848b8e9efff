import { describe, expect, it } from 'vitest';
import { TRAINING_PROGRESS_COLORS, trainingProgressColor } from './training';

describe('trainingProgressColor', () => {
  it('steps at 20, 40, 60, 80 and 100 percent', () => {
    const at = (ac: number) => TRAINING_PROGRESS_COLORS.indexOf(trainingProgressColor(ac, 100) as (typeof TRAINING_PROGRESS_COLORS)[number]);
    expect([0, 19, 20, 39, 40, 59, 60, 79, 80, 99, 100].map(at)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4]);
    expect(trainingProgressColor(0, 0)).toBe(TRAINING_PROGRESS_COLORS[0]);
    expect(trainingProgressColor(1, 3)).toBe(TRAINING_PROGRESS_COLORS[1]);
  });
});
