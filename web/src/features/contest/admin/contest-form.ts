// The admin contest form's model: defaults, the seal options and their disabling rules, star
// users, award levels, the account-limit rule string, validation, and the mapping to and from the REST shapes.
import { CONTEST_AUTH, DEFAULT_AWARDS, type AdminContestBody, type AdminContestVO, type AwardConfig } from '@oj/proto';
import type { MessageId } from '../../../i18n/zh-CN';

/** Seal start: half an hour before the end, one hour before the end, or the whole contest. */
export type SealOption = 'halfHour' | 'oneHour' | 'fromStart';
export const SEAL_OPTIONS: readonly SealOption[] = ['halfHour', 'oneHour', 'fromStart'];
const SEAL_OFFSET_S: Record<Exclude<SealOption, 'fromStart'>, number> = { halfHour: 1800, oneHour: 3600 };

export type RankShowName = 'username' | 'realname' | 'nickname';

export interface AccountLimitFields {
  prefix: string;
  suffix: string;
  number_from: number;
  number_to: number;
  extra_account: string;
}

export interface ContestForm {
  id?: number;
  title: string;
  description: string;
  /** 0 ACM, 1 OI. */
  type: number;
  /** 0 public, 1 private, 2 protected. */
  auth: number;
  /** A new password; blank keeps the stored one when `pwdSet` (the server never shows a password back). */
  pwd: string;
  pwdSet: boolean;
  /** `YYYY-MM-DDTHH:mm` (or with seconds), the browser's local time, as a datetime-local input holds it. */
  startTime: string;
  endTime: string;
  sealRank: boolean;
  sealOption: SealOption;
  autoRealRank: boolean;
  visible: boolean;
  openPrint: boolean;
  openRank: boolean;
  allowEndSubmit: boolean;
  rankShowName: RankShowName;
  oiRankScoreType: 'Recent' | 'Highest';
  openAccountLimit: boolean;
  accountLimit: AccountLimitFields;
  starAccount: string[];
  awardType: number;
  awardConfigList: AwardConfig[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local value (`YYYY-MM-DDTHH:mm`, seconds only when not zero). */
export function toLocalInput(d: Date): string {
  const base = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.getSeconds() ? `${base}:${pad(d.getSeconds())}` : base;
}

/** A datetime-local value as epoch ms; NaN when empty or malformed. */
export function fromLocalInput(v: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v)) return Number.NaN;
  return new Date(v).getTime();
}

/** Contest length in seconds; 0 when a time is missing or the end is not after the start (Contets_Time_Check). */
export function formDurationS(f: Pick<ContestForm, 'startTime' | 'endTime'>): number {
  const s = fromLocalInput(f.startTime);
  const e = fromLocalInput(f.endTime);
  if (Number.isNaN(s) || Number.isNaN(e) || e <= s) return 0;
  return Math.floor((e - s) / 1000);
}

/** True when both times are set and the end is before the start. */
export function endBeforeStart(f: Pick<ContestForm, 'startTime' | 'endTime'>): boolean {
  const s = fromLocalInput(f.startTime);
  const e = fromLocalInput(f.endTime);
  return !Number.isNaN(s) && !Number.isNaN(e) && e < s;
}

/** Half an hour needs 1800 s of contest, one hour 3600 s; "from start" is always possible. */
export function sealOptionEnabled(option: SealOption, durationS: number): boolean {
  return option === 'fromStart' || durationS >= SEAL_OFFSET_S[option];
}

/** Default when the seal is switched on: one hour for an ACM contest of at least an hour, else from the start. */
export function defaultSealOption(type: number, durationS: number): SealOption {
  return type === 0 && durationS >= 3600 ? 'oneHour' : 'fromStart';
}

/** The option still valid for a new duration (a too-short contest falls back to the default). */
export function fitSealOption(option: SealOption, type: number, durationS: number): SealOption {
  return sealOptionEnabled(option, durationS) ? option : defaultSealOption(type, durationS);
}

/** Seal start as epoch ms. */
export function sealTimeMs(option: SealOption, startMs: number, endMs: number): number {
  return option === 'fromStart' ? startMs : endMs - SEAL_OFFSET_S[option] * 1000;
}

/** The option a stored seal time stands for (anything else counts as from the start). */
export function sealOptionOf(sealIso: string | null, startIso: string, endIso: string): SealOption {
  if (!sealIso) return 'fromStart';
  const before = (Date.parse(endIso) - Date.parse(sealIso)) / 1000;
  if (before === 1800 && Date.parse(sealIso) > Date.parse(startIso)) return 'halfHour';
  if (before === 3600 && Date.parse(sealIso) > Date.parse(startIso)) return 'oneHour';
  return 'fromStart';
}

export type StarAddResult = { ok: true; list: string[] } | { ok: false; reason: 'empty' | 'duplicate' };

/** Adds a star user: trimmed, empty ignored, a duplicate refused (Add_Star_User_Error). */
export function addStarUser(list: readonly string[], raw: string): StarAddResult {
  const name = raw.trim();
  if (!name) return { ok: false, reason: 'empty' };
  if (list.includes(name)) return { ok: false, reason: 'duplicate' };
  return { ok: true, list: [...list, name] };
}

/** The tagged string the server stores (see proto AccountLimitRule). */
export function encodeAccountLimitRule(r: AccountLimitFields): string {
  const extra = r.extra_account
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean)
    .join(' ');
  return (
    `<prefix>${r.prefix.trim()}</prefix><suffix>${r.suffix.trim()}</suffix>` +
    `<number_from>${r.number_from}</number_from><number_to>${r.number_to}</number_to>` +
    `<extra_account>${extra}</extra_account>`
  );
}

export const EMPTY_ACCOUNT_LIMIT: AccountLimitFields = { prefix: '', suffix: '', number_from: 0, number_to: 10, extra_account: '' };

export function decodeAccountLimitRule(s: string | null): AccountLimitFields {
  if (!s) return { ...EMPTY_ACCOUNT_LIMIT };
  const tag = (name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(s)?.[1] ?? '';
  const int = (v: string, d: number) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : d);
  return {
    prefix: tag('prefix'),
    suffix: tag('suffix'),
    number_from: int(tag('number_from'), 0),
    number_to: int(tag('number_to'), 10),
    extra_account: tag('extra_account').split(/\s+/).filter(Boolean).join('\n'),
  };
}

/** The default gold/silver/bronze levels, named in the organiser's language when `names` is given. */
export const defaultAwards = (names?: readonly [string, string, string]): AwardConfig[] =>
  DEFAULT_AWARDS.map((a, i) => ({ ...a, name: names?.[i] ?? a.name }));

/** A new contest: starts in an hour, lasts five hours, public, ACM, visible. */
export function newContestForm(now = Date.now(), awardNames?: readonly [string, string, string]): ContestForm {
  const start = new Date(Math.ceil((now + 3600_000) / 3600_000) * 3600_000);
  const end = new Date(start.getTime() + 5 * 3600_000);
  return {
    title: '',
    description: '',
    type: 0,
    auth: CONTEST_AUTH.PUBLIC,
    pwd: '',
    pwdSet: false,
    startTime: toLocalInput(start),
    endTime: toLocalInput(end),
    sealRank: false,
    sealOption: 'oneHour',
    autoRealRank: true,
    visible: true,
    openPrint: false,
    openRank: false,
    allowEndSubmit: false,
    rankShowName: 'username',
    oiRankScoreType: 'Recent',
    openAccountLimit: false,
    accountLimit: { ...EMPTY_ACCOUNT_LIMIT },
    starAccount: [],
    awardType: 0,
    awardConfigList: defaultAwards(awardNames),
  };
}

export function formFromVO(vo: AdminContestVO): ContestForm {
  return {
    id: vo.id,
    title: vo.title,
    description: vo.description,
    type: vo.type,
    auth: vo.auth,
    pwd: vo.pwd ?? '',
    pwdSet: vo.pwdSet ?? false,
    startTime: toLocalInput(new Date(vo.startTime)),
    endTime: toLocalInput(new Date(vo.endTime)),
    sealRank: vo.sealRank,
    sealOption: sealOptionOf(vo.sealRankTime, vo.startTime, vo.endTime),
    autoRealRank: vo.autoRealRank,
    visible: vo.visible,
    openPrint: vo.openPrint,
    openRank: vo.openRank,
    allowEndSubmit: vo.allowEndSubmit,
    rankShowName: (['username', 'realname', 'nickname'] as const).find((n) => n === vo.rankShowName) ?? 'username',
    oiRankScoreType: vo.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent',
    openAccountLimit: vo.openAccountLimit,
    accountLimit: decodeAccountLimitRule(vo.accountLimitRule),
    starAccount: [...vo.starAccount],
    awardType: vo.awardType,
    awardConfigList: vo.awardConfigList.length > 0 ? vo.awardConfigList.map((a) => ({ ...a })) : defaultAwards(),
  };
}

/** The first rule the form breaks, as a message id (null when it may be sent). */
export function validateContestForm(f: ContestForm): MessageId | null {
  if (!f.title.trim()) return 'contest.form.titleRequired';
  if (!f.description.trim()) return 'contest.form.descriptionRequired';
  if (Number.isNaN(fromLocalInput(f.startTime))) return 'contest.form.startRequired';
  if (Number.isNaN(fromLocalInput(f.endTime))) return 'contest.form.endRequired';
  if (endBeforeStart(f)) return 'contest.form.timeCheck';
  if (formDurationS(f) <= 0) return 'contest.form.durationCheck';
  if (f.auth !== CONTEST_AUTH.PUBLIC && !f.pwd.trim() && !f.pwdSet) return 'contest.form.passwordRequired';
  if (f.sealRank && !sealOptionEnabled(f.sealOption, formDurationS(f))) return 'contest.form.sealInvalid';
  if (f.openAccountLimit && f.accountLimit.number_from > f.accountLimit.number_to) return 'contest.form.accountRangeInvalid';
  if (f.awardType !== 0) {
    if (f.awardConfigList.length === 0) return 'contest.form.awardRequired';
    if (f.awardConfigList.some((a) => !a.name.trim() || !Number.isInteger(a.num) || a.num < 0)) return 'contest.form.awardInvalid';
    if (f.awardType === 1 && f.awardConfigList.reduce((s, a) => s + a.num, 0) > 100) return 'contest.form.awardPercentTooHigh';
  }
  return null;
}

/** The REST body (AdminContestBody) of a valid form. */
export function formToBody(f: ContestForm): AdminContestBody {
  const startMs = fromLocalInput(f.startTime);
  const endMs = fromLocalInput(f.endTime);
  return {
    ...(f.id !== undefined ? { id: f.id } : {}),
    title: f.title.trim(),
    description: f.description,
    type: f.type,
    auth: f.auth,
    pwd: f.auth === CONTEST_AUTH.PUBLIC ? null : f.pwd.trim(),
    startTime: new Date(startMs).toISOString(),
    endTime: new Date(endMs).toISOString(),
    sealRank: f.sealRank,
    sealRankTime: f.sealRank ? new Date(sealTimeMs(f.sealOption, startMs, endMs)).toISOString() : null,
    autoRealRank: f.autoRealRank,
    visible: f.visible,
    openPrint: f.openPrint,
    openRank: f.openRank,
    allowEndSubmit: f.allowEndSubmit,
    rankShowName: f.rankShowName,
    oiRankScoreType: f.oiRankScoreType,
    openAccountLimit: f.openAccountLimit,
    accountLimitRule: f.openAccountLimit ? encodeAccountLimitRule(f.accountLimit) : null,
    starAccount: f.starAccount,
    awardType: f.awardType,
    awardConfigList: f.awardConfigList.map((a, i) => ({ ...a, name: a.name.trim(), priority: i + 1 })),
  };
}

/** The first letter A…Z not used as a display id yet (the add dialog's suggestion); '' when all are taken. */
export function nextDisplayId(used: readonly string[]): string {
  const taken = new Set(used.map((u) => u.toUpperCase()));
  // A … Z, then AA, AB … (a contest holds at most 52 problems).
  for (let i = 0; ; i++) {
    const id = i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26));
    if (!taken.has(id)) return id;
  }
}

/** Whether `id` is taken already (display ids compare case-insensitively, as the suggestion does). */
export const displayIdTaken = (used: readonly string[], id: string): boolean => used.some((u) => u.toUpperCase() === id.trim().toUpperCase());

/** Display ids: letters, digits, '_' and '-', at most 20 (as the server checks). */
export const DISPLAY_ID_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;
