// A group's trainings, status and rank (issue 19, items 6 and 8), Simplified Chinese.
export const groupTrainingZhCN = {
  'groupTraining.shell.groupHome': '团队首页',
  'groupTraining.shell.trainings': '团队训练',
  'groupTraining.list.admin': '训练管理',
  'groupTraining.admin.addFromGroup': '从团队题库添加',
  'groupTraining.rank.acm': 'ACM 排名',
  'groupTraining.rank.oi': 'OI 排名',
};
