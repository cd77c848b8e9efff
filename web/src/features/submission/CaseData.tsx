// The test data of one case, for those the rules allow (the problem opens its case results to the submission's
// owner, or an admin): input, expected output and the program's output, each cut to a preview; the input and
// expected output can be downloaded whole.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';
import { ApiError } from '../../lib/api';
import { downloadFile, saveBlob } from '../../lib/download';
import { showToast } from '../../stores/ui';
import type { CaseData as Data } from './useLiveSubmission';

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

function DataBlock({ label, text, bytes, download }: { label: MessageId; text: string | null; bytes: number | null; download?: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  if (text === null) return null;
  const cut = bytes !== null && bytes > utf8Bytes(text);
  return (
    <div className="min-w-0 flex-1" data-testid="case-data-block">
      <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span className="font-medium text-slate-600">
          <FormattedMessage id={label} />
        </span>
        {cut && (
          <span data-testid="case-data-truncated">
            <FormattedMessage id="submission.case.truncated" values={{ bytes }} />
          </span>
        )}
        {download && (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void download().finally(() => setBusy(false));
            }}
            className="text-blue-600 hover:underline disabled:opacity-50"
            data-testid="case-data-download"
          >
            <FormattedMessage id="submission.case.download" />
          </button>
        )}
      </div>
      <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs text-slate-800">{text === '' ? ' ' : text}</pre>
    </div>
  );
}

export function CaseDataView({ submitId, caseId, data }: { submitId: number; caseId: number; data: Data }) {
  const intl = useIntl();
  const download = (type: 'input' | 'output') => async () => {
    try {
      const { blob, fileName } = await downloadFile('/get-case-data', { submitId, caseId, type }, `${submitId}_${caseId}.${type === 'input' ? 'in' : 'out'}`);
      saveBlob(blob, fileName);
    } catch (e) {
      showToast('error', e instanceof ApiError ? e.message : intl.formatMessage({ id: 'api.client.network' }));
    }
  };
  return (
    <div className="flex flex-col gap-3 md:flex-row" data-testid="case-data">
      <DataBlock label="submission.case.input" text={data.input} bytes={data.inputBytes} download={download('input')} />
      <DataBlock label="submission.case.expected" text={data.output} bytes={data.outputBytes} download={download('output')} />
      <DataBlock label="submission.case.userOutput" text={data.userOutput} bytes={null} />
    </div>
  );
}
