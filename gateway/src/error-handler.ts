// Maps every failure to the `{status, data, msg, code}` envelope: catalogued OjErrors with their statuses,
// schema failures as VALIDATION_FAILED naming the field, anything else as a logged SYSTEM_ERROR.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, formatError, isErrorCode, OjError, type EnvelopeOf, type ErrorCode, type Locale } from '@oj/proto';
import { classifyDbError } from '@oj/services';
import { pickLocale } from './locale';

/** Seconds a client is told to wait while the database is out of reach (a restart takes a few). */
export const DB_RETRY_AFTER_S = 5;

export function errorEnvelope(code: ErrorCode, locale: Locale, params: Record<string, string | number> = {}): EnvelopeOf<null> {
  return { status: ERRORS[code].status, data: null, msg: formatError(code, locale, params), code };
}

export function sendError(
  reply: FastifyReply,
  req: FastifyRequest,
  code: ErrorCode,
  params: Record<string, string | number> = {},
  http: number = ERRORS[code].http,
): FastifyReply {
  return reply.code(http).send(errorEnvelope(code, pickLocale(req), params));
}

/** One schema failure as reported by Ajv through Fastify. */
interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const ZH: Record<string, (field: string, p: Record<string, unknown>) => string> = {
  required: (f) => `缺少字段 ${f}`,
  minLength: (f, p) => `${f} 的长度不能少于 ${String(p.limit)}`,
  maxLength: (f, p) => `${f} 的长度不能超过 ${String(p.limit)}`,
  minimum: (f, p) => `${f} 不能小于 ${String(p.limit)}`,
  maximum: (f, p) => `${f} 不能大于 ${String(p.limit)}`,
  minItems: (f, p) => `${f} 至少需要 ${String(p.limit)} 项`,
  maxItems: (f, p) => `${f} 最多 ${String(p.limit)} 项`,
  type: (f) => `${f} 的类型错误`,
};

const EN: Record<string, (field: string, p: Record<string, unknown>) => string> = {
  required: (f) => `${f} is required`,
  minLength: (f, p) => `${f} must be at least ${String(p.limit)} characters`,
  maxLength: (f, p) => `${f} must be at most ${String(p.limit)} characters`,
  minimum: (f, p) => `${f} must be at least ${String(p.limit)}`,
  maximum: (f, p) => `${f} must be at most ${String(p.limit)}`,
  minItems: (f, p) => `${f} needs at least ${String(p.limit)} items`,
  maxItems: (f, p) => `${f} allows at most ${String(p.limit)} items`,
  type: (f, p) => `${f} must be ${String(p.type)}`,
};

/** The field a validation failure is about, as the client named it (`password`, `submitIds[3]`). */
export function issueField(issue: ValidationIssue, context: string | undefined): string {
  const segments = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    segments.push(issue.params.missingProperty);
  }
  if (segments.length === 0) return context ?? 'body';
  return segments.reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');
}

export function describeIssue(issue: ValidationIssue, context: string | undefined, locale: Locale): string {
  const field = issueField(issue, context);
  const table = locale === 'en-US' ? EN : ZH;
  const render = table[issue.keyword];
  if (render) return render(field, issue.params);
  return locale === 'en-US' ? `${field} ${issue.message ?? 'is invalid'}` : `${field} 的格式错误`;
}

/** Fastify's own client errors, worded in both languages (their `message` is English only). */
const FASTIFY_DETAIL: Record<string, Record<Locale, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { 'en-US': 'the body is not valid JSON', 'zh-CN': '请求体不是合法的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { 'en-US': 'the body is empty', 'zh-CN': '请求体为空' },
  FST_ERR_CTP_BODY_TOO_LARGE: { 'en-US': 'the body is too large', 'zh-CN': '请求体过大' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { 'en-US': 'unsupported content type', 'zh-CN': '不支持的内容类型' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { 'en-US': 'the content length is wrong', 'zh-CN': '请求体长度错误' },
  FST_ERR_CTP_INVALID_CONTENT_TYPE: { 'en-US': 'unsupported content type', 'zh-CN': '不支持的内容类型' },
  FST_ERR_BAD_URL: { 'en-US': 'the URL is not validly encoded', 'zh-CN': '请求地址的编码错误' },
  FST_ERR_MAX_PARAM_LENGTH: { 'en-US': 'a path parameter is too long', 'zh-CN': '路径参数过长' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { 'en-US': 'multipart/form-data expected', 'zh-CN': '需要 multipart/form-data 请求体' },
};

/** Fastify's refusals of a request before routing (a badly encoded URL, an over-long path parameter), as envelopes. */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const locale = pickLocale(req);
  const detail = FASTIFY_DETAIL[err.code]?.[locale] ?? (locale === 'en-US' ? err.message : '请求格式错误');
  return sendError(reply, req, 'VALIDATION_FAILED', { detail }, err.statusCode && err.statusCode < 500 ? err.statusCode : 400);
}

function isOjError(err: unknown): err is OjError {
  if (err instanceof OjError) return true;
  // A second copy of @oj/proto (e.g. under a test runner) still produces recognisable errors.
  const code = err instanceof Error && err.name === 'OjError' ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && isErrorCode(code);
}

/** `notFound` may answer some unmatched requests itself (the web's SPA fallback); the rest get a 404 envelope. */
export function installErrorHandling(
  app: FastifyInstance,
  notFound?: (req: FastifyRequest, reply: FastifyReply) => FastifyReply | null,
): void {
  app.setErrorHandler((err: FastifyError | OjError | Error, req, reply) => {
    if (isOjError(err)) {
      return sendError(reply, req, err.code, err.params, ERRORS[err.code].http);
    }
    const fe = err as FastifyError;
    if (Array.isArray(fe.validation) && fe.validation.length > 0) {
      const issue = fe.validation[0] as unknown as ValidationIssue;
      const detail = describeIssue(issue, fe.validationContext, pickLocale(req));
      return sendError(reply, req, 'VALIDATION_FAILED', { detail }, 400);
    }
    const sc = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (sc >= 400 && sc < 500) {
      // Fastify's own client errors (malformed JSON, unsupported media type, body too large).
      const locale = pickLocale(req);
      const detail = (fe.code && FASTIFY_DETAIL[fe.code]?.[locale]) ?? (locale === 'en-US' ? fe.message : '请求格式错误');
      return sendError(reply, req, 'VALIDATION_FAILED', { detail }, sc);
    }
    const db = classifyDbError(err);
    if (db === 'unavailable') {
      // The pool reconnects by itself once PostgreSQL is back; meanwhile the client retries.
      req.log.warn({ err }, 'database unavailable');
      reply.header('Retry-After', String(DB_RETRY_AFTER_S));
      return sendError(reply, req, 'SERVICE_UNAVAILABLE');
    }
    if (db === 'conflict') {
      req.log.warn({ err }, 'lost a race with a concurrent request');
      return sendError(reply, req, 'CONCURRENT_CHANGE');
    }
    if (db === 'bad-value') {
      // A value the route's schema should have refused: the caller still gets a 400, and the gap is logged to be closed.
      req.log.error({ err, method: req.method, url: req.url }, 'a bad value reached the database');
      const locale = pickLocale(req);
      return sendError(reply, req, 'VALIDATION_FAILED', { detail: locale === 'en-US' ? 'a value is out of range or malformed' : '参数超出范围或格式错误' }, 400);
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, req, 'SYSTEM_ERROR');
  });

  app.setNotFoundHandler((req, reply) => notFound?.(req, reply) ?? sendError(reply, req, 'NOT_FOUND'));
}
