// The Comment tab (open only with the site's openContestComment): the contest's Q&A comments. During the
// contest the server shows each contestant only their own and the administrators' comments.
import { CommentSection } from '../discussion/CommentSection';
import { useContestShell } from './contest-context';

export function ContestCommentTab() {
  const { contest } = useContestShell();
  return (
    <div className="px-5 pb-4" data-testid="contest-comment">
      <CommentSection cid={contest.id} />
    </div>
  );
}
