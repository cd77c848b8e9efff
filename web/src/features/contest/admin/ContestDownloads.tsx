// The admin list's per-contest downloads and clone: the accepted code as a zip (dialog: exclude the admins, a
// folder per user or per problem), the final ranklist as XLSX or CSV, and cloning the contest (hidden copy).
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../stores/ui';
import { cloneContest, downloadAcCode, downloadRank, type AcSplit } from './contest-admin-api';

const action = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600 disabled:opacity-50';

/** Runs a download; a refusal (already in the user's language) becomes an error toast. */
async function fetching(run: () => Promise<void>, setBusy: (b: boolean) => void): Promise<void> {
  setBusy(true);
  try {
    await run();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    showToast('error', e.message);
  } finally {
    setBusy(false);
  }
}

export function AcCodeDialog({ cid }: { cid: number }) {
  const intl = useIntl();
  const [excludeAdmin, setExcludeAdmin] = useState(true);
  const [split, setSplit] = useState<AcSplit>('user');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root>
      <Dialog.Trigger className={action} data-testid="admin-contest-ac-code">
        <FormattedMessage id="contestAdmin.acCode.button" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content data-testid="ac-code-dialog" className="fixed top-1/3 left-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 space-y-4 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-base font-semibold text-slate-800">
            <FormattedMessage id="contestAdmin.acCode.title" />
          </Dialog.Title>
          <Dialog.Description className="text-xs text-slate-500">
            <FormattedMessage id="contestAdmin.acCode.hint" />
          </Dialog.Description>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4" checked={excludeAdmin} onChange={(e) => setExcludeAdmin(e.target.checked)} data-testid="ac-code-exclude-admin" />
            <FormattedMessage id="contestAdmin.acCode.excludeAdmin" />
          </label>
          <fieldset className="flex flex-wrap gap-4 text-sm text-slate-700">
            <legend className="mb-1 font-medium">
              <FormattedMessage id="contestAdmin.acCode.split" />
            </legend>
            {(['user', 'problem'] as const).map((s) => (
              <label key={s} className="flex items-center gap-1.5">
                <input type="radio" name={`split-${cid}`} checked={split === s} onChange={() => setSplit(s)} data-testid={`ac-code-split-${s}`} />
                <FormattedMessage id={s === 'user' ? 'contestAdmin.acCode.byUser' : 'contestAdmin.acCode.byProblem'} />
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Dialog.Close className="rounded border border-slate-300 px-3 py-1 text-sm">{intl.formatMessage({ id: 'common.action.close' })}</Dialog.Close>
            <button
              type="button"
              data-testid="ac-code-download"
              disabled={busy}
              onClick={() => void fetching(() => downloadAcCode(cid, excludeAdmin, split), setBusy)}
              className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700 disabled:opacity-50"
            >
              <FormattedMessage id="contestAdmin.acCode.download" />
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function RankDownloads({ cid }: { cid: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <>
      {(['xlsx', 'csv'] as const).map((format) => (
        <button key={format} type="button" className={action} data-testid={`admin-contest-rank-${format}`} disabled={busy} onClick={() => void fetching(() => downloadRank(cid, format), setBusy)}>
          <FormattedMessage id={format === 'xlsx' ? 'contestAdmin.rank.xlsx' : 'contestAdmin.rank.csv'} />
        </button>
      ))}
    </>
  );
}

export function CloneButton({ cid, title, onCloned }: { cid: number; title: string; onCloned: (cid: number) => void }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const clone = () =>
    fetching(async () => {
      if (!window.confirm(intl.formatMessage({ id: 'contestAdmin.clone.confirm' }, { title }))) return;
      const r = await cloneContest(cid);
      showToast('success', intl.formatMessage({ id: 'contestAdmin.clone.done' }, { cid: r.cid }));
      onCloned(r.cid);
    }, setBusy);
  return (
    <button type="button" className={action} data-testid="admin-contest-clone" disabled={busy} onClick={() => void clone()}>
      <FormattedMessage id="contestAdmin.clone.button" />
    </button>
  );
}
