// REST calls of the training admin pages (the original product's /api/admin/training paths), answers decoded.
import {
  AdminTrainingDTO,
  AdminTrainingProblemList,
  AdminTrainingVO,
  decode,
  Page,
  TrainingCategory,
  type PageOf,
  type TrainingBody,
  type TrainingCategoryBody,
} from '@oj/proto';
import { api } from '../../../lib/api';

const base = '/admin/training';
const trainingPage = Page(AdminTrainingVO);

export const adminGetTrainingList = (currentPage: number, limit: number, keyword?: string): Promise<PageOf<AdminTrainingVO>> =>
  api.get(`${base}/get-training-list`, { query: { currentPage, limit, keyword }, decode: (x) => decode(trainingPage, x) });

export const adminGetTraining = (tid: number): Promise<AdminTrainingDTO> => api.get(base, { query: { tid }, decode: (x) => decode(AdminTrainingDTO, x) });

export const adminCreateTraining = (body: TrainingBody): Promise<{ tid: number }> => api.post(base, body);

export async function adminUpdateTraining(body: TrainingBody): Promise<void> {
  await api.put(base, body);
}

export async function adminDeleteTraining(tid: number): Promise<void> {
  await api.delete(base, { query: { tid } });
}

export async function adminChangeTrainingStatus(t: AdminTrainingVO, status: boolean): Promise<void> {
  await api.put(`${base}/change-training-status`, undefined, { query: { tid: t.id, status, author: t.author ?? undefined } });
}

/** `queryExisted`: the training's problems (true) or the public problems that may still be added (false). */
export const adminGetTrainingProblems = (tid: number, q: { currentPage: number; limit: number; keyword?: string; queryExisted: boolean }): Promise<AdminTrainingProblemList> =>
  api.get(`${base}/get-problem-list`, { query: { tid, ...q }, decode: (x) => decode(AdminTrainingProblemList, x) });

export async function adminSetTrainingProblemRank(tid: number, pid: number, rank: number): Promise<void> {
  await api.put(`${base}/problem`, { tid, pid, rank });
}

export async function adminRemoveTrainingProblem(tid: number, pid: number): Promise<void> {
  await api.delete(`${base}/problem`, { query: { tid, pid } });
}

/** Adds a public problem by its pid (the dialog) or its display id ("add by id"). */
export async function adminAddTrainingProblem(tid: number, problem: { pid: number } | { displayId: string }): Promise<void> {
  await api.post(`${base}/add-problem-from-public`, { tid, ...problem });
}

export const adminAddTrainingCategory = (body: TrainingCategoryBody): Promise<TrainingCategory> =>
  api.post(`${base}/category`, body, { decode: (x) => decode(TrainingCategory, x) });

export async function adminUpdateTrainingCategory(body: TrainingCategoryBody): Promise<void> {
  await api.put(`${base}/category`, body);
}

export async function adminDeleteTrainingCategory(id: number): Promise<void> {
  await api.delete(`${base}/category`, { query: { cid: id } });
}
