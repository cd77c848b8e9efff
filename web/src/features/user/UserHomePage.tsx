// /user-home?uid&username: avatar, names, counts, a one-year heatmap, and tabs for the profile
// (markdown signature) and the solved problems grouped by difficulty.
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UserCalendarHeatmapVO, UserHomeVO } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import { Empty, Loading } from '../../components/Spinner';
import type { MessageId } from '../../i18n/zh-CN';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLatestRead } from '../../lib/useLatestRead';
import { getUserHeatmap, getUserHome } from '../home/home-api';
import { CalendarHeatmap } from './CalendarHeatmap';

const DIFFICULTY: Record<string, { id: MessageId; cls: string }> = {
  '0': { id: 'user.solved.easy', cls: 'bg-green-100 text-green-800' },
  '1': { id: 'user.solved.mid', cls: 'bg-amber-100 text-amber-800' },
  '2': { id: 'user.solved.hard', cls: 'bg-red-100 text-red-800' },
};

export function UserHomePage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const uid = params.get('uid') || undefined;
  const username = params.get('username') || undefined;
  const [user, setUser] = useState<UserHomeVO | null>(null);
  const [failed, setFailed] = useState(false);
  const [heatmap, setHeatmap] = useState<UserCalendarHeatmapVO | null>(null);
  const [tab, setTab] = useState<'profile' | 'solved'>('profile');
  usePageTitle(user ? user.username : intl.formatMessage({ id: 'layout.header.userHome' }));

  const latestHome = useLatestRead();
  const latestHeatmap = useLatestRead();
  // `again`: the refresh button; its failure keeps the profile shown (the client showed why).
  const load = useCallback(
    (again: boolean) => {
      const who = uid ? { uid } : { username };
      if (!again) setFailed(false);
      void latestHome(getUserHome(who), setUser, () => {
        if (!again) setFailed(true);
      });
      void latestHeatmap(getUserHeatmap(who), setHeatmap);
    },
    [uid, username, latestHome, latestHeatmap],
  );
  useEffect(() => load(false), [load]);

  if (failed) return <Empty />;
  if (!user) return <Loading />;
  const solvedCount = user.solvedList.length;
  const counts: [MessageId, number][] = [
    ['user.count.submissions', user.total],
    ['user.count.solved', solvedCount],
    ['user.count.score', user.scoreList.reduce((s, x) => s + x, 0)],
  ];
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-6" data-testid="user-home">
      <section className="flex flex-col items-center rounded-lg border border-slate-200 bg-white p-6 text-center">
        {user.avatar ? (
          <img src={user.avatar} alt="" className="h-24 w-24 rounded-full object-cover" />
        ) : (
          <div className="flex h-24 w-24 items-center justify-center rounded-full bg-blue-600 text-3xl font-bold text-white">
            {user.username.slice(0, 1).toUpperCase()}
          </div>
        )}
        <h1 className="mt-3 text-xl font-bold text-slate-800" data-testid="user-home-username">
          {user.username}
          {user.titleName && (
            <span className="ml-2 rounded px-1.5 text-xs text-white" style={{ background: user.titleColor ?? '#64748b' }}>
              {user.titleName}
            </span>
          )}
        </h1>
        {user.nickname && <div className="text-slate-500">{user.nickname}</div>}
        {user.school && <div className="text-sm text-slate-500">{user.school}</div>}
        <div className="mt-4 grid w-full max-w-md grid-cols-3 gap-2">
          {counts.map(([id, n]) => (
            <div key={id}>
              <div className="text-2xl font-semibold text-slate-800">{n}</div>
              <div className="text-xs text-slate-500">
                <FormattedMessage id={id} />
              </div>
            </div>
          ))}
        </div>
        <div className="mt-4 flex gap-3 text-sm">
          {user.github && (
            <a className="text-blue-600 hover:underline" href={user.github} target="_blank" rel="noreferrer">
              GitHub
            </a>
          )}
          {user.blog && (
            <a className="text-blue-600 hover:underline" href={user.blog} target="_blank" rel="noreferrer">
              <FormattedMessage id="user.profile.blog" />
            </a>
          )}
        </div>
      </section>

      <section className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold text-slate-800">
          <FormattedMessage id="user.heatmap.title" />
        </h2>
        {heatmap ? <CalendarHeatmap map={heatmap} /> : <Loading />}
      </section>

      <section className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <div className="mb-3 flex items-center gap-4 border-b border-slate-200" role="tablist">
          {(['profile', 'solved'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => setTab(t)}
              className={`-mb-px border-b-2 px-1 pb-2 text-sm ${tab === t ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-600'}`}
            >
              <FormattedMessage id={t === 'profile' ? 'user.tab.profile' : 'user.tab.solved'} />
            </button>
          ))}
        </div>
        {tab === 'profile' ? (
          user.signature ? (
            <Markdown text={user.signature} />
          ) : (
            <p className="text-sm text-slate-500">
              <FormattedMessage id="user.profile.notSet" />
            </p>
          )
        ) : (
          <div data-testid="user-solved">
            <div className="mb-2 flex justify-end">
              <button type="button" className="text-sm text-blue-600 hover:underline" onClick={() => load(true)}>
                <FormattedMessage id="home.common.refresh" />
              </button>
            </div>
            {solvedCount === 0 ? (
              <p className="text-sm text-slate-500">
                <FormattedMessage id="user.solved.none" />
              </p>
            ) : (
              Object.entries(user.solvedGroupByDifficulty).map(([difficulty, list]) => (
                <div key={difficulty} className="mb-3">
                  <h3 className="mb-1 text-sm font-medium text-slate-700">
                    <FormattedMessage id={DIFFICULTY[difficulty]?.id ?? 'user.solved.easy'} /> ({list.length})
                  </h3>
                  <div className="flex flex-wrap gap-2">
                    {list.map((p) => (
                      <Link
                        key={p.id}
                        to={`/problem/${encodeURIComponent(p.problemId)}`}
                        className={`rounded px-2 py-0.5 text-xs ${DIFFICULTY[difficulty]?.cls ?? 'bg-slate-100'}`}
                      >
                        {p.problemId}
                      </Link>
                    ))}
                  </div>
                </div>
              ))
            )}
          </div>
        )}
      </section>
    </div>
  );
}
