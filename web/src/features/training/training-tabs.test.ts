import { describe, expect, it } from 'vitest';
import { tabOfPath, trainingTabs } from './training-tabs';

describe('training tabs', () => {
  it('shows Record List only for a private training, and enables the lists once the caller may open them', () => {
    expect(trainingTabs({ auth: 'Public', access: true }).map((t) => [t.name, t.enabled])).toEqual([
      ['intro', true],
      ['problems', true],
    ]);
    expect(trainingTabs({ auth: 'Private', access: false }).map((t) => [t.name, t.enabled])).toEqual([
      ['intro', true],
      ['problems', false],
      ['rank', false],
    ]);
    expect(trainingTabs({ auth: 'Private', access: true }).every((t) => t.enabled)).toBe(true);
  });

  it('maps a path under /training/:id to its tab', () => {
    expect(['', '/', '/problems', '/problem/1000', '/rank', '/whatever'].map(tabOfPath)).toEqual(['intro', 'intro', 'problems', 'problems', 'rank', 'intro']);
  });
});
