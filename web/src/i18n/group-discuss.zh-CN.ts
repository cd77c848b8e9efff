// A group's discussions (issue 19, item 8), Chinese.
export const groupDiscussZhCN = {
  'groupDiscuss.list.post': '发布讨论',
  'groupDiscuss.list.pin': '置顶',
  'groupDiscuss.list.unpin': '取消置顶',
} as const;
