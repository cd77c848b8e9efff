// The Print tab: a 20-row text area sent to the contest's printer queue.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ContestVO } from '@oj/proto';
import { showToast } from '../../stores/ui';
import { printProblem } from './print-validation';
import { submitPrint } from './scoreboard-api';

export function PrintTab({ contest }: { contest: ContestVO; isAdmin: boolean }) {
  const intl = useIntl();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof printProblem>>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async () => {
    const p = printProblem(content);
    setProblem(p);
    setDone(false);
    if (p) return;
    setBusy(true);
    try {
      await submitPrint(contest.id, content);
      setDone(true);
      setContent('');
      showToast('success', intl.formatMessage({ id: 'board.print.success' }));
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="max-w-4xl p-4" data-testid="print-tab">
      <p className="mb-2 text-sm text-slate-500">
        <FormattedMessage id="board.print.hint" />
      </p>
      <textarea
        data-testid="print-content"
        rows={20}
        value={content}
        onChange={(e) => {
          setContent(e.target.value);
          if (problem) setProblem(null);
        }}
        className="w-full rounded border border-slate-300 p-3 font-mono text-sm"
        placeholder={intl.formatMessage({ id: 'board.print.placeholder' })}
      />
      {problem && (
        <p data-testid="print-error" className="mt-1 text-sm text-red-600">
          <FormattedMessage id={problem} />
        </p>
      )}
      {done && (
        <p data-testid="print-done" className="mt-1 text-sm text-green-700">
          <FormattedMessage id="board.print.success" />
        </p>
      )}
      <button
        type="button"
        data-testid="print-submit"
        disabled={busy}
        onClick={() => void submit()}
        className="mt-3 rounded bg-blue-600 px-4 py-2 text-sm text-white hover:bg-blue-700 disabled:opacity-50"
      >
        <FormattedMessage id="board.print.submit" />
      </button>
    </div>
  );
}
