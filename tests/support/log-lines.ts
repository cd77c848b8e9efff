// JSON log lines captured from a pino logger, and which of them are about one submission.
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export interface CapturedLogs {
  logger: Logger;
  lines: Record<string, unknown>[];
  /** Takes output of another process logging JSON lines (the stack's runner processes) into `lines` too. */
  feed(text: string): void;
}

/** A pino logger (JSON lines, as in production) whose every line is kept, parsed, in `lines`. */
export function captureLogs(level = 'info'): CapturedLogs {
  const lines: Record<string, unknown>[] = [];
  /** A line parser per source (a chunk may end mid-line). */
  const parser = () => {
    let rest = '';
    return (text: string) => {
      const parts = (rest + text).split('\n');
      rest = parts.pop() ?? '';
      for (const l of parts) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
    };
  };
  const own = parser();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      own(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level }, sink), lines, feed: parser() };
}

/**
 * Whether a log line is about submission `id`: it names it in any field (`submitId`, `submissionId`, a URL's
 * `submitId=`, a job or topic such as `submission:<id>`), in any spelling a line of ours uses.
 */
export function mentionsSubmission(line: Record<string, unknown>, id: number): boolean {
  const text = JSON.stringify(line);
  return new RegExp(`("(submitId|submissionId)":${id}(?![0-9]))|(submitId=${id}(?![0-9]))|(submission:${id}(?![0-9]))|(/s${id}-v)`).test(text);
}
