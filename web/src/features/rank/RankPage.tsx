// /acm-rank and /oi-rank: the top-10 bar chart, search, page sizes 10/15/30/50/100, and links to the
// user home and the user's accepted submissions.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { JudgeStatus, PAGE_SIZES, type ACMRankVO, type OIRankVO, type PageOf } from '@oj/proto';
import { BarChart } from '../../components/BarChart';
import { Pager } from '../../components/Pager';
import { DataTable } from '../../components/DataTable';
import { usePageTitle } from '../../lib/usePageTitle';
import { getAcmRank, getOiRank } from '../home/home-api';

type Row = ACMRankVO | OIRankVO;
type RankQuery = { currentPage: number; limit: number; searchUser?: string };

interface RankPageProps {
  kind: 'acm' | 'oi';
  /** Another rank (a group's): its loader, read again when `version` changes; the page title is the caller's. */
  load?: (q: RankQuery) => Promise<PageOf<Row>>;
  version?: number;
}

export function RankPage({ kind, load, version = 0 }: RankPageProps) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: kind === 'acm' ? 'layout.header.acmRank' : 'layout.header.oiRank' }));
  const [q, setQ] = useState({ currentPage: 1, limit: PAGE_SIZES.rankList as number, searchUser: '' });
  const [input, setInput] = useState('');
  const [data, setData] = useState<PageOf<Row> | null>(null);

  useEffect(() => {
    let live = true;
    if (version === 0) setData(null);
    const query = { currentPage: q.currentPage, limit: q.limit, searchUser: q.searchUser || undefined };
    const p: Promise<PageOf<Row>> = load ? load(query) : kind === 'acm' ? getAcmRank(query) : getOiRank(query);
    p.then(
      (d) => live && setData(d),
      () => live && setData({ records: [], total: 0, size: q.limit, current: 1, pages: 0 }),
    );
    return () => {
      live = false;
    };
  }, [kind, q, load, version]);

  const offset = (q.currentPage - 1) * q.limit;
  const top = (data?.records ?? []).slice(0, 10);
  const score = (r: Row) => ('score' in r && kind === 'oi' ? r.score : 0);

  return (
    <div className={load ? '' : 'mx-auto max-w-screen-xl px-4 py-6'} data-testid={`${kind}-rank`}>
      {!load && (
        <h1 className="mb-4 text-2xl font-bold text-slate-800">
          <FormattedMessage id={kind === 'acm' ? 'rank.page.acmTitle' : 'rank.page.oiTitle'} />
        </h1>
      )}
      {q.currentPage === 1 && top.length > 0 && (
        <section className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
          <BarChart
            testId="rank-chart"
            title={intl.formatMessage({ id: 'rank.chart.top10' })}
            labels={top.map((r) => r.username)}
            series={
              kind === 'acm'
                ? [
                    { name: intl.formatMessage({ id: 'rank.table.ac' }), color: '#22c55e', values: top.map((r) => r.ac) },
                    { name: intl.formatMessage({ id: 'rank.table.total' }), color: '#3b82f6', values: top.map((r) => r.total) },
                  ]
                : [{ name: intl.formatMessage({ id: 'rank.table.score' }), color: '#f59e0b', values: top.map(score) }]
            }
          />
        </section>
      )}
      <form
        className="mb-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ({ ...q, currentPage: 1, searchUser: input.trim() });
        }}
      >
        <input
          data-testid="rank-search"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder={intl.formatMessage({ id: 'rank.search.placeholder' })}
          className="w-64 rounded border border-slate-300 px-3 py-1.5 text-sm"
        />
        <button type="submit" className="rounded bg-blue-600 px-3 py-1.5 text-sm text-white hover:bg-blue-700">
          <FormattedMessage id="rank.search.button" />
        </button>
      </form>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <DataTable
          testId="rank-table"
          data={data}
          loading={data === null}
          columns={[
            'rank.table.rank',
            'rank.table.user',
            { id: 'rank.table.nickname', className: 'hidden md:table-cell' },
            { id: 'rank.table.signature', className: 'hidden lg:table-cell' },
            kind === 'oi' && { id: 'rank.table.score', className: 'text-right' },
            { id: 'rank.table.ac', className: 'text-right' },
            { id: 'rank.table.total', className: 'text-right' },
            { id: 'rank.table.rating', className: 'text-right' },
          ]}
          row={(r, i) => (
            <tr key={r.uid} className="border-t border-slate-100">
              <td className="px-3 py-2">{offset + i + 1}</td>
              <td className="px-3 py-2">
                {r.avatar ? (
                  <img src={r.avatar} alt="" className="mr-2 inline-block h-6 w-6 rounded-full object-cover align-middle" />
                ) : (
                  <span className="mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-blue-600 align-middle text-xs text-white">
                    {r.username.slice(0, 1).toUpperCase()}
                  </span>
                )}
                <Link className="text-blue-600 hover:underline" to={`/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`}>
                  {r.username}
                </Link>
                {r.titleName && (
                  <span className="ml-2 rounded px-1.5 text-xs text-white" style={{ background: r.titleColor ?? '#64748b' }}>
                    {r.titleName}
                  </span>
                )}
              </td>
              <td className="hidden px-3 py-2 md:table-cell">{r.nickname}</td>
              <td className="hidden max-w-xs truncate px-3 py-2 text-slate-500 lg:table-cell">{r.signature}</td>
              {kind === 'oi' && <td className="px-3 py-2 text-right font-medium">{score(r)}</td>}
              <td className="px-3 py-2 text-right">
                <Link
                  data-testid="rank-ac-link"
                  className="text-blue-600 hover:underline"
                  to={`/status?username=${encodeURIComponent(r.username)}&status=${JudgeStatus.ACCEPTED}`}
                >
                  {r.ac}
                </Link>
              </td>
              <td className="px-3 py-2 text-right">
                <Link className="text-blue-600 hover:underline" to={`/status?username=${encodeURIComponent(r.username)}`}>
                  {r.total}
                </Link>
              </td>
              <td data-testid="rank-rating" className="px-3 py-2 text-right text-slate-500">{('rating' in r && r.rating !== null) ? r.rating : '--'}</td>
            </tr>
          )}
        />
      </div>
      {data && <Pager page={q.currentPage} size={q.limit} total={data.total} onChange={(currentPage, limit) => setQ({ ...q, currentPage, limit })} />}
    </div>
  );
}
