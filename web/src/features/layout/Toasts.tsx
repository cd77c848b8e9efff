// Toast messages (4 s) and error notifications (5 s, titled "Error"; see stores/notifications.ts), stacked at the
// bottom centre: the top right holds the header's menus and the problem page's editor toolbar, which they covered.
import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import { dismissNotification, notificationState } from '../../stores/notifications';
import { dismissToast, toastState, type ToastKind } from '../../stores/ui';

const STYLE: Record<ToastKind, string> = {
  success: 'border-green-300 bg-green-50 text-green-800',
  error: 'border-red-300 bg-red-50 text-red-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-800',
  info: 'border-blue-300 bg-blue-50 text-blue-800',
};

export function Toasts() {
  const { items } = useSnapshot(toastState);
  const notices = useSnapshot(notificationState).items;
  return (
    <div className="pointer-events-none fixed bottom-6 left-1/2 z-[60] flex w-[min(22rem,calc(100vw-2rem))] -translate-x-1/2 flex-col items-stretch gap-2" aria-live="polite">
      {notices.map((n) => (
        <div
          key={`n${n.id}`}
          role="alert"
          data-testid="notification"
          onClick={() => dismissNotification(n.id)}
          className="pointer-events-auto cursor-pointer rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-lg"
        >
          <div className="mb-1 flex items-center gap-2 font-semibold text-red-700">
            <span aria-hidden="true">✕</span>
            <FormattedMessage id="common.notification.error" />
          </div>
          <div className="break-words text-slate-700">{n.text}</div>
        </div>
      ))}
      {items.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-kind={t.kind}
          onClick={() => dismissToast(t.id)}
          className={`pointer-events-auto cursor-pointer rounded border px-4 py-2 text-sm shadow ${STYLE[t.kind]}`}
        >
          {t.text}
        </div>
      ))}
    </div>
  );
}
