// Small pieces shared by the contest list and the shell: auth tag, rule badge, lock icon, status tag, duration.
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { CONTEST_AUTH, CONTEST_STATUS } from '@oj/proto';
import type { MessageId } from '../../i18n/zh-CN';
import { splitDuration } from './contest-time';

const AUTH_NAME: Record<number, MessageId> = {
  [CONTEST_AUTH.PUBLIC]: 'contest.auth.public',
  [CONTEST_AUTH.PRIVATE]: 'contest.auth.private',
  [CONTEST_AUTH.PROTECTED]: 'contest.auth.protected',
};
const AUTH_TIP: Record<number, MessageId> = {
  [CONTEST_AUTH.PUBLIC]: 'contest.auth.publicTip',
  [CONTEST_AUTH.PRIVATE]: 'contest.auth.privateTip',
  [CONTEST_AUTH.PROTECTED]: 'contest.auth.protectedTip',
};
const AUTH_STYLE: Record<number, string> = {
  [CONTEST_AUTH.PUBLIC]: 'border-green-300 bg-green-50 text-green-700',
  [CONTEST_AUTH.PRIVATE]: 'border-red-300 bg-red-50 text-red-700',
  [CONTEST_AUTH.PROTECTED]: 'border-orange-300 bg-orange-50 text-orange-700',
};

export function AuthTag({ auth }: { auth: number }) {
  const intl = useIntl();
  const name = AUTH_NAME[auth] ?? 'contest.auth.public';
  return (
    <span
      data-testid="contest-auth-tag"
      title={intl.formatMessage({ id: AUTH_TIP[auth] ?? 'contest.auth.publicTip' })}
      className={`inline-flex items-center rounded border px-2 py-0.5 text-xs ${AUTH_STYLE[auth] ?? AUTH_STYLE[0]}`}
    >
      <FormattedMessage id={name} />
    </span>
  );
}

/** Red for private, orange for protected; nothing for a public contest. */
export function LockIcon({ auth }: { auth: number }) {
  const intl = useIntl();
  if (auth === CONTEST_AUTH.PUBLIC) return null;
  const color = auth === CONTEST_AUTH.PRIVATE ? 'text-red-600' : 'text-orange-500';
  return (
    <svg
      data-testid="contest-lock"
      data-auth={auth}
      viewBox="0 0 24 24"
      className={`inline-block h-4 w-4 ${color}`}
      fill="currentColor"
      role="img"
      aria-label={intl.formatMessage({ id: AUTH_NAME[auth] ?? 'contest.auth.private' })}
    >
      <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
    </svg>
  );
}

/** ACM or OI; for OI the tooltip says whether the recent or the highest score per problem counts. */
export function RuleBadge({ type, oiRankScoreType, testId }: { type: number; oiRankScoreType: string; testId?: string }) {
  const intl = useIntl();
  const oi = type === 1;
  const tip = oi
    ? intl.formatMessage({ id: oiRankScoreType === 'Highest' ? 'contest.rule.oiHighestTip' : 'contest.rule.oiRecentTip' })
    : intl.formatMessage({ id: 'contest.rule.acmTip' });
  return (
    <span
      data-testid={testId}
      title={tip}
      className={`inline-flex items-center rounded px-2 py-0.5 text-xs font-semibold ${oi ? 'bg-purple-100 text-purple-700' : 'bg-blue-100 text-blue-700'}`}
    >
      {oi ? 'OI' : 'ACM'}
    </span>
  );
}

const STATUS_NAME: Record<number, MessageId> = {
  [CONTEST_STATUS.SCHEDULED]: 'contest.status.scheduled',
  [CONTEST_STATUS.RUNNING]: 'contest.status.running',
  [CONTEST_STATUS.ENDED]: 'contest.status.ended',
};
const STATUS_STYLE: Record<number, string> = {
  [CONTEST_STATUS.SCHEDULED]: 'bg-amber-100 text-amber-800',
  [CONTEST_STATUS.RUNNING]: 'bg-green-100 text-green-800',
  [CONTEST_STATUS.ENDED]: 'bg-slate-200 text-slate-700',
};

export function StatusBadge({ status }: { status: number }) {
  return (
    <span data-testid="contest-status" data-status={status} className={`inline-flex items-center rounded px-2 py-0.5 text-xs ${STATUS_STYLE[status] ?? STATUS_STYLE[1]}`}>
      <FormattedMessage id={STATUS_NAME[status] ?? 'contest.status.ended'} />
    </span>
  );
}

/** A contest length such as "5 h" or "1 d 2 h 30 min" (seconds in). */
export function formatContestDuration(intl: IntlShape, seconds: number): string {
  const { days, hours, minutes } = splitDuration(seconds * 1000);
  const parts: string[] = [];
  if (days) parts.push(intl.formatMessage({ id: 'contest.duration.days' }, { n: days }));
  if (hours) parts.push(intl.formatMessage({ id: 'contest.duration.hours' }, { n: hours }));
  if (minutes || parts.length === 0) parts.push(intl.formatMessage({ id: 'contest.duration.minutes' }, { n: minutes }));
  return parts.join(' ');
}

/** The outside scoreboard of a contest (ACM or OI board page). */
export const outsideBoardPath = (c: { id: number; type: number }) => `/contest/${c.type === 1 ? 'oi' : 'acm'}-scoreboard/${c.id}`;

type IconName = 'calendar' | 'clock' | 'user' | 'megaphone';
const ICON_PATHS: Record<IconName, string> = {
  calendar: 'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 8h14v10H5V10Z',
  clock: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm-1 3v6l5 3 1-1.7-4-2.3V7h-2Z',
  user: 'M12 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 12c-5 0-9 2.5-9 5.5V22h18v-2.5C21 16.5 17 14 12 14Z',
  megaphone: 'M3 10v4a1 1 0 0 0 1 1h2l4 5h2V4h-2L6 9H4a1 1 0 0 0-1 1Zm11-5v14l7 3V2l-7 3Z',
};

/** Small inline icons (no emoji: not every system has an emoji font). */
export function Icon({ name, className = 'h-3.5 w-3.5' }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`inline-block shrink-0 ${className}`} fill="currentColor">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
