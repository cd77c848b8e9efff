// The admin contest form's rules: required fields, times and duration, the password of private and protected
// contests, the seal and its default, star users without duplicates, award levels, the account-name rule; and which
// fields change what the board shows.
import { CONTEST_AUTH, DEFAULT_AWARDS, OjError, type AdminContestBody, type AwardConfig } from '@oj/proto';
import type { contest } from '../db/schema';
import { parseAccountLimitRule, type ContestRow } from './access';

/** Fields whose change alters the board: the projection must be recomputed. */
const BOARD_FIELDS = ['type', 'startTime', 'endTime', 'duration', 'sealRank', 'sealRankTime', 'autoRealRank', 'starAccount', 'oiRankScoreType', 'awardType', 'awardConfig', 'allowEndSubmit'] as const;

export type ContestValues = Omit<typeof contest.$inferInsert, 'id' | 'uid' | 'author'> & Pick<ContestRow, (typeof BOARD_FIELDS)[number]>;

/** Whether a tagged account-limit rule allows anybody: a number range or extra accounts. */
export function accountRuleUsable(rule: string | null | undefined): boolean {
  const r = parseAccountLimitRule(rule ?? null);
  if (!r) return false;
  const tagged = (name: string) => new RegExp(`<${name}>\\s*\\d+\\s*</${name}>`).test(rule!);
  const range = tagged('number_from') && tagged('number_to') && r.from <= r.to;
  return range || r.extra.length > 0;
}

/** The contest form's rules → column values; `pwd` is still the plain password (or undefined: keep the stored one). */
export function contestValues(b: AdminContestBody): ContestValues {
  const title = b.title.trim();
  if (!title) throw new OjError('VALIDATION_FAILED', { detail: 'title' });
  if (!b.description.trim()) throw new OjError('VALIDATION_FAILED', { detail: 'description' });
  const startTime = new Date(b.startTime);
  const endTime = new Date(b.endTime);
  if (Number.isNaN(startTime.getTime()) || Number.isNaN(endTime.getTime())) throw new OjError('VALIDATION_FAILED', { detail: 'startTime/endTime' });
  const duration = Math.floor((endTime.getTime() - startTime.getTime()) / 1000);
  if (duration <= 0) throw new OjError('CONTEST_TIME_INVALID');
  if (duration > 2_000_000_000) throw new OjError('VALIDATION_FAILED', { detail: 'endTime' });

  // A blank password of a private or protected contest keeps the stored one (contest-password.ts `pwdColumn`).
  const pwd = b.pwd ?? '';
  const formPwd = b.auth === CONTEST_AUTH.PUBLIC ? null : pwd.trim() === '' ? undefined : pwd;

  const sealRank = b.sealRank ?? false;
  let sealRankTime: Date | null = null;
  if (sealRank) {
    if (b.sealRankTime) {
      sealRankTime = new Date(b.sealRankTime);
      if (Number.isNaN(sealRankTime.getTime()) || sealRankTime < startTime || sealRankTime > endTime) throw new OjError('CONTEST_SEAL_TIME_INVALID');
    } else {
      // The form's default on enabling the seal: one hour before the end for ACM of at least an hour, else from the start.
      sealRankTime = b.type === 0 && duration >= 3600 ? new Date(endTime.getTime() - 3_600_000) : startTime;
    }
  }

  const stars: string[] = [];
  for (const raw of b.starAccount ?? []) {
    const name = raw.trim();
    if (!name) continue;
    if (stars.includes(name)) throw new OjError('CONTEST_STAR_DUPLICATE', { username: name });
    stars.push(name);
  }

  const awardType = b.awardType ?? 0;
  let awards: AwardConfig[] = [...(b.awardConfigList ?? [])].sort((x, y) => x.priority - y.priority);
  if (awardType !== 0 && awards.length === 0) awards = DEFAULT_AWARDS;
  if (awardType === 1 && awards.reduce((s, a) => s + a.num, 0) > 100) throw new OjError('VALIDATION_FAILED', { detail: 'awardConfigList: the proportions exceed 100%' });

  const openAccountLimit = b.openAccountLimit ?? false;
  const accountLimitRule = b.accountLimitRule?.trim() || null;
  if (openAccountLimit && !accountRuleUsable(accountLimitRule)) throw new OjError('VALIDATION_FAILED', { detail: 'accountLimitRule' });

  return {
    title,
    description: b.description,
    type: b.type,
    source: b.source ?? 0,
    auth: b.auth,
    pwd: formPwd,
    startTime,
    endTime,
    duration,
    sealRank,
    sealRankTime,
    autoRealRank: b.autoRealRank ?? true,
    visible: b.visible ?? true,
    openPrint: b.openPrint ?? false,
    openRank: b.openRank ?? false,
    rankShowName: b.rankShowName ?? 'username',
    openAccountLimit,
    accountLimitRule,
    starAccount: stars,
    oiRankScoreType: b.oiRankScoreType ?? 'Recent',
    awardType,
    awardConfig: awards,
    allowEndSubmit: b.allowEndSubmit ?? false,
  };
}

export function boardChanged(old: ContestRow, next: ContestValues): boolean {
  const norm = (v: unknown) => (v instanceof Date ? v.getTime() : JSON.stringify(v ?? null));
  return BOARD_FIELDS.some((k) => norm(old[k]) !== norm(next[k]));
}
