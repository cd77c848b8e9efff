// What the contest shell hands its tabs: the contest, the clock-derived status, the viewer's role and access.
import { createContext, useContext } from 'react';
import type { ContestVO } from '@oj/proto';
import type { ContestStatus } from './contest-time';

export interface ContestShellValue {
  contest: ContestVO;
  /** Computed in the browser from the server's clock (−1, 0, 1). */
  status: ContestStatus;
  /** The server's now (ms), from the offset measured at load. */
  serverNow: () => number;
  /** Contest admin: super admin or the contest's author. */
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** Registered with the password (always true for a public contest). */
  registered: boolean;
  /** The menu is enabled. */
  enterable: boolean;
  /** Increases whenever a new announcement arrives, so the announcement tab reloads. */
  announcementVersion: number;
  /** Reloads the contest and the registration. */
  reload: () => void;
}

export const ContestShellContext = createContext<ContestShellValue | null>(null);

export function useContestShell(): ContestShellValue {
  const v = useContext(ContestShellContext);
  if (!v) throw new Error('useContestShell outside the contest shell');
  return v;
}
