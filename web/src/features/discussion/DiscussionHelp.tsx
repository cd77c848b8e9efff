// The help page's section on discussions: what a post needs, who may post and comment, editing and deleting, likes,
// views, reports and pins (docs/discussions.md is the administrators' side).
import type { MessageId } from '../../i18n/zh-CN';
import { HelpPointsSection } from '../help/HelpPointsSection';

const POINTS: MessageId[] = ['discussion.help.post', 'discussion.help.gate', 'discussion.help.edit', 'discussion.help.live', 'discussion.help.report'];

export function DiscussionHelp() {
  return <HelpPointsSection testId="help-discussion" title="discussion.help.title" points={POINTS} />;
}
