// /group/:groupID/contest/create and /group/:groupID/contest/:contestId/edit: the contest admin's form (its
// messages are the admin part of the catalogue, loaded here) saving through the group's calls.
import { useMemo } from 'react';
import { loadAdminMessages } from '../../i18n/locale';
import { readPromise } from '../../lib/read-promise';
import { AdminContestFormPage, type ContestFormTarget } from '../contest/admin/AdminContestFormPage';
import { useGroupShell } from './group-context';
import { addGroupContest, getGroupContest, updateGroupContest } from './group-contest-api';

export function GroupContestFormPage() {
  readPromise(loadAdminMessages());
  const gid = useGroupShell().group.id;
  const target = useMemo<ContestFormTarget>(
    () => ({
      get: getGroupContest,
      create: (body) => addGroupContest(gid, body),
      update: updateGroupContest,
      list: `/group/${gid}/contest?view=admin`,
      problems: (cid) => `/group/${gid}/contest/${cid}/problems`,
    }),
    [gid],
  );
  return (
    <div className="p-2" data-testid="group-contest-form">
      <AdminContestFormPage target={target} />
    </div>
  );
}
