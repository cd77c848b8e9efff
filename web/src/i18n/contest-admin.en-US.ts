// English messages of the contest admin's finished parts, spread into en-US.ts; same ids as contest-admin.zh-CN.ts.
import type { contestAdminZhCN } from './contest-admin.zh-CN';

export const contestAdminEnUS: Record<keyof typeof contestAdminZhCN, string> = {
  'comment.badge.root': 'SPA',
  'comment.badge.admin': 'ADM',
  'comment.badge.rootTitle': 'Super admin',
  'comment.badge.adminTitle': 'Admin',
  'contestAdmin.problems.create': "Create contest problem",
  'contestAdmin.problems.edit': "Edit",
  'contestAdmin.add.color': "Balloon colour",
  'contestAdmin.place.title': "In the contest",
  'contestAdmin.place.hint': "A problem created in a contest belongs to the contest (auth: contest) and is not in the public problem bank.",
  'contestAdmin.acCode.button': "AC code",
  'contestAdmin.acCode.title': "Download accepted code",
  'contestAdmin.acCode.hint': "Every accepted submission in a zip, named display id_username_submit id.extension.",
  'contestAdmin.acCode.excludeAdmin': "Exclude admins (super admins and the contest creator)",
  'contestAdmin.acCode.split': "Folders",
  'contestAdmin.acCode.byUser': "By user",
  'contestAdmin.acCode.byProblem': "By problem",
  'contestAdmin.acCode.download': "Download",
  'contestAdmin.rank.xlsx': "Rank XLSX",
  'contestAdmin.rank.csv': "Rank CSV",
  'contestAdmin.clone.button': "Clone",
  'contestAdmin.clone.confirm': "Clone the contest \"{title}\"? Its settings and problem list are copied (not registrations or submissions); the copy starts hidden.",
  'contestAdmin.clone.done': "Cloned as contest {cid} (hidden)",
};
