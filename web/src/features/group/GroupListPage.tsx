// /group (query auth, keyword, onlyMine, currentPage, limit): keyword search, the My Group / All Group toggle
// (disabled when logged out), Create Group (a full-screen dialog), auth filter tags, the cards, the empty state and
// page sizes 9/15/30/60/120. Opening a group or creating one while logged out warns and opens the login dialog.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { GROUP_PAGE_SIZES, type GroupVO, type PageOf } from '@oj/proto';
import { KeywordSearch } from '../../components/KeywordSearch';
import { Pager } from '../../components/Pager';
import { Loading } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { intParam, useQueryPatch } from '../../lib/search-params';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { GROUP_AUTH_NAMES, GroupAuthTag, GroupAvatar, HiddenTag, Marquee } from './GroupBadges';
import { getGroupList } from './group-api';
import { CreateGroupDialog } from './CreateGroupDialog';

function GroupCard({ g, onOpen }: { g: GroupVO; onOpen: (g: GroupVO) => void }) {
  const intl = useIntl();
  return (
    <li data-testid="group-card" data-gid={g.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 hover:border-blue-300 hover:shadow-sm">
      <div className="flex gap-3">
        <button type="button" onClick={() => onOpen(g)} aria-label={g.name} className="shrink-0">
          <GroupAvatar avatar={g.avatar} name={g.name} size={56} />
        </button>
        <div className="min-w-0 flex-1">
          <button type="button" onClick={() => onOpen(g)} className="block w-full text-left text-base font-semibold text-slate-800 hover:text-blue-600" data-testid="group-open">
            <Marquee text={g.name} />
          </button>
          <div className="mt-1 text-xs text-slate-500">
            <FormattedMessage id="group.card.owner" />{' '}
            <Link to={`/user-home?username=${encodeURIComponent(g.owner)}`} className="text-blue-600 hover:underline" data-testid="group-owner">
              {g.owner}
            </Link>
          </div>
        </div>
      </div>
      <p className="mt-3 line-clamp-2 flex-1 text-sm text-slate-600" data-testid="group-brief">
        {g.brief}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <GroupAuthTag auth={g.auth} />
        {!g.visible && <HiddenTag />}
        <span title={intl.formatMessage({ id: 'group.card.members' })} data-testid="group-member-count">
          <FormattedMessage id="group.card.memberCount" values={{ n: g.memberCount }} />
        </span>
        <span className="ml-auto" title={intl.formatMessage({ id: 'group.card.created' })}>
          {formatDateTime(g.gmtCreate).slice(0, 10)}
        </span>
      </div>
    </li>
  );
}

export function GroupListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'group.list.title' }));
  const navigate = useNavigate();
  const session = useSnapshot(sessionState);
  const loggedIn = isLoggedIn(session);
  const { params, update } = useQueryPatch();
  const page = intParam(params.get('currentPage'), 1);
  const limitParam = intParam(params.get('limit'), GROUP_PAGE_SIZES.list);
  const limit = (GROUP_PAGE_SIZES.listOptions as readonly number[]).includes(limitParam) ? limitParam : GROUP_PAGE_SIZES.list;
  const authParam = intParam(params.get('auth'), 0);
  const auth = authParam >= 1 && authParam <= 3 ? authParam : 0;
  const keyword = params.get('keyword') ?? '';
  const onlyMine = loggedIn && params.get('onlyMine') === 'true';

  const [data, setData] = useState<PageOf<GroupVO> | null>(null);
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState(keyword);
  const [creating, setCreating] = useState(false);
  useEffect(() => setDraft(keyword), [keyword]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getGroupList({ currentPage: page, limit, ...(auth && { auth }), ...(keyword && { keyword }), ...(onlyMine && { onlyMine }) })
      .then((d) => live && setData(d))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, limit, auth, keyword, onlyMine]);

  const needLogin = () => {
    showToast('warning', intl.formatMessage({ id: 'group.list.loginFirst' }));
    openLoginDialog('login');
  };
  const open = (g: GroupVO) => (loggedIn ? navigate(`/group/${g.id}`) : needLogin());
  const create = () => (loggedIn ? setCreating(true) : needLogin());
  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ keyword: draft.trim(), currentPage: 1 });
  };

  const chip = (active: boolean) => `rounded px-2.5 py-1 text-sm ${active ? 'bg-blue-600 text-white' : 'bg-white text-slate-600 hover:bg-slate-100'}`;
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-6">
      <div className="rounded-lg border border-slate-200 bg-white">
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          <h1 className="mr-auto text-lg font-semibold text-slate-800">
            <FormattedMessage id="group.list.title" />
          </h1>
          <KeywordSearch testId="group-keyword" placeholder="group.list.keyword" value={draft} onChange={setDraft} onSubmit={search} />
          <div className="inline-flex overflow-hidden rounded border border-slate-300" role="group" aria-label={intl.formatMessage({ id: 'group.list.scope' })}>
            {([false, true] as const).map((mine) => (
              <button
                key={String(mine)}
                type="button"
                disabled={!loggedIn}
                aria-pressed={onlyMine === mine}
                data-testid={mine ? 'group-only-mine' : 'group-all'}
                title={loggedIn ? undefined : intl.formatMessage({ id: 'group.list.loginFirst' })}
                onClick={() => update({ onlyMine: mine ? 'true' : undefined, currentPage: 1 })}
                className={`px-3 py-1 text-sm disabled:cursor-not-allowed disabled:opacity-50 ${onlyMine === mine ? 'bg-blue-600 text-white' : 'bg-white text-slate-600 hover:bg-slate-50'}`}
              >
                <FormattedMessage id={mine ? 'group.list.mine' : 'group.list.all'} />
              </button>
            ))}
          </div>
          <button type="button" className="rounded bg-green-600 px-3 py-1 text-sm text-white hover:bg-green-700" onClick={create} data-testid="group-create">
            <FormattedMessage id="group.list.create" />
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-3 text-sm" role="group" aria-label={intl.formatMessage({ id: 'group.list.auth' })}>
          <span className="text-slate-500">
            <FormattedMessage id="group.list.auth" />
          </span>
          {[[0, 'group.list.allTypes'] as const, ...GROUP_AUTH_NAMES].map(([a, label]) => (
            <button key={a} type="button" data-testid={`group-filter-auth-${a}`} aria-pressed={auth === a} className={chip(auth === a)} onClick={() => update({ auth: a || undefined, currentPage: 1 })}>
              <FormattedMessage id={label} />
            </button>
          ))}
        </div>
        <div className="p-4">
          {loading && !data ? (
            <Loading />
          ) : !data || data.records.length === 0 ? (
            <p className="py-12 text-center text-slate-400" data-testid="group-empty">
              <FormattedMessage id="group.list.empty" />
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="group-list">
              {data.records.map((g) => (
                <GroupCard key={g.id} g={g} onOpen={open} />
              ))}
            </ul>
          )}
          <Pager
            page={page}
            size={limit}
            total={data?.total ?? 0}
            sizes={GROUP_PAGE_SIZES.listOptions}
            onChange={(p, s) => update({ currentPage: p, limit: s === GROUP_PAGE_SIZES.list ? undefined : s })}
          />
        </div>
      </div>
      {creating && <CreateGroupDialog onClose={() => setCreating(false)} onCreated={(id) => navigate(`/group/${id}`)} />}
    </div>
  );
}
