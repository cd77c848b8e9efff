// Loading and empty placeholders.
import { FormattedMessage } from 'react-intl';

export function Loading() {
  return (
    <div className="py-10 text-center text-sm text-slate-500" role="status">
      <FormattedMessage id="common.state.loading" />
    </div>
  );
}

export function Empty() {
  return (
    <div className="py-10 text-center text-sm text-slate-400">
      <FormattedMessage id="common.state.empty" />
    </div>
  );
}
