// Logger helpers for callers that have no pino of their own (tests, scripts).
import pino, { type Logger } from 'pino';

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
