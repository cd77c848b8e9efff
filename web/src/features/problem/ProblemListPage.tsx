// /problem: the problem list with keyword and difficulty filters, pass rate and paging; filters live in the URL.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_SIZES, type PageOf, type ProblemVO } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { KeywordSearch } from '../../components/KeywordSearch';
import { percent } from '../../lib/format';
import { intParam, useQueryPatch } from '../../lib/search-params';
import { usePageTitle } from '../../lib/usePageTitle';
import { getProblemList } from './problem-api';

const DIFFICULTY_STYLE = ['bg-green-100 text-green-800', 'bg-amber-100 text-amber-800', 'bg-red-100 text-red-800'];

export function DifficultyTag({ level }: { level: number }) {
  if (level < 0 || level > 2) return null;
  return (
    <span className={`rounded px-2 py-0.5 text-xs ${DIFFICULTY_STYLE[level]}`}>
      <FormattedMessage id={`problem.difficulty.${level as 0 | 1 | 2}`} />
    </span>
  );
}

export function ProblemListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'problem.list.title' }));
  const { params, update, setParams } = useQueryPatch();
  const page = intParam(params.get('currentPage'), 1);
  const limit = intParam(params.get('limit'), PAGE_SIZES.problemList);
  const keyword = params.get('keyword') ?? '';
  const difficultyRaw = params.get('difficulty');
  const difficulty = difficultyRaw === '0' || difficultyRaw === '1' || difficultyRaw === '2' ? Number(difficultyRaw) : undefined;

  const [data, setData] = useState<PageOf<ProblemVO> | null>(null);
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState(keyword);

  useEffect(() => setDraft(keyword), [keyword]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getProblemList({ currentPage: page, limit, keyword: keyword || undefined, difficulty })
      .then((d) => live && setData(d))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, limit, keyword, difficulty]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ keyword: draft.trim(), currentPage: 1 });
  };

  return (
    <div className="mx-auto max-w-screen-xl px-4 py-6">
      <div className="rounded-lg border border-slate-200 bg-white">
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          <h1 className="mr-auto text-lg font-semibold text-slate-800">
            <FormattedMessage id="problem.list.title" />
          </h1>
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <FormattedMessage id="problem.list.difficulty" />
            <select
              data-testid="difficulty-filter"
              className="rounded border border-slate-300 bg-white px-2 py-1"
              value={difficulty ?? ''}
              onChange={(e) => update({ difficulty: e.target.value, currentPage: 1 })}
            >
              <option value="">{intl.formatMessage({ id: 'problem.list.all' })}</option>
              {[0, 1, 2].map((d) => (
                <option key={d} value={d}>
                  {intl.formatMessage({ id: `problem.difficulty.${d as 0 | 1 | 2}` })}
                </option>
              ))}
            </select>
          </label>
          <KeywordSearch testId="problem-keyword" placeholder="problem.list.keyword" value={draft} onChange={setDraft} onSubmit={search}>
            <button
              type="button"
              className="rounded border border-slate-300 px-3 py-1 text-sm text-slate-600 hover:bg-slate-50"
              onClick={() => setParams(new URLSearchParams())}
            >
              <FormattedMessage id="common.action.reset" />
            </button>
          </KeywordSearch>
        </div>
        <DataTable
          data={data}
          loading={loading}
          testId="problem-table"
          columns={['problem.list.id', 'problem.list.problemTitle', 'problem.list.difficulty', { id: 'problem.list.tags', className: 'hidden md:table-cell' }, 'problem.list.passRate']}
          row={(p) => (
            <tr key={p.pid} data-testid="problem-row" data-problem-id={p.problemId} className="border-t border-slate-100 hover:bg-slate-50">
              <td className="px-3 py-2 font-mono text-slate-600">{p.problemId}</td>
              <td className="px-3 py-2">
                <Link to={`/problem/${encodeURIComponent(p.problemId)}`} className="text-blue-600 hover:underline">
                  {p.title}
                </Link>
              </td>
              <td className="px-3 py-2">
                <DifficultyTag level={p.difficulty} />
              </td>
              <td className="hidden px-3 py-2 md:table-cell">
                <div className="flex flex-wrap gap-1">
                  {p.tags.map((t) => (
                    <span key={t.id} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                      {t.name}
                    </span>
                  ))}
                </div>
              </td>
              <td className="px-3 py-2" title={intl.formatMessage({ id: 'problem.list.counts' }, { ac: p.ac, total: p.total })}>
                <div className="flex items-center gap-2">
                  <div className="h-1.5 w-16 overflow-hidden rounded bg-slate-200">
                    <div className="h-full bg-green-500" style={{ width: percent(p.ac, p.total) }} />
                  </div>
                  <span className="text-xs text-slate-600">{percent(p.ac, p.total)}</span>
                </div>
              </td>
            </tr>
          )}
          pager={{ page, size: limit, onChange: (p, s) => update({ currentPage: p, limit: s }) }}
        />
      </div>
    </div>
  );
}
