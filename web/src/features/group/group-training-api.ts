// REST calls of a group's trainings and rank (the original product's /api/group/*training* and
// /api/get-group-rank-list), and the training admin target the shared training admin pages use inside the group.
import { ACMRankVO, AdminTrainingDTO, AdminTrainingProblemList, AdminTrainingVO, decode, OIRankVO, Page, RankType, TrainingVO, type PageOf, type TrainingBody } from '@oj/proto';
import { api } from '../../lib/api';
import type { TrainingAdminTarget } from '../training/admin/training-admin-target';

const trainingPage = Page(TrainingVO);
const adminPage = Page(AdminTrainingVO);
const acmPage = Page(ACMRankVO);
const oiPage = Page(OIRankVO);

export const getGroupTrainingList = (gid: number, currentPage: number, limit: number): Promise<PageOf<TrainingVO>> =>
  api.get('/group/get-training-list', { silent: true, query: { gid, currentPage, limit }, decode: (x) => decode(trainingPage, x) });

export const getGroupRank = (q: { gid: number; type: number; currentPage: number; limit: number; searchUser?: string }): Promise<PageOf<ACMRankVO | OIRankVO>> =>
  api.get('/get-group-rank-list', { silent: true, query: { ...q }, decode: (x) => (q.type === RankType.ACM ? decode(acmPage, x) : decode(oiPage, x)) });

/** The shared training admin pages, acting on group `gid`'s trainings under /group/:gid/training/admin. */
export function groupTrainingAdmin(gid: number): TrainingAdminTarget {
  const withGid = (body: TrainingBody) => ({ ...body, training: { ...body.training, gid } });
  return {
    base: `/group/${gid}/training/admin`,
    view: (tid) => `/group/${gid}/training/${tid}`,
    mayDelete: true,
    list: (currentPage, limit) => api.get('/group/get-admin-training-list', { query: { gid, currentPage, limit }, decode: (x) => decode(adminPage, x) }),
    get: (tid) => api.get('/group/training', { query: { tid }, decode: (x) => decode(AdminTrainingDTO, x) }),
    create: (body) => api.post('/group/training', withGid(body)),
    update: async (body) => void (await api.put('/group/training', withGid(body))),
    remove: async (tid) => void (await api.delete('/group/training', { query: { tid } })),
    changeStatus: async (t, status) => void (await api.put('/group/change-training-status', undefined, { query: { tid: t.id, status } })),
    problems: (tid, q) => api.get('/group/get-training-problem-list', { query: { tid, ...q }, decode: (x) => decode(AdminTrainingProblemList, x) }),
    setRank: async (tid, pid, rank) => void (await api.put('/group/training-problem', { tid, pid, rank })),
    removeProblem: async (tid, pid) => void (await api.delete('/group/training-problem', { query: { tid, pid } })),
    addProblem: async (tid, problem) => void (await api.post('/group/add-training-problem-from-public', { tid, ...problem })),
    addFromGroup: async (tid, problemId) => void (await api.post('/group/add-training-problem-from-group', undefined, { query: { tid, problemId } })),
  };
}
