// The admin pages' group messages, Simplified Chinese (issue 19): the examination of group problems applying to be
// public, its menu entry, and the switches' group-creation limits.
export const groupAdminZhCN = {
  'groupAdmin.menu.apply': '团队题目审核',
  'groupAdmin.apply.title': '团队题目公开审核',
  'groupAdmin.apply.keyword': '题目ID、标题或作者',
  'groupAdmin.apply.id': 'ID',
  'groupAdmin.apply.displayId': '题目ID',
  'groupAdmin.apply.problemTitle': '标题',
  'groupAdmin.apply.author': '作者',
  'groupAdmin.apply.group': '团队',
  'groupAdmin.apply.modified': '修改时间',
  'groupAdmin.apply.state': '状态',
  'groupAdmin.apply.option': '操作',
  'groupAdmin.apply.applying': '申请中',
  'groupAdmin.apply.public': '已公开',
  'groupAdmin.apply.refused': '已拒绝',
  'groupAdmin.apply.approve': '同意公开',
  'groupAdmin.apply.refuse': '拒绝',
  'groupAdmin.apply.approveConfirm': '同意后题目 {id} 将成为公开题目并离开其团队，确定吗？',
  'groupAdmin.apply.done': '更新成功',
  'groupAdmin.switch.dailyLimit': '每人每天最多创建团队数',
  'groupAdmin.switch.totalLimit': '每人最多创建团队总数',
};
