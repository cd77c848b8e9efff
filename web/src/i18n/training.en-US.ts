// English messages of the training pages, spread into en-US.ts; same ids as training.zh-CN.ts.
import type { trainingZhCN } from './training.zh-CN';

export const trainingEnUS: Record<keyof typeof trainingZhCN, string> = {
  'training.list.title': 'Training',
  'training.list.keyword': 'Enter title or author',
  'training.list.auth': 'Auth',
  'training.list.all': 'All',
  'training.list.category': 'Category',
  'training.list.number': '#',
  'training.list.trainingTitle': 'Title',
  'training.list.progress': 'Progress',
  'training.list.problemCount': 'Problems',
  'training.list.author': 'Author',
  'training.list.updated': 'Recent update',

  'training.auth.public': 'Public',
  'training.auth.private': 'Private',
  'training.progress.label': 'Training progress',

  'training.tab.intro': 'Introduction',
  'training.tab.problems': 'Problem List',
  'training.tab.rank': 'Record List',
  'training.shell.loadFailed': 'The training does not exist or could not be loaded',
  'training.shell.registerFirst': 'This training is private: enter its password in the Introduction first',

  'training.password.title': 'This training needs a password',
  'training.password.submit': 'Register',
  'training.password.registered': 'Register training successfully',

  'training.info.number': 'Number',
  'training.info.auth': 'Auth',
  'training.info.category': 'Category',
  'training.info.problems': 'Total problems',
  'training.info.author': 'Author',
  'training.info.modified': 'Last modified',

  'training.problems.showTags': 'Show Tags',
  'training.problems.hideTags': 'Hide Tags',
  'training.problems.mine': 'Mine',
  'training.problems.problemId': 'Problem ID',
  'training.problems.problemTitle': 'Title',
  'training.problems.difficulty': 'Level',
  'training.problems.tags': 'Tags',
  'training.problems.acRate': 'AC Rate',

  'training.problem.back': 'Back to the problem list',
  'training.problem.fullScreen': 'Full screen',
  'training.problem.exitFullScreen': 'Exit full screen',

  'training.rank.keyword': 'Enter username or school',
  'training.rank.number': '#',
  'training.rank.user': 'User',
  'training.rank.realname': 'Real name',
  'training.rank.acTime': 'AC / Total time',
  'training.rank.own': 'Own',
  'training.rank.girl': 'Girl',

  'training.help.title': 'Trainings',
  'training.help.join': 'A training is an ordered set of problems. A private training opens its Problem List and Record List once you have entered its password in its Introduction.',
  'training.help.progress': 'The progress bar shows the problems of the training you have solved out of all of them: any practice (non-contest) Accepted counts, inside the training or not. Its colour changes every 20 %.',
  'training.help.rank': 'The Record List ranks by problems solved, then by the sum of each problem’s best accepted run time; there is no penalty. Your progress and the rank update live as your verdicts arrive.',
  'training.help.admin': 'Administrators build trainings under Training in the admin area: add a training category first, then the training, then its problems from the public bank.',
};
