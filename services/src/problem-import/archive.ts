// Safe access to an uploaded problem archive, shared by every reader: the zip's central directory is checked before
// anything is inflated (path escapes, zip bombs by ratio, entry count, declared sizes), then the files are read
// into memory under `IMPORT_LIMITS`, and a package zipped inside one folder is unwrapped.
import { OjError, type ImportFailureCode, type ImportFailureParams, type ParamsArgs } from '@oj/proto';
import { centralDirectory, readZip } from '../testdata/zip';
import { IMPORT_LIMITS, type ImportLimits } from './types';

/** Entries smaller than this are not held to the ratio: a small file cannot make a bomb, and test data compresses well. */
export const RATIO_MIN_BYTES = 1024 * 1024;

/** IMPORT_FAILED for a code of proto's IMPORT_FAILURES with exactly the params its sentence names (shown in the caller's language). */
export function importFailed<C extends ImportFailureCode>(reason: C, ...[params]: ParamsArgs<ImportFailureParams<C>>): OjError {
  return new OjError('IMPORT_FAILED', { ...params, reason });
}
export const tooLarge = (detail: string) => new OjError('FILE_TOO_LARGE', { detail });

/** Files of an archive by path (`/` separators, no leading folder once unwrapped), in the archive's order. */
export type ArchiveFiles = Map<string, Buffer>;

/** Junk that archivers add (macOS resource forks, Finder and Explorer metadata): checked like any entry, then dropped. */
const isJunk = (path: string) => path.startsWith('__MACOSX/') || /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/i.test(path);

/**
 * The path of archive entry `name` with `/` separators and no `.` or empty segments; refuses absolute paths (`/x`,
 * `\x`, `C:`), `..` segments (with either separator) and control characters, naming the entry.
 */
export function safeEntryPath(name: string): string {
  const unified = name.replace(/\\/g, '/');
  const segs = unified.split('/').filter((s) => s !== '' && s !== '.');
  const control = [...name].some((ch) => ch.codePointAt(0)! < 0x20 || ch === '\u007f');
  if (unified.startsWith('/') || /^[A-Za-z]:/.test(unified) || segs.includes('..') || control || segs.length === 0) {
    throw importFailed('ARCHIVE_ENTRY_OUTSIDE', { name: JSON.stringify(name) });
  }
  return segs.join('/');
}

/** Rethrows the zip layer's errors as import errors (sizes stay FILE_TOO_LARGE, bombs ARCHIVE_BOMB). */
function asImportError(err: unknown): never {
  if (err instanceof OjError && err.code !== 'FILE_TOO_LARGE' && err.code !== 'ARCHIVE_BOMB') throw importFailed('ARCHIVE_NOT_ZIP', { error: String(err.params.detail ?? err.message) });
  throw err;
}

/**
 * Reads zip `data` into memory after checking every entry. `isRoot` tells whether the paths already form the
 * package's top; when they do not and every path sits in one common folder, that folder is stripped (once).
 */
export function openZip(data: Buffer, isRoot: (paths: readonly string[]) => boolean = () => true, limits: ImportLimits = IMPORT_LIMITS): ArchiveFiles {
  if (data.length > limits.archiveBytes) throw tooLarge(`the archive is larger than ${limits.archiveBytes} bytes`);
  let entries;
  try {
    entries = centralDirectory(data, limits);
  } catch (err) {
    asImportError(err);
  }
  const pathOf = new Map<string, string>();
  const seen = new Set<string>();
  for (const e of entries) {
    const path = safeEntryPath(e.name);
    if (e.name.endsWith('/')) continue;
    if (e.size > RATIO_MIN_BYTES && e.size > limits.maxRatio * e.compressedSize) {
      throw tooLarge(`${e.name} inflates ${e.compressedSize === 0 ? 'from nothing' : `${(e.size / e.compressedSize).toFixed(0)} times`}, more than the ${limits.maxRatio}:1 allowed (zip bomb)`);
    }
    if (seen.has(path)) throw importFailed('ARCHIVE_ENTRY_TWICE', { path });
    seen.add(path);
    if (!isJunk(path)) pathOf.set(e.name, path);
  }
  let read;
  try {
    read = readZip(data, limits, (name) => pathOf.has(name));
  } catch (err) {
    asImportError(err);
  }
  const files: ArchiveFiles = new Map(read.filter((f) => !f.symlink).map((f) => [pathOf.get(f.name)!, f.data]));
  const links = new Map(read.filter((f) => f.symlink).map((f) => [pathOf.get(f.name)!, textOf(f.data)]));
  if (links.size > 0) followLinks(files, links, limits);
  return stripCommonTop(files, isRoot);
}

/** How many links one link may pass through before it is taken for a loop. */
const LINK_DEPTH = 8;

/**
 * Replaces the archive's symbolic links (packages reuse cases through them; `git archive`, GitHub's zips and
 * `zip -y` store them as links) by copies of what they point to inside the archive: a file, or a folder's files.
 * A link that leaves the archive, points at nothing or loops is refused, naming it; the copies count towards the
 * archive's total size and its number of files.
 */
function followLinks(files: ArchiveFiles, links: Map<string, string>, limits: ImportLimits): void {
  const targetOf = (link: string): string => {
    const segs = link.split('/').slice(0, -1);
    const to = links.get(link)!.trim();
    if (to.startsWith('/') || /^[A-Za-z]:/.test(to)) throw importFailed('LINK_OUTSIDE', { link, target: to });
    for (const seg of to.split('/')) {
      if (seg === '..') {
        if (segs.pop() === undefined) throw importFailed('LINK_OUTSIDE', { link, target: to });
      } else if (seg !== '' && seg !== '.') segs.push(seg);
    }
    return segs.join('/');
  };
  /** What `link` stands for: [path below it ('' for a file), data]. */
  const contents = (link: string, depth: number): [string, Buffer][] => {
    if (depth > LINK_DEPTH) throw importFailed('LINK_LOOP', { link, max: LINK_DEPTH });
    const target = targetOf(link);
    const file = files.get(target);
    if (file) return [['', file]];
    if (links.has(target)) return contents(target, depth + 1);
    const inside = (p: string) => target === '' || p.startsWith(`${target}/`);
    const below = (p: string) => (target === '' ? `/${p}` : p.slice(target.length));
    const found: [string, Buffer][] = [...files].filter(([p]) => inside(p)).map(([p, d]) => [below(p), d]);
    for (const other of links.keys()) {
      if (inside(other)) for (const [rest, d] of contents(other, depth + 1)) found.push([below(other) + rest, d]);
    }
    if (found.length === 0) throw importFailed('LINK_TARGET_MISSING', { link, target: links.get(link)!.trim() });
    return found;
  };
  let total = [...files.values()].reduce((n, d) => n + d.length, 0);
  const made: ArchiveFiles = new Map();
  for (const link of links.keys()) {
    for (const [rest, data] of contents(link, 0)) {
      const path = link + rest;
      if (files.has(path) || made.has(path)) throw importFailed('LINK_ENTRY_TWICE', { path, link });
      total += data.length;
      if (files.size + made.size >= limits.entries) throw tooLarge(`the archive's files and the copies its symbolic links make are more than ${limits.entries} files`);
      if (total > limits.totalBytes) throw tooLarge(`the archive's files and the copies its symbolic links make come to more than ${limits.totalBytes} bytes`);
      made.set(path, data);
    }
  }
  for (const [path, data] of made) files.set(path, data);
}

/** `files` without their single common top folder, unless they already form the root or have no such folder. */
function stripCommonTop(files: ArchiveFiles, isRoot: (paths: readonly string[]) => boolean): ArchiveFiles {
  const paths = [...files.keys()];
  if (paths.length === 0 || isRoot(paths)) return files;
  const top = paths[0]!.split('/')[0]!;
  if (!paths.every((p) => p.startsWith(`${top}/`))) return files;
  return new Map([...files].map(([p, d]) => [p.slice(top.length + 1), d]));
}

/** The first-level folders of `files` (in the archive's order) and, for each, its files by path inside it. */
export function groupByTop(files: ArchiveFiles): Map<string, ArchiveFiles> {
  const out = new Map<string, ArchiveFiles>();
  for (const [path, data] of files) {
    const cut = path.indexOf('/');
    if (cut < 0) continue;
    const top = path.slice(0, cut);
    let group = out.get(top);
    if (!group) out.set(top, (group = new Map()));
    group.set(path.slice(cut + 1), data);
  }
  return out;
}

/** UTF-8 text of a file, without a byte-order mark. */
export function textOf(data: Buffer): string {
  const s = data.toString('utf8');
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}
