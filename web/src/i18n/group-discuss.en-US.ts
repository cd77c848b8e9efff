// A group's discussions (issue 19, item 8), English.
import type { groupDiscussZhCN } from './group-discuss.zh-CN';

export const groupDiscussEnUS: Record<keyof typeof groupDiscussZhCN, string> = {
  'groupDiscuss.list.post': 'Post a discussion',
  'groupDiscuss.list.pin': 'Pin',
  'groupDiscuss.list.unpin': 'Unpin',
};
