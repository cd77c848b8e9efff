// CLICS Contest API event feed (NDJSON) → one normalised event per line. Accepts the 2022-07/2023-06 shape
// `{type, id, data, token?}` (data null = delete, an array = the whole collection) and the 2020-03 shape
// `{id (event id), type, op, data}`. Only the envelope is checked here; the validator checks the objects.

/** A feed refused at `line` (1-based; the line count for a problem of the whole feed). */
export class FeedError extends Error {
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(`line ${line}: ${detail}`);
    this.name = 'FeedError';
  }
}

export type FeedObject = Record<string, unknown>;

/** The event types the feed formats define (2020-03 to 2023-06); anything else is refused. */
export const HANDLED_TYPES = ['contest', 'judgement-types', 'languages', 'problems', 'groups', 'organizations', 'teams', 'state', 'submissions', 'judgements'] as const;
export type HandledType = (typeof HANDLED_TYPES)[number];
/** Defined by the specification but not needed for a board: read past. */
export const IGNORED_TYPES = ['persons', 'accounts', 'team-members', 'runs', 'clarifications', 'awards', 'commentary'] as const;

export interface FeedEvent {
  line: number;
  type: HandledType;
  /** Object id; null for the contest and state singletons and for whole-collection events. */
  id: string | null;
  /** The object, the whole collection (array), or null for a delete. */
  data: FeedObject | FeedObject[] | null;
}

export interface ParsedFeed {
  events: FeedEvent[];
  /** Lines in the text (the line reported for problems of the feed as a whole). */
  lineCount: number;
}

const isObject = (v: unknown): v is FeedObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An id as the feed gives it (a string; integers are tolerated and turned into strings). */
export function feedId(v: unknown): string | null {
  if (typeof v === 'string' && v.length > 0 && v.length <= 100) return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return null;
}

function normaliseType(raw: unknown, line: number): HandledType | null {
  if (typeof raw !== 'string') throw new FeedError(line, 'the event has no "type"');
  const type = raw === 'contests' ? 'contest' : raw;
  if ((HANDLED_TYPES as readonly string[]).includes(type)) return type as HandledType;
  if ((IGNORED_TYPES as readonly string[]).includes(type)) return null;
  throw new FeedError(line, `unknown event type "${raw.slice(0, 50)}"`);
}

function parseLine(text: string, line: number): FeedEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new FeedError(line, 'malformed JSON');
  }
  if (!isObject(raw)) throw new FeedError(line, 'an event must be a JSON object');
  const type = normaliseType(raw.type, line);
  if (type === null) return null;

  if ('op' in raw) {
    // 2020-03: `id` is the event's own id; the object carries its id in data.
    const op = raw.op;
    if (op !== 'create' && op !== 'update' && op !== 'delete') throw new FeedError(line, `unknown op "${String(op).slice(0, 20)}"`);
    if (!isObject(raw.data)) throw new FeedError(line, 'missing field "data"');
    const id = feedId(raw.data.id);
    if (type === 'state') return { line, type, id: null, data: op === 'delete' ? null : raw.data };
    if (id === null) throw new FeedError(line, 'missing field "data.id"');
    return { line, type, id, data: op === 'delete' ? null : raw.data };
  }

  // 2022-07 and later.
  if (!('data' in raw)) throw new FeedError(line, 'missing field "data"');
  const envelopeId = raw.id === undefined || raw.id === null ? null : feedId(raw.id);
  if (raw.id !== undefined && raw.id !== null && envelopeId === null) throw new FeedError(line, 'invalid "id"');
  const data = raw.data;
  if (data === null) {
    if (type === 'state') return { line, type, id: null, data: null };
    if (envelopeId === null) throw new FeedError(line, 'a delete needs an "id"');
    return { line, type, id: envelopeId, data: null };
  }
  if (Array.isArray(data)) {
    if (envelopeId !== null) throw new FeedError(line, 'a collection event must have a null "id"');
    if (type === 'contest' || type === 'state') throw new FeedError(line, `"${type}" data must be an object`);
    if (!data.every(isObject)) throw new FeedError(line, 'every element of a collection must be an object');
    return { line, type, id: null, data };
  }
  if (!isObject(data)) throw new FeedError(line, '"data" must be an object, an array or null');
  if (type === 'state') return { line, type, id: null, data };
  const dataId = feedId(data.id);
  if (dataId === null) throw new FeedError(line, 'missing field "data.id"');
  if (envelopeId !== null && envelopeId !== dataId) throw new FeedError(line, `"id" ${envelopeId} differs from "data.id" ${dataId}`);
  return { line, type, id: dataId, data };
}

/** Splits the NDJSON text into events. Blank lines (the feed's keep-alives) are skipped but counted. */
export function parseFeed(text: string): ParsedFeed {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const events: FeedEvent[] = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '') continue;
    const ev = parseLine(t, i + 1);
    if (ev) events.push(ev);
  }
  return { events, lineCount: Math.max(lines.length, 1) };
}

// ---------- CLICS times ----------

const RELTIME = /^(-)?(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,9}))?$/;
const ABSTIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)$/;

const millis = (frac: string | undefined) => (frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0);

/** `(-)h:mm:ss(.uuu)` → milliseconds; null when malformed. */
export function parseRelTime(s: unknown): number | null {
  if (typeof s !== 'string') return null;
  const m = RELTIME.exec(s);
  if (!m) return null;
  const ms = Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000 + Number(m[4]) * 1000 + millis(m[5]);
  if (!Number.isSafeInteger(ms)) return null;
  return m[1] ? -ms : ms;
}

/** Milliseconds → `h:mm:ss.uuu` (with a leading `-` when negative). */
export function formatRelTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const a = Math.abs(Math.trunc(ms));
  const h = Math.floor(a / 3_600_000);
  const m = Math.floor((a % 3_600_000) / 60_000);
  const s = Math.floor((a % 60_000) / 1000);
  const u = a % 1000;
  return `${sign}${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(u).padStart(3, '0')}`;
}

/** ISO 8601 with a zone (`Z`, `+01`, `+01:00`) → epoch ms; null when malformed. */
export function parseAbsTime(s: unknown): number | null {
  if (typeof s !== 'string') return null;
  const m = ABSTIME.exec(s);
  if (!m) return null;
  const [, y, mo, d, h, mi, se, frac, zone] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(se) > 60) return null;
  let t = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(se), millis(frac));
  if (zone !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone!)!;
    const offset = (Number(z[2]) * 60 + Number(z[3] ?? 0)) * 60_000;
    t += z[1] === '+' ? -offset : offset;
  }
  return Number.isFinite(t) ? t : null;
}

/** Epoch ms → `yyyy-mm-ddThh:mm:ss.uuuZ`. */
export const formatAbsTime = (ms: number): string => new Date(ms).toISOString();
