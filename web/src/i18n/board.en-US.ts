// English messages of the board pages (issue 5), spread into en-US.ts; same ids as board.zh-CN.ts.
import type { boardZhCN } from './board.zh-CN';

export const boardEnUS: Record<keyof typeof boardZhCN, string> = {
  'board.page.placeholder': 'board',
};
