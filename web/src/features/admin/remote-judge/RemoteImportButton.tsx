// "Import a remote problem" (the problem bank, a training's and a contest's problem pages): a site and its problem
// id (and, in a contest, the display id); the site is asked by the server, which answers the site's refusal in the
// caller's language (shown by the API client).
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { REMOTE_OJS, type RemoteOj } from '@oj/proto';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../stores/ui';
import { importRemoteProblem, type ImportTarget } from './remote-admin-api';

const input = 'rounded border border-slate-300 px-2 py-1 text-sm';
const PROBLEM_ID = /^[A-Za-z0-9_]{1,64}$/;

export function RemoteImportButton({ target, suggestedDisplayId, onImported }: { target: ImportTarget; suggestedDisplayId?: string; onImported: () => unknown }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [oj, setOj] = useState<RemoteOj>('CF');
  const [problemId, setProblemId] = useState('');
  const [displayId, setDisplayId] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const id = problemId.trim();
    const shown = (displayId.trim() || suggestedDisplayId) ?? '';
    if (!PROBLEM_ID.test(id) || (target.kind === 'contest' && !/^[A-Za-z0-9_-]{1,20}$/.test(shown))) {
      showToast('warning', intl.formatMessage({ id: 'remoteAdmin.import.invalid' }));
      return;
    }
    setBusy(true);
    try {
      const got = await importRemoteProblem(target, oj, id, shown);
      showToast('success', intl.formatMessage({ id: 'remoteAdmin.import.done' }, { problemId: got.problemId }));
      setOpen(false);
      setProblemId('');
      setDisplayId('');
      await onImported();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" data-testid="remote-import-open" onClick={() => setOpen(true)} className="rounded bg-amber-600 px-3 py-1 text-sm text-white hover:bg-amber-700">
        <FormattedMessage id="remoteAdmin.import.button" />
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        testId="remote-import-dialog"
        className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,95vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl"
        titleClassName="text-base font-semibold text-slate-800"
        title={<FormattedMessage id="remoteAdmin.import.title" />}
        descriptionClassName="mt-1 text-xs text-slate-500"
        description={<FormattedMessage id="remoteAdmin.import.hint" />}
      >
        <form className="mt-3 space-y-3" onSubmit={(e) => void submit(e)}>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            <FormattedMessage id="remoteAdmin.import.site" />
            <select className={input} data-testid="remote-import-oj" value={oj} onChange={(e) => setOj(e.target.value as RemoteOj)}>
              {REMOTE_OJS.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            <FormattedMessage id="remoteAdmin.import.problemId" />
            <input className={input} data-testid="remote-import-problem-id" placeholder="1A" value={problemId} onChange={(e) => setProblemId(e.target.value)} />
          </label>
          {target.kind === 'contest' && (
            <label className="flex flex-col gap-1 text-sm text-slate-700">
              <FormattedMessage id="remoteAdmin.import.displayId" />
              <input className={input} data-testid="remote-import-display-id" placeholder={suggestedDisplayId} value={displayId} onChange={(e) => setDisplayId(e.target.value)} />
            </label>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className="text-sm text-slate-500 hover:text-slate-700" onClick={() => setOpen(false)}>
              {intl.formatMessage({ id: 'common.action.close' })}
            </button>
            <button type="submit" disabled={busy} data-testid="remote-import-submit" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700 disabled:opacity-50">
              <FormattedMessage id={busy ? 'remoteAdmin.import.busy' : 'remoteAdmin.import.submit'} />
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
