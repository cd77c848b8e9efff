// The links of a group contest's admin pages (its problems, its announcements): the contest itself, and back to the
// group's contest list in its admin view.
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';

export function GroupContestAdminLinks({ gid, cid }: { gid: number; cid: number }) {
  return (
    <>
      <Link to={`/contest/${cid}`} className="text-sm text-blue-600 hover:underline">
        <FormattedMessage id="gcontest.problems.open" />
      </Link>
      <Link to={`/group/${gid}/contest?view=admin`} className="text-sm text-blue-600 hover:underline">
        <FormattedMessage id="gcontest.tab.backToList" />
      </Link>
    </>
  );
}
