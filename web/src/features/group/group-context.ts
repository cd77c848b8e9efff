// What the group shell hands its tabs: the group, the caller's standing in it, and counters that move when the
// members or the announcements changed (pushed on `group:<gid>`), so an open tab reloads its list.
import { createContext, useContext } from 'react';
import type { GroupDetail } from '@oj/proto';
import type { GroupStanding } from './group-roles';

export interface GroupShellValue {
  group: GroupDetail;
  standing: GroupStanding;
  membersVersion: number;
  announcementsVersion: number;
  /** Moves with `group.rank` (a verdict of a submission inside the group): the rank tab reads again. */
  rankVersion: number;
  /** Moves with `group.discussion` (a discussion posted, edited, pinned or deleted): the Discussion tab reads again. */
  discussionsVersion: number;
  /** Reloads the group and the caller's relation. */
  reload: () => void;
}

export const GroupShellContext = createContext<GroupShellValue | null>(null);

export function useGroupShell(): GroupShellValue {
  const v = useContext(GroupShellContext);
  if (!v) throw new Error('useGroupShell outside the group shell');
  return v;
}
