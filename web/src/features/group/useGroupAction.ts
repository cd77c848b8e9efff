// How the group screens run an action: busy while it runs, a success toast with its message, false when the server
// refused (the API client has shown the catalogue's message), any other failure rethrown. `after` runs once the
// action has ended either way (a screen reads its list again), told whether it succeeded.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';
import { ApiError } from '../../lib/api';
import { showToast } from '../../stores/ui';

export function useGroupAction(after?: (ok: boolean) => void): { busy: boolean; run: (call: () => Promise<unknown>, done?: MessageId) => Promise<boolean> } {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (call: () => Promise<unknown>, done?: MessageId) => {
      setBusy(true);
      let ok = false;
      try {
        await call();
        ok = true;
        if (done) showToast('success', intl.formatMessage({ id: done }));
        return true;
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        return false;
      } finally {
        setBusy(false);
        after?.(ok);
      }
    },
    [intl, after],
  );
  return { busy, run };
}
