// Contests: bodies, queries, answers and the live events, one file per part.
export { CONTEST_LIMITS, CONTEST_STATUS, CONTEST_AUTH, DEFAULT_AWARDS, AccountLimitRule } from './common';
export * from './contests';
export * from './boards';
export * from './contest-day';
export * from './core';
export * from './board-batch';
