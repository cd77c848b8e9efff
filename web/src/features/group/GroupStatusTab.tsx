// The group's Status tab: the submissions made inside the group (members only; the server checks), with the status
// list's filters (mine, verdict, problem, user) and its live rows: the site's status list with the group's gid.
import { StatusListPage } from '../submission/StatusListPage';
import { useGroupShell } from './group-context';

export function GroupStatusTab() {
  const { group } = useGroupShell();
  return (
    <div data-testid="group-status">
      <StatusListPage gid={group.id} />
    </div>
  );
}
