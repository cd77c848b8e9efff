// The runner's pino logger (JSON lines on stdout), so callers need not depend on pino themselves.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createRunnerLogger(opts: { level?: string; runnerId?: string } = {}): Logger {
  return pino({ name: 'judge-runner', level: opts.level ?? 'info', base: opts.runnerId ? { runnerId: opts.runnerId } : undefined });
}
