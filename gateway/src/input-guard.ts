// Rules every route's input shares, so that no bad input reaches the database as a 500: integers (and numbers) are
// bounded to PostgreSQL's `integer` range unless a schema sets its own bounds, and no string or key anywhere in a
// query, path or JSON body may hold a NUL character (PostgreSQL text cannot). Applied to every route as it is
// registered, before Fastify compiles its schemas; no number that validation let through may be infinite.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { OjError } from '@oj/proto';
import { pickLocale } from './locale';
import { refuseOversizedUpload } from './routes/multipart';

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

type Node = Record<string | symbol, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;

/**
 * A copy of JSON Schema `schema` in which every `integer` or `number` without a lower or upper bound gets the
 * `integer` column's (a schema that needs a wider range, for a `bigint` column, states it). The original is kept
 * as it is: TypeBox schemas are shared with `decode` and the web.
 */
export function boundNumbers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s: unknown) => boundNumbers(s)) as T;
  if (!isNode(schema)) return schema;
  const out: Node = { ...schema };
  const types = [out.type].flat();
  if (types.includes('integer') || types.includes('number')) {
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = INT4_MIN;
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = INT4_MAX;
  }
  for (const k of SUBSCHEMA_LISTS) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map((s) => boundNumbers(s));
  for (const k of SUBSCHEMA_MAPS) {
    if (isNode(out[k])) out[k] = Object.fromEntries(Object.entries(out[k]).map(([name, s]) => [name, boundNumbers(s)]));
  }
  for (const k of SUBSCHEMAS) if (out[k] !== undefined && typeof out[k] === 'object') out[k] = boundNumbers(out[k]);
  return out as T;
}

/** The path of the first value (or key) in `value` that `bad` picks (`title`, `cases[2].input`), or null. */
export function findValue(value: unknown, root: string, bad: (v: unknown) => boolean): string | null {
  // Iterative: a body nested 20,000 levels deep is valid JSON and must not overflow the stack.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (bad(v)) return path;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, child] of Object.entries(v)) {
        if (bad(k)) return path;
        stack.push([child, path === '' ? k : `${path}.${k}`]);
      }
    }
  }
  return null;
}

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000');
const nonFinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);

/** Where the request's path, query or body first shows a value `bad` picks, or null. */
const findIn = (req: Pick<FastifyRequest, 'params' | 'query' | 'body'>, bad: (v: unknown) => boolean) =>
  findValue(req.params, '', bad) ?? findValue(req.query, '', bad) ?? findValue(req.body, '', bad);

/** Throws INPUT_NUL_CHARACTER naming the field when the request's path, query or body holds a NUL. */
export function refuseNul(req: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  const field = findIn(req, hasNul);
  if (field !== null) throw new OjError('INPUT_NUL_CHARACTER', { field: field || 'body' });
}

/**
 * Throws VALIDATION_FAILED when validation left an infinite number: Ajv coerces the query text `1e400` to Infinity
 * and lets it through `maximum`.
 */
export function refuseNonFinite(req: FastifyRequest): void {
  const field = findIn(req, nonFinite);
  if (field === null) return;
  const name = field || 'body';
  throw new OjError('VALIDATION_FAILED', { detail: pickLocale(req) === 'en-US' ? `${name} is out of range` : `${name} 超出范围` });
}

/** JSON bodies: what a route without a body schema accepts (it expects none), and the most any schema earns. */
export const BODY_LIMITS = { none: 16 * 1024, min: 64 * 1024, max: 1024 * 1024 } as const;

/** The largest JSON text `schema` admits, roughly (every string at its longest, escaped): Infinity when unbounded. */
export function maxJsonBytes(schema: unknown, depth = 0): number {
  if (!isNode(schema) || depth > 12) return Infinity;
  if (schema.const !== undefined || Array.isArray(schema.enum)) return 256;
  const alt = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alt)) return Math.max(0, ...alt.map((s) => maxJsonBytes(s, depth + 1)));
  const types = [schema.type].flat();
  if (types.includes('object')) {
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return Infinity;
    const props = Object.entries((schema.properties ?? {}) as Record<string, unknown>);
    return props.reduce((n, [k, s]) => n + k.length + 4 + maxJsonBytes(s, depth + 1), 2);
  }
  if (types.includes('array')) return typeof schema.maxItems === 'number' ? 2 + schema.maxItems * (1 + maxJsonBytes(schema.items, depth + 1)) : Infinity;
  // A character may take 6 bytes as a JSON escape.
  if (types.includes('string')) return typeof schema.maxLength === 'number' ? 2 + 6 * schema.maxLength : Infinity;
  return 32;
}

/** The body limit of a route that sets none: what its body schema can need, between `min` and `max`; `none` without one. */
export function bodyLimitOf(route: Pick<RouteOptions, 'schema'>): number {
  const body = route.schema?.body;
  if (body === undefined) return BODY_LIMITS.none;
  return Math.min(BODY_LIMITS.max, Math.max(BODY_LIMITS.min, maxJsonBytes(body)));
}

const appendOnRequest = (route: RouteOptions, hook: onRequestAsyncHookHandler) => {
  const prev = route.onRequest;
  route.onRequest = prev ? [...(Array.isArray(prev) ? prev : [prev]), hook] : hook;
};

/**
 * Per route as it is registered (call after `installAccessRules`, before the routes): its schemas bounded, its body
 * limit from its schema unless it sets one, an upload's announced size checked after the access rule. Every request:
 * NUL characters refused before any schema runs, and an answer sent before the body was read closes the connection
 * (the rest of a refused upload is not worth receiving).
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined) route.bodyLimit = bodyLimitOf(route);
    if (route.config?.uploadBytes !== undefined) appendOnRequest(route, refuseOversizedUpload);
    if (!route.schema) return;
    const schema = { ...route.schema };
    for (const k of ['body', 'querystring', 'params', 'headers'] as const) if (schema[k] !== undefined) schema[k] = boundNumbers(schema[k]);
    route.schema = schema;
  });
  app.addHook('preValidation', async (req) => refuseNul(req));
  app.addHook('preHandler', async (req) => refuseNonFinite(req));
  app.addHook('onSend', async (req, reply) => {
    if (!req.raw.complete) reply.header('Connection', 'close');
  });
}
