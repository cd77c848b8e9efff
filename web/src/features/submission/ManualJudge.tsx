// Super admin tools of the status list (spec: manual judge): the popover on a row's status with Modify
// Evaluation (opens the manual judge dialog) and Cancel Evaluation, and the Rejudge button.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { FormattedMessage, useIntl } from 'react-intl';
import { isInProgress, JudgeStatus, MANUAL_JUDGE_STATUSES, type Submission } from '@oj/proto';
import { ApiError } from '../../lib/api';
import { applyAdminResult } from './useLiveSubmission';
import { showToast } from '../../stores/ui';
import { cancelJudge, manualJudge, rejudge } from './judge-admin-api';

type Done = (s: Submission) => void;

async function run(action: () => Promise<Submission>, done: Done, ok: string): Promise<void> {
  try {
    const s = await action();
    applyAdminResult(s);
    done(s);
    showToast('success', ok);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
  }
}

/** Manual judge is offered for finished submissions other than Compile Error (spec). */
export const canModify = (status: number) => !isInProgress(status) && status !== JudgeStatus.COMPILE_ERROR;

export function RejudgeButton({ submitId, onDone }: { submitId: number; onDone: Done }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    if (!window.confirm(intl.formatMessage({ id: 'submission.admin.rejudgeConfirm' }))) return;
    setBusy(true);
    await run(() => rejudge(submitId), onDone, intl.formatMessage({ id: 'submission.admin.rejudged' })).finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      data-testid="rejudge"
      disabled={busy}
      onClick={() => void click()}
      className="rounded border border-orange-300 px-2 py-0.5 text-xs text-orange-600 hover:bg-orange-50 disabled:opacity-50"
    >
      <FormattedMessage id="submission.admin.rejudge" />
    </button>
  );
}

/** Least gap (px) between the popover and the window's right edge. */
const POPOVER_MARGIN = 8;

export function ManualJudgePopover({ submitId, status, isOi, onDone, onClose }: { submitId: number; status: number; isOi: boolean; onDone: Done; onClose: () => void }) {
  const intl = useIntl();
  const [dialog, setDialog] = useState(false);
  const cancel = () => run(() => cancelJudge(submitId), onDone, intl.formatMessage({ id: 'submission.admin.cancelled' })).finally(onClose);
  const btn = 'w-full rounded px-3 py-1.5 text-left text-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';
  const ref = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);
  // Opened under the status, moved left as far as needed to stay on screen (a status near the right edge).
  useLayoutEffect(() => {
    const r = ref.current?.getBoundingClientRect();
    if (r) setShift(Math.min(0, document.documentElement.clientWidth - POPOVER_MARGIN - r.right));
  }, []);
  return (
    <div
      ref={ref}
      data-testid="manual-judge-popover"
      style={{ transform: shift < 0 ? `translateX(${shift}px)` : undefined }}
      className="absolute left-0 top-full z-20 mt-1 w-max max-w-[calc(100vw-1rem)] min-w-44 rounded border border-slate-200 bg-white p-1 shadow-lg"
    >
      <button type="button" data-testid="modify-evaluation" className={btn} disabled={!canModify(status)} onClick={() => setDialog(true)}>
        <FormattedMessage id="submission.admin.modify" />
      </button>
      <button type="button" data-testid="cancel-evaluation" className={btn} disabled={status === JudgeStatus.CANCELLED} onClick={() => void cancel()}>
        <FormattedMessage id="submission.admin.cancel" />
      </button>
      <ManualJudgeDialog
        open={dialog}
        submitId={submitId}
        isOi={isOi}
        onOpenChange={(o) => {
          setDialog(o);
          if (!o) onClose();
        }}
        onDone={onDone}
      />
    </div>
  );
}

const CHOICES: readonly number[] = [...MANUAL_JUDGE_STATUSES, JudgeStatus.CANCELLED];

export function ManualJudgeDialog(props: { open: boolean; submitId: number; isOi: boolean; onOpenChange: (o: boolean) => void; onDone: Done }) {
  const intl = useIntl();
  const [status, setStatus] = useState('');
  const [score, setScore] = useState('');
  const [error, setError] = useState<'statusRequired' | 'scoreInvalid' | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (status === '') return setError('statusRequired');
    // Score: required on an OI problem once a status is chosen; an integer ≥ 0.
    const n = Number(score);
    if (props.isOi && (score.trim() === '' || !Number.isInteger(n) || n < 0)) return setError('scoreInvalid');
    setError(null);
    setBusy(true);
    await run(() => manualJudge(props.submitId, Number(status), props.isOi ? n : undefined), props.onDone, intl.formatMessage({ id: 'submission.admin.updated' }));
    setBusy(false);
    props.onOpenChange(false);
  };

  const input = 'w-full rounded border border-slate-300 px-3 py-2 text-sm';
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content data-testid="manual-judge-dialog" className="fixed left-1/2 top-1/3 z-50 w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="mb-4 text-base font-semibold text-slate-800">
            <FormattedMessage id="submission.admin.dialogTitle" values={{ submitId: props.submitId }} />
          </Dialog.Title>
          <Dialog.Description className="sr-only">
            <FormattedMessage id="submission.admin.modify" />
          </Dialog.Description>
          <form onSubmit={(e) => void submit(e)} className="space-y-3">
            <label className="block text-sm text-slate-600">
              <FormattedMessage id="submission.list.status" />
              <select data-testid="manual-status" className={input} value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="" />
                {CHOICES.map((s) => (
                  <option key={s} value={s} disabled={s === JudgeStatus.CANCELLED}>
                    {intl.formatMessage({ id: `judge.status.${s}` as 'judge.status.0' })}
                  </option>
                ))}
              </select>
            </label>
            {props.isOi && (
              <label className="block text-sm text-slate-600">
                <FormattedMessage id="submission.list.score" />
                <input data-testid="manual-score" className={input} inputMode="numeric" value={score} onChange={(e) => setScore(e.target.value)} />
              </label>
            )}
            {error && (
              <p role="alert" className="text-xs text-red-600">
                <FormattedMessage id={`submission.admin.${error}`} />
              </p>
            )}
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close className="rounded border border-slate-300 px-3 py-1 text-sm">
                <FormattedMessage id="submission.admin.close" />
              </Dialog.Close>
              <button type="submit" data-testid="manual-submit" disabled={busy} className="rounded bg-blue-600 px-4 py-1 text-sm text-white disabled:opacity-60">
                <FormattedMessage id="submission.admin.save" />
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
