// The admin pages' group messages, English (issue 19): the examination of group problems applying to be public, its
// menu entry, and the switches' group-creation limits.
import type { groupAdminZhCN } from './group-admin.zh-CN';

export const groupAdminEnUS: Record<keyof typeof groupAdminZhCN, string> = {
  'groupAdmin.menu.apply': 'Group Problem Examine',
  'groupAdmin.apply.title': 'Group problems applying to be public',
  'groupAdmin.apply.keyword': 'Problem ID, title or author',
  'groupAdmin.apply.id': 'ID',
  'groupAdmin.apply.displayId': 'Problem ID',
  'groupAdmin.apply.problemTitle': 'Title',
  'groupAdmin.apply.author': 'Author',
  'groupAdmin.apply.group': 'Group',
  'groupAdmin.apply.modified': 'Modified',
  'groupAdmin.apply.state': 'State',
  'groupAdmin.apply.option': 'Option',
  'groupAdmin.apply.applying': 'Applying',
  'groupAdmin.apply.public': 'Public',
  'groupAdmin.apply.refused': 'Refused',
  'groupAdmin.apply.approve': 'Make public',
  'groupAdmin.apply.refuse': 'Refuse',
  'groupAdmin.apply.approveConfirm': 'Problem {id} becomes public and leaves its group. Continue?',
  'groupAdmin.apply.done': 'Update Successfully',
  'groupAdmin.switch.dailyLimit': 'Groups a user may create per day',
  'groupAdmin.switch.totalLimit': 'Groups a user may create in all',
};
