// /contest: rule, status and keyword filters kept in the URL (currentPage, status, keyword, type),
// ten contests a page. Opening a contest needs login: logged-out users are warned and get the login dialog.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { CONTEST_LIMITS, CONTEST_STATUS, type ContestVO, type PageOf } from '@oj/proto';
import { PagedList } from '../../components/DataTable';
import { KeywordSearch } from '../../components/KeywordSearch';
import type { MessageId } from '../../i18n/zh-CN';
import { formatDateTime } from '../../lib/format';
import { intParam, useQueryPatch } from '../../lib/search-params';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { AuthTag, formatContestDuration, Icon, LockIcon, outsideBoardPath, RuleBadge, StatusBadge } from './ContestBadges';
import { getContestList } from './contest-api';

const TYPES: [string, MessageId][] = [
  ['', 'contest.list.all'],
  ['0', 'contest.list.acm'],
  ['1', 'contest.list.oi'],
];
const STATUSES: [string, MessageId][] = [
  ['', 'contest.list.all'],
  [String(CONTEST_STATUS.SCHEDULED), 'contest.status.scheduled'],
  [String(CONTEST_STATUS.RUNNING), 'contest.status.running'],
  [String(CONTEST_STATUS.ENDED), 'contest.status.ended'],
];

function choice(v: string | null, allowed: string[]): string {
  return v !== null && allowed.includes(v) ? v : '';
}

function ContestItem({ c, onOpen }: { c: ContestVO; onOpen: (c: ContestVO) => void }) {
  const intl = useIntl();
  return (
    <li data-testid="contest-row" data-cid={c.id} className="flex flex-wrap items-center gap-4 px-4 py-4 hover:bg-slate-50">
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <button
            type="button"
            data-testid="contest-open"
            onClick={() => onOpen(c)}
            className="truncate text-left text-base font-semibold text-slate-800 hover:text-blue-600"
          >
            {c.title}
          </button>
          <LockIcon auth={c.auth} />
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
          <span className="inline-flex items-center gap-1" title={intl.formatMessage({ id: 'contest.list.startTime' })}>
            <Icon name="calendar" /> {formatDateTime(c.startTime)}
          </span>
          <span className="inline-flex items-center gap-1" title={intl.formatMessage({ id: 'contest.list.duration' })}>
            <Icon name="clock" /> {formatContestDuration(intl, c.duration)}
          </span>
          <RuleBadge type={c.type} oiRankScoreType={c.oiRankScoreType} />
          <AuthTag auth={c.auth} />
          <span data-testid="contest-count" className="inline-flex items-center gap-1" title={intl.formatMessage({ id: 'contest.list.participants' })}>
            <Icon name="user" /> {c.count}
          </span>
          {c.openRank &&
            (c.status === CONTEST_STATUS.SCHEDULED ? (
              <span
                data-testid="contest-outside-board"
                aria-disabled="true"
                className="cursor-not-allowed rounded border border-slate-200 px-2 py-0.5 text-xs text-slate-400"
              >
                <FormattedMessage id="contest.list.outsideBoard" />
              </span>
            ) : (
              <Link
                data-testid="contest-outside-board"
                to={outsideBoardPath(c)}
                className="rounded border border-blue-300 px-2 py-0.5 text-xs text-blue-600 hover:bg-blue-50"
              >
                <FormattedMessage id="contest.list.outsideBoard" />
              </Link>
            ))}
        </div>
      </div>
      <StatusBadge status={c.status} />
    </li>
  );
}

export function ContestListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'contest.list.title' }));
  const navigate = useNavigate();
  const session = useSnapshot(sessionState);
  const { params, update } = useQueryPatch();
  const page = intParam(params.get('currentPage'), 1);
  const limit = intParam(params.get('limit'), CONTEST_LIMITS.listPageSize);
  const type = choice(params.get('type'), ['0', '1']);
  const status = choice(params.get('status'), ['-1', '0', '1']);
  const keyword = params.get('keyword') ?? '';

  const [data, setData] = useState<PageOf<ContestVO> | null>(null);
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getContestList({
      currentPage: page,
      limit,
      type: type === '' ? undefined : Number(type),
      status: status === '' ? undefined : Number(status),
      keyword: keyword || undefined,
    })
      .then((d) => live && setData(d))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, limit, type, status, keyword]);

  const open = (c: ContestVO) => {
    if (!isLoggedIn(session)) {
      showToast('warning', intl.formatMessage({ id: 'contest.list.loginFirst' }));
      openLoginDialog('login');
      return;
    }
    navigate(`/contest/${c.id}`);
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ keyword: draft.trim(), currentPage: 1 });
  };

  const chip = (active: boolean) =>
    `rounded px-2.5 py-1 text-sm ${active ? 'bg-blue-600 text-white' : 'bg-white text-slate-600 hover:bg-slate-100'}`;
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-6">
      <div className="rounded-lg border border-slate-200 bg-white">
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          <h1 className="mr-auto text-lg font-semibold text-slate-800">
            <FormattedMessage id="contest.list.title" />
          </h1>
          <KeywordSearch testId="contest-keyword" placeholder="contest.list.keyword" value={draft} onChange={setDraft} onSubmit={search} />
        </div>
        <div className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 text-sm">
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={intl.formatMessage({ id: 'contest.list.rule' })}>
            <span className="w-16 text-slate-500">
              <FormattedMessage id="contest.list.rule" />
            </span>
            {TYPES.map(([v, label]) => (
              <button key={v} type="button" data-testid={`contest-filter-type-${v || 'all'}`} aria-pressed={type === v} className={chip(type === v)} onClick={() => update({ type: v, currentPage: 1 })}>
                <FormattedMessage id={label} />
              </button>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={intl.formatMessage({ id: 'contest.list.status' })}>
            <span className="w-16 text-slate-500">
              <FormattedMessage id="contest.list.status" />
            </span>
            {STATUSES.map(([v, label]) => (
              <button key={v} type="button" data-testid={`contest-filter-status-${v || 'all'}`} aria-pressed={status === v} className={chip(status === v)} onClick={() => update({ status: v, currentPage: 1 })}>
                <FormattedMessage id={label} />
              </button>
            ))}
          </div>
        </div>
        <PagedList
          data={data}
          loading={loading}
          pager={{ page, size: limit, onChange: (p, s) => update({ currentPage: p, limit: s === CONTEST_LIMITS.listPageSize ? undefined : s }) }}
        >
          {(records) => (
            <ul className="divide-y divide-slate-100" data-testid="contest-list">
              {records.map((c) => (
                <ContestItem key={c.id} c={c} onOpen={open} />
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </div>
  );
}
