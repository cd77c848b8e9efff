// The runner's pino logger, so callers need not depend on pino themselves: JSON lines on stdout, or pino-pretty's
// readable lines when asked (`OJ_LOG_FORMAT=pretty`) or, by default, when stdout is a terminal.
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export function createRunnerLogger(opts: { level?: string; runnerId?: string; format?: 'pretty' | 'json' } = {}): Logger {
  const options = { name: 'judge-runner', level: opts.level ?? 'info', base: opts.runnerId ? { runnerId: opts.runnerId } : undefined };
  const format = opts.format ?? (process.stdout.isTTY ? 'pretty' : 'json');
  return format === 'pretty' ? pino(options, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })) : pino(options);
}
