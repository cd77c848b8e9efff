// The statement pane's tabs: Description; My Submissions (signed in; practice problems — a contest has its own
// Status tab), this user's submissions of the problem, refreshed after each submit; Annex, only when the problem
// has user extra files, each shown with a download.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { PageOf, ProblemInfo, SubmissionListItem } from '@oj/proto';
import { StatusTag } from '../../components/StatusTag';
import { saveBlob } from '../../lib/download';
import { formatDateTime, formatMemoryKb, formatTimeMs } from '../../lib/format';
import { isLoggedIn, sessionState } from '../../stores/session';
import { siteState } from '../../stores/ui';
import { getSubmissionList } from '../submission/submission-api';

type Tab = 'description' | 'mine' | 'annex';

function MySubmissions({ problemId, refreshKey }: { problemId: string; refreshKey: number | null }) {
  const [data, setData] = useState<PageOf<SubmissionListItem> | null>(null);
  useEffect(() => {
    let live = true;
    getSubmissionList({ onlyMine: true, problemID: problemId, limit: 20, completeProblemID: true })
      .then((d) => live && setData(d))
      .catch(() => live && setData(null));
    return () => {
      live = false;
    };
  }, [problemId, refreshKey]);
  if (!data || data.records.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-slate-400" data-testid="my-submissions-empty">
        <FormattedMessage id="problem.tabs.noSubmissions" />
      </p>
    );
  }
  return (
    <table className="w-full text-sm" data-testid="my-submissions">
      <tbody>
        {data.records.map((r) => (
          <tr key={r.submitId} className="border-t border-slate-100" data-testid="my-submission-row">
            <td className="py-2 pr-2">
              <Link className="text-blue-600 hover:underline" to={`/submission-detail/${r.submitId}`}>
                #{r.submitId}
              </Link>
            </td>
            <td className="py-2 pr-2">
              <StatusTag status={r.status} />
            </td>
            <td className="py-2 pr-2 text-slate-500">{formatTimeMs(r.time)}</td>
            <td className="py-2 pr-2 text-slate-500">{formatMemoryKb(r.memory)}</td>
            <td className="py-2 pr-2 text-slate-500">{r.language}</td>
            <td className="py-2 text-xs text-slate-400">{formatDateTime(r.submitTime)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Annex({ files }: { files: Readonly<Record<string, string>> }) {
  return (
    <ul className="space-y-3" data-testid="annex">
      {Object.entries(files).map(([name, text]) => (
        <li key={name} className="rounded border border-slate-200">
          <div className="flex items-center justify-between border-b border-slate-100 px-3 py-1 text-sm">
            <span className="font-mono">{name}</span>
            <button type="button" className="text-xs text-blue-600 hover:underline" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), name)}>
              <FormattedMessage id="problem.tabs.download" />
            </button>
          </div>
          <pre className="max-h-60 overflow-auto p-3 text-xs">{text.length > 4096 ? `${text.slice(0, 4096)}…` : text}</pre>
        </li>
      ))}
    </ul>
  );
}

/** `discussion`: false hides the problem's discussion link (a problem opened inside a homework or an exam). */
export function ProblemTabs({ info, practice, discussion: withDiscussion = true, refreshKey, children }: { info: ProblemInfo; practice: boolean; discussion?: boolean; refreshKey: number | null; children: ReactNode }) {
  const loggedIn = isLoggedIn(useSnapshot(sessionState));
  const [tab, setTab] = useState<Tab>('description');
  const annex = info.problem.userExtraFile && Object.keys(info.problem.userExtraFile).length > 0 ? info.problem.userExtraFile : null;
  const tabs: Tab[] = ['description', ...(loggedIn && practice ? (['mine'] as const) : []), ...(annex ? (['annex'] as const) : [])];
  const site = useSnapshot(siteState);
  // The problem's discussions (practice only, outside a course's task, while the public discussion area is open).
  const discussion = practice && withDiscussion && site.config?.openPublicDiscussion !== false;
  const btn = (t: Tab) => `border-b-2 px-3 py-1.5 text-sm ${tab === t ? 'border-blue-600 font-medium text-blue-700' : 'border-transparent text-slate-500 hover:text-slate-700'}`;
  return (
    <div>
      {(tabs.length > 1 || discussion) && (
        <nav className="mb-4 flex gap-1 border-b border-slate-200" role="tablist">
          {tabs.map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} className={btn(t)} data-testid={`problem-tab-${t}`} onClick={() => setTab(t)}>
              <FormattedMessage id={`problem.tabs.${t}`} />
            </button>
          ))}
          {discussion && (
            <Link to={`/discussion/${encodeURIComponent(info.problem.problemId)}`} className="ml-auto px-3 py-1.5 text-sm text-blue-600 hover:underline" data-testid="problem-discussion-link">
              <FormattedMessage id="problem.tabs.discussion" />
            </Link>
          )}
        </nav>
      )}
      {tab === 'description' && children}
      {tab === 'mine' && <MySubmissions problemId={info.problem.problemId} refreshKey={refreshKey} />}
      {tab === 'annex' && annex && <Annex files={annex} />}
    </div>
  );
}
