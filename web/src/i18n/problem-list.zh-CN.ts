// The student's problem pages (list, problem page, submission detail additions), Simplified Chinese.
export const problemListZhCN = {
  'problem.list.bank': '题库',
  'problem.list.ours': '本站',
  'problem.list.random': '随机一题',
  'problem.list.showTags': '显示标签',
  'problem.list.mine': '状态',
  'problem.tags.search': '搜索标签',
  'problem.tags.none': '暂无标签',
  'problem.tags.unclassified': '其他',
};
