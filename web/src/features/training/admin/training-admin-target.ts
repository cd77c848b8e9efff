// Where the training admin pages act: the site's trainings (/admin/training, the default) or a group's (the group's
// Trainings tab provides its own calls and paths). The list, the form and the problem pages read it from context.
import { createContext, useContext } from 'react';
import type { AdminTrainingDTO, AdminTrainingProblemList, AdminTrainingVO, PageOf, TrainingBody } from '@oj/proto';
import {
  adminAddTrainingProblem,
  adminChangeTrainingStatus,
  adminCreateTraining,
  adminDeleteTraining,
  adminGetTraining,
  adminGetTrainingList,
  adminGetTrainingProblems,
  adminRemoveTrainingProblem,
  adminSetTrainingProblemRank,
  adminUpdateTraining,
} from './training-admin-api';

export interface TrainingAdminTarget {
  /** The pages' base path: `${base}/create`, `${base}/:id/edit`, `${base}/:id/problems`. */
  base: string;
  /** The training's page for users. */
  view: (tid: number) => string;
  list(page: number, size: number, keyword?: string): Promise<PageOf<AdminTrainingVO>>;
  get(tid: number): Promise<AdminTrainingDTO>;
  create(body: TrainingBody): Promise<{ tid: number }>;
  update(body: TrainingBody): Promise<void>;
  remove(tid: number): Promise<void>;
  changeStatus(t: AdminTrainingVO, status: boolean): Promise<void>;
  problems(tid: number, q: { currentPage: number; limit: number; keyword?: string; queryExisted: boolean }): Promise<AdminTrainingProblemList>;
  setRank(tid: number, pid: number, rank: number): Promise<void>;
  removeProblem(tid: number, pid: number): Promise<void>;
  addProblem(tid: number, problem: { pid: number } | { displayId: string }): Promise<void>;
  /** A group's own problem by display id (group trainings only). */
  addFromGroup?: (tid: number, problemId: string) => Promise<void>;
  /** Whether deleting is offered (the site: root only; a group: its admins). */
  mayDelete?: boolean;
}

export const siteTrainingAdmin: TrainingAdminTarget = {
  base: '/admin/training',
  view: (tid) => `/training/${tid}`,
  list: adminGetTrainingList,
  get: adminGetTraining,
  create: adminCreateTraining,
  update: adminUpdateTraining,
  remove: adminDeleteTraining,
  changeStatus: adminChangeTrainingStatus,
  problems: adminGetTrainingProblems,
  setRank: adminSetTrainingProblemRank,
  removeProblem: adminRemoveTrainingProblem,
  addProblem: adminAddTrainingProblem,
};

export const TrainingAdminContext = createContext<TrainingAdminTarget>(siteTrainingAdmin);

export const useTrainingAdmin = (): TrainingAdminTarget => useContext(TrainingAdminContext);
