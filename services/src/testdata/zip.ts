// A small, strict zip format for test data: the records of the format, an in-memory reader and a writer. Reading
// trusts nothing in the archive: sizes are checked against the limits before anything is inflated, inflation stops at
// the declared size (so a header that lies cannot blow up memory), CRCs are verified, and encrypted, multi-disk and
// zip64 archives are refused. `zip-file.ts` reads the same records from a file on disk, streaming; `zipStream`
// writes one while its files are read.
import { crc32 as zlibCrc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { OjError } from '@oj/proto';
import { ARCHIVE_SHAPE, checkArchiveShape } from './zip-limits';

export interface ZipEntry {
  /** The path as stored, with `/` separators. */
  name: string;
  data: Buffer;
  /** The entry is a symbolic link; `data` is its target path. */
  symlink?: boolean;
}

export interface ZipReadLimits {
  entries: number;
  fileBytes: number;
  totalBytes: number;
  /** Zip-bomb bounds (`zip-limits.ts`); `ARCHIVE_SHAPE` when not given. */
  maxRatio?: number;
  maxDepth?: number;
}

/** The zip-bomb checks of `zip-limits.ts` with `limits`, on the entries of a central directory found at `cdOffset`. */
export function checkShape(entries: readonly CentralEntry[], archiveBytes: number, cdOffset: number, limits: ZipReadLimits): void {
  const { maxRatio = ARCHIVE_SHAPE.maxRatio, maxDepth = ARCHIVE_SHAPE.maxDepth, fileBytes, totalBytes } = limits;
  checkArchiveShape(entries, archiveBytes, cdOffset, { maxRatio, maxDepth, fileBytes, totalBytes });
}

/** CRC-32 of `buf`, continuing from `value` (zlib's, as zip uses). */
export const crc32 = (buf: Uint8Array, value = 0): number => zlibCrc32(buf, value);

export const bad = (detail: string) => new OjError('TESTCASE_INVALID_ZIP', { detail });
export const tooLarge = (detail: string) => new OjError('FILE_TOO_LARGE', { detail });

export interface CentralEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** A Unix symbolic link (`zip -y`, `git archive`, GitHub's zipballs): its data is the link's target path. */
  symlink?: boolean;
}

/** Unix file type bits of a central directory entry's external attributes (upper 16 bits, made on Unix). */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MADE_ON_UNIX = 3;

/** Where the central directory is, from the end-of-central-directory record. */
export interface CentralDirectoryAt {
  count: number;
  offset: number;
  size: number;
}

/** Bytes at the end of an archive that hold its end-of-central-directory record (which may carry a comment). */
export const END_SEARCH_BYTES = 22 + 0xffff;
/** A central directory larger than this is refused before it is read (2,000 entries take ~200 KB). */
const CENTRAL_DIRECTORY_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Finds the end-of-central-directory record in `tail` (the last bytes of an archive of `fileSize` bytes) and
 * answers where the central directory is, refusing multi-disk and zip64 archives and too many entries.
 */
export function locateCentralDirectory(tail: Buffer, fileSize: number, limits: Pick<ZipReadLimits, 'entries'>): CentralDirectoryAt {
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad('no end of central directory');
  if (tail.readUInt16LE(eocd + 4) !== 0 || tail.readUInt16LE(eocd + 6) !== 0) throw bad('multi-disk archive');
  const count = tail.readUInt16LE(eocd + 10);
  const size = tail.readUInt32LE(eocd + 12);
  const offset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw bad('zip64 archive');
  if (count > limits.entries) throw tooLarge(`more than ${limits.entries} entries`);
  if (offset + size > fileSize - tail.length + eocd) throw bad('central directory out of bounds');
  if (size > CENTRAL_DIRECTORY_MAX_BYTES) throw bad('central directory too large');
  return { count, offset, size };
}

/** Lists the `count` entries of central directory `cd`, refusing encrypted ones. */
export function parseCentralDirectory(cd: Buffer, count: number): CentralEntry[] {
  const out: CentralEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== 0x02014b50) throw bad('corrupt central directory');
    const flags = cd.readUInt16LE(at + 8);
    const nameLen = cd.readUInt16LE(at + 28);
    const extraLen = cd.readUInt16LE(at + 30);
    const commentLen = cd.readUInt16LE(at + 32);
    if (at + 46 + nameLen > cd.length) throw bad('corrupt central directory');
    const name = cd.toString('utf8', at + 46, at + 46 + nameLen);
    if (flags & 0x1) throw bad(`encrypted entry ${name}`);
    const unixMode = cd.readUInt8(at + 5) === MADE_ON_UNIX ? cd.readUInt32LE(at + 38) >>> 16 : 0;
    out.push({
      name,
      ...((unixMode & S_IFMT) === S_IFLNK && { symlink: true }),
      method: cd.readUInt16LE(at + 10),
      crc: cd.readUInt32LE(at + 16),
      compressedSize: cd.readUInt32LE(at + 20),
      size: cd.readUInt32LE(at + 24),
      localOffset: cd.readUInt32LE(at + 42),
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** Offset of entry `e`'s data, from its 30-byte local header `local` (read at `e.localOffset`). */
export function dataOffset(local: Buffer, e: CentralEntry, fileSize: number): number {
  if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) throw bad(`corrupt local header of ${e.name}`);
  const start = e.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + e.compressedSize > fileSize) throw bad(`${e.name} is truncated`);
  if (e.method !== 0 && e.method !== 8) throw bad(`${e.name} uses unsupported compression method ${e.method}`);
  return start;
}

/** Checks the declared sizes of the entries to be read against the limits, before any is inflated. */
export function checkDeclaredSizes(entries: readonly CentralEntry[], limits: ZipReadLimits): void {
  let total = 0;
  for (const e of entries) {
    if (e.size > limits.fileBytes) throw tooLarge(`${e.name} is larger than ${limits.fileBytes} bytes`);
    total += e.size;
    if (total > limits.totalBytes) throw tooLarge(`the files add up to more than ${limits.totalBytes} bytes`);
  }
}

/** Lists the entries of an archive held in memory (names and declared sizes, nothing inflated), refusing a bomb. */
export function centralDirectory(zip: Buffer, limits: ZipReadLimits): CentralEntry[] {
  const tailStart = Math.max(0, zip.length - END_SEARCH_BYTES);
  if (zip.length < 22) throw bad('no end of central directory');
  const at = locateCentralDirectory(zip.subarray(tailStart), zip.length, limits);
  const entries = parseCentralDirectory(zip.subarray(at.offset, at.offset + at.size), at.count);
  checkShape(entries, zip.length, at.offset, limits);
  return entries;
}

/**
 * Reads the file entries `want` selects (directories are skipped) from an archive in memory (small archives:
 * imports, downloads, tests; uploads are read from disk by `zip-file.ts`). Every selected entry's declared size is
 * checked against the limits before any is inflated; an entry that inflates past its declared size fails.
 */
export function readZip(zip: Buffer, limits: ZipReadLimits, want: (name: string) => boolean): ZipEntry[] {
  const entries = centralDirectory(zip, limits).filter((e) => !e.name.endsWith('/') && want(e.name));
  checkDeclaredSizes(entries, limits);
  return entries.map((e) => {
    const start = dataOffset(zip.subarray(e.localOffset, e.localOffset + 30), e, zip.length);
    const raw = zip.subarray(start, start + e.compressedSize);
    let data: Buffer;
    if (e.method === 0) {
      data = Buffer.from(raw);
    } else {
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size) });
      } catch (err) {
        // ERR_BUFFER_TOO_LARGE: the entry inflates past its declared size (a lying header, i.e. a bomb).
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(`${e.name} inflates beyond its declared size`);
        throw bad(`${e.name} cannot be inflated`);
      }
    }
    if (data.length !== e.size) throw tooLarge(`${e.name} does not have its declared size`);
    if (crc32(data) !== e.crc) throw bad(`${e.name} fails its CRC check`);
    return e.symlink ? { name: e.name, data, symlink: true } : { name: e.name, data };
  });
}

/** One entry as the writer records it. */
export interface ZipRecord {
  name: string;
  method: 0 | 8;
  crc: number;
  compressedSize: number;
  size: number;
  /** Offset of its local header. */
  offset: number;
  /** Written as a Unix symbolic link whose data is the target path. */
  symlink?: boolean;
}

/** The local header of `r` with its name (UTF-8 names, no extra field). */
export function localHeader(r: ZipRecord): Buffer {
  const name = Buffer.from(r.name, 'utf8');
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6); // UTF-8 names
  h.writeUInt16LE(r.method, 8);
  h.writeUInt32LE(r.crc, 14);
  h.writeUInt32LE(r.compressedSize, 18);
  h.writeUInt32LE(r.size, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

/** The central directory header of `r` with its name. */
export function centralHeader(r: ZipRecord): Buffer {
  const name = Buffer.from(r.name, 'utf8');
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(r.symlink ? (MADE_ON_UNIX << 8) | 20 : 20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(0x0800, 8);
  h.writeUInt16LE(r.method, 10);
  h.writeUInt32LE(r.crc, 16);
  h.writeUInt32LE(r.compressedSize, 20);
  h.writeUInt32LE(r.size, 24);
  h.writeUInt16LE(name.length, 28);
  if (r.symlink) h.writeUInt32LE(((S_IFLNK | 0o777) << 16) >>> 0, 38);
  h.writeUInt32LE(r.offset, 42);
  return Buffer.concat([h, name]);
}

/** The end-of-central-directory record. */
export function endRecord(count: number, cdSize: number, cdOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(cdOffset, 16);
  return end;
}

/** One entry ready to write at `offset`: its record, local header and (deflated unless `store`) body. */
function zipEntry(name: string, data: Uint8Array, offset: number, store: boolean, symlink = false): { record: ZipRecord; local: Buffer; body: Buffer } {
  const body = store ? Buffer.from(data) : deflateRawSync(data);
  const record: ZipRecord = { name, method: store ? 0 : 8, crc: crc32(data), compressedSize: body.length, size: data.byteLength, offset, ...(symlink && { symlink }) };
  return { record, local: localHeader(record), body };
}

/** Writes a zip of `files` (deflated unless `store`, UTF-8 names, no directories; `symlink` ones as Unix links). */
export function writeZip(files: readonly { name: string; data: Uint8Array; symlink?: boolean }[], opts: { store?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  const records: ZipRecord[] = [];
  let offset = 0;
  for (const f of files) {
    const { record, local, body } = zipEntry(f.name, f.data, offset, opts.store === true, f.symlink === true);
    parts.push(local, body);
    records.push(record);
    offset += local.length + body.length;
  }
  const cd = Buffer.concat(records.map(centralHeader));
  return Buffer.concat([...parts, cd, endRecord(files.length, cd.length, offset)]);
}

/** Most entries a zip without zip64 holds. */
export const ZIP_MAX_ENTRIES = 0xffff;

/**
 * The same zip written while `files` is read: each entry leaves as soon as it is deflated, so memory holds one
 * file and the small records of the central directory. The caller keeps to `ZIP_MAX_ENTRIES` and 4 GiB.
 */
export async function* zipStream(files: AsyncIterable<{ name: string; data: Uint8Array }>): AsyncGenerator<Buffer> {
  const records: ZipRecord[] = [];
  let offset = 0;
  for await (const f of files) {
    const { record, local, body } = zipEntry(f.name, f.data, offset, false);
    records.push(record);
    offset += local.length + body.length;
    yield local;
    yield body;
  }
  const cd = Buffer.concat(records.map(centralHeader));
  yield cd;
  yield endRecord(records.length, cd.length, offset);
}
