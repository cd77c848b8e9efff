// A group's trainings, status and rank (issue 19, items 6 and 8), English.
import type { groupTrainingZhCN } from './group-training.zh-CN';

export const groupTrainingEnUS: Record<keyof typeof groupTrainingZhCN, string> = {
  'groupTraining.shell.groupHome': 'Group home',
  'groupTraining.shell.trainings': 'Trainings',
  'groupTraining.list.admin': 'Training Admin',
  'groupTraining.admin.addFromGroup': 'Add from the group',
  'groupTraining.rank.acm': 'ACM Rank',
  'groupTraining.rank.oi': 'OI Rank',
};
