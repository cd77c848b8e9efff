// Copies text to the clipboard and says whether it worked.
import { FormattedMessage, useIntl } from 'react-intl';
import { showToast } from '../stores/ui';

export function CopyButton({ text, className = '' }: { text: string; className?: string }) {
  const intl = useIntl();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast('success', intl.formatMessage({ id: 'common.action.copied' }));
    } catch {
      showToast('error', intl.formatMessage({ id: 'common.action.copyFailed' }));
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className={`rounded border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600 ${className}`}
    >
      <FormattedMessage id="common.action.copy" />
    </button>
  );
}
