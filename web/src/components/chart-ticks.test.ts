// The bar charts' value axis: whole numbers whatever the largest count (fails with visx's own ticks for 1 and 3).
import { scaleLinear } from '@visx/scale';
import { describe, expect, it } from 'vitest';
import { countTicks } from './chart-ticks';

const axis = (max: number) => countTicks(scaleLinear<number>({ domain: [0, max], range: [200, 0], nice: true }));

describe('countTicks', () => {
  it('labels an empty or small chart with whole numbers only', () => {
    expect(axis(1)).toEqual([0, 1]);
    expect(axis(3)).toEqual([0, 1, 2, 3]);
  });

  it('keeps the usual ticks of larger counts', () => {
    expect(axis(40)).toEqual([0, 10, 20, 30, 40]);
  });
});
