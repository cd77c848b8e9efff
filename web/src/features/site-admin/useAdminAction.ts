// Runs an admin change: a success toast and a reload after it; a refusal was already shown by the API client.
// `busy` is true from the change until the reload after it is in: a form whose fields are what it loaded is disabled
// meanwhile, or an edit made in between would be replaced by the reload (and the next save send the old value).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';
import { ApiError } from '../../lib/api';
import { showToast } from '../../stores/ui';

export function useAdminAction(reload: () => unknown) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const attempt = async (work: () => Promise<unknown>, done: MessageId): Promise<boolean> => {
    try {
      await work();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return false;
    }
    showToast('success', intl.formatMessage({ id: done }));
    await reload();
    return true;
  };
  const run = async (work: () => Promise<unknown>, done: MessageId = 'site.common.saved'): Promise<boolean> => {
    setBusy(true);
    try {
      return await attempt(work, done);
    } finally {
      setBusy(false);
    }
  };
  return Object.assign(run, { busy });
}
