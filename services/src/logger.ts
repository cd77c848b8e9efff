// Logger helpers for callers that have no pino of their own (tests, scripts).
import pino, { type Logger } from 'pino';

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** A logger that keeps every line it writes (JSON) in `lines`: for tests that check what reaches a log. */
export function recordingLogger(lines: string[], level = 'info'): Logger {
  return pino({ level }, { write: (line: string) => void lines.push(line) });
}
