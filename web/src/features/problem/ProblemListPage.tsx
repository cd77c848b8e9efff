// /problem: the problem list. Filters live in the URL: the bank (`oj`: All, ours, each remote judge), difficulty,
// keyword and tags (`tagId`, several: problems carrying all of them), page and size. The tag panel groups tags by
// classification with a search; tags can be hidden from the table; Reset clears everything; Random opens a random
// public problem of the bank. Counters and the signed-in user's tick/minus update live (list/useLiveProblemList.ts).
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { OWN_OJ, PAGE_SIZES, REMOTE_OJ_KEYS, type ProblemListQuery } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { KeywordSearch } from '../../components/KeywordSearch';
import { intParam, useQueryPatch } from '../../lib/search-params';
import { readJson, writeJson } from '../../lib/storage';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { DifficultyTag } from './list/DifficultyTag';
import { PassRate } from './list/PassRate';
import { ProblemTags } from './list/ProblemTags';
import { TagsPanel } from './list/TagsPanel';
import { useLiveProblemList } from './list/useLiveProblemList';
import { getRandomProblem } from './problem-api';

const SHOW_TAGS_KEY = 'oj.problemList.showTags';

/** ✔ ever accepted, ✘ tried, nothing when never submitted (or logged out). */
function MyStatus({ status }: { status: number | undefined }) {
  if (status === undefined || status === -10) return null;
  return status === 0 ? (
    <span className="text-green-600" data-testid="my-status" data-status="ac">
      ✔
    </span>
  ) : (
    <span className="text-red-500" data-testid="my-status" data-status="tried">
      ✘
    </span>
  );
}

export function ProblemListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'problem.list.title' }));
  const navigate = useNavigate();
  const loggedIn = isLoggedIn(useSnapshot(sessionState));
  const { params, update, setParams } = useQueryPatch();
  const page = intParam(params.get('currentPage'), 1);
  const limit = intParam(params.get('limit'), PAGE_SIZES.problemList);
  const keyword = params.get('keyword') ?? '';
  const oj = params.get('oj') ?? 'All';
  const tagIds = (params.get('tagId') ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const difficultyRaw = params.get('difficulty');
  const difficulty = difficultyRaw === '0' || difficultyRaw === '1' || difficultyRaw === '2' ? Number(difficultyRaw) : undefined;
  const [draft, setDraft] = useState(keyword);
  const [showTags, setShowTags] = useState(() => readJson(SHOW_TAGS_KEY, (x): x is boolean => typeof x === 'boolean') ?? true);

  const q: ProblemListQuery = { currentPage: page, limit, ...(keyword && { keyword }), ...(difficulty !== undefined && { difficulty }), ...(oj !== 'All' && { oj }), ...(tagIds.length > 0 && { tagId: tagIds.join(',') }) };
  const { data, loading, mine } = useLiveProblemList(q);

  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ keyword: draft.trim(), currentPage: 1 });
  };
  const toggleTag = (id: number) => {
    const next = tagIds.includes(id) ? tagIds.filter((t) => t !== id) : [...tagIds, id];
    update({ tagId: next.join(','), currentPage: 1 });
  };
  const random = async () => {
    try {
      const { problemId } = await getRandomProblem(oj === 'All' ? undefined : oj);
      void navigate(`/problem/${encodeURIComponent(problemId)}`);
    } catch {
      // The API client showed why (no public problem in this bank).
    }
  };
  const toggleShowTags = () => {
    setShowTags(!showTags);
    writeJson(SHOW_TAGS_KEY, !showTags);
  };
  const select = 'rounded border border-slate-300 bg-white px-2 py-1 text-sm';
  const btn = 'rounded border border-slate-300 px-3 py-1 text-sm text-slate-600 hover:bg-slate-50';

  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-4 px-4 py-6 lg:flex-row lg:items-start">
      <div className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white">
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          <h1 className="mr-auto text-lg font-semibold text-slate-800">
            <FormattedMessage id="problem.list.title" />
          </h1>
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <FormattedMessage id="problem.list.bank" />
            <select data-testid="oj-filter" className={select} value={oj} onChange={(e) => update({ oj: e.target.value === 'All' ? '' : e.target.value, tagId: '', currentPage: 1 })}>
              <option value="All">{intl.formatMessage({ id: 'problem.list.all' })}</option>
              <option value={OWN_OJ}>{intl.formatMessage({ id: 'problem.list.ours' })}</option>
              {REMOTE_OJ_KEYS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <FormattedMessage id="problem.list.difficulty" />
            <select data-testid="difficulty-filter" className={select} value={difficulty ?? ''} onChange={(e) => update({ difficulty: e.target.value, currentPage: 1 })}>
              <option value="">{intl.formatMessage({ id: 'problem.list.all' })}</option>
              {[0, 1, 2].map((d) => (
                <option key={d} value={d}>
                  {intl.formatMessage({ id: `problem.difficulty.${d as 0 | 1 | 2}` })}
                </option>
              ))}
            </select>
          </label>
          <KeywordSearch testId="problem-keyword" placeholder="problem.list.keyword" value={draft} onChange={setDraft} onSubmit={search}>
            <button type="button" className={btn} data-testid="problem-reset" onClick={() => setParams(new URLSearchParams())}>
              <FormattedMessage id="common.action.reset" />
            </button>
          </KeywordSearch>
          <button type="button" className={btn} data-testid="problem-random" onClick={() => void random()}>
            <FormattedMessage id="problem.list.random" />
          </button>
          <label className="flex items-center gap-1 text-sm text-slate-600">
            <input type="checkbox" checked={showTags} onChange={toggleShowTags} data-testid="show-tags" />
            <FormattedMessage id="problem.list.showTags" />
          </label>
        </div>
        <DataTable
          data={data}
          loading={loading}
          testId="problem-table"
          columns={[
            ...(loggedIn ? [{ id: 'problem.list.mine' as const, className: 'w-8' }] : []),
            'problem.list.id',
            'problem.list.problemTitle',
            'problem.list.difficulty',
            showTags && { id: 'problem.list.tags', className: 'hidden md:table-cell' },
            'problem.list.passRate',
          ]}
          row={(p) => (
            <tr key={p.pid} data-testid="problem-row" data-problem-id={p.problemId} className="border-t border-slate-100 hover:bg-slate-50">
              {loggedIn && (
                <td className="px-3 py-2 text-center">
                  <MyStatus status={mine[p.pid]?.status} />
                </td>
              )}
              <td className="px-3 py-2 font-mono text-slate-600">{p.problemId}</td>
              <td className="px-3 py-2">
                <Link to={`/problem/${encodeURIComponent(p.problemId)}`} className="text-blue-600 hover:underline">
                  {p.title}
                </Link>
              </td>
              <td className="px-3 py-2">
                <DifficultyTag level={p.difficulty} />
              </td>
              {showTags && (
                <td className="hidden px-3 py-2 md:table-cell">
                  <ProblemTags tags={p.tags} testId="problem-tags" />
                </td>
              )}
              <td className="px-3 py-2">
                <PassRate p={p} />
              </td>
            </tr>
          )}
          pager={{ page, size: limit, onChange: (pg, s) => update({ currentPage: pg, limit: s }) }}
        />
      </div>
      <div className="w-full lg:w-72">
        <TagsPanel oj={oj} selected={tagIds} onToggle={toggleTag} />
      </div>
    </div>
  );
}
