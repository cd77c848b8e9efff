// /home: carousel, announcements, last week's submissions, latest problems, recent contests,
// the 7-day AC rank and the remote judges.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { ACMRankVO, HomeCarousel, RecentContestVO, RecentUpdatedProblemVO, SubmissionStatisticsVO } from '@oj/proto';
import { BarChart } from '../../components/BarChart';
import { DataTable } from '../../components/DataTable';
import { Loading } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLatestRead } from '../../lib/useLatestRead';
import { isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { Announcements } from './Announcements';
import { getCarousel, getRecentContests, getRecentProblems, getSevenDayRank, getWeekStatistics } from './home-api';

/** The remote judges of the original product, shown as text badges. */
const REMOTE_JUDGES = ['HDU', 'Codeforces', 'GYM', 'POJ', 'SPOJ', 'AtCoder', 'LibreOJ'];
const CAROUSEL_MS = 5000;

function Card({ title, children, testId, extra }: { title: React.ReactNode; children: React.ReactNode; testId?: string; extra?: React.ReactNode }) {
  return (
    <section data-testid={testId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold text-slate-800">{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

function Carousel() {
  const [items, setItems] = useState<HomeCarousel[]>([]);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    getCarousel().then(setItems, () => {});
  }, []);
  useEffect(() => {
    if (items.length < 2) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % items.length), CAROUSEL_MS);
    return () => clearInterval(t);
  }, [items.length]);
  if (items.length === 0) return null;
  return (
    <div data-testid="home-carousel" className="relative h-[200px] overflow-hidden rounded-lg bg-slate-800 md:h-[440px]">
      {items.map((c, i) => (
        <img
          key={c.id}
          src={c.url}
          alt=""
          className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-700 ${i === index ? 'opacity-100' : 'opacity-0'}`}
        />
      ))}
      <div className="absolute bottom-3 left-0 right-0 flex justify-center gap-2">
        {items.map((c, i) => (
          <button
            key={c.id}
            type="button"
            aria-label={String(i + 1)}
            onClick={() => setIndex(i)}
            className={`h-2 w-6 rounded ${i === index ? 'bg-white' : 'bg-white/40'}`}
          />
        ))}
      </div>
    </div>
  );
}

function WeekStatistics() {
  const intl = useIntl();
  const [stats, setStats] = useState<SubmissionStatisticsVO | null>(null);
  const latest = useLatestRead();
  const load = (force: boolean) => latest(getWeekStatistics(force), setStats);
  useEffect(() => void load(false), []);
  return (
    <Card
      testId="home-statistics"
      title={<FormattedMessage id="home.stats.title" />}
      extra={
        <button type="button" className="text-sm text-blue-600 hover:underline" onClick={() => void load(true)}>
          <FormattedMessage id="home.common.refresh" />
        </button>
      }
    >
      {stats ? (
        <BarChart
          title={intl.formatMessage({ id: 'home.stats.title' })}
          labels={stats.dateStrList.map((d) => d.slice(5))}
          series={[
            { name: intl.formatMessage({ id: 'home.stats.ac' }), color: '#22c55e', values: stats.acCountList },
            { name: intl.formatMessage({ id: 'home.stats.total' }), color: '#3b82f6', values: stats.totalCountList },
          ]}
        />
      ) : (
        <Loading />
      )}
    </Card>
  );
}

function LatestProblems() {
  const [rows, setRows] = useState<RecentUpdatedProblemVO[] | null>(null);
  useEffect(() => {
    getRecentProblems().then(setRows, () => setRows([]));
  }, []);
  return (
    <Card testId="home-latest-problems" title={<FormattedMessage id="home.problems.title" />}>
      <DataTable
        data={rows && { records: rows, total: rows.length }}
        loading={rows === null}
        columns={['home.problems.id', 'home.problems.name', { id: 'home.problems.updated', className: 'hidden sm:table-cell' }]}
        row={(p) => (
          <tr key={p.id} className="border-t border-slate-100">
            <td className="px-3 py-1.5">{p.problemId}</td>
            <td className="px-3 py-1.5">
              <Link className="text-blue-600 hover:underline" to={`/problem/${encodeURIComponent(p.problemId)}`}>
                {p.title}
              </Link>
            </td>
            <td className="hidden px-3 py-1.5 text-slate-500 sm:table-cell">{formatDateTime(p.gmtModified)}</td>
          </tr>
        )}
      />
    </Card>
  );
}

function RecentContests() {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const [rows, setRows] = useState<RecentContestVO[] | null>(null);
  useEffect(() => {
    getRecentContests().then(setRows, () => setRows([]));
  }, []);
  const open = (c: RecentContestVO) => {
    if (!isLoggedIn(session)) {
      showToast('warning', intl.formatMessage({ id: 'home.contests.loginFirst' }));
      openLoginDialog('login');
      return;
    }
    window.location.assign(`/contest/${c.id}`);
  };
  return (
    <Card testId="home-recent-contests" title={<FormattedMessage id="home.contests.title" />}>
      {rows === null ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500" data-testid="home-contests-empty">
          <FormattedMessage id="home.contests.empty" />
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {rows.map((c) => (
            <button key={c.id} type="button" onClick={() => open(c)} className="rounded border border-slate-200 p-3 text-left hover:border-blue-400">
              <div className="font-medium text-slate-800">{c.title}</div>
              <div className="mt-1 text-xs text-slate-500">
                {formatDateTime(c.startTime)} – {formatDateTime(c.endTime)}
              </div>
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}

function SevenDayRank() {
  const [rows, setRows] = useState<ACMRankVO[] | null>(null);
  useEffect(() => {
    getSevenDayRank().then(setRows, () => setRows([]));
  }, []);
  return (
    <Card testId="home-seven-day-rank" title={<FormattedMessage id="home.rank.title" />}>
      <DataTable
        data={rows && { records: rows, total: rows.length }}
        loading={rows === null}
        columns={['rank.table.rank', 'rank.table.user', { id: 'rank.table.ac', className: 'text-right' }]}
        row={(r, i) => (
          <tr key={r.uid} className="border-t border-slate-100">
            <td className="px-3 py-1.5">{i + 1}</td>
            <td className="px-3 py-1.5">
              <Link className="text-blue-600 hover:underline" to={`/user-home?username=${encodeURIComponent(r.username)}`}>
                {r.username}
              </Link>
            </td>
            <td className="px-3 py-1.5 text-right">{r.ac}</td>
          </tr>
        )}
      />
    </Card>
  );
}

export function HomePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'home.page.title' }));
  return (
    <div className="mx-auto grid max-w-screen-xl gap-4 px-4 py-6 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <Carousel />
        <Announcements />
        <WeekStatistics />
        <LatestProblems />
      </div>
      <div className="space-y-4">
        <RecentContests />
        <SevenDayRank />
        <Card testId="home-remote-judges" title={<FormattedMessage id="home.remote.title" />}>
          <div className="flex flex-wrap gap-2">
            {REMOTE_JUDGES.map((oj) => (
              <span key={oj} className="rounded border border-slate-300 bg-slate-50 px-2 py-1 text-xs font-semibold text-slate-700">
                {oj}
              </span>
            ))}
          </div>
        </Card>
      </div>
    </div>
  );
}
