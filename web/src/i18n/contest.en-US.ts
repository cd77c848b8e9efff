// English messages of the contest pages (issue 5), spread into en-US.ts; same ids as contest.zh-CN.ts.
import type { contestZhCN } from './contest.zh-CN';

export const contestEnUS: Record<keyof typeof contestZhCN, string> = {
  'contest.page.placeholder': 'contest',
};
