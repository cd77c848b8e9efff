// Readers of one field of a feed object: each returns the value in our terms or throws FeedError at the event's
// line naming the field (missing, of the wrong type, or not a CLICS time).
import { FeedError, feedId, parseAbsTime, parseRelTime, type FeedObject } from './parser';

export function str(o: FeedObject, key: string, line: number): string {
  const v = o[key];
  if (typeof v !== 'string' || v.trim() === '') throw new FeedError(line, `missing field "${key}"`);
  return v;
}
export function optStr(o: FeedObject, key: string, line: number): string | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new FeedError(line, `"${key}" must be a string`);
  return v;
}
export function bool(o: FeedObject, key: string, line: number): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') throw new FeedError(line, `missing field "${key}" (a boolean)`);
  return v;
}
export function optBool(o: FeedObject, key: string, line: number): boolean | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'boolean') throw new FeedError(line, `"${key}" must be a boolean`);
  return v;
}
export function optNum(o: FeedObject, key: string, line: number): number | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new FeedError(line, `"${key}" must be a number`);
  return v;
}
export function ref(o: FeedObject, key: string, line: number): string {
  const v = feedId(o[key]);
  if (v === null) throw new FeedError(line, `missing field "${key}"`);
  return v;
}
export function relTime(o: FeedObject, key: string, line: number, required: boolean): number | null {
  const v = o[key];
  if (v === undefined || v === null) {
    if (required) throw new FeedError(line, `missing field "${key}"`);
    return null;
  }
  const ms = parseRelTime(v);
  if (ms === null) throw new FeedError(line, `"${key}" is not a relative time h:mm:ss(.uuu): ${JSON.stringify(v).slice(0, 40)}`);
  return ms;
}
export function absTime(o: FeedObject, key: string, line: number): number | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  const ms = parseAbsTime(v);
  if (ms === null) throw new FeedError(line, `"${key}" is not an ISO 8601 time: ${JSON.stringify(v).slice(0, 40)}`);
  return ms;
}
