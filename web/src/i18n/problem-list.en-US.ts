// The student's problem pages, English.
import type { problemListZhCN } from './problem-list.zh-CN';

export const problemListEnUS: Record<keyof typeof problemListZhCN, string> = {
  'problem.list.bank': 'OJ',
  'problem.list.ours': 'Mine',
  'problem.list.random': 'Pick one',
  'problem.list.showTags': 'Show tags',
  'problem.list.mine': 'Status',
  'problem.tags.search': 'Search tags',
  'problem.tags.none': 'No tags',
  'problem.tags.unclassified': 'Others',
};
