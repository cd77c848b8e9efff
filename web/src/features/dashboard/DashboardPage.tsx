// The admin dashboard (`/admin/dashboard`, the admin home): today's and this week's counts, the running and
// upcoming contests, and the live panels pushed over the socket (useDashboardLive).
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { DashboardContest, DashboardInfo } from '@oj/proto';
import { formatDateTime } from '../../lib/format';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import type { MessageId } from '../../i18n/zh-CN';
import { dashboardInfo } from './dashboard-api';
import { RemoteJudgePanel } from '../admin/remote-judge/RemoteJudgePanel';
import { QueuePanel, RunnersPanel, VerdictsPanel } from './LivePanels';
import { useDashboardLive } from './useDashboardLive';

const card = 'rounded-lg border border-slate-200 bg-white p-4';

function Count({ label, value, testId }: { label: MessageId; value: number | undefined; testId: string }) {
  return (
    <div className={card} data-testid={testId} data-value={value ?? ''}>
      <div className="text-xs text-slate-500"><FormattedMessage id={label} /></div>
      <div className="mt-1 text-2xl font-semibold text-slate-800 tabular-nums">{value ?? '–'}</div>
    </div>
  );
}

function ContestList({ title, contests, testId }: { title: MessageId; contests: DashboardContest[]; testId: string }) {
  const intl = useIntl();
  return (
    <section className={card} data-testid={testId}>
      <h2 className="mb-2 font-medium text-slate-700"><FormattedMessage id={title} /></h2>
      {contests.length === 0 ? (
        <p className="text-sm text-slate-500"><FormattedMessage id="dashboard.contest.none" /></p>
      ) : (
        <ul className="space-y-1.5">
          {contests.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline gap-x-2 text-sm" data-testid="dashboard-contest" data-contest-id={c.id}>
              <Link className="font-medium text-sky-700 hover:underline" to={`/contest/${c.id}`}>{c.title}</Link>
              <span className="text-xs text-slate-500">{intl.formatMessage({ id: 'dashboard.contest.range' }, { start: formatDateTime(c.startTime), end: formatDateTime(c.endTime) })}</span>
              <Link className="ml-auto text-xs text-slate-500 hover:underline" to={`/admin/contest/${c.id}/edit`}><FormattedMessage id="dashboard.contest.edit" /></Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DashboardPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'dashboard.page.title' }));
  const [info, setInfo] = useState<DashboardInfo | null>(null);
  const latest = useLatestRead();
  // A failed read keeps what is shown (the api layer showed the error).
  const load = useCallback(() => latest(dashboardInfo(), setInfo), [latest]);
  useEffect(() => void load(), [load]);
  const { live, now } = useDashboardLive();

  return (
    <div className="space-y-4" data-testid="dashboard-page">
      <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
        <h1 className="mr-auto text-lg font-semibold text-slate-800"><FormattedMessage id="dashboard.page.title" /></h1>
        <button type="button" className="rounded border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-50" data-testid="dashboard-refresh" onClick={() => void load()}>
          <FormattedMessage id="dashboard.page.refresh" />
        </button>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Count label="dashboard.count.todaySubmissions" value={info?.todayJudgeNum} testId="dashboard-today" />
        <Count label="dashboard.count.weekSubmissions" value={info?.weekJudgeNum} testId="dashboard-week" />
        <Count label="dashboard.count.users" value={info?.userNum} testId="dashboard-users" />
        <Count label="dashboard.count.newUsers" value={info?.newUserWeekNum} testId="dashboard-new-users" />
        <Count label="dashboard.count.running" value={info?.running.length} testId="dashboard-running-count" />
        <Count label="dashboard.count.upcoming" value={info?.upcoming.length} testId="dashboard-upcoming-count" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ContestList title="dashboard.contest.running" contests={info?.running ?? []} testId="dashboard-running" />
        <ContestList title="dashboard.contest.upcoming" contests={info?.upcoming ?? []} testId="dashboard-upcoming" />
      </div>
      {live && (
        <>
          <div className="grid gap-4 xl:grid-cols-3">
            <QueuePanel lanes={live.lanes} />
            <div className="min-w-0 xl:col-span-2">
              <RunnersPanel runners={live.runners} serverNow={now + live.skewMs} />
            </div>
          </div>
          <VerdictsPanel verdicts={live.verdicts} />
          {live.remote && <RemoteJudgePanel status={live.remote} />}
        </>
      )}
    </div>
  );
}
