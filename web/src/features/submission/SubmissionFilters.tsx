// The filter bar of the submission lists (/status and a contest's Status tab): Mine/All, the status select,
// and the problem and author inputs with Search and Refresh. Each page gives its own test ids (by prefix),
// message ids, and what Mine/All does.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALL_JUDGE_STATUSES } from '@oj/proto';
import type { MessageId } from '../../i18n/zh-CN';
import type { SubmissionQuery } from './submission-query';

interface Props {
  query: SubmissionQuery;
  onMine: (mine: boolean) => void;
  onRefresh: () => void;
  /** Before each test id: '' gives filter-mine, filter-all, status-filter, problem-filter, author-filter. */
  testIdPrefix: string;
  messages: { mine: MessageId; all: MessageId; statusAll: MessageId; problem: MessageId; author: MessageId };
  /** The problem input's width class. */
  problemWidth: string;
  /** Shown first in the bar (a page title). */
  children?: ReactNode;
}

export function SubmissionFilters({ query, onMine, onRefresh, testIdPrefix, messages, problemWidth, children }: Props) {
  const intl = useIntl();
  const { onlyMine, status, draft, setDraft, update, search } = query;
  const toggle = (active: boolean) => `px-3 py-1 text-sm ${active ? 'bg-blue-600 text-white' : 'bg-white text-slate-600 hover:bg-slate-50'}`;
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
      {children}
      <div className="flex overflow-hidden rounded border border-slate-300" role="group">
        <button type="button" data-testid={`${testIdPrefix}filter-mine`} aria-pressed={onlyMine} className={toggle(onlyMine)} onClick={() => onMine(true)}>
          <FormattedMessage id={messages.mine} />
        </button>
        <button type="button" data-testid={`${testIdPrefix}filter-all`} aria-pressed={!onlyMine} className={toggle(!onlyMine)} onClick={() => onMine(false)}>
          <FormattedMessage id={messages.all} />
        </button>
      </div>
      <select
        data-testid={`${testIdPrefix}status-filter`}
        className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
        value={status ?? ''}
        onChange={(e) => update({ status: e.target.value, currentPage: 1 })}
      >
        <option value="">{intl.formatMessage({ id: messages.statusAll })}</option>
        {ALL_JUDGE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage({ id: `judge.status.${s}` })}
          </option>
        ))}
      </select>
      <form onSubmit={search} className="flex flex-wrap gap-2">
        <input
          data-testid={`${testIdPrefix}problem-filter`}
          className={`${problemWidth} rounded border border-slate-300 px-2 py-1 text-sm`}
          placeholder={intl.formatMessage({ id: messages.problem })}
          value={draft.problemID}
          onChange={(e) => setDraft({ ...draft, problemID: e.target.value })}
        />
        <input
          data-testid={`${testIdPrefix}author-filter`}
          className="w-32 rounded border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100"
          placeholder={intl.formatMessage({ id: messages.author })}
          disabled={onlyMine}
          value={onlyMine ? '' : draft.username}
          onChange={(e) => setDraft({ ...draft, username: e.target.value })}
        />
        <button type="submit" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700">
          <FormattedMessage id="common.action.search" />
        </button>
        <button type="button" className="rounded border border-slate-300 px-3 py-1 text-sm text-slate-600 hover:bg-slate-50" onClick={onRefresh}>
          <FormattedMessage id="common.action.refresh" />
        </button>
      </form>
    </div>
  );
}
