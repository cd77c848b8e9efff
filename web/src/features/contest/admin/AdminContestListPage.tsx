// /admin/contest: the contests with keyword search (10 a page), a visible switch, and edit, problems,
// announcements and delete (with the Delete_Contest_Tips confirmation); importing a CLICS event feed as a new
// contest, and per contest the event-feed export, the accepted code, the rank as XLSX or CSV, and clone.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminContestVO, PageOf } from '@oj/proto';
import { DataTable } from '../../../components/DataTable';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { ApiError } from '../../../lib/api';
import { takeFile } from '../../../lib/file-input';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import { AuthTag, RuleBadge, StatusBadge } from '../ContestBadges';
import { adminChangeContestVisible, adminDeleteContest, adminGetContestList } from '../contest-api';
import { downloadFile, saveBlob } from '../../../lib/download';
import { useLatestValue } from '../../../lib/useLatestRead';
import { AcCodeDialog, CloneButton, RankDownloads } from './ContestDownloads';
import { importEventFeed } from './event-feed-api';

const PAGE_SIZE = 10;

export function Switch({ checked, onChange, testId, disabled }: { checked: boolean; onChange: (v: boolean) => void; testId?: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-testid={testId}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:opacity-50 ${checked ? 'bg-blue-600' : 'bg-slate-300'}`}
    >
      <span className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-4' : 'translate-x-0.5'}`} />
    </button>
  );
}

export function AdminContestListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'contest.admin.listTitle' }));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const { data, setData, loading, show } = useLatestValue<PageOf<AdminContestVO>>();
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  const load = useCallback(() => show(adminGetContestList(page, size, keyword || undefined)), [page, size, keyword, show]);
  useEffect(() => void load(), [load]);

  const toggleVisible = async (c: AdminContestVO, visible: boolean) => {
    try {
      await adminChangeContestVisible(c.id, visible, c.uid);
      showToast('success', intl.formatMessage({ id: 'contest.admin.updated' }));
      setData((d) => (d ? { ...d, records: d.records.map((r) => (r.id === c.id ? { ...r, visible } : r)) } : d));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  const remove = async (c: AdminContestVO) => {
    if (!window.confirm(intl.formatMessage({ id: 'contest.admin.deleteTips' }))) return;
    try {
      await adminDeleteContest(c.id);
      showToast('success', intl.formatMessage({ id: 'contest.admin.deleted' }));
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  const importFeed = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = takeFile(e);
    if (!file) return;
    setImporting(true);
    try {
      const cid = await importEventFeed(file);
      showToast('success', intl.formatMessage({ id: 'contest.admin.importFeedDone' }, { cid }));
      void navigate(`/contest/${cid}`);
    } catch (err) {
      showToast('error', err instanceof Error ? err.message : String(err));
    } finally {
      setImporting(false);
    }
  };

  const download = async (c: AdminContestVO) => {
    const key = `feed:${c.id}`;
    setDownloading(key);
    try {
      const { blob, fileName } = await downloadFile('/admin/contest/event-feed', { cid: c.id }, `contest-${c.id}-event-feed.ndjson`);
      saveBlob(blob, fileName);
    } catch (err) {
      showToast('error', err instanceof Error ? err.message : String(err));
    } finally {
      setDownloading((k) => (k === key ? null : k));
    }
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };

  const td = 'px-3 py-2 whitespace-nowrap';
  const action = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600';
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="contest.admin.listTitle" />
        </h1>
        <KeywordSearch testId="admin-contest-keyword" placeholder="contest.list.keyword" value={draft} onChange={setDraft} onSubmit={search} />
        <input
          ref={fileInput}
          type="file"
          accept=".ndjson,.json,.txt,application/x-ndjson,application/json,text/plain"
          className="hidden"
          data-testid="admin-contest-import-file"
          onChange={(e) => void importFeed(e)}
        />
        <button
          type="button"
          data-testid="admin-contest-import"
          disabled={importing}
          title={intl.formatMessage({ id: 'contest.admin.importFeedTips' })}
          onClick={() => fileInput.current?.click()}
          className="rounded border border-blue-600 px-3 py-1 text-sm text-blue-600 hover:bg-blue-50 disabled:opacity-50"
        >
          <FormattedMessage id={importing ? 'contest.admin.importingFeed' : 'contest.admin.importFeed'} />
        </button>
        <Link to="/admin/contest/create" data-testid="admin-contest-create" className="rounded bg-green-600 px-3 py-1 text-sm text-white hover:bg-green-700">
          <FormattedMessage id="contest.admin.create" />
        </Link>
      </div>
      <DataTable
        data={data}
        loading={loading}
        testId="admin-contest-table"
        nowrap
        columns={[
          'contest.admin.id',
          'contest.admin.title',
          'contest.admin.type',
          'contest.admin.auth',
          'contest.admin.status',
          'contest.admin.visible',
          'contest.admin.time',
          'contest.admin.creator',
          'contest.admin.option',
        ]}
        row={(c) => (
          <tr key={c.id} data-testid="admin-contest-row" data-cid={c.id} className="border-t border-slate-100 hover:bg-slate-50">
            <td className={td}>{c.id}</td>
            <td className="min-w-48 px-3 py-2">
              <Link to={`/contest/${c.id}`} className="text-blue-600 hover:underline">
                {c.title}
              </Link>
            </td>
            <td className={td}>
              <RuleBadge type={c.type} oiRankScoreType={c.oiRankScoreType} />
            </td>
            <td className={td}>
              <AuthTag auth={c.auth} />
            </td>
            <td className={td}>
              <StatusBadge status={c.status} />
            </td>
            <td className={td}>
              <Switch checked={c.visible} testId="admin-contest-visible" onChange={(v) => void toggleVisible(c, v)} />
            </td>
            <td className={`${td} text-xs text-slate-500`}>
              <div>{formatDateTime(c.startTime)}</div>
              <div>{formatDateTime(c.endTime)}</div>
            </td>
            <td className={td}>{c.author ?? '--'}</td>
            <td className={td}>
              <div className="flex gap-1">
                <Link to={`/admin/contest/${c.id}/edit`} className={action} data-testid="admin-contest-edit">
                  <FormattedMessage id="contest.admin.edit" />
                </Link>
                <Link to={`/admin/contest/${c.id}/problems`} className={action} data-testid="admin-contest-problems">
                  <FormattedMessage id="contest.admin.problems" />
                </Link>
                <Link to={`/admin/contest/${c.id}/announcement`} className={action} data-testid="admin-contest-announcements">
                  <FormattedMessage id="contest.admin.announcements" />
                </Link>
                <button
                  type="button"
                  className={`${action} disabled:opacity-50`}
                  data-testid="admin-contest-export-feed"
                  disabled={downloading === `feed:${c.id}`}
                  onClick={() => void download(c)}
                >
                  <FormattedMessage id="contest.admin.exportFeed" />
                </button>
                <AcCodeDialog cid={c.id} />
                <RankDownloads cid={c.id} />
                <CloneButton cid={c.id} title={c.title} onCloned={() => void load()} />
                <button type="button" className={`${action} hover:border-red-400 hover:text-red-600`} data-testid="admin-contest-delete" onClick={() => void remove(c)}>
                  <FormattedMessage id="contest.admin.delete" />
                </button>
              </div>
            </td>
          </tr>
        )}
        pager={{
          page,
          size,
          onChange: (p, s) => {
            setPage(p);
            setSize(s);
          },
        }}
      />
    </div>
  );
}
