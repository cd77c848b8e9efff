// What the training shell hands its tabs: the training as loaded, and the live signals its tabs follow.
import { createContext, useContext } from 'react';
import { useParams } from 'react-router-dom';
import type { TrainingDetail, TrainingProgressEvent } from '@oj/proto';

export interface TrainingShellValue {
  training: TrainingDetail;
  /** Reads the training (and so its tabs) again. */
  reload: () => void;
  /** The latest pushed standing of a member (a new object for each event), or null. */
  progress: TrainingProgressEvent | null;
  /** Increases whenever the tabs should read their lists again (training changed, a resync, a fallback poll). */
  version: number;
  /** Where the training's pages live: `/training/:tid`, or `/group/:gid/training/:tid` inside its group. */
  base: string;
}

export const TrainingShellContext = createContext<TrainingShellValue | null>(null);

export function useTrainingShell(): TrainingShellValue {
  const v = useContext(TrainingShellContext);
  if (!v) throw new Error('useTrainingShell outside the training shell');
  return v;
}

/** The path of training `tid`'s pages for the current route: inside the group when the route names one. */
export function useTrainingBase(tid: number): { base: string; routeGid: number | null } {
  const { groupID } = useParams();
  const routeGid = groupID === undefined ? null : Number(groupID);
  return { base: routeGid === null ? `/training/${tid}` : `/group/${routeGid}/training/${tid}`, routeGid };
}
