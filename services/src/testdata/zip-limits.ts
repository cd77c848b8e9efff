// Zip-bomb checks on an archive's central directory, before a byte is inflated: entries that overlap (one compressed
// stream counted many times, the non-recursive bomb), paths nested too deep, entries or a whole archive that would
// inflate far beyond their compressed size, and the declared sizes against the limits. Shared by test-data uploads
// and problem imports; the readers still stop any entry that inflates past its declared size.
import { OjError } from '@oj/proto';

/** What the checks read of each central-directory entry. */
export interface EntryShape {
  name: string;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export interface ArchiveShapeLimits {
  /** Uncompressed bytes of one entry, and of every entry together. */
  fileBytes: number;
  totalBytes: number;
  /** Largest uncompressed / compressed ratio of one entry, and of the whole archive (above `RATIO_FLOOR_BYTES`). */
  maxRatio: number;
  /** Most folders an entry's path may nest. */
  maxDepth: number;
}

/** Below this many uncompressed bytes an entry or archive is not held to the ratio: a small file cannot make a bomb, and test data compresses well. */
export const RATIO_FLOOR_BYTES = 16 * 1024 * 1024;

/** Defaults shared by the archive readers. */
export const ARCHIVE_SHAPE = { maxRatio: 200, maxDepth: 16 } as const;

const bomb = (detail: string) => new OjError('ARCHIVE_BOMB', { detail });

/**
 * Throws ARCHIVE_BOMB (overlap, depth, ratio) or FILE_TOO_LARGE (sizes) for an archive of `archiveBytes` bytes whose
 * central directory starts at `cdOffset`. A local header takes at least 30 bytes before its data.
 */
export function checkArchiveShape(entries: readonly EntryShape[], archiveBytes: number, cdOffset: number, limits: ArchiveShapeLimits): void {
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let total = 0;
  for (const [i, e] of byOffset.entries()) {
    const next = byOffset[i + 1]?.localOffset ?? cdOffset;
    if (e.localOffset + 30 + e.compressedSize > next) throw bomb(`${e.name} overlaps another entry or the directory`);
    const depth = e.name.split(/[\\/]/).filter((s) => s !== '' && s !== '.').length - 1;
    if (depth > limits.maxDepth) throw bomb(`${e.name} is nested more than ${limits.maxDepth} folders deep`);
    if (e.size > limits.fileBytes) throw new OjError('FILE_TOO_LARGE', { detail: `${e.name} is larger than ${limits.fileBytes} bytes` });
    if (e.size > RATIO_FLOOR_BYTES && e.size > limits.maxRatio * e.compressedSize) {
      throw bomb(`${e.name} would inflate ${e.compressedSize === 0 ? 'from nothing' : `${Math.round(e.size / e.compressedSize)} times`}, more than the ${limits.maxRatio}:1 allowed`);
    }
    total += e.size;
  }
  if (total > limits.totalBytes) throw new OjError('FILE_TOO_LARGE', { detail: `the files add up to more than ${limits.totalBytes} bytes` });
  if (total > RATIO_FLOOR_BYTES && total > limits.maxRatio * archiveBytes) {
    throw bomb(`${archiveBytes} bytes would inflate to ${total} bytes, more than ${limits.maxRatio} times`);
  }
}
