// /admin/problem/:pid/self-check: the programs of an imported ICPC package (`submissions/<verdict>/…`) judged
// again on demand, each row the folder's expected verdict against the actual one as it arrives, and the slowest
// accepted time against the time limit.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { isExpectedVerdict } from '@oj/proto';
import { StatusTag } from '../../../components/StatusTag';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { startSelfCheck, useSelfCheck } from './useSelfCheck';

export function SelfCheckPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.selfCheck.title' }));
  const pid = Number(useParams().pid);
  const { view, setView } = useSelfCheck(pid);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      setView(await startSelfCheck(pid));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setStarting(false);
    }
  };

  const rows = view?.rows ?? [];
  const done = rows.filter((r) => r.matches !== null).length;
  const allMatch = rows.length > 0 && rows.every((r) => r.matches === true);
  const td = 'px-3 py-2 whitespace-nowrap';
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="admin.selfCheck.title" /> <span className="text-slate-400">#{pid}</span>
        </h1>
        <Link to={`/admin/problem/edit/${pid}`} className="text-sm text-blue-600 hover:underline">
          <FormattedMessage id="admin.problemList.edit" />
        </Link>
        <button type="button" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700 disabled:opacity-50" data-testid="self-check-start" disabled={starting || rows.length === 0} onClick={() => void start()}>
          <FormattedMessage id="admin.selfCheck.run" />
        </button>
      </div>
      {view && (
        <div className="flex flex-wrap gap-6 px-4 py-3 text-sm text-slate-600" data-testid="self-check-summary">
          <span>
            <FormattedMessage id="admin.selfCheck.progress" values={{ done, total: rows.length }} />
          </span>
          <span data-testid="self-check-slowest">
            <FormattedMessage
              id="admin.selfCheck.slowest"
              values={{ time: view.slowestAccepted ?? '--', limit: view.timeLimit }}
            />
          </span>
          {done === rows.length && rows.length > 0 && (
            <span className={allMatch ? 'font-medium text-green-600' : 'font-medium text-red-600'} data-testid="self-check-verdict" data-ok={allMatch}>
              <FormattedMessage id={allMatch ? 'admin.selfCheck.allMatch' : 'admin.selfCheck.mismatch'} />
            </span>
          )}
        </div>
      )}
      {view && rows.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500" data-testid="self-check-empty">
          <FormattedMessage id="admin.selfCheck.empty" />
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="self-check-table">
            <thead className="bg-slate-50 text-left text-slate-500">
              <tr>
                {(['program', 'language', 'expected', 'actual', 'time', 'match'] as const).map((k) => (
                  <th key={k} className="px-3 py-2 font-medium">
                    <FormattedMessage id={`admin.selfCheck.${k}`} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100" data-testid="self-check-row" data-expected={r.expected} data-matches={String(r.matches)}>
                  <td className={`${td} font-mono`}>{r.path}</td>
                  <td className={td}>{r.language}</td>
                  <td className={td} data-testid="self-check-expected">
                    <ExpectedVerdict folder={r.expected} />
                  </td>
                  <td className={td}>
                    {r.status === null ? '--' : r.submitId !== null ? (
                      <Link to={`/submission-detail/${r.submitId}`}>
                        <StatusTag status={r.status} testId="self-check-status" />
                      </Link>
                    ) : (
                      <StatusTag status={r.status} />
                    )}
                  </td>
                  <td className={td}>{r.time === null ? '--' : `${r.time} ms`}</td>
                  <td className={td}>
                    {r.matches === null ? (
                      <span className="text-slate-400">…</span>
                    ) : r.matches ? (
                      <span className="text-green-600">✔</span>
                    ) : (
                      <span className="text-red-600">✘</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** A package folder's expected verdict: its name in the page's language, with the folder as the package has it. */
function ExpectedVerdict({ folder }: { folder: string }) {
  return (
    <>
      {isExpectedVerdict(folder) && (
        <span className="mr-1">
          <FormattedMessage id={`admin.selfCheckFolder.${folder}`} />
        </span>
      )}
      <span className="font-mono text-xs text-slate-400">{folder}/</span>
    </>
  );
}
