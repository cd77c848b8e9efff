// The log serializers on a real failed query: drizzle puts a statement's parameters in the error's message, stack
// and `params`; none of it reaches a log line. And secret URL values are masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { redactingLogger, redactUrl } from './log-redaction';
import { recordingLogger } from './logger';
import { startTestDb, type TestDb } from './testing/test-db';

let t: TestDb;
beforeAll(async () => {
  t = await startTestDb();
});
afterAll(() => t.stop());

describe('log redaction', () => {
  it('keeps the parameters of a failed query (a mail body with its code) out of every line', async () => {
    const secret = `code=${'S3cr3t'.repeat(3)}`;
    const lines: string[] = [];
    const log = redactingLogger(recordingLogger(lines));
    const err = await t.db.execute(sql`insert into mail_outbox (to_address, subject, body) values (${'x@example.com'}, ${'reset'}, ${`line one\n${secret}\nline three`}::int)`).catch((e: unknown) => e);
    expect(String((err as Error).message)).toContain(secret);
    log.error({ err }, 'sending mail failed');
    log.child({ part: 'gateway' }).warn({ err }, 'database unavailable');
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain('S3cr3t');
    const first = JSON.parse(lines[0]!) as { err: { message: string; stack: string; params?: unknown } };
    expect(first.err.message).toContain('Failed query: insert into mail_outbox');
    expect(first.err.message).toContain('params: [redacted]');
    expect(first.err.stack).toContain('params: [redacted]');
    expect(first.err.params).toBeUndefined();
    // PostgreSQL's own message (the cause) names the type but not the value.
    expect(first.err.stack).toContain('invalid input syntax for type integer: "[redacted]"');
  });

  it('masks what PostgreSQL echoes of values: out-of-range values, unique keys, failing rows', () => {
    const lines: string[] = [];
    const log = redactingLogger(recordingLogger(lines));
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      name: 'PostgresError',
      detail: 'Key (email)=(secret.person@example.com) already exists.',
    });
    log.error({ err: pg }, 'x');
    log.error({ err: new Error('value "99999999999" is out of range for type integer') }, 'y');
    log.error({ err: Object.assign(new Error('new row violates check constraint'), { detail: 'Failing row contains (u1, $argon2id$v=19$m=19456, t).' }) }, 'z');
    const all = lines.join('');
    for (const leak of ['secret.person', '99999999999', '$argon2id']) expect(all).not.toContain(leak);
    expect(all).toContain('users_email_unique');
    expect(all).toContain('Key (email)=([redacted]) already exists');
  });

  it('masks the values of secret query parameters in request URLs', () => {
    expect(redactUrl('/reset-password?username=amy&code=AbC-123')).toBe('/reset-password?username=amy&code=[redacted]');
    expect(redactUrl('/api/file/generate-user-excel?key=k1&format=csv')).toBe('/api/file/generate-user-excel?key=[redacted]&format=csv');
    expect(redactUrl('/api/get-problem-list?keyword=code')).toBe('/api/get-problem-list?keyword=code');
    expect(redactUrl('/api/x?TOKEN=1&Pwd=2')).toBe('/api/x?TOKEN=[redacted]&Pwd=[redacted]');
  });

  it('masks them in any line that logs a `url` field, at any level and in child loggers', () => {
    const lines: string[] = [];
    const log = redactingLogger(recordingLogger(lines)).child({ reqId: 'r1' });
    log.info({ method: 'GET', url: '/reset-password?username=amy&code=AbC-123', status: 200 }, 'request answered');
    log.error({ url: '/api/x?key=s3cr3t' }, 'fetch failed');
    const text = lines.join('');
    expect(text).not.toContain('AbC-123');
    expect(text).not.toContain('s3cr3t');
    expect(text).toContain('/reset-password?username=amy&code=[redacted]');
  });
});
