// REST calls of the home page, the user home and the global ranks, decoded with proto's schemas.
import {
  ACMRankVO,
  AnnouncementVO,
  decode,
  HomeCarousel,
  OIRankVO,
  Page,
  RankType,
  RecentContestVO,
  RecentUpdatedProblemVO,
  SubmissionStatisticsVO,
  UserCalendarHeatmapVO,
  UserHomeVO,
} from '@oj/proto';
import { api } from '../../lib/api';
import { listOf } from '../../lib/decoders';

const announcementPage = Page(AnnouncementVO);
const acmPage = Page(ACMRankVO);
const oiPage = Page(OIRankVO);

export const getCarousel = () => api.get('/home-carousel', { decode: listOf((x) => decode(HomeCarousel, x)) });

export const getAnnouncements = (currentPage: number, limit: number) =>
  api.get('/get-common-announcement', { query: { currentPage, limit }, decode: (x) => decode(announcementPage, x) });

export const getRecentContests = () => api.get('/get-recent-contest', { decode: listOf((x) => decode(RecentContestVO, x)) });

export const getSevenDayRank = () => api.get('/get-recent-seven-ac-rank', { decode: listOf((x) => decode(ACMRankVO, x)) });

export const getWeekStatistics = (forceRefresh = false) =>
  api.get('/get-last-week-submission-statistics', { query: { forceRefresh }, decode: (x) => decode(SubmissionStatisticsVO, x) });

export const getRecentProblems = () =>
  api.get('/get-recent-updated-problem', { decode: listOf((x) => decode(RecentUpdatedProblemVO, x)) });

export interface RankQuery {
  currentPage: number;
  limit: number;
  searchUser?: string;
}

export const getAcmRank = (q: RankQuery) =>
  api.get('/get-rank-list', { query: { ...q, type: RankType.ACM }, decode: (x) => decode(acmPage, x) });

export const getOiRank = (q: RankQuery) =>
  api.get('/get-rank-list', { query: { ...q, type: RankType.OI }, decode: (x) => decode(oiPage, x) });

export interface UserRef {
  uid?: string;
  username?: string;
}

export const getUserHome = (who: UserRef) => api.get('/get-user-home-info', { query: { ...who }, decode: (x) => decode(UserHomeVO, x) });

export const getUserHeatmap = (who: UserRef) =>
  api.get('/get-user-calendar-heatmap', { query: { ...who }, decode: (x) => decode(UserCalendarHeatmapVO, x) });
