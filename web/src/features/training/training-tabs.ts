// The training shell's tabs (spec §2.6): Introduction always; Problem List; Record List (the rank) only for a private
// training; the two lists enabled once the caller may open them (public, registered, or the training's admin).
import { TRAINING_AUTH, type TrainingDetail } from '@oj/proto';

export type TrainingTabName = 'intro' | 'problems' | 'rank';

export interface TrainingTab {
  name: TrainingTabName;
  /** Path under /training/:id ('' for the introduction). */
  path: string;
  enabled: boolean;
}

export function trainingTabs(t: Pick<TrainingDetail, 'auth' | 'access'>): TrainingTab[] {
  const tabs: TrainingTab[] = [
    { name: 'intro', path: '', enabled: true },
    { name: 'problems', path: 'problems', enabled: t.access },
  ];
  if (t.auth === TRAINING_AUTH.PRIVATE) tabs.push({ name: 'rank', path: 'rank', enabled: t.access });
  return tabs;
}

/** The tab a path under /training/:id belongs to (a problem opened inside the training: the problem list). */
export function tabOfPath(rest: string): TrainingTabName {
  const first = rest.split('/').filter(Boolean)[0] ?? '';
  if (first === 'problems' || first === 'problem') return 'problems';
  if (first === 'rank') return 'rank';
  return 'intro';
}
