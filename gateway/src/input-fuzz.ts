// For the gateway's tests only: malformed requests generated from the route table (each route's own schemas), and
// the check that an answer to one is a catalogued refusal in the caller's language, never a 5xx.
import { Writable } from 'node:stream';
import pino from 'pino';
import { ERRORS, isErrorCode, type Locale } from '@oj/proto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RouteEntry } from './gateway';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';
import { PROBES } from './ops/request-observer';

/** The JSON Schema keywords the generator reads (TypeBox schemas are JSON Schema). */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

const PATTERN_TRIES = ['1', 'a', 'abcdefgh12', 'ABCDEFGH-1234', '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', '#ffffff', 'a@b.co', '2024-01-01'];

/** A value the schema accepts, as far as a generator can tell (the baseline one field of which is made bad). */
export function validValue(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return 'a';
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return validValue(alt.find((a) => a.type !== 'null') ?? alt[0], depth + 1);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((a) => validValue(a, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return s.maximum !== undefined ? Math.min(min, s.maximum) : min;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => validValue(s.items, depth + 1));
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(v, depth + 1)]));
    default:
      return validString(s);
  }
}

function validString(s: Schema): string {
  if (s.format === 'date-time') return new Date(Date.UTC(2030, 0, 1)).toISOString();
  if (s.format === 'date') return '2030-01-01';
  if (s.format === 'email') return 'fuzz@example.com';
  const len = Math.max(1, s.minLength ?? 1);
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    return PATTERN_TRIES.find((t) => re.test(t)) ?? 'a'.repeat(len);
  }
  return 'a'.repeat(Math.min(len, s.maxLength ?? len));
}

export const NUL = 'fu\u0000zz';

/** Bad values for one field, whatever its type: each is wrong for most fields, and harmless to a correct server. */
export const BAD_VALUES: readonly unknown[] = [
  NUL,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  1.5,
  'x'.repeat(100_000),
  [],
  {},
  [NUL],
  { [NUL]: NUL },
  '2030-13-45T99:99:99Z',
  true,
];

/** The same, as query-string text (a query field is always a string, or several). */
export const BAD_QUERY_VALUES: readonly (string | string[])[] = [NUL, '2147483648', '-2147483649', '9007199254740993', '1e400', '1.5', 'NaN', 'x'.repeat(4_000), ['1', '2'], '', '%', '2030-13-45'];

/** Larger than any JSON route accepts (the biggest, a user import, takes 8 MiB). */
const OVERSIZED = JSON.stringify({ x: 'x'.repeat(12 * 1024 * 1024) });

/** The bad values sent one field at a time (`deep`): the kinds that reached the database as a 500 before. */
const DEEP_VALUES: readonly unknown[] = [NUL, 2 ** 31, 'x'.repeat(100_000), []];
const DEEP_QUERY_VALUES: readonly (string | string[])[] = [NUL, '2147483648'];

export interface FuzzCase {
  /** What is wrong with this request, for the failure report. */
  what: string;
  request: InjectOptions;
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';

const propsOf = (s: unknown): Record<string, Schema> => ((s as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;

function queryString(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    for (const one of [v].flat()) parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(typeof one === 'string' ? one : JSON.stringify(one))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Fields a route without a querystring schema is sent anyway (a route reading an undeclared field is a hole). */
const STRAY_FIELDS = ['pid', 'cid', 'id', 'uid', 'gid', 'page', 'limit'];

/**
 * The malformed requests for one route: every bad value in every field (query, params, body) from a baseline the
 * schema accepts, and bodies that are not what the route expects (broken JSON, an array, other content types,
 * broken multipart, too deep, too big): each bad value in every field at once, and with `deep` also one field at a
 * time from the valid baseline (so that a field checked late, in the services, is reached).
 */
export function fuzzCases(route: RouteEntry, deep: boolean): FuzzCase[] {
  const schema = (route.schema ?? {}) as { querystring?: Schema; body?: Schema; params?: Schema };
  const qProps = propsOf(schema.querystring);
  const qNames = Object.keys(qProps).length > 0 ? Object.keys(qProps) : STRAY_FIELDS;
  const qBase = Object.fromEntries(Object.entries(qProps).map(([k, v]) => [k, String(validValue(v))]));
  const bodyBase = validValue(schema.body) as Record<string, unknown>;
  const bodyNames = Object.keys(propsOf(schema.body));
  const urlOf = (params: string, q: Record<string, unknown>) => `${route.url.replace(/:[A-Za-z]+/g, params).replace('*', 'x')}${queryString(q)}`;
  const cases: FuzzCase[] = [];
  const send = (what: string, q: Record<string, unknown>, body?: InjectOptions['payload'], headers: Record<string, string> = {}, params = 'x') =>
    cases.push({ what, request: { method: route.method as 'GET', url: urlOf(params, q), ...(body !== undefined && { payload: body }), headers } });
  const jsonBody = hasBody(route.method) ? (bodyBase ?? {}) : undefined;

  for (const [i, bad] of BAD_QUERY_VALUES.entries()) {
    send(`every query field ${i}: ${JSON.stringify(bad).slice(0, 40)}`, Object.fromEntries(qNames.map((k) => [k, bad])), jsonBody);
  }
  if (deep) for (const bad of DEEP_QUERY_VALUES) for (const k of qNames) send(`query ${k}=${JSON.stringify(bad).slice(0, 40)}`, { ...qBase, [k]: bad }, jsonBody);
  if (route.url.includes(':')) {
    for (const p of ['%00', '%', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000), '%E0%A4%A']) send(`param ${p.slice(0, 20)}`, qBase, jsonBody, {}, p);
  }
  if (!hasBody(route.method)) return cases;

  const base = typeof bodyBase === 'object' && bodyBase !== null && !Array.isArray(bodyBase) ? bodyBase : {};
  const names = bodyNames.length > 0 ? bodyNames : ['id'];
  for (const [i, bad] of BAD_VALUES.entries()) {
    send(`every body field ${i}: ${JSON.stringify(bad).slice(0, 40)}`, qBase, Object.fromEntries(names.map((k) => [k, bad])));
  }
  if (deep) for (const bad of DEEP_VALUES) for (const k of names) send(`body ${k}=${JSON.stringify(bad).slice(0, 40)}`, qBase, { ...base, [k]: bad });
  const json = { 'content-type': 'application/json' };
  const raw: [string, string | Buffer, Record<string, string>][] = [
    ['broken JSON', '{"a":', json],
    ['JSON array', '[1,2]', json],
    ['JSON null', 'null', json],
    ['JSON string', '"x"', json],
    ['JSON number', '1e400', json],
    ['empty JSON', '', json],
    ['proto poisoning', '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}', json],
    ['deep JSON', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, json],
    ['NUL key', JSON.stringify({ ...(typeof bodyBase === 'object' ? bodyBase : {}), [NUL]: 1 }), json],
    ['text/plain', 'hello', { 'content-type': 'text/plain' }],
    ['unknown type', '<a/>', { 'content-type': 'application/xml' }],
    ['UTF-16 JSON', '{}', { 'content-type': 'application/json; charset=utf-16' }],
    ['multipart without boundary', 'xxx', { 'content-type': 'multipart/form-data' }],
    [
      'truncated multipart',
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.zip"\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004garbage',
      { 'content-type': 'multipart/form-data; boundary=XX' },
    ],
    ['multipart garbage', '--XX\r\nnot a header\r\n\r\n--XX--\r\n', { 'content-type': 'multipart/form-data; boundary=XX' }],
    ['multipart field only', '--XX\r\nContent-Disposition: form-data; name="x"\r\n\r\nfu\u0000zz\r\n--XX--\r\n', { 'content-type': 'multipart/form-data; boundary=XX' }],
    ['oversized JSON', OVERSIZED, json],
  ];
  for (const [what, body, headers] of raw) send(what, qBase, body, headers);
  return cases;
}

/** A catalogue template as a pattern: its parameters may be anything. */
function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[\\s\\S]*');
  return new RegExp(`^${escaped}$`);
}

/** What is wrong with an answer to a malformed request (null: nothing): a 5xx, or a refusal not from the catalogue in `locale`. */
export function answerProblem(res: LightMyRequestResponse, locale: Locale): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode} ${res.body.slice(0, 160)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json')) return res.statusCode >= 400 ? `HTTP ${res.statusCode} without an envelope (${type})` : null;
  let env: { status?: number; code?: string; msg?: string };
  try {
    env = res.json();
  } catch {
    return `HTTP ${res.statusCode}: the body is not JSON`;
  }
  const failed = res.statusCode >= 400 || (typeof env.status === 'number' && env.status >= 400);
  if (!failed) return null;
  if (typeof env.code !== 'string' || !isErrorCode(env.code)) return `HTTP ${res.statusCode}: no catalogue code in ${res.body.slice(0, 160)}`;
  if (env.code === 'SYSTEM_ERROR' || (env.status ?? 0) >= 500) return `HTTP ${res.statusCode}: ${env.code} ${env.msg}`;
  const def = ERRORS[env.code];
  const template = locale === 'en-US' ? def.en : def.zh;
  if (!templatePattern(template).test(String(env.msg))) return `${env.code}: "${String(env.msg).slice(0, 120)}" is not the ${locale} message`;
  return null;
}

export interface FuzzHarness {
  h: Harness;
  tokens: { user: string; root: string };
  /** What the gateway logged at level error or worse: an unhandled error, or a bad value that reached the database. */
  errors: string[];
}

/** A harness whose gateway logs errors into `errors`, with a user's and root's tokens. */
export async function startFuzzHarness(): Promise<FuzzHarness> {
  const errors: string[] = [];
  const errorLog = new Writable({
    write(line: Buffer, _enc, done) {
      const entry = JSON.parse(line.toString()) as { level: number; msg?: string; url?: string; err?: { message?: string } };
      if (entry.level >= 50) errors.push(`${entry.msg} (${entry.url ?? ''}): ${(entry.err?.message ?? '').slice(-160)}`.slice(0, 400));
      done();
    },
  });
  const h = await startHarness({ logger: pino({ level: 'error' }, errorLog) });
  await h.createUser('fuzz_user');
  return { h, errors, tokens: { user: await h.login('fuzz_user'), root: await h.login('root', ROOT_PASSWORD) } };
}

/** Routes that end the caller's own session: called with bad input they must refuse, but not here, as they would log the fuzzer out. */
const SESSION_ENDING = new Set(['GET /api/logout']);

export type Caller = 'anonymous' | 'user' | 'root';

/** Sends every route's malformed requests as `caller`, six at a time, alternating the language; answers what went wrong. */
export async function fuzzEveryRoute({ h, tokens }: FuzzHarness, caller: Caller, deep: boolean): Promise<{ calls: number; wrong: string[] }> {
  const jobs: { route: string; r: { url: string }; c: FuzzCase }[] = [];
  for (const r of h.gw.routeTable) {
    const route = `${r.method} ${r.url}`;
    if (r.method === 'HEAD' || SESSION_ENDING.has(route)) continue;
    for (const c of fuzzCases(r, deep)) jobs.push({ route, r, c });
  }
  const wrong: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const { route, r, c } = jobs[i]!;
      const locale: Locale = i % 2 === 0 ? 'en-US' : 'zh-CN';
      const headers = { ...c.request.headers, 'accept-language': locale, ...(caller !== 'anonymous' && { authorization: tokens[caller] }) };
      const res = await h.gw.app.inject({ ...c.request, headers, remoteAddress: `10.9.${i % 250}.${(i >> 8) % 250}` });
      // A readiness probe may say "not ready" (503) on a loaded machine: that is its contract, whatever the query.
      const notReady = PROBES.has(r.url) && res.statusCode === 503 && (res.json() as { status?: string }).status === 'not_ready';
      const problem = notReady ? null : answerProblem(res, locale);
      if (problem) wrong.push(`${route} as ${caller}, ${c.what}: ${problem}`);
      if (res.statusCode === 401 && caller !== 'anonymous' && (res.json() as { code?: string }).code === 'AUTH_TOKEN_INVALID') {
        throw new Error(`${route} (${c.what}) ended the ${caller}'s session: the rest of the run would not reach the services`);
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return { calls: jobs.length, wrong };
}
