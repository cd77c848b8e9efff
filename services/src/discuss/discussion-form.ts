// The rules of what a user writes in a discussion (the spec's validation): title and description required, at most
// 255 characters; content required, at most 65,535; a category; and a problem's discussion titled `[pid] …`.
import { DISCUSSION_LIMITS, OjError } from '@oj/proto';

export interface DiscussionText {
  title: string;
  description: string;
  content: string;
}

/** `title` with the `[pid]` prefix of a problem's discussion (once: a title that has it keeps it). */
export function prefixedTitle(title: string, pid: string | null): string {
  if (pid === null) return title;
  return `[${pid}] ${stripPrefix(title, pid)}`;
}

/** `title` without a leading `[pid]`. */
export function stripPrefix(title: string, pid: string | null): string {
  const mark = `[${pid}]`;
  return pid !== null && title.startsWith(mark) ? title.slice(mark.length).trimStart() : title;
}

function field(raw: string | undefined, name: string, max: number): string {
  const v = (raw ?? '').trim();
  if (!v) throw new OjError('DISCUSSION_FIELD_REQUIRED', { field: name });
  if (v.length > max) throw new OjError('DISCUSSION_FIELD_TOO_LONG', { field: name, max });
  return v;
}

/**
 * The trimmed fields, checked in the form's order, or the first failure with the spec's message. The title is
 * measured without its `[pid]` prefix (added here), as the user typed it.
 */
export function checkDiscussionText(body: { title: string; description?: string | undefined; content: string }, pid: string | null): DiscussionText {
  const title = field(stripPrefix(body.title.trim(), pid), 'discussionTitle', DISCUSSION_LIMITS.title);
  const description = field(body.description, 'description', DISCUSSION_LIMITS.description);
  const content = field(body.content, 'content', DISCUSSION_LIMITS.content);
  return { title: prefixedTitle(title, pid), description, content };
}
