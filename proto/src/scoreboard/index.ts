// The scoreboard engine: pure, browser-safe, shared by the services' projection and the web.
export * from './types';
export { recordKind, isJudgedStatus, isCounted, compareRecords } from './records';
export { compareRows, rankRows, applyMoves, awardQuotas, type AwardQuota, type RankConfig } from './ranking';
export { pageBoard, type BoardPageQuery } from './page';
export { ScoreboardEngine } from './engine';
