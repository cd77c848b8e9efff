// The help page's section on discussions: what a post needs, who may post and comment, editing and deleting, likes,
// views, reports and pins (docs/discussions.md is the administrators' side).
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';

const POINTS: MessageId[] = ['discussion.help.post', 'discussion.help.gate', 'discussion.help.edit', 'discussion.help.live', 'discussion.help.report'];

export function DiscussionHelp() {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="help-discussion">
      <h2 className="mb-3 font-semibold text-slate-800">
        <FormattedMessage id="discussion.help.title" />
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
        {POINTS.map((p) => (
          <li key={p}>
            <FormattedMessage id={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
