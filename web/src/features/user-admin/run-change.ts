// One admin change from these pages: run it, toast `done` on success, then reload; a refusal was already shown by
// the API client (ApiError), anything else is a bug and propagates.
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';
import { ApiError } from '../../lib/api';
import { showToast } from '../../stores/ui';

export async function runChange(intl: IntlShape, work: () => Promise<unknown>, done: MessageId, reload: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return false;
  }
  showToast('success', intl.formatMessage({ id: done }));
  await reload();
  return true;
}
