// REST calls of the training pages (the original product's paths), answers decoded with proto's schemas.
import {
  decode,
  Page,
  TrainingCategory,
  TrainingDetail,
  TrainingProblemVO,
  TrainingRankPage,
  TrainingVO,
  type PageOf,
  type TrainingListQuery,
  type TrainingRankQuery,
} from '@oj/proto';
import { api } from '../../lib/api';
import { listOf } from '../../lib/decoders';

const trainingPage = Page(TrainingVO);

export const getTrainingCategories = (): Promise<TrainingCategory[]> => api.get('/get-training-category', { decode: listOf((x) => decode(TrainingCategory, x)) });

export const getTrainingList = (q: TrainingListQuery): Promise<PageOf<TrainingVO>> =>
  api.get('/get-training-list', { query: { ...q }, decode: (x) => decode(trainingPage, x) });

export const getTrainingDetail = (tid: number, silent = false): Promise<TrainingDetail> =>
  api.get('/get-training-detail', { query: { tid }, silent, decode: (x) => decode(TrainingDetail, x) });

export async function registerTraining(tid: number, password: string): Promise<void> {
  await api.post('/register-training', { tid, password });
}

export const getTrainingProblems = (tid: number, silent = false): Promise<TrainingProblemVO[]> =>
  api.get('/get-training-problem-list', { query: { tid }, silent, decode: listOf((x) => decode(TrainingProblemVO, x)) });

export const getTrainingRank = (q: TrainingRankQuery, silent = false): Promise<TrainingRankPage> =>
  api.get('/get-training-rank', { query: { ...q }, silent, decode: (x) => decode(TrainingRankPage, x) });
