// Catalogue parts generated from @oj/proto so error texts and status names stay single-sourced.
import { ERRORS, JUDGE_STATUS_NAME, type ErrorCode, type JudgeStatusCode } from '@oj/proto';

export type ErrorMessageId = `error.${ErrorCode}`;
export type StatusMessageId = `judge.status.${JudgeStatusCode}`;

/** `error.<CODE>` → the catalogue's text in one language (ICU placeholders like `{seconds}` carry over). */
export function errorMessages(lang: 'zh' | 'en'): Record<ErrorMessageId, string> {
  const out = {} as Record<ErrorMessageId, string>;
  for (const code of Object.keys(ERRORS) as ErrorCode[]) out[`error.${code}`] = ERRORS[code][lang];
  return out;
}

/** English status names come from proto; other languages pass their own table keyed by code. */
export function statusMessages(names: Record<JudgeStatusCode, string> = JUDGE_STATUS_NAME): Record<StatusMessageId, string> {
  const out = {} as Record<StatusMessageId, string>;
  for (const [code, name] of Object.entries(names)) out[`judge.status.${code}` as StatusMessageId] = name;
  return out;
}
