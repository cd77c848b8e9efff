// Shared pieces of the contest contracts: limits, status and auth codes, default awards, the account-name rule.
import { Type, type Static } from '@sinclair/typebox';
import type { AwardConfig } from '../scoreboard/types';

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
export const INT4_MAX = 2_147_483_647;
export const Id = Type.Integer({ minimum: 1, maximum: INT4_MAX });
/** Query integers arrive as strings; Fastify's coercion turns them into numbers before validation. */
export const QPage = Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX }));
/** The paging fields of a list query: the page (from 1) and its size (at most 100). */
export const PageQuery = { currentPage: QPage, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) };

/** Contest page sizes and limits of the original product. */
export const CONTEST_LIMITS = {
  listPageSize: 10,
  rankPageSize: 50,
  rankPageSizes: [10, 30, 50, 100, 300],
  /** Our own web client reads whole boards at once (virtualised); the REST page size is capped here. */
  maxRankLimit: 5000,
  acInfoPageSize: 20,
  printPageSize: 15,
  printMinLength: 50,
  printMaxLength: 100_000,
  /** One print every 30 s per user. */
  printIntervalS: 30,
  sealOptionsS: [1800, 3600],
  /** ACM penalty per penalised rejection, in minutes. */
  penaltyMinutes: 20,
  titleMax: 255,
  descriptionMax: 65_535,
  maxStarAccounts: 1000,
  maxProblems: 52,
} as const;

/** Contest status: −1 Scheduled, 0 Running, 1 Ended. */
export const CONTEST_STATUS = { SCHEDULED: -1, RUNNING: 0, ENDED: 1 } as const;
/** Contest auth: 0 public, 1 private (password to view and submit), 2 protected (view; password to submit). */
export const CONTEST_AUTH = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;

/** Default award levels: gold 10, silver 20, bronze 30. */
export const DEFAULT_AWARDS: AwardConfig[] = [
  { priority: 1, name: 'Gold Medal', background: '#e6bf25', color: '#ffffff', num: 10 },
  { priority: 2, name: 'Silver Medal', background: '#b4b4b4', color: '#ffffff', num: 20 },
  { priority: 3, name: 'Bronze Medal', background: '#b87333', color: '#ffffff', num: 30 },
];

/**
 * The account-name limit rule: usernames `prefix + n + suffix` for n in [number_from, number_to], plus
 * the extra accounts. Stored as one tagged string `<prefix>…</prefix><suffix>…</suffix><number_from>…</number_from>
 * <number_to>…</number_to><extra_account>a b c</extra_account>` like the original product.
 */
export const AccountLimitRule = Type.Object({
  prefix: Type.String({ maxLength: 50 }),
  suffix: Type.String({ maxLength: 50 }),
  number_from: Type.Integer({ minimum: 0 }),
  number_to: Type.Integer({ minimum: 0 }),
  extra_account: Type.String({ maxLength: 10_000 }),
});
export type AccountLimitRule = Static<typeof AccountLimitRule>;
