// Runs an admin change: a success toast and a reload after it; a refusal was already shown by the API client.
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';
import { ApiError } from '../../lib/api';
import { showToast } from '../../stores/ui';

export function useAdminAction(reload: () => unknown) {
  const intl = useIntl();
  return async (work: () => Promise<unknown>, done: MessageId = 'site.common.saved'): Promise<boolean> => {
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
}
