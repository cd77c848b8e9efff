// The processes' pino logger: JSON lines (production, files, log collectors) or pino-pretty's readable lines
// (`OJ_LOG_FORMAT=pretty`, and by default when stdout is a terminal); `OJ_LOG_LEVEL` as validated by the caller's
// config. Also a silent logger for tests and scripts.
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';

export function createLogger(opts: { level?: string; format?: LogFormat; name?: string } = {}): Logger {
  const options = { level: opts.level ?? 'info', ...(opts.name && { name: opts.name }) };
  const format = opts.format ?? (process.stdout.isTTY ? 'pretty' : 'json');
  return format === 'pretty' ? pino(options, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })) : pino(options);
}

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** A logger that keeps every line it writes (JSON) in `lines`: for tests that check what reaches a log. */
export function recordingLogger(lines: string[], level = 'info'): Logger {
  return pino({ level }, { write: (line: string) => void lines.push(line) });
}
