// Persistent notifications of new contest announcements: each stays until the user closes it.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ContestAnnouncementVO } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import { formatDateTime } from '../../lib/format';
import { Icon } from './ContestBadges';

interface Props {
  cid: number;
  items: ContestAnnouncementVO[];
  onClose: (id: number) => void;
}

export function ContestAnnouncementNotices({ cid, items, onClose }: Props) {
  const intl = useIntl();
  if (items.length === 0) return null;
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-[55] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2" aria-live="polite">
      {items.map((a) => (
        <div
          key={a.id}
          role="status"
          data-testid="contest-announcement-notice"
          data-aid={a.id}
          className="pointer-events-auto rounded-lg border border-blue-200 bg-white px-4 py-3 text-sm shadow-lg"
        >
          <div className="flex items-start gap-2">
            <span className="mt-0.5 text-blue-600">
              <Icon name="megaphone" className="h-4 w-4" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="font-semibold text-slate-800">
                <FormattedMessage id="contest.notice.title" />: {a.title}
              </div>
              <div className="mt-1 max-h-24 overflow-hidden break-words text-slate-600">
                <Markdown text={a.content} />
              </div>
              <div className="mt-1 flex items-center gap-3 text-xs text-slate-400">
                <span>{formatDateTime(a.gmtCreate)}</span>
                <Link to={`/contest/${cid}/announcements`} className="text-blue-600 hover:underline" onClick={() => onClose(a.id)}>
                  <FormattedMessage id="contest.notice.view" />
                </Link>
              </div>
            </div>
            <button
              type="button"
              data-testid="contest-announcement-close"
              aria-label={intl.formatMessage({ id: 'common.action.close' })}
              onClick={() => onClose(a.id)}
              className="text-slate-400 hover:text-slate-700"
            >
              ✕
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
