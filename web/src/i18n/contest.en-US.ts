// English messages of the contest pages, spread into en-US.ts; same ids as contest.zh-CN.ts.
import type { contestZhCN } from './contest.zh-CN';

export const contestEnUS: Record<keyof typeof contestZhCN, string> = {
  'contest.list.title': 'Contests',
  'contest.list.keyword': 'Enter keyword',
  'contest.list.rule': 'Rule',
  'contest.list.status': 'Status',
  'contest.list.all': 'All',
  'contest.list.acm': 'ACM',
  'contest.list.oi': 'OI',
  'contest.list.startTime': 'Start time',
  'contest.list.duration': 'Duration',
  'contest.list.participants': 'Participants',
  'contest.list.outsideBoard': 'Scoreboard',
  'contest.list.loginFirst': 'Please login first!',

  'contest.status.scheduled': 'Scheduled',
  'contest.status.running': 'Running',
  'contest.status.ended': 'Ended',

  'contest.auth.public': 'Public',
  'contest.auth.private': 'Private',
  'contest.auth.protected': 'Protected',
  'contest.auth.publicTip': 'Public contest: every logged-in user may view it and submit',
  'contest.auth.privateTip': 'Private contest: register with the password to view it and submit',
  'contest.auth.protectedTip': 'Protected contest: every logged-in user may view it; register with the password to submit',

  'contest.rule.acmTip': 'ACM rule: ranked by problems solved, then by penalty time',
  'contest.rule.oiRecentTip': 'OI rule: the most recent score of each problem counts',
  'contest.rule.oiHighestTip': 'OI rule: the highest score of each problem counts',

  'contest.duration.days': '{n} d',
  'contest.duration.hours': '{n} h',
  'contest.duration.minutes': '{n} min',

  'contest.shell.loginFirst': 'Please login first!',
  'contest.shell.noAccess': 'You have no access to this page',
  'contest.shell.notStarted': 'The contest has not started yet, please wait',
  'contest.shell.registerFirst': 'Please register for this contest with its password on the overview first',
  'contest.shell.loadFailed': 'The contest could not be loaded or does not exist',
  'contest.shell.start': 'Start',
  'contest.shell.end': 'End',

  'contest.clock.startsIn': 'Starts in {time}',
  'contest.clock.endsIn': 'Ends in {time}',
  'contest.clock.ended': 'Ended',
  'contest.clock.progress': 'Contest progress',

  'contest.tab.overview': 'Overview',
  'contest.tab.problems': 'Problem',
  'contest.tab.submissions': 'Status',
  'contest.tab.rank': 'Rank',
  'contest.tab.announcements': 'Announcement',
  'contest.tab.comment': 'Comment',
  'contest.tab.print': 'Print',
  'contest.tab.acInfo': 'Admin Helper',
  'contest.tab.adminPrint': 'Admin Print',
  'contest.tab.rejudge': 'Rejudge',
  'contest.tab.scrollBoard': 'ScrollBoard',

  'contest.password.title': 'This contest needs a password',
  'contest.password.hint': 'Enter the contest password to register; once registered you may take part.',
  'contest.password.placeholder': 'Enter the contest password',
  'contest.password.submit': 'Register',
  'contest.password.empty': 'Enter the contest password',
  'contest.password.registered': 'Register contest successfully',

  'contest.problems.mine': 'Mine',
  'contest.problems.id': '#',
  'contest.problems.title': 'Title',
  'contest.problems.ac': 'AC',
  'contest.problems.total': 'Total',
  'contest.problems.rate': 'AC Rate',
  'contest.problems.solved': 'Solved',
  'contest.problems.tried': 'Tried, not solved',
  'contest.problems.hidden': 'The board is sealed: the result is hidden for now',

  'contest.problem.back': 'Problems',
  'contest.problem.fullScreen': 'Full screen',
  'contest.problem.exitFullScreen': 'Exit full screen',
  'contest.problem.loadFailed': 'The problem could not be loaded or does not exist',
  'contest.problem.notStarted': 'The contest has not started: submitting is not open yet',
  'contest.problem.ended': 'The contest has ended: submissions are closed',

  'contest.submissions.mine': 'Mine',
  'contest.submissions.all': 'All',
  'contest.submissions.statusAll': 'All statuses',
  'contest.submissions.problem': 'Problem',
  'contest.submissions.author': 'Username',
  'contest.submissions.runId': 'Run ID',
  'contest.submissions.status': 'Status',
  'contest.submissions.score': 'Score',
  'contest.submissions.time': 'Time',
  'contest.submissions.memory': 'Memory',
  'contest.submissions.length': 'Length',
  'contest.submissions.language': 'Language',
  'contest.submissions.submitTime': 'Submit Time',

  'contest.announcements.hint': 'New announcements are pushed to you as notifications.',
  'contest.notice.title': 'Contest announcement',
  'contest.notice.view': 'View',




};
