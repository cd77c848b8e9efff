// The scoreboard engine: pure, browser-safe, shared by the services' projection and the web.
export * from './types';
export { recordKind, isJudgedStatus, isCounted, compareRecords } from './records';
export { compareRows, rankRows, applyMoves, awardQuotas, tieKey, type AwardQuota, type RankConfig } from './ranking';
export { pageBoard, type BoardPageQuery } from './page';
export { ScoreboardEngine } from './engine';
export { problemStats } from './stats';
export { BoardWindow, type WindowSnapshot, type Placed, type RankedRow } from './board-window';
